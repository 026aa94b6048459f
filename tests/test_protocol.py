"""One conformance suite, run against every game in ``tablerules.GAMES``.

Random playouts over several configs of each game check the promises every
game module makes: pure transitions, legal actions that apply,
determinism, card conservation, JSON round trips, clear errors for bad input,
and observations that never show the deck.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok, mock, ofc

AnyGame = tr.Game[Any, Any, Any, Any]

CONFIGS: dict[str, list[object]] = {
    "ofc": [
        ofc.Config(max_rounds=2),
        ofc.Config(players=3, max_rounds=2),
        ofc.Config(variant="classic", players=4, max_rounds=1),
        ofc.Config(progressive=True, max_rounds=2),
        ofc.Config(lowball_middle=True, players=3, max_rounds=2),
    ],
    "mock": [
        mock.Config(players=3, max_rounds=1),
        mock.Config(max_rounds=1),
        mock.Config(players=10, max_rounds=1),
        mock.Config(players=5, highest_hand_ties="suits", max_rounds=2),
    ],
    "mentok": [
        mentok.Config(players=2, max_rounds=2),
        mentok.Config(max_rounds=2),
        mentok.Config(players=5, strict=False, max_rounds=2),
        mentok.Config(players=8, decks=2, max_rounds=1),
    ],
}


def decks_of(config: object) -> int:
    return int(getattr(config, "decks", 1))


def cards_in_play(name: str, state: Any) -> Counter[tr.Card]:
    """Every card of the current round, wherever it is."""
    found: Counter[tr.Card] = Counter(state.deck)
    for hand in state.hands:
        found.update(hand)
    if name == "ofc":
        for board in state.boards:
            found.update(board.top + board.middle + board.bottom)
        for discards in state.discards:
            found.update(discards)
    elif name == "mock":
        for meld in state.melds:
            found.update(meld)
        found.update(state.discard_pile)
    else:
        for table in state.tables:
            for hand in table:
                found.update(hand)
    return found


def reachable_cards(value: object, *, skip: str = "last_round") -> Iterator[tr.Card]:
    """Every card reachable from ``value`` through attrs fields and containers."""
    if isinstance(value, tr.Card):
        yield value
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            if field.name != skip:
                yield from reachable_cards(getattr(value, field.name), skip=skip)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from reachable_cards(key, skip=skip)
            yield from reachable_cards(item, skip=skip)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from reachable_cards(item, skip=skip)


CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def check_observation_hides_deck(game: AnyGame, state: Any, decks: int) -> None:
    """No card whose every copy is in the deck shows in any seat's observation."""
    deck = Counter(state.deck)
    hidden = {card for card, copies in deck.items() if copies == decks}
    for seat in range(len(state.scores)):
        observation = game.observe(state, seat)
        assert observation.seat == seat
        names = {field.name for field in attrs.fields(type(observation))}
        assert "seed" not in names, "the seed would give away every shuffle"
        assert "deck" not in names
        shown = set(reachable_cards(observation))
        assert not shown & hidden, f"seat {seat} sees deck cards {shown & hidden}"
        text = repr(attrs.evolve(observation, last_round=None))
        texts = {tr.Card.parse(token) for token in CARD_TEXT.findall(text)}
        assert not texts & hidden, f"repr of seat {seat}'s observation shows {texts & hidden}"
        pickled = pickle.loads(pickle.dumps(observation))
        assert pickled == observation


def playout(
    game: AnyGame, config: object, seed: int, check: Callable[[Any, Any], None]
) -> tuple[Any, list[Any]]:
    """Play random actions to the end, calling ``check(before, action)`` at each step."""
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    actions: list[Any] = []
    for _ in range(20_000):
        if state.is_over:
            return state, actions
        action = game.random_action(state, rng)
        check(state, action)
        state = game.apply(state, action)
        actions.append(action)
    pytest.fail("the game did not end within 20,000 actions")


def game_names() -> list[str]:
    return sorted(tr.GAMES)


def test_games_registry() -> None:
    assert game_names() == ["mentok", "mock", "ofc"]
    modules: dict[str, object] = {"ofc": ofc, "mock": mock, "mentok": mentok}
    for name, module in modules.items():
        assert tr.GAMES[name] is module


games_and_configs = st.sampled_from(game_names()).flatmap(
    lambda name: st.tuples(st.just(name), st.sampled_from(CONFIGS[name]))
)


