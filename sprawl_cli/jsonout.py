"""`--json` output: one object on a line, exactly as `json.dumps(data)` writes it.

Importing `json` compiles the regular expressions of its decoder, about a fifth of what
`sprawl roll --json` costs on top of a bare Typer app (bench/startup.py), and printing
needs none of them. `dumps` writes plain data (str, int, float, bool, None, list, tuple,
dict with text keys) itself, text with nothing to escape as it is and other text with the
C string encoder `json` uses, and hands anything else to `json.dumps`;
tests/test_jsonout.py checks the two agree byte for byte.
"""

from __future__ import annotations

from typing import Any


def dumps(data: Any) -> str:
    """`json.dumps(data)` with its defaults."""
    try:
        return _write(data)
    except (TypeError, RecursionError, ImportError):  # not plain data (a non-text key, an object), or
        pass  # an interpreter without json's C encoder: json decides
    import json

    return json.dumps(data)


def _ascii(text: str) -> str:
    """`text` as json writes it: quoted, with quotes, backslashes, control characters and
    anything beyond ASCII escaped."""
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'  # nothing to escape, as in most keys and names
    from _json import encode_basestring_ascii  # the C encoder json.dumps uses (loaded once, when needed)

    return encode_basestring_ascii(text)


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
