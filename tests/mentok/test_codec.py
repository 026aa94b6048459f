"""The Mentok codec: fixed ids that are exactly the legal actions, and the observation vector."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok
from tablerules.mentok import Ask, Score, Stand
from tablerules.mentok.scoring import hand_value
from tests.mentok.strategies import PROBES, game, play
from tests.strategies import seeds

CONFIGS = [
    mentok.Config(players=2, max_rounds=2),
    mentok.Config(players=4, max_rounds=2),
    mentok.Config(players=5, strict=False, max_rounds=2),
    mentok.Config(players=8, decks=2, max_rounds=1),
    mentok.Config(players=3, exact_target=False, target=8, max_rounds=3),
    mentok.Config(players=10, decks=2, strict=False, exact_target=False, max_rounds=1),
    mentok.Config(players=3, target=6, max_rounds=4),
]


def expected_features(view: mentok.Observation) -> dict[str, list[int]]:
    """The observation vector written out the slow, obvious way, part by part."""
    config = view.config
    players = config.players
    slots = [(view.seat + offset) % players for offset in range(players)]

    def plane(cards: Any) -> list[int]:
        counts = Counter(card.index for card in cards)
        return [counts[index] for index in range(52)]

    def flags(values: Any) -> list[int]:
        return [int(bool(value)) for value in values]

    def one_hot(index: int | None, size: int) -> list[int]:
        return [int(index == position) for position in range(size)]

    shown = list(view.hand)
    tables: list[int] = []
    values, sizes, states = [], [], []
    for other in slots:
        for index in (0, 1):
            cards = view.tables[other][index] if index < len(view.tables[other]) else None
            tables += plane(cards or ())
            values.append(hand_value(cards) if cards else 0)
            sizes.append(len(cards or ()))
            if cards is None:
                states += [0, 0, 0]
            else:
                kind = view.hand_states[other][index]
                states += [int(kind is state) for state in mentok.HandState]
            shown += cards or ()
    own = [card.rank for card in view.hand] + [
        card.rank for cards in view.tables[view.seat] for card in cards
    ]
    counts = {name: [0] * (players * 13) for name in ("asked_given", "asked_refused", "gave")}
    counts["refused"] = [0] * (players * 13)
    for event in view.history:
        if isinstance(event, mentok.AskRecord):
            asker = slots.index(event.seat) * 13 + event.rank - 2
            target = slots.index(event.target) * 13 + event.rank - 2
            counts["asked_given" if event.given else "asked_refused"][asker] += 1
            counts["gave" if event.given else "refused"][target] += 1
    target_points = config.target
    return {
        "hand": plane(view.hand),
        "unseen": [config.decks - count for count in plane(shown)],
        "sphere": [int(rank in own) for rank in range(2, 15)],
        "tables": tables,
        "table_values": values,
        "table_sizes": sizes,
        "hand_states": states,
        "split": flags(view.has_split[other] for other in slots),
        "done": flags(view.done[other] for other in slots),
        "out": flags(not view.in_game[other] for other in slots),
        "hand_sizes": [view.hand_sizes[other] for other in slots],
        "to_act": one_hot(None if view.to_act is None else slots.index(view.to_act), players),
        "dealer": one_hot(slots.index(view.dealer), players),
        "chosen": flags(view.chosen[other] for other in slots),
        "points_needed": [max(0, target_points - view.scores[other]) for other in slots],
        "points_past": [max(0, view.scores[other] - target_points) for other in slots],
        **counts,
        "deck_size": [view.deck_size],
        "phase": [int(view.phase is phase) for phase in mentok.Phase],
        "choice": [int(view.choice is False), int(view.choice is True)],
        "cheated": [int(view.cheated)],
        "round": [view.round],
    }


def check_hand_facts(
    state: mentok.State, view: mentok.Observation, codec: mentok.Codec, features: bytes
) -> None:
    """``holds_none`` and ``holds_some`` are true of the real hands, and say nothing of the own."""
    players = state.config.players
    none = features[codec.layout["holds_none"]]
    some = features[codec.layout["holds_some"]]
    assert not any(none[:13]), "the observer's own slot is left empty"
    assert not any(some[:13]), "the observer's own slot is left empty"
    for slot in range(1, players):
        other = (view.seat + slot) % players
        held = {card.rank for card in state.hands[other]}
        for rank in range(2, 15):
            if none[slot * 13 + rank - 2]:
                assert rank not in held
            if some[slot * 13 + rank - 2]:
                assert rank in held


def check_view(state: mentok.State, seat: int, codec: mentok.Codec, rng: random.Random) -> None:
    view = mentok.observe(state, seat)
    ids = codec.legal_ids(view)
    mask = codec.mask(view)
    features = codec.observation(view)
    assert len(mask) == codec.num_actions
    assert [action_id for action_id, bit in enumerate(mask) if bit] == list(ids)
    assert set(mask) <= {0, 1}
    assert len(features) == codec.observation_size
    for name, values in expected_features(view).items():
        assert list(features[codec.layout[name]]) == values, name
    check_hand_facts(state, view, codec, features)
    # Hidden cards moved: the same view, the same bytes and mask.
    guess = mentok.observe(mentok.determinize(view, rng), seat)
    assert guess == view
    assert codec.observation(guess) == features
    assert codec.mask(guess) == mask
    assert codec.legal_ids(guess) == ids
    if seat != state.to_act:
        assert ids == ()
        assert not any(mask)
        for action_id in rng.sample(range(codec.num_actions), 3):
            with pytest.raises(tr.IllegalActionError, match="not legal now"):
                codec.decode(view, action_id)
        return
    listed = mentok.legal_actions(state)
    decoded = [codec.decode(view, action_id) for action_id in ids]
    assert sorted(map(str, decoded)) == sorted(map(str, listed))
    assert len(set(decoded)) == len(decoded) == len(listed)
    assert [codec.encode(view, action) for action in listed] == [
        ids[decoded.index(action)] for action in listed
    ]
    illegal = [action_id for action_id in range(codec.num_actions) if not mask[action_id]]
    for action_id in rng.sample(illegal, min(5, len(illegal))):
        with pytest.raises(tr.IllegalActionError, match="not legal now"):
            codec.decode(view, action_id)
    for action in rng.sample(PROBES, 25):
        if action not in listed:
            with pytest.raises(tr.IllegalActionError, match="not legal now"):
                codec.encode(view, action)


@settings(max_examples=60)
@given(st.sampled_from(CONFIGS), seeds)
def test_ids_are_the_legal_actions_and_features_come_from_the_view(
    config: mentok.Config, seed: int
) -> None:
    codec = mentok.Codec(config)
    rng = random.Random(seed)
    state = mentok.new_game(config, seed=seed)
    while True:
        for seat in range(config.players):
            check_view(state, seat, codec, rng)
        if state.is_over:
            break
        assert state.to_act is not None
        view = mentok.observe(state, state.to_act)
        ids = codec.legal_ids(view)
        state = mentok.apply(state, codec.decode(view, rng.choice(ids)))


@pytest.mark.parametrize("config", CONFIGS, ids=lambda config: f"{config.players}p")
def test_the_layout_adds_up(config: mentok.Config) -> None:
    codec = mentok.Codec(config)
    players = config.players
    assert codec.version == 1
    assert codec.num_actions == 39 * (players - 1) + 4
    assert codec.observation_size == 125 + 201 * players
    parts = list(codec.layout.values())
    assert parts[0].start == 0
    assert all(left.stop == right.start for left, right in itertools.pairwise(parts))
    assert parts[-1].stop == codec.observation_size
    assert sum(part.stop - part.start for part in parts) == codec.observation_size
    assert len(set(codec.layout)) == len(parts)


def test_the_id_layout_is_pinned() -> None:
    # Seat 1 of 4 acts: offset 1 is seat 2, offset 3 is seat 0.
    front = "2c 3c 4c 5c 9h  2d 9c Kd 9s Ts  3d 4d 5d 6d 7d  3h 4h 5h 6h 7h"
    state = game(front, players=4)
    view = mentok.observe(state, 1)
    codec = mentok.Codec(state.config)
    assert codec.decode(view, 0) == Ask(2, "2")
    assert codec.decode(view, 3 * 7 + 1) == Ask(2, "9", split=True)
    assert codec.decode(view, 39 * 2 + 3 * 3) == Ask(0, "5")
    assert codec.decode(view, 117) == Stand(0)
    pinned: dict[mentok.Action, int] = {
        Ask(2, "2"): 0,
        Ask(2, "9", split=True): 22,
        Ask(3, "2"): 39,
        Ask(0, "5"): 87,
        Ask(0, "9"): 99,
        Stand(0): 117,
    }
    for action, action_id in pinned.items():
        assert codec.encode(view, action) == action_id
    # Hand 1 and the score choices, later in the round.
    split = play(state, Ask(2, "9", split=True))
    assert split.tables[1] == ((tr.Card.parse("9h"),), (tr.Card.parse("9c"),))
    assert codec.encode(mentok.observe(split, 2), Ask(1, "9")) == 39 * 2 + 3 * 7
    later = play(split, Stand(), Stand(), Stand())
    seen = mentok.observe(later, 1)
    assert codec.encode(seen, Ask(0, "9", hand=1)) == 39 * 2 + 3 * 7 + 2
    assert codec.encode(seen, Stand(1)) == 118
    done = play(later, Stand(0), Stand(1))
    assert done.phase is mentok.Phase.SCORE
    assert done.to_act is not None
    chooser = mentok.observe(done, done.to_act)
    assert codec.legal_ids(chooser) == (119, 120)
    assert codec.decode(chooser, 120) == Score(use_hand=True)


def test_targets_are_relative_to_the_asker() -> None:
    codec = mentok.Codec(mentok.Config(players=3))
    rng = random.Random(5)
    state = mentok.new_game(codec.config, seed=5)
    seen_from: dict[int, set[int]] = {0: set(), 1: set(), 2: set()}
    while state.phase is mentok.Phase.PLAY:
        assert state.to_act is not None
        view = mentok.observe(state, state.to_act)
        for action_id in codec.legal_ids(view):
            action = codec.decode(view, action_id)
            if isinstance(action, Ask):
                offset = (action.target - state.to_act) % 3
                assert action_id // 39 == offset - 1
                seen_from[state.to_act].add(offset)
        state = mentok.apply(state, mentok.random_action(view, rng))
    assert all(offsets <= {1, 2} for offsets in seen_from.values())


def test_cheats_share_the_ask_ids() -> None:
    front = "2c 3c 4c 5c 9h  2d 9c Kd 9s Ts"
    honest, cheating = game(front, players=2), game(front, players=2, strict=False)
    for state in (honest, cheating):
        view = mentok.observe(state, 1)
        codec = mentok.Codec(state.config)
        ace = 3 * 12  # offset 1, rank A, hand 0
        assert codec.mask(view)[ace] == (not state.config.strict)
        if state.config.strict:
            with pytest.raises(tr.IllegalActionError, match="outside its sphere"):
                codec.decode(view, ace)
        else:
            assert codec.decode(view, ace) == Ask(0, "A")
            after = mentok.observe(play(state, Ask(0, "A")), 1)
            assert after.cheated
            assert codec.observation(after)[codec.layout["cheated"]] == b"\x01"


def test_wrong_kinds_and_wrong_configs() -> None:
    config = mentok.Config(players=2)
    codec = mentok.Codec(config)
    state = mentok.new_game(config, seed=3)
    view = mentok.observe(state, 1)
    untyped: Any = codec
    for bad in ("0", None, 1.0, True):
        with pytest.raises(TypeError, match=r"^action_id must be an int"):
            untyped.decode(view, bad)

    class Index:
        def __index__(self) -> int:
            return 39

    assert untyped.decode(view, Index()) == Stand(0)  # NumPy integers work the same way
    for bad_id in (-1, 43, 10**30):
        with pytest.raises(tr.IllegalActionError, match="out of range"):
            codec.decode(view, bad_id)
    with pytest.raises(TypeError, match=r"^action must be a tablerules.mentok Ask, Stand or Score"):
        untyped.encode(view, "stand 0")
    for method in (untyped.legal_ids, untyped.mask, untyped.observation):
        with pytest.raises(TypeError, match=r"^view must be a tablerules.mentok.Observation"):
            method(state)
    with pytest.raises(TypeError, match=r"^config must be a tablerules.mentok.Config"):
        mentok.Codec(None)  # type: ignore[arg-type]
    other = mentok.Codec(mentok.Config(players=3))
    only_players = (
        r"^this codec is for games with players=3, but the observation's game has players=2$"
    )
    with pytest.raises(tr.ConfigError, match=only_players):
        other.legal_ids(view)
    assert mentok.Codec(mentok.Config(players=2)) == codec


def test_mask_and_features_read_as_numpy_arrays() -> None:
    numpy = pytest.importorskip("numpy")
    state = mentok.new_game(seed=1)
    codec = mentok.Codec(state.config)
    view = mentok.observe(state, 1)
    mask = numpy.frombuffer(codec.mask(view), numpy.uint8)
    features = numpy.frombuffer(codec.observation(view), numpy.uint8)
    assert mask.shape == (codec.num_actions,)
    assert features.shape == (codec.observation_size,)
    assert list(numpy.flatnonzero(mask)) == list(codec.legal_ids(view))
    assert codec.decode(view, numpy.int64(codec.legal_ids(view)[0])) == codec.decode(
        view, codec.legal_ids(view)[0]
    )


@pytest.mark.parametrize("active", [1, 2, 3])
@pytest.mark.parametrize("split", [0, 2, 9, 14])
def test_a_targets_block_of_ids_for_every_rank_set(active: int, split: int) -> None:
    from tablerules.mentok.codec import _block

    for ranks in range(1 << 13):
        expected = bytearray(39)
        for rank in range(2, 15):
            if ranks >> (rank - 2) & 1:
                first = (rank - 2) * 3
                expected[first] = active & 1
                expected[first + 1] = active & 1 and rank == split
                expected[first + 2] = active >> 1
        assert _block(ranks, active, split) == expected, (ranks, active, split)
