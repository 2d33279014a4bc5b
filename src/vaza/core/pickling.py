"""Pickling the rules' frozen values the same way compiled as pure.

A class compiled by mypyc is unpickled by setting its attributes one by one on a bare instance,
which a frozen dataclass refuses (`FrozenInstanceError`): with the engine compiled, a finished
deal's record could not reach the double-dummy worker, a process of its own.  So every frozen
value of the core is pickled as its constructor and fields (`__reduce__`), rebuilt (and checked
again) by its own `__init__`; mypyc takes no method shared by assignment, so each class has its
one-line `__reduce__` calling `by_fields`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Rebuild = tuple[Callable[..., object], tuple[object, ...]]
"""What `__reduce__` returns: how to make the value again, and from what."""


def by_fields(value: DataclassInstance) -> Rebuild:
    """`value`'s class and its fields in order: a dataclass made by its generated `__init__`
    (every field is one of its arguments) is rebuilt from them."""
    return (type(value), tuple(getattr(value, field.name) for field in fields(value)))
