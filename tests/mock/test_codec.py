"""The Mock codec: fixed integer ids for every legal action, masks and observation bytes."""

from __future__ import annotations

import doctest
import itertools
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mock
from tablerules.mock.codec import MELD_HAND, MELD_IDS, NUM_ACTIONS, observation_layout
from tablerules.mock.rules import meld_positions
from tests.helpers import playout, stacked
from tests.mock.strategies import play

CONFIGS = [
    mock.Config(players=3, max_rounds=2),
    mock.Config(max_rounds=2),
    mock.Config(players=10, max_rounds=1),
    mock.Config(players=5, highest_hand_ties="suits", max_rounds=2),
    mock.Config(players=6, highest_hand_ties="none", opening_size=6, max_rounds=2),
]
C = tr.parse_cards


# --- the id layout -------------------------------------------------------------


def every_legal_meld() -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every meld the rules list at any meld step a hand of up to MELD_HAND cards can reach."""
    found: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    flags = (False, True)
    for size, melded in itertools.product(range(MELD_HAND + 1), range(5)):
        for took, opening_empty, pile_empty in itertools.product(flags, flags, flags):
            found.update(meld_positions(size, melded, took, opening_empty, pile_empty))
    return found


def test_the_meld_ids_are_exactly_the_melds_the_rules_can_list() -> None:
    assert len(set(MELD_IDS)) == len(MELD_IDS)
    assert set(MELD_IDS) == every_legal_meld()  # every legal meld has an id; no id is dead
    assert NUM_ACTIONS == mock.Codec.num_actions == 73


def test_the_id_table_is_the_documented_one() -> None:
    codec = mock.Codec()
    assert [codec.meld_positions(action_id) for action_id in range(2, 18)] == [
        (tuple(p for p in range(4) if mask >> p & 1), ()) for mask in range(16)
    ]
    assert [codec.meld_positions(action_id) for action_id in range(18, 22)] == [
        ((), (p,)) for p in range(4)
    ]
    assert codec.meld_positions(22) == ((0,), (1,))
    assert codec.meld_positions(23) == ((1,), (0,))
    assert codec.meld_positions(24) == ((0,), (1, 2))
    assert codec.meld_positions(32) == ((1, 2), (0,))
    assert codec.meld_positions(33) == ((0,), (1, 2, 3))
    assert codec.meld_positions(38) == ((0,), (3, 2, 1))
    assert codec.meld_positions(57) == ((0, 1, 2), (3,))
    assert codec.meld_positions(72) == ((1, 2, 3), (0,))
    for action_id in range(22, NUM_ACTIONS):
        melded, discarded = codec.meld_positions(action_id)
        used = sorted(melded + discarded)
        size = 2 if action_id < 24 else 3 if action_id < 33 else 4
        assert used == list(range(size)), action_id  # a finish names the whole hand
        assert melded
        assert discarded


def test_meld_positions_refuses_draw_ids_and_non_ids() -> None:
    with pytest.raises(tr.IllegalActionError, match="meld ids are 2 to 72"):
        mock.Codec.meld_positions(1)
    with pytest.raises(tr.IllegalActionError, match="meld ids are 2 to 72"):
        mock.Codec.meld_positions(73)
    with pytest.raises(TypeError, match="action_id must be an int"):
        mock.Codec.meld_positions("2")  # type: ignore[arg-type]


@pytest.mark.parametrize("config", [*CONFIGS, mock.Config(players=3, opening_size=3)], ids=repr)
def test_no_meld_step_sees_more_than_four_cards(config: mock.Config) -> None:
    """The bound the meld ids rest on: three in hand when a turn starts, plus the draw."""

    def check(state: mock.State, _action: object) -> None:
        seat = state.to_act
        assert seat is not None
        limit = MELD_HAND if state.step == "meld" else MELD_HAND - 1
        assert len(state.hands[seat]) <= limit
        assert all(len(hand) <= MELD_HAND for hand in state.hands)

    for seed in range(8):
        playout(mock, config, seed, check, unchecked=True)


# --- ids, masks and actions over playouts --------------------------------------


def near_misses(state: mock.State) -> list[mock.Action]:
    """Actions that are often illegal now: both draws, empty melds, others' cards."""
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    found: list[mock.Action] = [mock.Draw(), mock.Draw(from_discard=True), mock.Meld()]
    if hand:
        found.extend([mock.Meld(cards=hand[:1]), mock.Meld(discards=hand), mock.Meld(hand)])
    if state.deck:
        found.append(mock.Meld(cards=state.deck[:1]))
    return found


