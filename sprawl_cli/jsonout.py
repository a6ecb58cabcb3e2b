"""`--json` output: one object on a line, exactly as `json.dumps(data)` writes it.

Importing `json` compiles the regular expressions of its decoder, about a fifth of what
`sprawl roll --json` costs on top of a bare Typer app (bench/startup.py), and printing
needs none of them. `dumps` writes plain data (str, int, float, bool, None, list, tuple,
dict with text keys) itself, with the C string encoder `json` uses, and hands anything
else to `json.dumps`; tests/test_jsonout.py checks the two agree byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_text: Callable[[str], str] | None
try:
    from _json import encode_basestring_ascii as _text  # what json.dumps uses for strings
except ImportError:  # an interpreter without CPython's accelerator: json does it all
    _text = None


def dumps(data: Any) -> str:
    """`json.dumps(data)` with its defaults."""
    if _text is not None:
        try:
            return _write(data)
        except (TypeError, RecursionError):  # not plain data (a non-text key, an object): json decides
            pass
    import json

    return json.dumps(data)


def _ascii(text: str) -> str:
    assert _text is not None  # dumps() calls _write only when the encoder is there
    return _text(text)


def _write(value: Any) -> str:
    if isinstance(value, str):
        return _ascii(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        if value != value:
            return "NaN"
        if value in (float("inf"), float("-inf")):
            return "Infinity" if value > 0 else "-Infinity"
        return float.__repr__(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_write(item) for item in value) + "]"
    if isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            raise TypeError
        return "{" + ", ".join(f"{_ascii(key)}: {_write(item)}" for key, item in value.items()) + "}"
    raise TypeError
