"""Buses carry table events between processes: in-memory by default, Redis by URL."""
