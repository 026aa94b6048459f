"""ofc.Codec: the fixed id layout, masks, decode and encode, and the observation vector."""

from __future__ import annotations

import itertools
import pickle
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import ofc
from tablerules.ofc.codec import FantasylandStep
from tests.ofc.helpers import fantasyland_round, stacked

CONFIGS = [
    ofc.Config(max_rounds=2),
    ofc.Config(players=3, max_rounds=2),
    ofc.Config(variant="classic", players=4, max_rounds=1),
    ofc.Config(progressive=True, max_rounds=2),
    ofc.Config(lowball_middle=True, players=3, max_rounds=1),
    ofc.Config(fantasyland=False, starting_points=40),
]
FANTASYLAND_STARTS = [
    (ofc.Config(max_rounds=2), (15, 0)),
    (ofc.Config(players=3, progressive=True, max_rounds=2), (16, 0, 18)),
    (ofc.Config(variant="classic", players=4, progressive=True, max_rounds=1), (14, 0, 13, 16)),
]


def views_of(state: ofc.State) -> list[ofc.Observation]:
    return [ofc.observe(state, seat) for seat in range(state.config.players)]


def check_codec_at(codec: ofc.Codec, state: ofc.State, rng: random.Random) -> None:
    """Every promise of the codec, for every seat's view of ``state``."""
    for view in views_of(state):
        ids = codec.legal_ids(view)
        mask = codec.mask(view)
        features = codec.observation(view)
        assert len(mask) == codec.num_actions
        assert [i for i, bit in enumerate(mask) if bit] == list(ids)
        assert len(features) == codec.observation_size
        guess = ofc.observe(ofc.determinize(view, rng), view.seat)
        assert guess == view
        assert codec.observation(guess) == features
        assert codec.mask(guess) == mask
        assert codec.legal_ids(guess) == ids
        if view.seat != state.to_act:
            assert ids == ()
            assert not any(mask)
            with pytest.raises(tr.IllegalActionError, match=r"turn|over"):
                codec.decode(view, rng.randrange(codec.num_actions))
            continue
        assert ids == tuple(sorted(set(ids)))
        decoded = [codec.decode(view, action_id) for action_id in ids]
        assert [codec.encode(view, action) for action in decoded] == list(ids)
        assert all(ofc.is_legal(state, action) for action in decoded)
        if state.in_fantasyland_turn:
            assert ids == (codec.fantasyland_id,)
            assert decoded == [ofc.solve_fantasyland(view.hand, state.config)]
        else:
            listed = ofc.legal_actions(state)
            assert decoded == list(listed), "ascending ids list the actions in their order"
            assert len(set(decoded)) == len(decoded)
            for action in listed[:: max(1, len(listed) // 6)]:
                assert codec.decode(view, codec.encode(view, action)) == action
        illegal = [i for i in range(codec.num_actions) if not mask[i]]
        for action_id in rng.sample(illegal, min(5, len(illegal))):
            with pytest.raises(tr.IllegalActionError):
                codec.decode(view, action_id)


def play_through_codec(codec: ofc.Codec, state: ofc.State, seed: int) -> ofc.State:
    """Play to the end choosing ids at random, checking the codec at every turn."""
    rng = random.Random(seed)
    while not state.is_over:
        check_codec_at(codec, state, rng)
        view = ofc.observe(state, state.to_act)  # type: ignore[arg-type]
        state = ofc.apply(state, codec.decode(view, rng.choice(codec.legal_ids(view))))
    check_codec_at(codec, state, rng)
    return state


@settings(max_examples=max(15, settings().max_examples // 5), deadline=None)
@given(st.sampled_from(CONFIGS), st.integers(0, 10_000))
def test_ids_are_the_legal_actions_over_random_playouts(config: ofc.Config, seed: int) -> None:
    codec = ofc.Codec(config)
    final = play_through_codec(codec, ofc.new_game(config, seed=seed), seed)
    assert final.winners


@pytest.mark.parametrize(("config", "earned"), FANTASYLAND_STARTS)
@pytest.mark.parametrize("mode", ["solver", "per_card"])
def test_ids_through_fantasyland_turns(
    config: ofc.Config, earned: tuple[int, ...], mode: ofc.codec.FantasylandMode
) -> None:
    codec = ofc.Codec(config, fantasyland=mode)
    state = fantasyland_round(config, earned, "", seed=3)
    assert state.in_fantasyland_turn
    play_through_codec(codec, state, 3)


# --- the id layout ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "mode", "street", "fantasyland", "cards", "total"),
    [
        (ofc.Config(), "solver", range(243, 270), 270, range(271, 271), 271),
        (ofc.Config(players=3), "per_card", range(243, 270), 270, range(271, 275), 275),
        (ofc.Config(variant="classic"), "solver", range(243, 246), 246, range(247, 247), 247),
        (
            ofc.Config(variant="classic", players=4, progressive=True),
            "per_card",
            range(243, 246),
            246,
            range(247, 251),
            251,
        ),
        (ofc.Config(fantasyland=False), "per_card", range(243, 270), None, range(270, 270), 270),
    ],
)
def test_the_blocks_of_ids(  # noqa: PLR0917 - one parameter per column of the table
    config: ofc.Config,
    mode: ofc.codec.FantasylandMode,
    street: range,
    fantasyland: int | None,
    cards: range,
    total: int,
) -> None:
    codec = ofc.Codec(config, fantasyland=mode)
    assert codec.first_street_ids == range(243)
    assert codec.street_ids == street
    assert codec.fantasyland_id == fantasyland
    assert codec.card_ids == cards
    assert codec.num_actions == total
    assert codec.version == 1


def test_first_street_ids_are_a_row_per_sorted_card() -> None:
    codec = ofc.Codec()
    state = ofc.new_game(seed=1, deck=stacked("Kd 2c As 9h 9s"))
    view = ofc.observe(state, 1)
    ids = codec.legal_ids(view)
    assert len(ids) == 232
    assert set(range(243)) - set(ids) == {
        action_id
        for action_id, rows in enumerate(itertools.product(range(3), repeat=5))
        if rows.count(0) > 3
    }
    # Sorted: 2c 9h 9s Kd As; digits top=0, middle=1, bottom=2, the lowest card first.
    assert codec.decode(view, 0 * 81 + 0 * 27 + 1 * 9 + 2 * 3 + 2) == ofc.Place(
        top="2c 9h", middle="9s", bottom="Kd As"
    )
    assert codec.decode(view, 242) == ofc.Place(bottom="2c 9h 9s Kd As")
    assert codec.encode(view, ofc.Place(top="As Kd 9s", middle="9h", bottom="2c")) == (
        2 * 81 + 1 * 27 + 0 * 9 + 0 * 3 + 0
    )


def test_pineapple_street_ids_are_discard_then_rows() -> None:
    codec = ofc.Codec()
    state = ofc.new_game(seed=1, deck=stacked("2c 3c 4c 5c 6c 2d 3d 4d 5d 6d Ks 7h As"))
    state = ofc.apply(state, ofc.Place(middle="2c 3c 4c 5c 6c"))
    state = ofc.apply(state, ofc.Place(top="2d 3d 4d", bottom="5d 6d"))
    view = ofc.observe(state, 1)
    assert view.street == 1
    ids = codec.legal_ids(view)
    # The middle is full: the two kept cards go to the top or the bottom.
    assert ids == tuple(
        243 + 9 * discard + 3 * first + second
        for discard in range(3)
        for first in (0, 2)
        for second in (0, 2)
    )
    # Sorted 7h Ks As: discard Ks (d=1), 7h to the top, As to the bottom.
    assert codec.decode(view, 243 + 9 + 0 + 2) == ofc.Place(top="7h", bottom="As", discard="Ks")
    with pytest.raises(tr.IllegalActionError, match="sends 1 cards to the middle row"):
        codec.decode(view, 243 + 1)
    with pytest.raises(tr.IllegalActionError, match=r"first-street id .* street 1"):
        codec.decode(view, 17)


def test_classic_street_ids_are_the_row() -> None:
    config = ofc.Config(variant="classic")
    codec = ofc.Codec(config)
    state = ofc.new_game(config, seed=4)
    rng = random.Random(0)
    for _ in range(2):
        state = ofc.apply(state, ofc.random_action(state, rng))
    view = ofc.observe(state, state.to_act)  # type: ignore[arg-type]
    assert view.street == 1
    assert set(codec.legal_ids(view)) <= {243, 244, 245}
    (card,) = view.hand
    for action_id in codec.legal_ids(view):
        place = codec.decode(view, action_id)
        assert (place.top, place.middle, place.bottom)[action_id - 243] == (card,)


# --- per-card fantasyland -----------------------------------------------------------------------


def test_per_card_choices_build_every_kind_of_setting() -> None:
    config = ofc.Config(players=3, progressive=True)
    codec = ofc.Codec(config, fantasyland="per_card")
    state = fantasyland_round(config, (17, 0, 0), "", seed=2)
    view = ofc.observe(state, state.to_act)  # type: ignore[arg-type]
    hand = sorted(view.hand)
    assert len(hand) == 17
    top, middle, bottom, discard = codec.card_ids
    rng = random.Random(1)
    for _ in range(50):
        choices: list[int] = []
        while True:
            step = codec.fantasyland_step(view, choices)
            assert isinstance(step, FantasylandStep)
            assert [i for i, bit in enumerate(step.mask) if bit] == list(step.ids)
            assert len(step.observation) == codec.observation_size
            if step.place is not None:
                break
            assert step.card == hand[len(choices)]
            assert set(step.ids) <= set(codec.card_ids)
            choices.append(rng.choice(step.ids))
        assert step.card is None
        assert step.ids == ()
        assert ofc.is_legal(state, step.place)
        assert step.place in ofc.legal_actions(view)
        assert codec.fantasyland_choices(view, step.place) == tuple(choices)
    # The solver's setting, card by card.
    solved = codec.decode(view, codec.fantasyland_id)  # type: ignore[arg-type]
    assert codec.fantasyland_step(view, codec.fantasyland_choices(view, solved)).place == solved
    # A row is closed once full, and the discards once 4 are thrown.
    step = codec.fantasyland_step(view, [top, top, top])
    assert step.ids == (middle, bottom, discard)
    step = codec.fantasyland_step(view, [discard] * 4)
    assert step.ids == (top, middle, bottom)
    with pytest.raises(tr.IllegalActionError, match="to the top, which is full"):
        codec.fantasyland_step(view, [top] * 4)
    with pytest.raises(tr.IllegalActionError, match="not a per-card fantasyland id"):
        codec.fantasyland_step(view, [codec.fantasyland_id])  # type: ignore[list-item]
    with pytest.raises(tr.IllegalActionError, match="18 choices"):
        codec.fantasyland_step(view, [top] * 18)
    with pytest.raises(TypeError, match="choices"):
        codec.fantasyland_step(view, [float(top)])  # type: ignore[list-item]
    untyped_codec: Any = codec
    with pytest.raises(TypeError, match="choices"):
        untyped_codec.fantasyland_step(view, "tmb")
    with pytest.raises(tr.IllegalActionError, match="decode never"):
        codec.decode(view, top)
    # The pending planes show the choices so far, the next card its own plane.
    step = codec.fantasyland_step(view, [middle, discard])
    features = step.observation
    assert features[codec.layout["pending.middle"]][hand[0].index] == 1
    assert features[codec.layout["pending.discard"]][hand[1].index] == 1
    assert features[codec.layout["next_card"]][hand[2].index] == 1
    assert sum(features[codec.layout["next_card"]]) == 1
    plain = codec.observation(view)
    assert sum(plain[codec.layout["pending.middle"]]) == sum(plain[codec.layout["next_card"]]) == 0


def test_per_card_steps_need_the_mode_and_a_fantasyland_turn() -> None:
    config = ofc.Config()
    state = fantasyland_round(config, (0, 15), "", seed=2)
    view = ofc.observe(state, state.to_act)  # type: ignore[arg-type]
    with pytest.raises(tr.IllegalActionError, match="per_card"):
        ofc.Codec(config).fantasyland_step(view, [])
    codec = ofc.Codec(config, fantasyland="per_card")
    other = ofc.observe(state, 1 - view.seat)
    with pytest.raises(tr.IllegalActionError, match="turn"):
        codec.fantasyland_step(other, [])
    normal = ofc.observe(ofc.new_game(config, seed=1), 1)
    with pytest.raises(tr.IllegalActionError, match="not setting a fantasyland board"):
        codec.fantasyland_step(normal, [])
    setting = ofc.legal_actions(view)[777]
    with pytest.raises(tr.IllegalActionError, match="only solve_fantasyland's setting"):
        codec.encode(view, setting)
    assert len(codec.fantasyland_choices(view, setting)) == 15
    with pytest.raises(tr.IllegalActionError):
        codec.fantasyland_choices(view, ofc.Place(top=view.hand[:3]))


# --- the observation vector -----------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("mode", ["solver", "per_card"])
def test_the_layout_covers_the_vector(config: ofc.Config, mode: ofc.codec.FantasylandMode) -> None:
    codec = ofc.Codec(config, fantasyland=mode)
    covered = [0] * codec.observation_size
    for where in codec.layout.values():
        for i in range(where.start, where.stop):
            covered[i] += 1
    assert covered == [1] * codec.observation_size
    assert list(codec.layout)[:2] == ["hand", "discards"]
    players = config.players
    for name in ("to_act", "dealer", "fantasyland", "hidden_board", "hand_size", "score"):
        where = codec.layout[name]
        assert where.stop - where.start == players
    assert ("pending.top" in codec.layout) == (mode == "per_card" and config.fantasyland)


def test_the_features_show_the_view_observer_first() -> None:
    config = ofc.Config(players=3, starting_points=50, max_rounds=4)
    codec = ofc.Codec(config)
    state = ofc.new_game(config, seed=6)
    rng = random.Random(6)
    for _ in range(7):
        state = ofc.apply(state, ofc.random_action(state, rng))
    assert state.to_act is not None
    for view in views_of(state):
        features = codec.observation(view)

        def part(name: str, features: bytes = features) -> list[int]:
            return list(features[codec.layout[name]])

        def plane(cards: tuple[tr.Card, ...]) -> list[int]:
            return [int(card in cards) for card in tr.FULL_DECK]

        seat, players = view.seat, config.players
        assert part("hand") == plane(view.hand)
        assert part("discards") == plane(view.discards)
        for k in range(players):
            board = view.boards[(seat + k) % players]
            assert part(f"board{k}.top") == plane(board.top)
            assert part(f"board{k}.middle") == plane(board.middle)
            assert part(f"board{k}.bottom") == plane(board.bottom)
        shown = [
            sum(
                part(name)[i]
                for name in codec.layout
                if "." in name or name in ("hand", "discards")
            )
            for i in range(52)
        ]
        assert shown == [int(card not in view.unseen_cards) for card in tr.FULL_DECK]
        assert part("street") == [int(street == view.street) for street in range(5)]
        assert part("to_act") == [int((seat + k) % players == view.to_act) for k in range(3)]
        assert part("dealer") == [int((seat + k) % players == view.dealer) for k in range(3)]
        assert part("hand_size") == [view.hand_sizes[(seat + k) % players] for k in range(3)]
        assert part("discard_count") == [
            view.discard_counts[(seat + k) % players] for k in range(3)
        ]
        assert part("score") == [view.scores[(seat + k) % players] * 2 for k in range(3)]
        assert part("deck_size") == [view.deck_size]
        assert part("round") == [0]
        assert part("rounds_left") == [4]


def test_scores_are_percent_of_the_start_clamped() -> None:
    config = ofc.Config(starting_points=100)
    codec = ofc.Codec(config)
    view = ofc.observe(ofc.new_game(config, seed=1), 0)
    for scores, expected in [
        ((100, 100), [100, 100]),
        ((-30, 230), [0, 230]),
        ((400, -200), [255, 0]),
    ]:
        features = codec.observation(attrs_evolve(view, scores=scores))
        assert list(features[codec.layout["score"]]) == expected
    assert codec.observation(view)[codec.layout["rounds_left"]] == bytes([255])


def attrs_evolve(view: ofc.Observation, **changes: Any) -> ofc.Observation:
    import attrs

    return attrs.evolve(view, **changes)


def test_fantasyland_features_and_hidden_boards() -> None:
    config = ofc.Config(players=3, progressive=True)
    codec = ofc.Codec(config)
    state = fantasyland_round(config, (16, 0, 18), "", seed=5)
    rng = random.Random(5)
    while state.in_fantasyland_turn:
        state = ofc.apply(state, ofc.random_action(state, rng))
    view = ofc.observe(state, 1)
    features = codec.observation(view)
    counts = [view.fantasyland[(1 + k) % 3] for k in range(3)]
    assert list(features[codec.layout["fantasyland"]]) == counts
    assert list(features[codec.layout["hidden_board"]]) == [0, 1, 1]
    for k in (1, 2):
        assert sum(features[codec.layout[f"board{k}.top"]]) == 0
    planes = [name for name in codec.layout if name in ("hand", "discards") or name[:5] == "board"]
    assert sum(sum(features[codec.layout[name]]) for name in planes) == 52 - view.unseen_count


# --- errors and the value itself --------------------------------------------------------------


def test_wrong_kinds_and_wrong_ids() -> None:
    config = ofc.Config()
    codec = ofc.Codec(config)
    state = ofc.new_game(config, seed=2)
    view = ofc.observe(state, 1)
    untyped: Any = codec
    for method in ("legal_ids", "mask", "observation"):
        with pytest.raises(TypeError, match=r"^view must be a tablerules\.ofc\.Observation"):
            getattr(untyped, method)(state)
    with pytest.raises(TypeError, match="view"):
        untyped.decode(state, 0)
    for junk in ("5", 5.0, None, True):
        with pytest.raises(TypeError, match="action_id"):
            untyped.decode(view, junk)
    for thing in ("top As", None, ofc.Board()):
        with pytest.raises(TypeError, match=r"action must be a tablerules\.ofc\.Place"):
            untyped.encode(view, thing)
    for bad in (-1, codec.num_actions, 10**40):
        with pytest.raises(tr.IllegalActionError, match="out of range"):
            codec.decode(view, bad)
    with pytest.raises(tr.IllegalActionError, match="fantasyland id"):
        codec.decode(view, 270)
    with pytest.raises(tr.IllegalActionError, match="not among the cards"):
        codec.encode(view, ofc.Place(top="As Ad Ac", bottom="Ks Kd"))
    with pytest.raises(tr.IllegalActionError, match="seat 1's turn: seat 0 has no legal id"):
        codec.decode(ofc.observe(state, 0), 4)
    with pytest.raises(tr.IllegalActionError, match="seat 1's turn"):
        codec.encode(ofc.observe(state, 0), codec.decode(view, 4))
    with pytest.raises(
        tr.ConfigError, match=r"^this codec is for games with players=2, but .* players=3$"
    ):
        codec.legal_ids(ofc.observe(ofc.new_game(ofc.Config(players=3), seed=2), 1))
    with pytest.raises(tr.ConfigError, match="solver"):
        ofc.Codec(config, fantasyland="cards")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="config"):
        ofc.Codec("pineapple")  # type: ignore[arg-type]


def test_the_codec_is_a_value() -> None:
    codec = ofc.Codec(ofc.Config(players=3), fantasyland="per_card")
    assert codec == ofc.Codec(ofc.Config(players=3), fantasyland="per_card")
    assert codec != ofc.Codec(ofc.Config(players=3))
    assert hash(codec) == hash(ofc.Codec(ofc.Config(players=3), fantasyland="per_card"))
    assert pickle.loads(pickle.dumps(codec)) == codec
    assert repr(codec).startswith("Codec(Config(players=3")
    assert ofc.Codec() == ofc.Codec(ofc.Config())
    assert codec.config == ofc.Config(players=3)
    assert codec.fantasyland == "per_card"


def test_the_documented_layout_is_the_codec_layout() -> None:
    """docs/codecs/ofc.inc lists the parts in the order the codec lays them out."""
    text = (Path(__file__).parents[2] / "docs" / "codecs" / "ofc.inc").read_text()
    table = text.split("Observation layout", 1)[1]
    documented = []
    for line in table.splitlines():
        if line.startswith("   * - ``"):
            documented += re.findall(r"``([^`]+)``", line)
    codec = ofc.Codec(ofc.Config(players=3), fantasyland="per_card")
    laid_out = [re.sub(r"board\d", "board{k}", name) for name in codec.layout]
    assert documented == list(dict.fromkeys(laid_out))
