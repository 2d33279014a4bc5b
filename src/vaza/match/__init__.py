"""Matches: sequences of deals or rounds under one scoring system.

A rubber ends after two games, Chicago after four deals, duplicate after the board set,
Boerenbridge after its schedule.  Dealer rotation and vulnerability live here.  This layer sits
above `core` and `scoring` (a rubber's vulnerability depends on its score), so it is not part of
the pure rules core.
"""
