"""Request parsing shared by every calculator: whole numbers, fractions, enums, each error naming its field.

Pure Python: the JSON APIs and the no-JavaScript page forms both call these
functions; nothing here knows about Flask.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

MAX_NUMBER = 999
# ASCII digits only (Python's \d also matches other scripts' digits; the JavaScript twin's does not).
FRACTION_RE = re.compile(r"^\s*([0-9]{1,3})\s*/\s*([0-9]{1,3})\s*$")
WHOLE_RE = re.compile(r"^\s*([0-9]{1,3})\s*$")


@dataclass
class CalcError(Exception):
    """A bad input: `code` for programs, `message` for people, `field` names the input at fault."""

    code: str
    message: str
    field: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"

    def to_json(self) -> dict[str, dict[str, str]]:
        return {"error": {"code": self.code, "message": self.message, "field": self.field}}


def parse_json_body(raw: bytes | str) -> dict[str, Any]:
    """The body of a POST: a JSON object, or a CalcError naming `body`."""
    try:
        value = json.loads(raw or b"")
    except (ValueError, UnicodeDecodeError) as exc:
        raise CalcError("invalid_json", f"The request body is not valid JSON ({exc}).", "body") from exc
    except RecursionError as exc:
        raise CalcError("invalid_json", "The request body is nested too deeply.", "body") from exc
    if not isinstance(value, dict):
        raise CalcError("invalid_json", "The request body must be a JSON object.", "body")
    return value


def first(args: Mapping[str, Any], name: str) -> Any:
    """A query parameter's first value (a query string parsed to lists holds several), None when absent."""
    value = args.get(name)
    if isinstance(value, list):
        value = value[0] if value else None
    return value


def first_text(args: Mapping[str, Any], name: str) -> str:
    """first() as text: "" when absent."""
    value = first(args, name)
    return "" if value is None else str(value)


def whole(value: Any, field: str, low: int = 0, high: int = MAX_NUMBER, *, required: bool = True,
          default: int | None = None) -> int:
    """A whole number from `low` to `high`: JSON numbers (8 or 8.0) or digit strings ("8", from a query string)."""
    if value is None or value == "":
        if required:
            raise CalcError("missing_field", f"{field} is required: a whole number from {low} to {high}.", field)
        assert default is not None
        return default
    number: int | None = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str):
        text = value.strip()
        if re.fullmatch(r"-?[0-9]{1,6}", text):
            number = int(text)
    if number is None:
        raise CalcError("not_whole_number", f"{field} must be a whole number from {low} to {high}.", field)
    if number < low or number > high:
        code = "negative_number" if number < 0 else "out_of_range"
        raise CalcError(code, f"{field} must be a whole number from {low} to {high}; got {number}.", field)
    return number


def choice(value: Any, field: str, allowed: Sequence[str], *, default: str | None = None, code: str = "") -> str:
    """One of `allowed`; the error lists them."""
    if value is None or value == "":
        if default is not None:
            return default
        raise CalcError("missing_field", f"{field} is required: one of {', '.join(allowed)}.", field)
    if not isinstance(value, str) or value not in allowed:
        shown = value if isinstance(value, str) else json.dumps(value)
        raise CalcError(code or f"unknown_{field.split('.')[-1].split('[')[0]}",
                        f"Unknown {field} '{shown}'. Use one of: {', '.join(allowed)}.", field)
    return value


def boolean(value: Any, field: str, *, default: bool | None = None) -> bool:
    """true/false in JSON, or true/false/1/0/on in a query string."""
    if value is None or value == "":
        if default is not None:
            return default
        raise CalcError("missing_field", f"{field} is required: true or false.", field)
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "1", "on", "yes"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("false", "0", "off", "no"):
        return False
    raise CalcError("not_boolean", f"{field} must be true or false.", field)


def fraction(value: Any, field: str) -> Fraction:
    """A share written `a/b` with 0 < a <= b (so at most the whole)."""
    match = FRACTION_RE.match(value) if isinstance(value, str) else None
    if not match:
        raise CalcError("bad_fraction", f"{field} must be a fraction a/b with 0 < a <= b, such as 1/2.", field)
    top, bottom = int(match.group(1)), int(match.group(2))
    if not 0 < top <= bottom:
        raise CalcError("bad_fraction", f"{field} must be a fraction a/b with 0 < a <= b; got {value}.", field)
    return Fraction(top, bottom)


def factor(value: Any, field: str) -> Fraction:
    """A multiplier: a whole number or `a/b`, at least 1 and at most 99 (dividing is prevent_fraction)."""
    result: Fraction | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        result = Fraction(value)
    elif isinstance(value, float) and value.is_integer():
        result = Fraction(int(value))
    elif isinstance(value, str):
        whole_match, frac_match = WHOLE_RE.match(value), FRACTION_RE.match(value)
        if whole_match:
            result = Fraction(int(whole_match.group(1)))
        elif frac_match and int(frac_match.group(2)) > 0:
            result = Fraction(int(frac_match.group(1)), int(frac_match.group(2)))
    if result is None or not 1 <= result <= 99:
        raise CalcError("bad_factor", f"{field} must be a number from 1 to 99, such as \"2\" or \"3/2\" "
                        "(to divide, use prevent_fraction).", field)
    return result


def text(value: Any, field: str, *, max_length: int = 80, default: str = "") -> str:
    if value is None:
        return default
    if not isinstance(value, str):
        raise CalcError("not_text", f"{field} must be text.", field)
    value = value.strip()
    if len(value) > max_length:
        raise CalcError("too_long", f"{field} must be at most {max_length} characters.", field)
    return value or default


def mapping(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise CalcError("not_object", f"{field} must be a JSON object.", field)
    return value


def fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
