"""Observation records: what an app sends one player, read back exactly and checked."""

from __future__ import annotations

import copy
import json
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import ofc
from tests.helpers import parent, paths
from tests.ofc.helpers import fantasyland_round
from tests.ofc.strategies import configs
from tests.ofc.test_fuzz import (
    DEEP,
    JUNK,
    Record,
    flip_flag,
    nudge_number,
    set_counts,
)


def states_of(state: ofc.State, rng: random.Random, limit: int = 400) -> list[ofc.State]:
    states = [state]
    while not state.is_over and len(states) < limit:
        state = ofc.apply_unchecked(state, ofc.random_action(state, rng))
        states.append(state)
    return states


def round_trip(view: ofc.Observation) -> ofc.Observation:
    return ofc.observation_from_dict(json.loads(json.dumps(ofc.observation_to_dict(view))))


@settings(max_examples=max(15, settings().max_examples // 5), deadline=None)
@given(configs, st.integers(0, 10_000))
def test_every_view_of_a_random_playout_round_trips(config: ofc.Config, seed: int) -> None:
    rng = random.Random(seed)
    states = states_of(ofc.new_game(config, seed=seed), rng)
    for state in [*rng.sample(states, min(6, len(states))), states[-1]]:
        for seat in range(config.players):
            view = ofc.observe(state, seat)
            assert round_trip(view) == view


FANTASYLAND_STARTS = [
    (ofc.Config(players=3, progressive=True), (18, 16, 0)),
    (ofc.Config(), (15, 15)),
    (ofc.Config(variant="classic", players=4, progressive=True), (14, 0, 13, 0)),
    (ofc.Config(lowball_middle=True, players=3), (15, 0, 0)),
]


def fantasyland_states() -> list[ofc.State]:
    found = []
    for index, (config, earned) in enumerate(FANTASYLAND_STARTS):
        state = fantasyland_round(config, earned, "", seed=index)
        found += states_of(state, random.Random(index), limit=12)
    return found


def test_views_with_hidden_fantasyland_boards_round_trip() -> None:
    hidden = 0
    for state in fantasyland_states():
        for seat in range(state.config.players):
            view = ofc.observe(state, seat)
            assert round_trip(view) == view
            hidden += any(view.hidden_boards)
    assert hidden


CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def test_a_record_holds_nothing_the_seat_may_not_know() -> None:
    states = fantasyland_states()
    rng = random.Random(3)
    states += states_of(ofc.new_game(ofc.Config(players=3), seed=3), rng)
    for state in states:
        for seat in range(state.config.players):
            record = ofc.observation_to_dict(ofc.observe(state, seat))
            assert "seed" not in record
            assert "deck" not in record
            secret = set(state.deck)
            for other in range(state.config.players):
                if other != seat:
                    secret |= set(state.hands[other]) | set(state.discards[other])
                    if record["hidden_boards"][other]:
                        secret |= set(state.boards[other].cards)
            text = json.dumps({**record, "last_round": None})
            shown = {tr.Card.parse(token) for token in CARD.findall(text)}
            assert not shown & secret, (seat, shown & secret)


# --- refused records ---------------------------------------------------------------------------


def fresh() -> Record:
    state = ofc.new_game(ofc.Config(players=3), seed=5)
    rng = random.Random(5)
    for _ in range(4):
        state = ofc.apply(state, ofc.random_action(state, rng))
    return ofc.observation_to_dict(ofc.observe(state, state.to_act))  # type: ignore[arg-type]


def edited(**changes: Any) -> Record:
    record = fresh()
    record.update(changes)
    return record


def refused(record: object, pattern: str) -> None:
    with pytest.raises(tr.StateError, match=pattern):
        ofc.observation_from_dict(record)  # type: ignore[arg-type]


def test_the_header_and_the_field_names_are_checked() -> None:
    record = fresh()
    refused([], "observation must be an object")
    refused(edited(game="mock"), r"observation\.game must be 'ofc'")
    refused(edited(version=2), r"observation\.version must be 1")
    refused(edited(version=True), r"observation\.version must be 1")
    refused(edited(kind="state"), r"observation\.kind must be 'observation', not 'state'$")
    state_record = ofc.to_dict(ofc.new_game(seed=1))
    refused(state_record, "a state record, with the seed and every hidden card, is never")
    refused(edited(colour=1), "unknown fields: 'colour'")
    for name in record:
        if name not in ("game", "version", "kind"):
            refused({key: value for key, value in record.items() if key != name}, repr(name))
    refused(edited(config={**record["config"], "players": 5}), r"observation\.config")


def test_the_fields_are_checked_by_name() -> None:
    record = fresh()
    refused(edited(seat=3), r"observation\.seat must be a seat from 0 to 2, not 3")
    refused(edited(seat=True), r"observation\.seat must be a seat")
    refused(edited(to_act=7), r"observation\.to_act must be a seat")
    refused(edited(street=5), r"observation\.street must be 0 to 4 \(pineapple has 5 streets\)")
    refused(edited(street=-1), r"observation\.street must be at least 0")
    refused(edited(round=-1), r"observation\.round must be at least 0")
    refused(edited(hand="As Zz"), r"observation\.hand")
    refused(edited(hand=["As"]), r"observation\.hand must be card text")
    refused(edited(boards=record["boards"][:2]), r"observation\.boards must have one entry")
    refused(
        edited(boards=[{"top": "As Ks Qs Js"}, *record["boards"][1:]]),
        r"observation\.boards\[0\]",
    )
    refused(edited(hand_sizes=[0, 0, 60]), r"observation\.hand_sizes\[2\] must be a number")
    refused(edited(deck_size=-3), r"observation\.deck_size must be a number of cards")
    refused(edited(scores=[1, 2, 10**5000]), r"observation\.scores\[2\] is too large")
    refused(edited(hidden_boards=[0, 0, 0]), r"observation\.hidden_boards\[0\] must be true")
    refused(edited(winners=[5]), r"observation\.winners\[0\] must be a seat")
    refused(edited(last_round=5), r"observation\.last_round must be an object")


def test_records_no_game_shows_are_refused() -> None:
    record = fresh()
    seat = record["seat"]
    sizes = list(record["hand_sizes"])
    sizes[seat] += 1
    refused(edited(hand_sizes=sizes), rf"observation\.hand holds 3 cards, but .*\[{seat}\] is 4")
    counts = list(record["discard_counts"])
    counts[seat] = 1
    refused(edited(discard_counts=counts), r"observation\.discards holds 0 cards")
    board = record["boards"][(seat + 1) % 3]
    card = board["bottom"].split()[0] if board["bottom"] else board["middle"].split()[0]
    refused(edited(hand=record["hand"].rsplit(" ", 1)[0] + " " + card), "shown in two places")
    refused(edited(deck_size=record["deck_size"] - 1), "must make the 52 cards, not 51")
    hidden = [False, False, False]
    hidden[(seat + 1) % 3] = True
    refused(edited(hidden_boards=hidden), r"hidden_boards\[\d\] must be false")
    refused(edited(dealer=(record["dealer"] + 1) % 3), r"observation\.dealer must be 0")
    refused(edited(unseen_count=1), r"observation\.unseen_count must be")
    refused(edited(to_act=(record["to_act"] + 1) % 3), "no game shows this view")
    refused(edited(scores=[120, 90, 90]), "no game shows this view")
    refused(edited(fantasyland=[15, 0, 0]), "no game shows this view")
    refused(edited(winners=[0]), "no game shows this view")
    refused(edited(street=2), "no game shows this view")


# --- a fuzz of mutated records ------------------------------------------------------------------


def move_card(record: Record, rng: random.Random) -> str:
    places = [
        path
        for path in paths(record)
        if path[0] in ("hand", "discards", "boards")
        and isinstance(parent(record, path)[path[-1]], str)
    ]
    if len(places) < 2:
        return "no places"
    source, target = rng.sample(places, 2)
    cards = str(parent(record, source)[source[-1]]).split()
    if not cards:
        return "empty"
    card = cards.pop(rng.randrange(len(cards)))
    parent(record, source)[source[-1]] = " ".join(cards)
    parent(record, target)[target[-1]] = f"{parent(record, target)[target[-1]]} {card}".strip()
    return f"moved {card} {source} -> {target}"


def junk(record: Record, rng: random.Random) -> str:
    path = rng.choice(paths(record))
    container = parent(record, path)
    if rng.random() < 0.2 and isinstance(container, dict):
        del container[path[-1]]
        return f"dropped {path}"
    value = rng.choice(JUNK)
    container[path[-1]] = deep() if value is DEEP else copy.deepcopy(value)
    return f"{path} = junk"


def deep() -> list[object]:
    """A list nested 50,000 deep, new each time (mutations may change it)."""
    nested: list[object] = []
    for _ in range(50_000):
        nested = [nested]
    return nested


MUTATIONS = [junk, nudge_number, nudge_number, move_card, move_card, flip_flag, set_counts]


def views_to_mutate() -> list[ofc.Observation]:
    found = [
        ofc.observe(state, seat)
        for state in fantasyland_states()[::3]
        for seat in range(state.config.players)
    ]
    for index, config in enumerate(
        [ofc.Config(max_rounds=2), ofc.Config(variant="classic", players=4, max_rounds=1)]
    ):
        rng = random.Random(index)
        states = states_of(ofc.new_game(config, seed=index), rng)
        for state in [*rng.sample(states, 6), states[-1]]:
            found += [ofc.observe(state, seat) for seat in range(config.players)]
    return found


def test_a_mutated_record_is_refused_or_fully_usable() -> None:
    views = views_to_mutate()
    rng = random.Random(2026)
    accepted = 0
    for case in range(600):
        view = rng.choice(views)
        record = json.loads(json.dumps(ofc.observation_to_dict(view)))
        done = [rng.choice(MUTATIONS)(record, rng) for _ in range(rng.choice([1, 1, 2]))]
        try:
            read = ofc.observation_from_dict(record)
        except tr.StateError as error:
            message = str(error)
            if not message or len(message) > 600:
                raise AssertionError(f"case {case} {done}: unhelpful {message[:80]!r}") from error
            continue
        except Exception as error:  # pragma: no cover - the failure to report
            raise AssertionError(f"case {case} {done}: {type(error).__name__}: {error}") from error
        accepted += 1
        assert ofc.observation_from_dict(ofc.observation_to_dict(read)) == read
        guess = ofc.determinize(read, rng)
        ofc.check_state(guess)
        assert ofc.observe(guess, read.seat) == read
        codec = ofc.Codec(read.config)
        codec.observation(read)
        for action_id in codec.legal_ids(read):
            assert ofc.is_legal(guess, codec.decode(read, action_id))
    assert accepted > 20  # mutations that keep a record valid (a number nudged back, ...)


# --- pictures --------------------------------------------------------------------------------


def test_boards_and_views_draw_themselves() -> None:
    svg = pytest.importorskip("tablerules.svg")
    board = ofc.Board.parse("Qs Qd 2c / 9h 9s 9c 8d 8s / Ah Kh Qh Jh Th")
    assert board._repr_svg_() == svg.board(board)
    ET.fromstring(board._repr_svg_())
    for state in fantasyland_states()[:4]:
        view = ofc.observe(state, 1)
        picture = view._repr_svg_()
        assert picture == svg.observation(view)
        ET.fromstring(picture)
