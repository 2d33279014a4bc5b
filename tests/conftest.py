"""Shared fixtures."""

from __future__ import annotations

import pytest

from helpers import FIXED_DEAL
from vaza.core import Board, Seat


@pytest.fixture
def fixed_board() -> Board:
    return Board(FIXED_DEAL, dealer=Seat.NORTH)
