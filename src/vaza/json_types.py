"""The one name for a JSON object as Vaza passes it between layers (messages, views, payloads).

Defined once, below every layer, so each module that speaks JSON imports it rather than
defining its own.
"""

from typing import Any

JSON = dict[str, Any]
"""A JSON object: what `json.loads` gives for `{…}` and `orjson.dumps` takes."""

__all__ = ["JSON"]
