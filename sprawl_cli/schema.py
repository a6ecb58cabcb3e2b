"""Dataclasses to plain data and back, strictly: unknown keys, missing keys and
wrong types are errors naming the file, line and key."""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from functools import cache
from typing import Any, TypeVar

from sprawl_cli.errors import SaveFileError
from sprawl_cli.model import Fields, record
from sprawl_cli.numbers import KEPT, MOST_KEPT, quoted
from sprawl_cli.yamlio import Lines, Path_

T = TypeVar("T")


@record
class Where(Fields):
    """A file and its line map, for messages like `game.yaml:12: key 'health': ...`."""

    source: str
    lines: Lines

    def fail(self, path: Path_, message: str, *more: str) -> typing.NoReturn:
        line = None
        probe: Path_ | None = path
        while line is None and probe is not None:
            line = self.lines.get(probe)
            probe = probe[:-1] if probe else None
        key = ".".join(quoted(p) for p in path) or "(top)"
        at = f":{line}" if line else ""
        raise SaveFileError(f"{self.source}{at}: key '{key}': {'; '.join((message, *more))}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    """The field types of `cls`, with the type parameters of generic bases filled in
    (a system's `Game(KernelGame[Character])` has `characters: list[Character]`)."""
    hints: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):  # as typing.get_type_hints, a subclass's annotation wins
        for name, kind in klass.__dict__.get("__annotations__", {}).items():
            hints[name] = _evaluate(kind, klass.__module__) if isinstance(kind, str) else kind
    bound: dict[Any, Any] = {}
    for klass in cls.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            origin = typing.get_origin(base)
            params = getattr(origin, "__parameters__", ())
            bound.update(zip(params, typing.get_args(base), strict=False))
    return {name: _bind(kind, bound) for name, kind in hints.items()}


@cache
def _evaluate(text: str, module: str) -> Any:
    """An annotation written as text (`from __future__ import annotations`), evaluated once per
    module: the same few texts ("int", "str | None") annotate most fields, and compiling each
    of them anew, as typing.get_type_hints does, is a noticeable part of reading a save."""
    return eval(text, vars(sys.modules[module]))  # noqa: S307 - the package's own annotations, never input


def _bind(kind: Any, bound: dict[Any, Any]) -> Any:
    if isinstance(kind, TypeVar):
        return bound.get(kind, kind)
    params = getattr(kind, "__parameters__", ())
    if params and all(p in bound for p in params):
        return kind[tuple(bound[p] for p in params)]
    return kind


def to_data(obj: Any) -> Any:
    """Plain data (dicts, lists, scalars) for a dataclass tree; None fields are left out."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {}
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if value is None:
                continue
            out[f.name] = to_data(value)
        return out
    if isinstance(obj, list):
        return [to_data(v) for v in obj]
    if isinstance(obj, dict):
        return {str(k): to_data(v) for k, v in obj.items()}
    return obj


def from_data(cls: type[T], data: Any, where: Where, path: Path_ = ()) -> T:
    """Build `cls` from plain data, checking every key and type.

    Raises:
        SaveFileError: naming the file, line and key of the first problem.
    """
    return typing.cast(T, _convert(cls, data, where, path))


@cache
def _fields(kind: type) -> tuple[dict[str, Any], frozenset[str]]:
    """A dataclass's field types (in field order) and the names it cannot do without."""
    hints = _hints(kind)
    fields = dataclasses.fields(kind)
    required = frozenset(f.name for f in fields
                         if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
    return {f.name: hints[f.name] for f in fields}, required


def _convert(kind: Any, data: Any, where: Where, path: Path_) -> Any:
    # The plain values first: they are most of a save, and each is one exact type.
    if kind is str:
        if not isinstance(data, str):
            where.fail(path, f"should be text, not {quoted(repr(data))}")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            where.fail(path, f"should be a whole number, not {quoted(repr(data))}")
        if not -MOST_KEPT <= data <= MOST_KEPT:
            where.fail(path, KEPT.fault(data) or "", KEPT.line())
        return data
    if kind is bool:
        if not isinstance(data, bool):
            where.fail(path, f"should be true or false, not {data!r}")
        return data
    if kind is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            where.fail(path, f"should be a number, not {quoted(repr(data))}")
        fault = KEPT.fault(data)
        if fault is not None:  # .nan, .inf and 1e400 are no distance (issue 34)
            where.fail(path, fault, KEPT.line())
        return float(data)
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        real = [o for o in options if o is not type(None)]
        return _convert(real[0], data, where, path)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            where.fail(path, f"should be a map of {kind.__name__.lower()} fields")
        types_of, required = _fields(kind)
        for key in data:
            if key not in types_of:
                where.fail(path + (key,), f"unknown key; expected one of {', '.join(types_of)}")
        values = {}
        for name, field_type in types_of.items():
            if name in data:
                values[name] = _convert(field_type, data[name], where, path + (name,))
            elif name in required:
                where.fail(path + (name,), "is missing")
        return kind(**values)
    if origin is list:
        if not isinstance(data, list):
            where.fail(path, "should be a list")
        (item,) = typing.get_args(kind)
        return [_convert(item, v, where, path + (i,)) for i, v in enumerate(data)]
    if origin is dict:
        if not isinstance(data, dict):
            where.fail(path, "should be a map")
        _, item = typing.get_args(kind)
        return {str(k): _convert(item, v, where, path + (k,)) for k, v in data.items()}
    if kind is typing.Any:
        return data
    raise TypeError(f"schema cannot convert {kind!r}")  # a programming error, not user input