def check_codec(codec: mock.Codec, rng: random.Random) -> Any:
    def check(state: mock.State, _action: object) -> None:
        actions = mock.legal_actions(state)
        for seat in range(state.config.players):
            view = mock.observe(state, seat)
            ids = codec.legal_ids(view)
            mask = codec.mask(view)
            features = codec.observation(view)
            assert type(mask) is bytes
            assert len(mask) == codec.num_actions
            assert [i for i, bit in enumerate(mask) if bit] == list(ids)
            assert type(features) is bytes
            assert len(features) == codec.observation_size
            guess = mock.observe(mock.determinize(view, rng), seat)
            assert guess == view
            assert codec.observation(guess) == features
            assert codec.mask(guess) == mask
            assert codec.legal_ids(guess) == ids
            if seat != state.to_act:
                assert ids == ()
                assert not any(mask)
                with pytest.raises(tr.IllegalActionError, match="cannot act now"):
                    codec.decode(view, 0)
                with pytest.raises(tr.IllegalActionError, match="cannot act now"):
                    codec.encode(view, actions[0])
                continue
            assert list(ids) == sorted(set(ids))
            decoded = [codec.decode(view, action_id) for action_id in ids]
            assert len(decoded) == len(actions) == len(set(decoded))
            assert set(decoded) == set(actions)
            assert [codec.encode(view, action) for action in decoded] == list(ids)
            assert {codec.encode(view, action) for action in actions} == set(ids)
            illegal = [i for i in range(codec.num_actions) if not mask[i]]
            for action_id in rng.sample(illegal, min(3, len(illegal))):
                with pytest.raises(tr.IllegalActionError, match=f"action id {action_id} "):
                    codec.decode(view, action_id)
            for action in near_misses(state):
                if action not in actions:
                    with pytest.raises(tr.IllegalActionError):
                        codec.encode(view, action)

    return check


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
@pytest.mark.parametrize("seed", range(2))
def test_ids_decode_one_to_one_onto_the_legal_actions(config: mock.Config, seed: int) -> None:
    playout(mock, config, seed, check_codec(mock.Codec(config), random.Random(seed)))


@settings(max_examples=15)
@given(st.sampled_from(CONFIGS), st.integers(0, 10**6))
def test_ids_decode_onto_the_legal_actions_for_any_seed(config: mock.Config, seed: int) -> None:
    playout(mock, config, seed, check_codec(mock.Codec(config), random.Random(seed)))


def test_a_codec_playout_plays_a_whole_game() -> None:
    config = mock.Config(players=5)
    codec = mock.Codec(config)
    rng = random.Random(2)
    state = mock.new_game(config, seed=2)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        view = mock.observe(state, seat)
        state = mock.apply(state, codec.decode(view, rng.choice(codec.legal_ids(view))))
    assert state.winners


# --- the observation vector ----------------------------------------------------


@pytest.mark.parametrize("players", range(3, 11))
def test_the_layout_covers_the_vector_exactly(players: int) -> None:
    codec = mock.Codec(mock.Config(players=players))
    layout = codec.layout
    stops = 0
    for where in layout.values():
        assert where.start == stops
        assert where.stop > where.start
        stops = where.stop
    assert stops == codec.observation_size == 52 * (2 * players + 2) + 6 * players + 11
    assert codec.layout == observation_layout(players)
    assert list(layout) == [
        "hand",
        "melds",
        "known",
        "top_discard",
        "discard_pile",
        "to_act",
        "step",
        "obligations",
        "hand_sizes",
        "pile_sizes",
        "finished",
        "first_complete",
        "scores",
        "dealer",
        "round",
    ]


def planes(features: bytes, where: slice) -> list[str]:
    """The cards of each 52-byte plane in ``where``, as text."""
    part = features[where]
    return [
        tr.cards_text(card for card in tr.FULL_DECK if part[start + card.index])
        for start in range(0, len(part), 52)
    ]


DECK = stacked("As Ks Qs 2c 3d 4h 7c 8d 9h Js 5c 6d 2s 3s 4s 5s 6s 7s 8s")


