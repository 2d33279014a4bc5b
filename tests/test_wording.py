"""The words people read carry no internal notes: no label, option or choice in the registry's
catalogue (what /api/games sends the page) names a seed file ("once, however many (seed 000)"
was shown as a choice of the doubled overtricks)."""

from __future__ import annotations

import json
import re

from vaza.games import catalogue

NOTE = re.compile(r"\bseeds?\s*\d{3}\b", re.IGNORECASE)


def test_the_catalogue_names_no_seed() -> None:
    texts = re.findall(r'"(?:en|pt-BR|pt)": "([^"]*)"', json.dumps(catalogue(), ensure_ascii=False))
    assert texts, "the catalogue's texts were not found"
    assert not [text for text in texts if NOTE.search(text)]
