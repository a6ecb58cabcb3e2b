"""The save's own YAML writer (`sprawl_cli/yamlemit.py`, issue 37 item 12): whatever it writes,
PyYAML's safe loader and the save's strict reader read back as exactly the data given; what it
does not write (another type, a number that is not finite) goes to PyYAML; and a save of every
system is laid out as PyYAML laid it out."""

from __future__ import annotations

import math

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from sprawl_cli import yamlio
from sprawl_cli.yamlemit import Unwritable, emit
from tests.factory import new_args

# Text of every kind: the words YAML reads as something else, indicators, quotes, line breaks
# of every sort, controls, non-ASCII letters and marks, and the plain names a save is full of.
TRICKY = ["yes", "No", "ON", "off", "TRUE", "null", "Null", "~", "", " ", "-", "- a", "a: b", "a #b", "#",
          "<<", "=", "1", "1.5", "0x1F", "1_000", "2001-12-14", ".inf", ".NaN", "+1", "[a]", "{a}", "a, b",
          "'q'", '"q"', "a\nb", "a\r\nb", "\t", "\x85", "\u2028", "\u2029", "\x00", "\x7f", "\x9f", "\ufeff",
          "\u202e", "é", "...", "...x", "..#.^~=", ".5", ".inf", "a #b", "a#b", "2d6", "12/24", "0o7", "Ada Lovelace", "SMG (burst)", "O'Neil", "x/y", "a+b", "end.", "trailing ",
          " leading", "a  b", "@x", "`x", "!x", "&x", "*x", "|", ">", "%x", "?", "? x", "a:b", "a,", "-1"]
texts = st.one_of(st.sampled_from(TRICKY), st.text(max_size=20),
                  st.text(alphabet="abcXYZ019eEx _.'()/+,-:#~^=", max_size=12))
scalars = st.one_of(texts, st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.booleans(),
                    st.none())
data = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                      st.dictionaries(texts, inner, max_size=4)), max_leaves=24)
documents = st.dictionaries(texts, data, min_size=1, max_size=6)


@pytest.fixture(autouse=True)
def written_afresh():
    """Each test writes its texts itself, not from what an earlier test left in the writer's
    cache (so mutation testing sees which test runs which rule)."""
    from sprawl_cli import yamlemit

    for kept in yamlemit._WRITTEN:
        kept.clear()