def test_the_observation_shows_the_table_from_the_observers_seat() -> None:
    config = mock.Config(players=3, opening_size=3)
    state = mock.new_game(config, seed=0, deck=DECK)
    # seat 1 discards Js, seat 2 takes it and melds 2c with it; seat 0 draws
    state = play(state, "draw; discard Js; draw discard; meld 2c Js; draw")
    codec = mock.Codec(config)
    view = mock.observe(state, 2)
    features = codec.observation(view)
    layout = codec.layout
    assert planes(features, layout["hand"]) == [tr.cards_text(view.hand)]
    assert planes(features, layout["melds"]) == ["2c Js", "", ""]  # seat 2, then 0, then 1
    assert planes(features, layout["known"]) == ["", ""]
    assert list(features[layout["to_act"]]) == [0, 1, 0]  # seat 0 follows seat 2
    assert list(features[layout["step"]]) == [0, 1, 0]
    assert list(features[layout["hand_sizes"]]) == [3, 4, 3]
    assert list(features[layout["pile_sizes"]]) == [
        view.opening_size,
        view.finish_size,
        0,
    ]
    assert list(features[layout["dealer"]]) == [0, 1, 0]
    assert list(features[layout["round"]]) == [0]
    seen_by_0 = codec.observation(mock.observe(state, 0))
    assert planes(seen_by_0, layout["melds"]) == ["", "", "2c Js"]
    assert list(seen_by_0[layout["dealer"]]) == [1, 0, 0]


def test_cards_taken_from_the_discard_pile_are_known_in_that_hand() -> None:
    config = mock.Config(players=3, opening_size=3)
    state = play(mock.new_game(config, seed=0, deck=DECK), "draw; discard Js; draw discard")
    codec = mock.Codec(config)
    view = mock.observe(state, 0)
    features = codec.observation(view)
    assert planes(features, codec.layout["known"]) == ["", "Js"]  # seat 1, then seat 2
    assert planes(features, codec.layout["top_discard"]) == [""]
    assert list(features[codec.layout["obligations"]]) == [1, 0, 0, 1]  # took the top discard
    before = codec.observation(
        mock.observe(play(mock.new_game(config, seed=0, deck=DECK), "draw; discard Js"), 0)
    )
    assert planes(before, codec.layout["top_discard"]) == ["Js"]
    assert planes(before, codec.layout["discard_pile"]) == ["Js"]


def test_scores_and_rounds_are_clamped_to_a_byte() -> None:
    codec = mock.Codec()
    view = attrs.evolve(mock.observe(mock.new_game(seed=1), 1), scores=(300, 7, 0, 256), round=999)
    features = codec.observation(view)
    assert list(features[codec.layout["scores"]]) == [7, 0, 255, 255]  # seat 1 first
    assert list(features[codec.layout["round"]]) == [255]


def test_a_finished_game_is_step_over_with_nobody_to_act() -> None:
    final, _ = playout(mock, mock.Config(max_rounds=1), 3)
    codec = mock.Codec(mock.Config(max_rounds=1))
    for seat in range(4):
        view = mock.observe(final, seat)
        features = codec.observation(view)
        assert list(features[codec.layout["step"]]) == [0, 0, 1]
        assert not any(features[codec.layout["to_act"]])
        assert codec.legal_ids(view) == ()
        assert not any(codec.mask(view))


def test_the_first_complete_hand_is_marked_from_the_observers_seat() -> None:
    def check(state: mock.State, _action: object) -> None:
        first = state.first_complete
        codec = mock.Codec(state.config)
        for seat in range(state.config.players):
            part = codec.observation(mock.observe(state, seat))[codec.layout["first_complete"]]
            if first is None:
                assert not any(part)
            else:
                assert list(part).index(1) == (first - seat) % state.config.players
                assert sum(part) == 1

    playout(mock, mock.Config(max_rounds=1), 5, check)


# --- errors --------------------------------------------------------------------


def test_wrong_kinds_are_type_errors_naming_the_parameter() -> None:
    codec = mock.Codec()
    state = mock.new_game(seed=1)
    view = mock.observe(state, 1)
    wrong: Any = codec
    for bad_id in ["0", 0.0, True, None]:
        with pytest.raises(TypeError, match="action_id must be an int"):
            wrong.decode(view, bad_id)
    for bad_action in ["draw", None, 0]:
        with pytest.raises(TypeError, match=r"action must be a tablerules\.mock\.Draw"):
            wrong.encode(view, bad_action)
    for call in (codec.legal_ids, codec.mask, codec.observation):
        with pytest.raises(
            TypeError,
            match=r"view must be a tablerules\.mock\.Observation, not tablerules\.mock\.State",
        ):
            call(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"view must be a tablerules\.mock\.Observation"):
        wrong.decode(None, 0)
    with pytest.raises(TypeError, match=r"config must be a tablerules\.mock\.Config"):
        mock.Codec("four players")  # type: ignore[arg-type]


