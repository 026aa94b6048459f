"""to_dict / from_dict: round trips and refusing bad records."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import tablerules as tr
from tablerules import ofc
from tests.helpers import DATA, config_from, golden_files, load_golden, replay_golden
from tests.ofc.helpers import BOARDS_QUEENS_TOP, DISCARDS, play, scripted


def states() -> list[ofc.State]:
    found = []
    for config in (
        ofc.Config(max_rounds=3),
        ofc.Config(variant="classic", players=3, max_rounds=2),
    ):
        state = ofc.new_game(config, seed=12)
        rng = random.Random(12)
        while not state.is_over:
            found.append(state)
            state = ofc.apply(state, ofc.random_action(state, rng))
        found.append(state)
    return found


def fantasyland_state() -> ofc.State:
    state, actions = scripted(ofc.Config(), BOARDS_QUEENS_TOP, DISCARDS)
    return play(state, actions)


def test_round_trip_through_json_for_every_state() -> None:
    for state in [*states(), fantasyland_state()]:
        record = json.loads(json.dumps(ofc.to_dict(state)))
        assert ofc.from_dict(record) == state


def test_round_trip_mid_fantasyland() -> None:
    state = fantasyland_state()
    state = ofc.apply(state, ofc.random_action(state, random.Random(0)))
    assert ofc.from_dict(json.loads(json.dumps(ofc.to_dict(state)))) == state


def test_cards_may_be_spelled_any_way_parse_cards_reads() -> None:
    rng = random.Random(2)
    state = ofc.new_game(ofc.Config(players=3), seed=4)
    for _ in range(9):
        state = ofc.apply(state, ofc.random_action(state, rng))
    record = ofc.to_dict(state)
    spelled = copy.deepcopy(record)
    spelled["deck"] = spelled["deck"].replace(" ", ",")
    assert ofc.from_dict(spelled) == state
    shuffled = copy.deepcopy(record)
    board = next(board for board in shuffled["boards"] if " " in board["bottom"])
    board["bottom"] = " ".join(reversed(board["bottom"].split()))  # a row is a set
    assert ofc.from_dict(shuffled) == state
    twice = copy.deepcopy(record)
    twice["boards"][0]["top"] = twice["boards"][0]["middle"] = "As"
    with pytest.raises(tr.StateError, match="appears twice on the board"):
        ofc.from_dict(twice)


def test_record_is_readable() -> None:
    record = ofc.to_dict(ofc.new_game(seed=1, deck=tr.FULL_DECK))
    assert record["game"] == "ofc"
    assert record["version"] == 1
    assert record["hands"] == ["", "2c 2d 2h 2s 3c"]
    assert record["boards"][0] == {"top": "", "middle": "", "bottom": ""}
    assert record["config"]["variant"] == "pineapple"


Tamper = Callable[[dict[str, Any]], None]


def _set(path: tuple[Any, ...], value: object) -> Tamper:
    def tamper(record: dict[str, Any]) -> None:
        target: Any = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return tamper


def _delete(key: str) -> Tamper:
    def tamper(record: dict[str, Any]) -> None:
        del record[key]

    return tamper


def _duplicate(record: dict[str, Any]) -> None:
    record["deck"] = record["deck"].split()[0] + " " + record["deck"]


def _move_deck_card_to_hand(record: dict[str, Any]) -> None:
    deck = record["deck"].split()
    record["hands"][0] = deck[0]
    record["deck"] = " ".join(deck[1:])


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (_set(("game",), "mock"), "state.game must be 'ofc'"),
        (_set(("version",), 2), "state.version must be 1"),
        (_delete("seed"), "has no field 'seed'"),
        (_delete("config"), "has no field 'config'"),
        (_set(("seed",), "x"), "state.seed must be an integer"),
        (_set(("config", "players"), 7), "config: pineapple takes 2 or 3 players"),
        (_set(("config", "colour"), "red"), "config has unknown fields: 'colour'"),
        (_set(("config", "fantasyland"), "yes"), "config: fantasyland must be True or False"),
        (_set(("scores",), [100]), r"state.scores must have one entry per seat \(2\), not 1"),
        (_set(("scores",), [101, 100]), "scores must sum to 200"),
        (_set(("scores",), [100, "100"]), r"state.scores\[1\] must be an integer"),
        (_set(("hands", 0), "Zz"), r"state.hands\[0\]: bad card 'Zz'"),
        (_set(("hands", 0), 5), r"state.hands\[0\] must be card text"),
        (_set(("hands",), ["", "", ""]), r"state.hands must have one entry per seat \(2\), not 3"),
        (
            _set(("boards", 0, "top"), "As Ks Qs Js"),
            r"state.boards\[0\]: a top row holds at most 3",
        ),
        (_set(("boards", 0), "As / - / -"), r"state.boards\[0\] must be an object"),
        (_duplicate, "cards appear more than once"),
        (_move_deck_card_to_hand, "seat 0 has 0 cards placed, 0 discarded and 1 in hand"),
        (_set(("to_act",), 0), "a wrong turn"),
        (_set(("to_act",), 5), "state.to_act must be a seat from 0 to 1"),
        (_set(("to_act",), None), "state.winners must be"),
        (_set(("street",), 3), "seat 1 has 0 cards placed"),
        (_set(("street",), 9), "state.street must be below 5"),
        (_set(("winners",), [0]), "state.winners must be empty"),
        (_set(("fantasyland",), [15, 0]), "seat 0 has 0 cards placed, 0 discarded and 0 in hand"),
        (_set(("fantasyland",), [12, 0]), "impossible under this config"),
        (_set(("round",), 1), "state.last_round is missing"),
        (_set(("round",), -1), "state.round must be at least 0"),
        (_set(("deck",), ["As"]), "state.deck must be card text"),
    ],
)
def test_tampered_records_raise_state_error(tamper: Tamper, message: str) -> None:
    record = ofc.to_dict(ofc.new_game(seed=1))
    tamper(record)
    with pytest.raises(tr.StateError, match=message):
        ofc.from_dict(record)


def test_not_a_mapping() -> None:
    with pytest.raises(tr.StateError, match="must be an object"):
        ofc.from_dict([1, 2])  # type: ignore[arg-type]


def test_tampered_finished_game() -> None:
    state = states()[-1]
    assert state.is_over
    record = ofc.to_dict(state)
    bad = copy.deepcopy(record)
    bad["winners"] = [0, 1, 2] if len(bad["scores"]) == 3 and bad["winners"] != [0, 1, 2] else [9]
    with pytest.raises(tr.StateError, match=r"state\.winners must be"):
        ofc.from_dict(bad)
    bad = copy.deepcopy(record)
    bad["last_round"]["points"][0] += 1
    with pytest.raises(tr.StateError, match=r"last_round\.points must sum to 0"):
        ofc.from_dict(bad)
    bad = copy.deepcopy(record)
    bad["last_round"] = None
    with pytest.raises(tr.StateError, match="last_round"):
        ofc.from_dict(bad)


def test_tampered_mid_game_boards() -> None:
    state = states()[5]
    record = ofc.to_dict(state)
    # move one card from a board to the deck: counts no longer fit the turn
    seat = next(
        seat
        for seat, board in enumerate(record["boards"])
        if board["bottom"] or board["middle"] or board["top"]
    )
    board = record["boards"][seat]
    row = next(name for name in ("top", "middle", "bottom") if board[name])
    cards = board[row].split()
    board[row] = " ".join(cards[1:])
    record["deck"] = cards[0] + " " + record["deck"]
    with pytest.raises(tr.StateError, match="impossible board"):
        ofc.from_dict(record)


def test_a_game_cannot_be_marked_over_early() -> None:
    record = ofc.to_dict(ofc.new_game(seed=1))
    record["to_act"] = None
    record["winners"] = [0, 1]
    with pytest.raises(tr.StateError, match="the game is not over"):
        ofc.from_dict(record)


def test_a_finished_game_needs_complete_boards() -> None:
    state = states()[-1]
    record = ofc.to_dict(state)
    first = record["boards"][0]
    card = first["top"].split()[0]
    first["top"] = " ".join(first["top"].split()[1:])
    record["deck"] = (record["deck"] + " " + card).strip()
    with pytest.raises(tr.StateError, match="complete boards and no cards in hand"):
        ofc.from_dict(record)


def test_a_game_going_on_past_its_end_is_refused() -> None:
    state = states()[0]
    record = ofc.to_dict(state)
    record["scores"] = [0, 200]
    with pytest.raises(tr.StateError, match="a bankroll is at 0 or below"):
        ofc.from_dict(record)
    record = ofc.to_dict(state)
    record["config"]["max_rounds"] = None
    record["round"] = 0
    assert ofc.from_dict(record) == attrs_evolve_config(state)


def attrs_evolve_config(state: ofc.State) -> ofc.State:
    import attrs

    return attrs.evolve(state, config=attrs.evolve(state.config, max_rounds=None))


def test_states_pickle_and_copy() -> None:
    import pickle

    for state in states()[::7]:
        assert pickle.loads(pickle.dumps(state)) == state
        assert copy.deepcopy(state) == state
        assert hash(copy.deepcopy(state)) == hash(state)


def test_state_repr_is_short_and_hides_the_deck_order() -> None:
    state = ofc.new_game(seed=1, deck=tr.FULL_DECK)
    text = repr(state)
    assert "deck=47 cards" in text
    assert "As" not in text  # the last card of the deck


# --- the golden games (tests/test_golden.py replays them) ------------------------------------


def test_golden_games_cover_the_variants_and_reach_fantasyland() -> None:
    files = golden_files("ofc")
    assert len(files) >= 6
    configs = [config_from(ofc, load_golden(path)["config"]) for path in files]
    assert {config.variant for config in configs} == {"pineapple", "classic"}
    assert any(config.lowball_middle for config in configs)
    assert any(config.progressive for config in configs)
    _, states = replay_golden(load_golden(DATA / "ofc_fantasyland_3p.json"))
    assert any(any(state.fantasyland) for state in states), "it must reach a fantasyland round"