def same(a: object, b: object) -> bool:
    """Equal as data, a float and its type included (1 and 1.0 are not the same in a save)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


@settings(max_examples=400, deadline=None)
@given(documents)
def test_what_it_writes_reads_back_as_the_data_given(document):
    text = emit(document)
    assert same(yaml.load(text, Loader=yaml.SafeLoader), document), text
    assert same(yamlio.parse(text, "save")[0], document), text


@pytest.mark.parametrize(("value", "why"), [
    (math.inf, "float"), (-math.inf, "float"), (math.nan, "float"), (1 + 2j, "complex"), (b"bytes", "bytes"),
    ((1, 2), "tuple"), ({1: "a"}, "a key that is not text"), ("\ud800", "a lone surrogate"),
    ("\udfff", "a lone surrogate"),
])
def test_anything_else_is_left_to_pyyaml(value, why):
    with pytest.raises(Unwritable, match=f"^{why}$"):
        emit({"key": value})


def test_pyyaml_writes_what_it_leaves():
    assert yamlio.dump({"key": math.inf, "other": [1]}) == "key: .inf\nother: [1]\n"


def test_the_words_yaml_reads_otherwise_are_quoted_and_names_are_not():
    text = emit({"names": ["Ada", "Yes", "no", "null", "O'Neil", "1", "", "2d6", "0x1F", "1.5", "12/24"],
                 "n": 1, "f": 1e20, "x": None, "said": "a \"b\"\n"})
    assert text == ("names: [Ada, 'Yes', 'no', 'null', O'Neil, '1', '', 2d6, '0x1F', '1.5', 12/24]\n"
                    "n: 1\nf: 1.0e+20\nx: null\nsaid: \"a \\\"b\\\"\\n\"\n")


@pytest.mark.parametrize("system", ["sprawl", "gunplay", "street-fight", "savage-worlds", "scratch-grid"])
def test_a_save_of_every_system_is_laid_out_as_pyyaml_laid_it_out(sprawl, system):
    """The same text as PyYAML's, but for its folding of lines past 100 columns: a save a person
    reads or edits by hand looks as it did."""
    assert sprawl("new", *new_args(system)).exit_code == 0
    data = yaml.load(sprawl.save.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    theirs = yaml.dump(data, Dumper=yaml.SafeDumper, sort_keys=False, allow_unicode=True, default_flow_style=None,
                       width=10**9)
    assert emit(data) == theirs


# Mutants of yamlemit.py no test can kill, being the same program (mutmut 3.8.1 names):
# - `_text`: `written = None` (and a lookup that always misses) skips the cache, which only
#   ever holds what `_written` returns.
# - `_escaped`: `code <= 0xDFFF` made `<= 0xE000`, and `code <= 0xFF` made `< 0xFF` or `<= 256`:
#   `_ESCAPE` never hands it U+E000, U+00FF nor U+0100, so the bounds meet no character.
# - `_mapping`: the `item` flag False made None (both false).
# - `_scalar`: `replace("e", ".0e", 1)` with another count or none: `repr` of a float holds one `e`.
# - `_written`: the `"` and `\` taken out before looking for what single quotes cannot hold,
#   replaced by other plain text instead: neither needs escaping there either way.


# --- each rule of the writer, pinned to its text (the round trip alone cannot tell a text quoted
# where it could be plain: quoting is always safe) --------------------------------------------


@pytest.mark.parametrize(("value", "block", "flow"), [
    ("Ada", "Ada", "Ada"), ("a, b", "a, b", "'a, b'"), ("a - b", "a - b", "a - b"), ("a#b", "a#b", "a#b"),
    ("a #b", "'a #b'", "'a #b'"), ("2d6", "2d6", "2d6"), ("12/24/48", "12/24/48", "12/24/48"),
    ("/tmp/x.yaml", "/tmp/x.yaml", "/tmp/x.yaml"), ("_x", "_x", "_x"), ("..#.^~=", "..#.^~=", "..#.^~="),
    ("...x", "'...x'", "'...x'"), (".5", "'.5'", "'.5'"), (".inf", "'.inf'", "'.inf'"), (".x", ".x", ".x"),
    ("0x1F", "'0x1F'", "'0x1F'"), ("0b101", "'0b101'", "'0b101'"), ("1_000", "'1_000'", "'1_000'"),
    ("1.5e+3", "'1.5e+3'", "'1.5e+3'"), ("2001-12-14", "'2001-12-14'", "'2001-12-14'"), ("1e5", "1e5", "1e5"),
    ("trailing ", "'trailing '", "'trailing '"), (" x", "' x'", "' x'"), ("a,", "'a,'", "'a,'"),
    ("a:b", "'a:b'", "'a:b'"), ("-x", "'-x'", "'-x'"), ("it's", "it's", "it's"), ("'q'", "'''q'''", "'''q'''"),
    ('say "hi"', "'say \"hi\"'", "'say \"hi\"'"), ("a\\b", "'a\\b'", "'a\\b'"), ("", "''", "''"),
])
def test_text_is_plain_where_it_may_be_and_quoted_where_not(value, block, flow):
    assert emit({"k": value}) == f"k: {block}\n"
    assert emit({"k": [value]}) == f"k: [{flow}]\n"


@pytest.mark.parametrize("word", ["yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False",
                                  "FALSE", "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL"])
def test_each_word_yaml_reads_as_true_false_or_null_is_quoted(word):
    assert emit({"k": word}) == f"k: '{word}'\n"
    assert emit({word: 1}) == f"'{word}': 1\n"


@pytest.mark.parametrize(("char", "escape"), [
    ("\n", "\\n"), ("\t", "\\t"), ("\r", "\\r"), ("\x00", "\\0"), ("\x85", "\\N"), ("\u2028", "\\L"),
    ("\u2029", "\\P"), ("\x01", "\\x01"), ("\x1f", "\\x1f"), ("\x7f", "\\x7f"), ("\x9f", "\\x9f"),
    ("\ufeff", "\\ufeff"), ("\ufffe", "\\ufffe"), ("\uffff", "\\uffff"),
])
def test_a_character_yaml_cannot_hold_is_escaped_in_double_quotes(char, escape):
    assert emit({"k": f"a{char}\"\\"}) == f'k: "a{escape}\\"\\\\"\n'


def test_scalars_of_every_kind():
    assert emit({"a": True, "b": False, "c": None, "d": -3, "e": 1e20, "f": 1.5e-07, "g": 0.5, "h": [True, None]}) == (
        "a: true\nb: false\nc: null\nd: -3\ne: 1.0e+20\nf: 1.5e-07\ng: 0.5\nh: [true, null]\n")


def test_the_layout_of_maps_and_lists_within_each_other():
    data = {"m": {"a": 1, "b": {"c": [1, {"d": 2}], "e": []}}, "l": [[1, 2], [[3]], {"x": {"y": 1}, "z": [4]},
                                                                      {"w": [{"v": 1}]}, "s"]}
    assert emit(data) == (
        "m:\n  a: 1\n  b:\n    c:\n    - 1\n    - {d: 2}\n    e: []\n"
        "l:\n- [1, 2]\n-\n  - [3]\n- x: {y: 1}\n  z: [4]\n- w:\n  - {v: 1}\n- s\n")
    assert yaml.load(emit(data), Loader=yaml.SafeLoader) == data


@pytest.mark.parametrize("document", [[], "text", {}, None])
def test_a_document_is_a_map_with_keys(document):
    with pytest.raises(Unwritable, match="^not a map with keys$"):
        emit(document)


def test_a_key_is_written_as_block_text():
    assert emit({"a, b": 1, "c": {"d, e": 2}}) == "a, b: 1\nc: {'d, e': 2}\n"


def test_the_texts_it_keeps_written_are_bounded():
    from sprawl_cli import yamlemit

    for i in range(yamlemit._MOST_KEPT + 1):  # one past the bound: the cache starts again
        yamlemit._text(f"v{i}", False)
    assert len(yamlemit._WRITTEN[False]) <= yamlemit._MOST_KEPT

    for i in range(yamlemit._MOST_KEPT + 10):
        emit({f"key{i}": f"value {i}"})
    assert all(len(kept) <= yamlemit._MOST_KEPT for kept in yamlemit._WRITTEN)
    assert emit({"key1": "value 1"}) == "key1: value 1\n"  # written again alike after the cache is cleared


def test_an_int_of_another_type_is_left_to_pyyaml():
    import enum

    class Count(enum.IntEnum):
        ONE = 1

    with pytest.raises(Unwritable):
        emit({"k": Count.ONE})
