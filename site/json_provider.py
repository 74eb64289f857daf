"""JSON responses that are safe to echo: `<`, `>` and `&` written as \\u escapes (as Go's encoding/json does),
so a query echoed back can never read as HTML, whatever the client does with the response."""

from __future__ import annotations

from typing import Any

from flask.json.provider import DefaultJSONProvider

_ESCAPES = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026"})


class SafeJSONProvider(DefaultJSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        # Inside JSON these three characters only ever appear in strings, where the escape means the same.
        return super().dumps(obj, **kwargs).translate(_ESCAPES)