@settings(max_examples=max(12, settings().max_examples // 5))
@given(games_and_configs, st.integers(0, 10_000))
def test_playouts_keep_every_promise(choice: tuple[str, object], seed: int) -> None:
    name, config = choice
    game: AnyGame = tr.GAMES[name]
    decks = decks_of(config)
    full = Counter(tr.FULL_DECK * decks)
    step = 0

    def check(state: Any, action: Any) -> None:
        nonlocal step
        step += 1
        before = game.to_dict(state)
        assert state.to_act is not None
        assert cards_in_play(name, state) == full, "a card was duplicated or lost"
        assert game.is_legal(state, action)
        try:
            listed = game.legal_actions(state)
        except tr.RulesError:
            assert name == "ofc", "only an OFC fantasyland turn may refuse to list"
        else:
            assert listed, "legal_actions is empty before the game is over"
            assert action in listed
            assert len(set(listed)) == len(listed)
            if step % 7 == 0:
                for other in listed[:: max(1, len(listed) // 5)]:
                    assert game.is_legal(state, other)
                    game.apply(state, other)
        if step % 5 == 1:
            assert pickle.loads(pickle.dumps(state)) == state
            assert pickle.loads(pickle.dumps(action)) == action
            text = json.dumps(before)
            assert game.from_dict(json.loads(text)) == state
            check_observation_hides_deck(game, state, decks)
        game.apply(state, action)
        assert game.to_dict(state) == before, "apply changed its input"

    final, actions = playout(game, config, seed, check)
    assert final.winners
    assert set(final.winners) <= set(range(len(final.scores)))
    assert final.to_act is None
    assert final.last_round is not None
    assert game.from_dict(json.loads(json.dumps(game.to_dict(final)))) == final
    if name == "ofc":
        assert sum(final.scores) == len(final.scores) * config.starting_points  # type: ignore[attr-defined]

    # Same seed and actions: the same game, state for state.
    replay = game.new_game(config, seed=seed)
    for action in actions:
        replay = game.apply(replay, action)
    assert replay == final


@pytest.mark.parametrize("name", game_names())
def test_game_over_has_no_actions_and_refuses_any(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    final, _ = playout(game, CONFIGS[name][0], 3, lambda state, action: None)
    assert final.is_over
    assert game.legal_actions(final) == ()
    for other_name, other_game in tr.GAMES.items():
        probe = other_game.new_game(CONFIGS[other_name][0], seed=1)
        action = other_game.random_action(probe, random.Random(0))
        assert not game.is_legal(final, action)
    with pytest.raises(tr.IllegalActionError):
        game.apply(
            final, game.random_action(game.new_game(CONFIGS[name][0], seed=3), random.Random(1))
        )


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("bad", [None, "draw", 7, ("As",), object()])
def test_non_actions_are_illegal(name: str, bad: object) -> None:
    game: AnyGame = tr.GAMES[name]
    state = game.new_game(CONFIGS[name][0], seed=5)
    before = game.to_dict(state)
    assert not game.is_legal(state, bad)
    with pytest.raises(tr.IllegalActionError) as info:
        game.apply(state, bad)
    assert str(info.value)
    assert game.to_dict(state) == before


@pytest.mark.parametrize("name", game_names())
def test_other_games_actions_are_illegal(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    state = game.new_game(CONFIGS[name][0], seed=9)
    for other_name, other_game in tr.GAMES.items():
        if other_name == name:
            continue
        other_state = other_game.new_game(CONFIGS[other_name][0], seed=9)
        action = other_game.random_action(other_state, random.Random(2))
        assert not game.is_legal(state, action)
        with pytest.raises(tr.IllegalActionError):
            game.apply(state, action)


@pytest.mark.parametrize("name", game_names())
def test_random_action_depends_only_on_the_rng(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    state = game.new_game(CONFIGS[name][1], seed=21)
    for seed in range(20):
        first = game.random_action(state, random.Random(seed))
        assert game.random_action(state, random.Random(seed)) == first


@pytest.mark.parametrize("name", game_names())
def test_seed_fixes_the_deal(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    config = CONFIGS[name][1]
    assert game.new_game(config, seed=77) == game.new_game(config, seed=77)
    assert game.new_game(config, seed=77) != game.new_game(config, seed=78)


@pytest.mark.parametrize("name", game_names())
def test_stacked_deck_is_dealt_first_card_first(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    config = CONFIGS[name][0]
    deck = list(tr.FULL_DECK) * decks_of(config)
    random.Random(4).shuffle(deck)
    state = game.new_game(config, seed=1, deck=deck)
    dealt = len(deck) - len(state.deck)
    assert state.deck == tuple(deck[dealt:])
    with pytest.raises(tr.ConfigError):
        game.new_game(config, seed=1, deck=deck[:-1])


@pytest.mark.parametrize("name", game_names())
def test_deck_order_is_invisible(name: str) -> None:
    """Two states that differ only in the deck's order look the same to every seat."""
    game: AnyGame = tr.GAMES[name]
    for config in CONFIGS[name]:
        rng = random.Random(8)
        state = game.new_game(config, seed=8)
        for _ in range(rng.randrange(1, 9)):
            if state.is_over:
                break
            state = game.apply(state, game.random_action(state, rng))
        data = game.to_dict(state)
        deck = data["deck"].split()
        rng.shuffle(deck)
        other = game.from_dict({**data, "deck": " ".join(deck)})
        for seat in range(len(state.scores)):
            assert game.observe(other, seat) == game.observe(state, seat)


@pytest.mark.parametrize("name", game_names())
def test_tampered_records_raise_state_error(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    rng = random.Random(12)
    state = game.new_game(CONFIGS[name][1], seed=12)
    for _ in range(6):
        state = game.apply(state, game.random_action(state, rng))
    data = game.to_dict(state)
    for key in data:
        with pytest.raises(tr.StateError, match=key):
            game.from_dict({k: v for k, v in data.items() if k != key})
    for key, value in data.items():
        for junk in ({"x": 1}, [[["As"]]], 3.5):
            if junk == value:
                continue
            with pytest.raises(tr.StateError):
                game.from_dict({**data, key: junk})
    with pytest.raises(tr.StateError):
        game.from_dict({**data, "deck": data["deck"] + " As"})  # a card twice
    with pytest.raises(tr.StateError):
        game.from_dict({**data, "deck": " ".join(data["deck"].split()[1:])})  # a card lost
    bad: object
    for bad in (None, [], "state", {"game": name}):
        with pytest.raises(tr.StateError):
            game.from_dict(bad)  # type: ignore[arg-type]


@settings(max_examples=max(12, settings().max_examples // 5))
@given(games_and_configs, st.integers(0, 10_000), st.integers(0, 2**32))
def test_determinize_matches_the_observation(
    choice: tuple[str, object], seed: int, draw: int
) -> None:
    """A determinized state looks to its observer exactly like the real one, and plays on."""
    name, config = choice
    game: AnyGame = tr.GAMES[name]
    rng = random.Random(draw)
    states: list[Any] = []
    playout(game, config, seed, lambda state, action: states.append(state))
    for state in rng.sample(states, min(5, len(states))):
        seat = rng.randrange(len(state.scores))
        view = game.observe(state, seat)
        guess = game.determinize(view, rng)
        assert game.observe(guess, seat) == view
        assert cards_in_play(name, guess) == cards_in_play(name, state)
        assert game.from_dict(json.loads(json.dumps(game.to_dict(guess)))) == guess
        round_index = guess.round
        while not guess.is_over and guess.round == round_index:
            guess = game.apply(guess, game.random_action(guess, rng))


def advance(name: str, state: Any, seed: int) -> Any:
    """Run in another process: one random action, from a pickled state."""
    game: AnyGame = tr.GAMES[name]
    return game.apply(state, game.random_action(state, random.Random(seed)))


def test_states_cross_process_boundaries() -> None:
    names = game_names()
    states = [tr.GAMES[name].new_game(CONFIGS[name][1], seed=31) for name in names]
    with ProcessPoolExecutor(max_workers=1) as pool:
        remote = list(pool.map(advance, names, states, range(len(names))))
    pairs = zip(names, states, strict=True)
    local = [advance(name, state, seed) for seed, (name, state) in enumerate(pairs)]
    assert remote == local


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("seat", [-1, 99, "0", None, True])
def test_observe_refuses_a_seat_that_is_not_at_the_table(name: str, seat: object) -> None:
    game: AnyGame = tr.GAMES[name]
    state = game.new_game(CONFIGS[name][0], seed=2)
    with pytest.raises(tr.RulesError, match="seat must be"):
        game.observe(state, seat)  # type: ignore[arg-type]
