"""What each seat, a kibitzer, or anyone after a game may see: the one gate for hidden cards.

Robots and clients only ever receive views.  One module per game decides what its views hold;
nothing outside this package builds a view.
"""

from vaza.core.views.contract import (
    TableView,
    ViewersOwn,
    final_record,
    kibitzer_view,
    kibitzers_own,
    seat_view,
    seats_own,
)

__all__ = [
    "TableView",
    "ViewersOwn",
    "final_record",
    "kibitzer_view",
    "kibitzers_own",
    "seat_view",
    "seats_own",
]
