"""The built-in quick reference (`sprawl rules`): topics, lookup, and the command."""

from __future__ import annotations

import json
import re

import pytest

from sprawl_cli.reference import Found
from sprawl_cli.reference import lookup as find
from sprawl_cli.systems.sprawl.reference import TOPICS


def lookup(query: str | None) -> Found:
    return find(TOPICS, query)
from tests import harness


def names(found: object) -> list[str]:
    return [t.name for t in found.topics]  # type: ignore[attr-defined]


def test_topic_names_are_unique() -> None:
    all_names = [t.name for t in TOPICS]
    assert len(all_names) == len(set(all_names))


def test_topic_titles_are_unique() -> None:
    titles = [t.title.lower() for t in TOPICS]
    assert len(titles) == len(set(titles))


@pytest.mark.parametrize("topic", TOPICS, ids=lambda t: t.name)
def test_every_topic_is_short_and_filled_in(topic: object) -> None:
    text = topic.text  # type: ignore[attr-defined]
    assert text.strip()
    assert topic.title.strip()  # type: ignore[attr-defined]
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", topic.name)  # type: ignore[attr-defined]
    # a table-side quick reference: a handful of lines, not a chapter
    assert len([line for line in text.splitlines() if line.strip()]) <= 7


@pytest.mark.parametrize("query", [None, "", "   "])
def test_no_query_returns_every_topic(query: str | None) -> None:
    found = lookup(query)
    assert found.topics == list(TOPICS)
    assert found.message == ""


@pytest.mark.parametrize("topic", TOPICS, ids=lambda t: t.name)
def test_a_name_returns_that_topic(topic: object) -> None:
    found = lookup(topic.name)  # type: ignore[attr-defined]
    assert found.topics == [topic]


def test_a_name_is_matched_case_insensitively() -> None:
    assert names(lookup("OverWatch")) == ["overwatch"]


def test_a_title_returns_that_topic() -> None:
    assert names(lookup("Close combat")) == ["close-combat"]


def test_a_prefix_returns_the_topics_it_starts() -> None:
    assert names(lookup("overw")) == ["overwatch"]
    assert names(lookup("incap")) == ["incapacitation"]
    assert set(names(lookup("r"))) >= {"running", "recovery", "routing"}


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("ledge", {"pinned", "falling"}),
        ("scatter", {"scatter"}),  # the name itself
        ("reliability", {"misfire", "recovery"}),
        ("house", {"aftermath", "gear"}),
        ("Smarts", {"hiding", "spotting", "routing"}),
    ],
)
def test_a_word_finds_the_topics_that_mention_it(word: str, expected: set[str]) -> None:
    found = set(names(lookup(word)))
    assert expected <= found


def test_a_word_search_says_it_searched() -> None:
    found = lookup("ledge")
    assert set(names(found)) == {"pinned", "falling"}
    assert "ledge" in found.message


def test_several_words_must_all_appear() -> None:
    found = names(lookup("ledge quickness"))
    assert "pinned" in found
    assert all("ledge" in t.text.lower() and "quickness" in t.text.lower() for t in lookup("ledge quickness").topics)


def test_a_ruling_number_matches_whole() -> None:
    # R1 must not also find every topic citing R12 ... R19
    found = lookup("R1")
    assert found.topics
    assert all(re.search(r"\bR1\b", t.text) for t in found.topics)
    assert "close-combat" in names(lookup("R12"))


def test_an_unknown_word_lists_the_topics() -> None:
    found = lookup("xyzzy")
    assert found.topics == []
    assert "xyzzy" in found.message
    for topic in TOPICS:
        assert topic.name in found.message


def test_a_near_miss_is_suggested() -> None:
    found = lookup("overwach")
    assert found.topics == []
    assert "overwatch" in found.message


@pytest.mark.parametrize("number", [f"R{n}" for n in range(1, 27)])
def test_every_ruling_is_folded_in_somewhere(number: str) -> None:
    assert any(re.search(rf"\b{number}\b", t.text) for t in TOPICS), number


def test_the_house_aftermath_table_is_labelled_house() -> None:
    (aftermath,) = lookup("aftermath").topics
    assert "house" in aftermath.title.lower()
    assert "R26" in aftermath.text


def test_rules_command_prints_json_topics() -> None:
    result = harness.invoke(["rules", "overwatch", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [t["topic"] for t in data["topics"]] == ["overwatch"]
    assert "R20" in data["topics"][0]["text"]


def test_rules_command_searches_by_word() -> None:
    result = harness.invoke(["rules", "ledge", "--json"])
    assert result.exit_code == 0, result.output
    found = {t["topic"] for t in json.loads(result.stdout)["topics"]}
    assert found == {"pinned", "falling"}


def test_rules_command_without_topic_shows_all() -> None:
    result = harness.invoke(["rules", "--json"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)["topics"]) == len(TOPICS)
