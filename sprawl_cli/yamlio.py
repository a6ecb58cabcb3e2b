"""Safe YAML in and out, with the line of every value kept for error messages.

Only plain data is accepted: no tags that build objects, no anchors or
aliases (so no alias bombs), a size cap, and text that must be UTF-8. The C
parser is used when PyYAML has it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import SaveFileError

if TYPE_CHECKING:
    import yaml

MAX_BYTES = 4 * 1024 * 1024  # a save file is a few KB; anything near this is not one
MAX_DEPTH = 64

Path_ = tuple[object, ...]
Lines = dict[Path_, int]

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


def read_text(path: Path, what: str) -> str:
    """The file's text, refused clearly when missing, huge, binary or not UTF-8.

    Raises:
        SaveFileError: it cannot be read as a small UTF-8 text file.
    """
    from sprawl_cli.filekind import plain_file

    plain_file(path, what)  # a FIFO or a device would hold the open below (issue 34)
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_BYTES:
                raise SaveFileError(f"{path}: {size} bytes is far too large for a {what}; is it the right file?")
            raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise SaveFileError(f"{path}: no such {what}") from None
    except IsADirectoryError:
        raise SaveFileError(f"{path} is a folder, not a {what}") from None
    except OSError as problem:
        raise SaveFileError(f"{path}: cannot read the {what}: {problem.strerror or problem}") from None
    if b"\0" in raw:
        raise SaveFileError(f"{path}: this is a binary file, not a {what}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise SaveFileError(f"{path}: not UTF-8 text (byte {problem.start}); is it a {what}?") from None


def parse(text: str, source: str) -> tuple[Any, Lines]:
    """Plain data from YAML text, and the 1-based line of every key and item.

    Raises:
        SaveFileError: the YAML is malformed or uses tags, anchors or aliases.
    """
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    _check_depth(text, source, loader)
    try:
        node = yaml.compose(text, Loader=loader)
    except (yaml.YAMLError, RecursionError, ValueError, MemoryError) as problem:
        # Parsers differ in where they stop a deep nest (libyaml from 0.2.5 on has a
        # limit of its own, with its own words): ours is measured first, the same way
        # whichever parser is installed, so the same file always gets the same line.
        _check_depth(text, source, yaml.SafeLoader, always=True)
        raise _not_valid(problem, source) from None
    lines: Lines = {}
    if node is None:
        return None, lines
    return _plain(node, (), lines, source, set(), 0), lines


# Nesting is measured before composing only when the text has this many characters
# that can open a collection; a save file has a few hundred. Past it, a deep nest
# would crash libyaml's recursive composer outright (a segfault, not an error).
NEST_CHECK_OVER = 2000
# A save file is a few thousand YAML tokens. Text past SCAN_OVER characters is scanned
# first and refused past MAX_TOKENS, so a file of a million tiny values (under the size
# cap) is refused in a fraction of a second instead of being composed for many seconds.
SCAN_OVER = 64 * 1024
MAX_TOKENS = 200_000


def _not_valid(problem: BaseException, source: str) -> SaveFileError:
    """The one error line for YAML that the parser refused."""
    import yaml

    if isinstance(problem, yaml.MarkedYAMLError):
        mark = problem.problem_mark
        where = f":{mark.line + 1}" if mark is not None else ""
        return SaveFileError(f"{source}{where}: not valid YAML: {problem.problem}")
    first = str(problem).splitlines()[0] if str(problem) else type(problem).__name__
    return SaveFileError(f"{source}: not valid YAML: {first}")


def _check_depth(text: str, source: str, loader: Any, always: bool = False) -> None:
    """Refuse text nested deeper than MAX_DEPTH before the composer recurses into it,
    and text of more than MAX_TOKENS tokens before it is composed at all.

    Small text with few characters that can open a collection is let through
    unscanned unless `always`. A scanner that stops on an error of its own ends
    the check: the composer stops at the same place and reports it.

    Raises:
        SaveFileError: naming the line where the nesting gets too deep.
    """
    if not always and len(text) <= SCAN_OVER and sum(text.count(c) for c in "[{-?") <= NEST_CHECK_OVER:
        return
    import yaml

    opens = (yaml.BlockSequenceStartToken, yaml.BlockMappingStartToken,
             yaml.FlowSequenceStartToken, yaml.FlowMappingStartToken)
    closes = (yaml.BlockEndToken, yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken)
    depth = 0
    try:
        for count, token in enumerate(yaml.scan(text, Loader=loader)):  # the scanner does not recurse
            if count > MAX_TOKENS:
                raise SaveFileError(f"{source}: holds far too many values (over {MAX_TOKENS}); is it the right file?")
            if isinstance(token, opens):
                depth += 1
                if depth > MAX_DEPTH:
                    raise SaveFileError(f"{source}:{token.start_mark.line + 1}: nested too deeply")
            elif isinstance(token, closes):
                depth -= 1
    except (yaml.YAMLError, RecursionError, ValueError, MemoryError):
        if loader is not yaml.SafeLoader:
            # libyaml's scanner reads ahead and may stop at its own nesting limit before
            # handing over the token that passes ours: measure again with PyYAML's own
            # scanner, which hands tokens over one at a time and has no limit of its own.
            _check_depth(text, source, yaml.SafeLoader, always=True)


def _plain(node: yaml.Node, path: Path_, lines: Lines, source: str, seen: set[int], depth: int) -> Any:
    import yaml

    line = node.start_mark.line + 1
    lines[path] = line
    if id(node) in seen:
        raise SaveFileError(f"{source}:{line}: anchors and aliases (& and *) are not allowed here")
    seen.add(id(node))
    if node.tag == "tag:yaml.org,2002:merge":
        raise SaveFileError(f"{source}:{line}: '<<' (a YAML merge key, copying another map in) is not allowed; "
                            "write each key out in full")
    if node.tag not in _PLAIN_TAGS:
        raise SaveFileError(f"{source}:{line}: the tag '{node.tag}' is not allowed; only plain values, lists and maps")
    if depth > MAX_DEPTH:
        raise SaveFileError(f"{source}:{line}: nested too deeply")
    if isinstance(node, yaml.MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = _plain(key_node, path, {}, source, seen, depth + 1)  # a key's line is recorded below, not as its map's
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise SaveFileError(f"{source}:{key_node.start_mark.line + 1}: a key must be a word, not {key!r}")
            key = str(key)
            if key in result:
                raise SaveFileError(f"{source}:{key_node.start_mark.line + 1}: the key '{key}' appears twice")
            result[key] = _plain(value_node, path + (key,), lines, source, seen, depth + 1)
            lines[path + (key,)] = key_node.start_mark.line + 1
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_plain(item, path + (i,), lines, source, seen, depth + 1) for i, item in enumerate(node.value)]
    return _scalar(node.tag, node.value, source, line)


def _scalar(tag: str, value: str, source: str, line: int) -> Any:
    kind = tag.rsplit(":", 1)[-1]
    try:
        if kind == "null":
            return None
        if kind == "bool":
            return value.lower() in ("yes", "true", "on", "y")
        if kind == "int":
            text = value.replace("_", "").lower()
            sign = -1 if text.startswith("-") else 1
            text = text.lstrip("+-")
            if text.startswith("0x"):
                return sign * int(text, 16)
            if text.startswith("0o"):
                return sign * int(text[2:], 8)
            if text.startswith("0b"):
                return sign * int(text[2:], 2)
            if ":" in text:
                raise ValueError(value)
            return sign * int(text, 8 if len(text) > 1 and text.startswith("0") else 10)
        if kind == "float":
            return float(value.replace("_", ""))
    except ValueError:
        raise SaveFileError(f"{source}:{line}: '{value}' is not a number") from None
    return value


def dump(data: Any) -> str:
    """YAML text for plain data, keys in the order given, readable by a person: the save's own
    subset written by `yamlemit` (several times faster), anything else by PyYAML."""
    from sprawl_cli.yamlemit import Unwritable, emit

    try:
        return emit(data)
    except Unwritable:
        pass
    import yaml

    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)


def load(path: Path, what: str) -> tuple[Any, Lines]:
    """Read and parse a YAML file (see `read_text` and `parse`)."""
    return parse(read_text(path, what), str(path))
