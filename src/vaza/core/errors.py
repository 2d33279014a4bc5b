"""Typed errors of the rules core.

Every rejected action raises a subclass of `IllegalAction` and leaves the game unchanged, so a
caller (the server, a robot driver) can answer the sender with `code` and the message and go on.
"""

from __future__ import annotations


class VazaError(Exception):
    """Base of every error Vaza raises on purpose."""

    code = "error"


class ParseError(VazaError, ValueError):
    """Text that is not a card, call, seat, hand or record."""

    code = "parse_error"


class IllegalAction(VazaError):
    """The action breaks a rule of the game (a call too low, a revoke, too many tricks claimed)."""

    code = "illegal_action"


class NotYourTurn(IllegalAction):
    """The action is legal in itself but not for this seat now."""

    code = "not_your_turn"


class ProposalPending(IllegalAction):
    """Play waits while a claim or an undo request is answered."""

    code = "proposal_pending"


class GameOver(IllegalAction):
    """The game has ended; nothing more can be applied."""

    code = "game_over"


class NotVisible(VazaError):
    """Something was asked for that the asker may not see (yet)."""

    code = "not_visible"
