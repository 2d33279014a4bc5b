"""A view as what changed since the last one: the patch an update carries instead of the whole
view (docs/protocol.md, *Patches*).

A patch is a list of operations on JSON, each at a path of keys from the view's top:
``["s", path, value]`` sets a key, ``["a", path, items]`` appends items to a list (a call, a
card), ``["d", path]`` deletes a key.  `diff` writes the patch from one view to the next;
`apply` folds it into the first, giving exactly the second.  A patch holds only values of the
new view, so it passes the same gate: an audience is sent nothing its view does not hold.
"""

from __future__ import annotations

from typing import Any

from vaza.json_types import JSON

Patch = list[list[Any]]


def diff(old: JSON, new: JSON) -> Patch:
    """The operations that turn `old` into `new` (both JSON objects)."""
    ops: Patch = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: JSON, new: JSON, path: list[str], ops: Patch) -> None:
    for key, value in new.items():
        _diff_key(old, key, value, path, ops)
    for key in old:
        if key not in new:
            ops.append(["d", [*path, key]])


def _diff_key(old: JSON, key: str, value: Any, path: list[str], ops: Patch) -> None:
    """The operations that bring `old[key]` (there or not) to `value`."""
    if key in old:
        before = old[key]
        if before is value or before == value:
            return
        if type(before) is dict and type(value) is dict:
            _diff(before, value, [*path, key], ops)
            return
        if (
            type(before) is list
            and type(value) is list
            and len(value) > len(before)
            and value[: len(before)] == before
        ):
            ops.append(["a", [*path, key], value[len(before) :]])
            return
    ops.append(["s", [*path, key], value])


def diff_beside(old: JSON, new: JSON, shared: JSON, shared_patch: Patch) -> Patch:
    """`diff(old, new)` for two views of one audience, `shared` being the part of `new` every
    audience holds alike and `shared_patch` that part's diff, written once for all of them:
    only the audience's own keys are compared here.  Both views hold the same keys (else the
    whole diff)."""
    if old.keys() != new.keys():
        return diff(old, new)
    ops = list(shared_patch)
    for key, value in new.items():
        if key not in shared:
            _diff_key(old, key, value, [], ops)
    return ops


def apply(view: JSON, patch: Patch) -> JSON:
    """`view` with `patch` folded in, as a new object (`view` itself is left as it was: a
    client may still compare the two).  Raises ValueError on a patch that does not fit."""
    result = dict(view)
    for op in patch:
        if not isinstance(op, list) or len(op) < 2 or not isinstance(op[1], list) or not op[1]:
            raise ValueError(f"not a patch operation: {op!r}")
        kind, path = op[0], op[1]
        parent = result
        for key in path[:-1]:
            child = parent.get(key)
            if not isinstance(child, dict):
                raise ValueError(f"the patch's path {path!r} is not in the view")
            parent[key] = parent = dict(child)
        last = path[-1]
        if kind == "s":
            parent[last] = op[2]
        elif kind == "a":
            if not isinstance(parent.get(last), list):
                raise ValueError(f"the patch appends to {path!r}, which is not a list")
            parent[last] = [*parent[last], *op[2]]
        elif kind == "d":
            parent.pop(last, None)
        else:
            raise ValueError(f"not a patch operation: {kind!r}")
    return result
