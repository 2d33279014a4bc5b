"""Vaza: an online bridge club."""

__version__ = "0.1.0"
