"""What each seat, a kibitzer, or anyone after a game may see: the one gate for hidden cards.

Robots and clients only ever receive views.  One module per game decides what its views hold;
nothing outside this package builds a view.
"""

from vaza.core.views.contract import TableView, final_record, kibitzer_view, seat_view

__all__ = ["TableView", "final_record", "kibitzer_view", "seat_view"]
