"""sprawl_cli/context.py's `dumps` (the `--json` writer) writes what json.dumps writes, byte for byte, without importing json."""

from __future__ import annotations

import json
import math
import sys
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sprawl_cli import context as jsonout

PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=25,
)


@settings(max_examples=500, deadline=None)
@given(PLAIN)
def test_plain_data_is_written_as_json_writes_it(data: Any) -> None:
    assert jsonout.dumps(data) == json.dumps(data)


def test_the_edges_of_numbers_and_text() -> None:
    for value in (math.nan, math.inf, -math.inf, -0.0, 1e300, 2**70, -(2**70), True, False, "é\u2028\x00\"\\", "\ud800"):
        assert jsonout.dumps({"v": [value]}) == json.dumps({"v": [value]})


def test_every_ascii_character_is_escaped_as_json_escapes_it() -> None:
    # text with nothing to escape is written as it is; one character that needs escaping
    # (a control character, DEL, a quote, a backslash, anything beyond ASCII) sends it to the encoder
    for code in [*range(128), 0xE9, 0x2028, 0x1F600]:
        for text in (chr(code), f"a{chr(code)}b", f"{chr(code)} {chr(code)}"):
            assert jsonout.dumps({text: text}) == json.dumps({text: text}), hex(code)


def test_without_the_c_encoder_json_writes_it_all(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "_json", None)  # an interpreter without CPython's accelerator
    for data in ({"plain": ["text", 1]}, {"é": "\x00"}):
        assert jsonout.dumps(data) == json.dumps(data)


def test_what_is_not_plain_data_is_left_to_json() -> None:
    for data in ({1: "a"}, {None: 1, "b": 2}, {"deep": {2.5: [True]}}):
        assert jsonout.dumps(data) == json.dumps(data)
    # and json's own refusal is what the caller sees
    try:
        jsonout.dumps({"x": object()})
    except TypeError as problem:
        assert "not JSON serializable" in str(problem)
    else:
        raise AssertionError("an object was written as JSON")


def test_a_lookup_prints_its_json_without_importing_json(tmp_path) -> None:
    from tests.test_startup_imports import imported

    assert "json" not in imported(["roll", "4", "--dice", "4,5,7,10", "--json"], tmp_path)
