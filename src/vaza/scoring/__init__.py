"""Scoring: pure functions over tables, one module per system."""
