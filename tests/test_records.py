"""The model's records (`sprawl_cli.model.record`): dataclasses whose constructor, equality
and repr are `Fields`' shared ones. Each test holds them to what `@dataclass` would generate."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from sprawl_cli.model import Fields, Place, Squad, record
from sprawl_cli.systems.sprawl.model import Character, Game


@record
class Sample(Fields):
    name: str
    count: int = 2
    tags: list[str] = field(default_factory=list)
    seen: bool = field(default=False, init=False)
    mode: str = field(default="plain", kw_only=True)


@dataclass
class Generated:  # the same fields, with the methods @dataclass compiles
    name: str
    count: int = 2
    tags: list[str] = field(default_factory=list)
    seen: bool = field(default=False, init=False)
    mode: str = field(default="plain", kw_only=True)


@pytest.mark.parametrize("args, kwargs", [
    (("a",), {}),
    (("a", 5), {}),
    (("a", 5, ["x"]), {}),
    ((), {"name": "a", "tags": ["y"], "mode": "loud"}),
    (("a",), {"count": 0, "mode": "loud"}),
])
def test_a_record_is_built_as_a_dataclass_is(args, kwargs):
    mine, theirs = Sample(*args, **kwargs), Generated(*args, **kwargs)
    assert vars(mine) == vars(theirs)
    assert mine.seen is theirs.seen is False  # a field the constructor does not take keeps its default
    assert mine == Sample(*args, **kwargs)


@pytest.mark.parametrize("args, kwargs, words", [
    ((), {}, "missing required argument: 'name'"),
    (("a", 1, [], "loud"), {}, "takes 3 positional arguments but 4 were given"),
    (("a",), {"name": "b"}, "got multiple values for argument 'name'"),
    (("a",), {"colour": "red"}, "got an unexpected keyword argument 'colour'"),
    (("a",), {"seen": True}, "got an unexpected keyword argument 'seen'"),  # not a constructor's field
])
def test_a_record_refuses_what_a_dataclass_refuses(args, kwargs, words):
    with pytest.raises(TypeError, match=words):
        Sample(*args, **kwargs)
    with pytest.raises(TypeError):
        Generated(*args, **kwargs)


def test_each_record_gets_its_own_default_list():
    first, second = Sample("a"), Sample("b")
    first.tags.append("x")
    assert second.tags == []


def test_post_init_runs_after_the_fields():
    @record
    class Checked(Fields):
        low: int
        high: int

        def __post_init__(self) -> None:
            if self.low > self.high:
                raise ValueError("low above high")

    assert Checked(1, 2).high == 2
    with pytest.raises(ValueError, match="low above high"):
        Checked(3, 2)


def test_a_record_is_still_a_dataclass_to_its_readers():
    place = Place("gate", spaces=["A1"])
    assert [f.name for f in dataclasses.fields(place)] == ["name", "about", "spaces"]
    moved = dataclasses.replace(place, name="yard")
    assert (moved.name, moved.spaces) == ("yard", ["A1"])
    assert moved != place and dataclasses.replace(moved, name="gate") == place


def test_a_system_game_fills_its_own_and_the_kernel_defaults():
    squad = Squad("A", "Ann", ["Ann"])
    ann = Character("Ann", "A", 3, 3, 3, 3, 3, 3, 3, 3)
    game = Game([squad], [ann])
    assert (game.phase, game.round, game.brawls, game.settings.rule_of_tens) == ("movement", 1, {}, True)
    assert ann.weapons == [] and ann.record.shots == 0
