"""Benchmarks: commands that measure and print JSON; the test suite never times anything."""
