"""YAML text for the plain data a save or a campaign file holds, written without PyYAML.

PyYAML's representer and emitter were most of what a change costs inside `sprawl play`
(bench/play_latency.py): about 2 ms of a `set` outside a profile, for a file of a few hundred
lines. The data a save holds is a small, known subset of YAML: maps with text keys, lists, text,
whole numbers, finite numbers, true/false and null. `emit` writes that subset in the layout
PyYAML gives it (`default_flow_style=None`: a list or map of scalars alone on one line in flow
style, `[pinned, ran]`, everything else in block style, a list in a map not indented), and
anything outside it (another type, a number that is not finite, a key that is not text) goes
to PyYAML as before (`yamlio.dump`). Text is written plain only where the resolver reads it back
as that same text (it starts with a letter, a digit or one of `_/.`, holds only letters, digits,
spaces and `_.'()/+#~^=-` with no ` #` nor a leading `...`, and is no word YAML reads as true,
false, null, a number or a date); any
other text is single-quoted, or double-quoted with every character YAML may not hold as it is
escaped where it has one. One difference from PyYAML's layout: no line is folded at 100
columns (a long list or sentence stays on its line, as a hand edit or `grep` finds it).
tests/test_yamlemit.py checks, as a property, that PyYAML's safe loader and the save's own
strict reader read back exactly the data written.
"""

from __future__ import annotations

import math
import re
from typing import Any

# Text written as it is. Block context allows a comma; a flow collection (`[a, b]`) does not.
_PLAIN_BLOCK = re.compile(r"[A-Za-z0-9_/.](?:[A-Za-z0-9_.'()/+#~^=, -]*[A-Za-z0-9_.'()/+#~^=-])?")
_PLAIN_FLOW = re.compile(r"[A-Za-z0-9_/.](?:[A-Za-z0-9_.'()/+#~^= -]*[A-Za-z0-9_.'()/+#~^=-])?")
# What YAML 1.1 reads as a number or a date among text that starts with a digit (no `:` gets this
# far, so neither the sexagesimal forms nor a time of day can): such text is quoted.
_NUMBER = re.compile(r"0b[0-1_]+|0x[0-9a-fA-F_]+|[0-9][0-9_]*(?:\.[0-9_]*(?:[eE][-+][0-9]+)?)?|[0-9]{4}-.*"
                     r"|\.[0-9].*|\.(?:inf|Inf|INF|nan|NaN|NAN)")
# The words YAML 1.1 (PyYAML's resolver) reads as true, false or null, in every case it accepts.
_WORDS = frozenset(w for word in ("yes", "no", "true", "false", "on", "off", "null")
                   for w in (word, word.capitalize(), word.upper()))
# Characters a double-quoted scalar cannot hold as they are: the quote, the backslash, every
# line break YAML knows, and whatever its reader refuses in a stream (controls, surrogates...).
_ESCAPE = re.compile("[\"\\\\\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")
_NAMED = {"\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\x00": "\\0",
          "\x85": "\\N", "\u2028": "\\L", "\u2029": "\\P"}


class Unwritable(Exception):
    """Data outside the subset `emit` writes (the caller hands it to PyYAML)."""


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        raise Unwritable("a lone surrogate")  # no UTF-8 for it: PyYAML's error, as before
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


# Each text as written, in block and in flow context: a save repeats its names, statuses and keys
# on every line, and a `sprawl play` session writes the same ones change after change.
_WRITTEN: tuple[dict[str, str], dict[str, str]] = ({}, {})
_MOST_KEPT = 4096


def _text(value: str, flow: bool) -> str:
    kept = _WRITTEN[flow]
    written = kept.get(value)
    if written is None:
        if len(kept) >= _MOST_KEPT:
            kept.clear()
        written = kept[value] = _written(value, flow)
    return written


def _written(value: str, flow: bool) -> str:
    if (_PLAIN_FLOW if flow else _PLAIN_BLOCK).fullmatch(value) and value not in _WORDS \
            and " #" not in value and not value.startswith("...") \
            and not ((value[0].isdigit() or value[0] == ".") and _NUMBER.fullmatch(value)):
        return value
    if not _ESCAPE.search(value.replace('"', "").replace("\\", "")):
        return "'" + value.replace("'", "''") + "'"  # nothing to escape: single quotes, as PyYAML
    return '"' + _ESCAPE.sub(_escaped, value) + '"'


def _scalar(value: Any, flow: bool) -> str:
    if isinstance(value, str):
        return _text(value, flow)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return str(value)
    if type(value) is float and math.isfinite(value):
        text = repr(value)
        if "." not in text and "e" in text:  # YAML 1.1 reads a float only with a point: 1e+20 is 1.0e+20
            text = text.replace("e", ".0e", 1)
        return text
    raise Unwritable(type(value).__name__)


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def _flow(value: dict[Any, Any] | list[Any]) -> str | None:
    """`value` on one line in flow style, when it holds scalars alone (as PyYAML decides), else None."""
    if isinstance(value, dict):
        if not all(_is_scalar(v) for v in value.values()):
            return None
        return "{" + ", ".join(f"{_key(k, True)}: {_scalar(v, True)}" for k, v in value.items()) + "}"
    if not all(_is_scalar(v) for v in value):
        return None
    return "[" + ", ".join(_scalar(v, True) for v in value) + "]"


def _key(key: Any, flow: bool) -> str:
    if not isinstance(key, str):
        raise Unwritable("a key that is not text")
    return _text(key, flow)


def _mapping(data: dict[Any, Any], indent: str, out: list[str], first: str | None = None) -> None:
    """The lines of a block mapping at `indent`; `first` starts its first line instead (a list's `- `)."""
    lead = first
    for key, value in data.items():
        _after((indent if lead is None else lead) + _key(key, False) + ":", value, indent, out, False)
        lead = None


def _sequence(data: list[Any], indent: str, out: list[str]) -> None:
    for item in data:
        _after(f"{indent}-", item, indent, out, True)


def _after(start: str, value: Any, indent: str, out: list[str], item: bool) -> None:
    """`value` after `start` (a map's `key:`, or a list's `-` when `item`): on that line when it is
    a scalar or holds scalars alone, else in block style below it (a map in a list from its `- `)."""
    if _is_scalar(value):
        out.append(f"{start} {_scalar(value, False)}")
        return
    inline = _flow(value)
    if inline is not None:
        out.append(f"{start} {inline}")
    elif isinstance(value, dict) and item:
        _mapping(value, indent + "  ", out, first=start + " ")
    else:
        out.append(start)
        if isinstance(value, dict):
            _mapping(value, indent + "  ", out)
        else:  # a list in a map is not indented (PyYAML's way); a list in a list is
            _sequence(value, indent + "  " if item else indent, out)


def emit(data: Any) -> str:
    """The YAML text of `data`, a map (a save, a campaign file), as PyYAML lays it out.

    Raises:
        Unwritable: `data` holds what this writer leaves to PyYAML.
    """
    if not isinstance(data, dict) or not data:
        raise Unwritable("not a map with keys")
    out: list[str] = []
    _mapping(data, "", out)
    return "\n".join(out) + "\n"
