"""Typed errors of the rules core.

Every rejected action raises a subclass of `IllegalAction` and leaves the game unchanged, so a
caller (the server, a robot driver) can answer the sender with `code` and the message and go on.
`code` is a `ClassVar`: compiled (mypyc), a plain class attribute of an exception would be
left out of both the class and its instances.
"""

from __future__ import annotations

from typing import ClassVar


class VazaError(Exception):
    """Base of every error Vaza raises on purpose."""

    code: ClassVar[str] = "error"


class ParseError(VazaError, ValueError):
    """Text that is not a card, call, seat, hand or record."""

    code: ClassVar[str] = "parse_error"


class IllegalAction(VazaError):
    """The action breaks a rule of the game (a call too low, a revoke, too many tricks claimed)."""

    code: ClassVar[str] = "illegal_action"


class NotYourTurn(IllegalAction):
    """The action is legal in itself but not for this seat now."""

    code: ClassVar[str] = "not_your_turn"


class ProposalPending(IllegalAction):
    """Play waits while a claim or an undo request is answered."""

    code: ClassVar[str] = "proposal_pending"


class GameOver(IllegalAction):
    """The game has ended; nothing more can be applied."""

    code: ClassVar[str] = "game_over"


class NotVisible(VazaError):
    """Something was asked for that the asker may not see (yet)."""

    code: ClassVar[str] = "not_visible"
