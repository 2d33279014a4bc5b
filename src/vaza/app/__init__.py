"""The application layer: one path for every actor (load → apply → append → publish).

It talks to the outside world only through ports (`ports.py`): the store and the bus.
"""
