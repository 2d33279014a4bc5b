"""The game commands clients send, each with its schema; a game's spec lists those it takes.

A verb with one name means one thing in every game that takes it (the server checks messages
against one schema per type), so each is declared once, here.
"""

from __future__ import annotations

from typing import Final

from vaza.core.game import LINE_LENGTH, REASON_LENGTH
from vaza.core.games.contract import ALERT_LENGTH
from vaza.games.spec import Field, FieldKind, Verb

CALL: Final = Verb(
    "call",
    "A call of the auction: 1C … 7NT, Pass, X, XX; in contract bridge with an alert, the "
    "caller's explanation, which the opponents read and partner does not.",
    (
        Field("call", FieldKind.TEXT, True, 1, 8),
        Field("alert", FieldKind.TEXT, False, 0, ALERT_LENGTH),
    ),
)
PLAY: Final = Verb(
    "play",
    'A card ("SA"), or for dummy only a suit ("H": dummy\'s lowest heart).',
    (
        Field("card", FieldKind.TEXT, False, 2, 3),
        Field("suit", FieldKind.TEXT, False, 1, 1),
    ),
)
CLAIM: Final = Verb(
    "claim",
    "Claim this many of the remaining tricks for one's side (0 concedes them all), with the "
    "line of play one states, if any.",
    (
        Field("tricks", FieldKind.WHOLE, True, 0, 13),
        Field("line", FieldKind.TEXT, False, 0, LINE_LENGTH),
    ),
)
CLAIM_RESPONSE: Final = Verb(
    "claim_response",
    "Accept or reject a pending claim; a rejection may say why in a few words.",
    (Field("accept", FieldKind.FLAG), Field("reason", FieldKind.TEXT, False, 0, REASON_LENGTH)),
)
UNDO_REQUEST: Final = Verb("undo_request", "Ask to take back one's own last call or card.")
UNDO_RESPONSE: Final = Verb(
    "undo_response", "Grant or refuse a pending undo request.", (Field("grant", FieldKind.FLAG),)
)
BID: Final = Verb(
    "bid",
    "A Boerenbridge bid: the exact number of tricks.",
    (Field("tricks", FieldKind.WHOLE, True, 0, 26),),
)
CHOOSE: Final = Verb(
    "choose",
    "Name trumps (C, D, H, S, NT) or, in Bridge-Whist, pass the choice to partner.",
    (Field("value", FieldKind.TEXT, True, 1, 40),),
)
GIVE: Final = Verb(
    "give",
    "Hand out the widow: the card each seat receives (N:SA E:HK S:D2 W:C3).",
    (Field("value", FieldKind.TEXT, True, 1, 40),),
)

TABLE_TALK: Final = (CLAIM, CLAIM_RESPONSE, UNDO_REQUEST, UNDO_RESPONSE)
"""Claims and undo, which the bridge family's players may send out of turn."""
