"""Shared fixtures."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from helpers import FIXED_DEAL
from vaza.core import Board, Seat

# No property test asserts on time: Hypothesis's deadline (200 ms an example) and its
# too-slow health check failed the suite on a loaded machine (the suite run twice at once).
settings.register_profile(
    "vaza", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("vaza")


@pytest.fixture
def fixed_board() -> Board:
    return Board(FIXED_DEAL, dealer=Seat.NORTH)