class Index:
    """An integer that is not an int, as numpy's integers are."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_integers_that_are_not_ints_are_ids_too() -> None:
    codec = mock.Codec()
    view = mock.observe(mock.new_game(seed=5), 1)
    wrong: Any = codec
    assert wrong.decode(view, Index(0)) == mock.Draw()
    assert wrong.meld_positions(Index(40)) == ((1,), (0, 3, 2))
    with pytest.raises(tr.IllegalActionError, match="out of range"):
        wrong.decode(view, Index(99))
    numpy = pytest.importorskip("numpy")
    assert codec.decode(view, numpy.int64(0)) == mock.Draw()
    mask = numpy.frombuffer(codec.mask(view), numpy.uint8)
    assert mask.shape == (73,)
    assert int(mask.argmax()) == 0


def test_ids_out_of_range_and_actions_not_legal_now_are_illegal() -> None:
    codec = mock.Codec()
    view = mock.observe(mock.new_game(seed=5), 1)
    for action_id in (-1, 73, 10**30):
        with pytest.raises(tr.IllegalActionError, match="out of range: Mock's ids are 0 to 72"):
            codec.decode(view, action_id)
    with pytest.raises(tr.IllegalActionError, match="the first turn of a round is blind"):
        codec.decode(view, 1)
    with pytest.raises(tr.IllegalActionError, match="draw first"):
        codec.decode(view, 2)
    with pytest.raises(tr.IllegalActionError, match="names position 3 of the sorted hand"):
        codec.decode(view, 10)
    with pytest.raises(tr.IllegalActionError, match="blind") as caught:
        codec.encode(view, mock.Draw(from_discard=True))
    assert caught.value.action == mock.Draw(from_discard=True)


def test_an_observation_of_another_config_is_refused() -> None:
    view = mock.observe(mock.new_game(mock.Config(players=3), seed=1), 0)
    with pytest.raises(
        tr.ConfigError,
        match=r"this codec is for games with players=4, but the observation's game has players=3$",
    ):
        mock.Codec(mock.Config(players=4)).observation(view)
    assert mock.Codec(mock.Config(players=3, target=10)).legal_ids(view) == ()


def test_codecs_are_values() -> None:
    assert mock.Codec() == mock.Codec(mock.Config()) == mock.Codec(None)
    assert hash(mock.Codec()) == hash(mock.Codec(mock.Config()))
    assert mock.Codec(mock.Config(players=3)) != mock.Codec()
    assert repr(mock.Codec()).startswith("Codec(config=Config(players=4")
    assert mock.Codec().version == 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        mock.Codec().config = mock.Config()  # type: ignore[misc]


# --- the docs ------------------------------------------------------------------

DOCS = Path(__file__).parents[2] / "docs" / "codecs" / "mock.inc"


def finishing_table() -> str:
    """The docs' table of the finishing ids, written from the codec's own id table."""
    rows: list[tuple[str, str, str, str]] = []
    finishing = [(2 + index, meld) for index, meld in enumerate(MELD_IDS) if index + 2 >= 22]
    for (size, melded), group in itertools.groupby(
        finishing, key=lambda item: (len(item[1][0]) + len(item[1][1]), item[1][0])
    ):
        entries = list(group)
        first, last = entries[0][0], entries[-1][0]
        rows.append(
            (
                str(first) if first == last else f"{first} to {last}",
                str(size),
                " ".join(map(str, melded)),
                ", ".join(" ".join(map(str, meld[1])) for _, meld in entries),
            )
        )
    header = ("Ids", "Hand", "Meld", "Discards, in order (one id each)")
    widths = [max(len(row[column]) for row in [header, *rows]) for column in range(4)]
    rule = "  ".join("=" * width for width in widths)

    def line(row: tuple[str, str, str, str]) -> str:
        return "  ".join(
            cell.ljust(width) for cell, width in zip(row, widths, strict=True)
        ).rstrip()

    return "\n".join([rule, line(header), rule, *map(line, rows), rule])


def test_the_docs_table_of_finishing_ids_is_the_codecs() -> None:
    assert finishing_table() in DOCS.read_text(encoding="utf-8")


def test_the_docs_examples_run() -> None:
    failures, tried = doctest.testfile(
        str(DOCS),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert tried > 5
    assert failures == 0
