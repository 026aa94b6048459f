"""One conformance suite, run against every game in ``tablerules.GAMES``.

Random playouts over several configs of each game check the promises every
game module makes: pure transitions, legal actions that apply, ``apply_unchecked``
agreeing with ``apply``, determinism, card conservation, the invariant check,
JSON round trips, the action notation, and observations that never show the
deck. A table of bad calls per game checks the error family: each raises a
:class:`~tablerules.RulesError` (a :class:`ValueError`), or a :class:`TypeError`
for an argument of the wrong type, and never changes its input.
"""

from __future__ import annotations

import enum
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
from tests.helpers import AnyGame, playout, random_state

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


def is_listable(name: str, state: Any) -> bool:
    """Whether listing every legal action is cheap (not an OFC fantasyland turn)."""
    return not (name == "ofc" and state.in_fantasyland_turn)


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
        listed = game.legal_actions(state)
        assert len(listed) > 0, "legal_actions is empty before the game is over"
        assert action in listed
        if is_listable(name, state):
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
@pytest.mark.parametrize("seat", [-1, 99])
def test_observe_refuses_a_seat_that_is_not_at_the_table(name: str, seat: object) -> None:
    game: AnyGame = tr.GAMES[name]
    state = game.new_game(CONFIGS[name][0], seed=2)
    players = len(state.scores)
    with pytest.raises(tr.RulesError, match=f"seat must be 0 to {players - 1}, not {seat}"):
        game.observe(state, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize(("seat", "kind"), [("1", "str"), (None, "NoneType"), (True, "bool")])
def test_observe_refuses_a_seat_that_is_not_an_int(name: str, seat: object, kind: str) -> None:
    game: AnyGame = tr.GAMES[name]
    state = game.new_game(CONFIGS[name][0], seed=2)
    with pytest.raises(TypeError, match=f"seat must be an int, not {kind}"):
        game.observe(state, seat)  # type: ignore[arg-type]


# --- apply_unchecked, check_state and the notation ------------------------------------


@settings(max_examples=max(12, settings().max_examples // 5))
@given(games_and_configs, st.integers(0, 10_000))
def test_apply_unchecked_gives_the_states_apply_gives(
    choice: tuple[str, object], seed: int
) -> None:
    name, config = choice
    game: AnyGame = tr.GAMES[name]

    def check(state: Any, action: Any) -> None:
        before = game.to_dict(state)
        assert game.apply_unchecked(state, action) == game.apply(state, action)
        assert game.to_dict(state) == before, "apply_unchecked changed its input"

    checked, actions = playout(game, config, seed, check)
    unchecked, same_actions = playout(game, config, seed, unchecked=True)
    assert unchecked == checked
    assert same_actions == actions


@settings(max_examples=max(12, settings().max_examples // 5))
@given(games_and_configs, st.integers(0, 10_000))
def test_every_reached_state_passes_check_state_and_actions_read_back(
    choice: tuple[str, object], seed: int
) -> None:
    name, config = choice
    game: AnyGame = tr.GAMES[name]

    def check(state: Any, action: Any) -> None:
        game.check_state(state)
        text = str(action)
        assert game.parse_action(text) == action, text
        assert str(game.parse_action(text)) == text

    final, _ = playout(game, config, seed, check)
    game.check_state(final)


@pytest.mark.parametrize("name", game_names())
def test_listed_actions_read_back_from_their_text(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    for config in CONFIGS[name]:
        for steps in (0, 1, 5, 9):
            state = random_state(game, config, seed=steps, steps=steps)
            if state.is_over or (name == "ofc" and state.in_fantasyland_turn):
                continue
            for action in game.legal_actions(state):
                assert game.parse_action(str(action)) == action


@pytest.mark.parametrize("name", game_names())
def test_check_state_refuses_a_state_that_breaks_the_rules(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    state = random_state(game, CONFIGS[name][1], seed=4, steps=3)
    game.check_state(state)
    scores = (state.scores[0] + 1, *state.scores[1:])
    with pytest.raises(tr.StateError):
        game.check_state(attrs.evolve(state, scores=scores))
    with pytest.raises(tr.StateError):
        game.check_state(attrs.evolve(state, deck=state.deck[1:]))


# --- the error family ----------------------------------------------------------------

BadCall = tuple[str, Callable[[], object], type[Exception]]


def forged(cls: type[Any], **fields: object) -> Any:
    """An instance of a frozen attrs class with ``fields`` set, past every converter."""
    value = object.__new__(cls)
    for field in attrs.fields(cls):
        object.__setattr__(value, field.name, fields.get(field.name, field.default))
    return value


def common_bad_calls(name: str) -> list[BadCall]:
    """Bad calls every game refuses the same way."""
    game: Any = tr.GAMES[name]  # untyped: these calls break the types on purpose
    config = CONFIGS[name][0]
    state = game.new_game(config, seed=1)
    final, _ = playout(game, config, 3)
    view = game.observe(state, 0)
    record = game.to_dict(state)
    action = game.random_action(state, random.Random(1))
    deep: list[object] = []
    for _ in range(50_000):
        deep = [deep]
    return [
        ("seed as text", lambda: game.new_game(config, seed="x"), tr.ConfigError),
        ("seed too large", lambda: game.new_game(config, seed=10**5000), tr.ConfigError),
        ("config of another kind", lambda: game.new_game(object(), seed=1), TypeError),
        ("deck not a sequence", lambda: game.new_game(config, seed=1, deck=5), tr.ConfigError),
        ("deck of text", lambda: game.new_game(config, seed=1, deck="As Kd"), tr.ConfigError),
        (
            "deck short",
            lambda: game.new_game(config, seed=1, deck=tr.FULL_DECK[1:]),
            tr.ConfigError,
        ),
        ("players as text", lambda: game.Config(players="2"), tr.ConfigError),
        ("players as a list", lambda: game.Config(players=[]), tr.ConfigError),
        ("no players", lambda: game.Config(players=0), tr.ConfigError),
        ("max_rounds zero", lambda: game.Config(max_rounds=0), tr.ConfigError),
        ("max_rounds as a float", lambda: game.Config(max_rounds=1.5), tr.ConfigError),
        ("unknown config field", lambda: game.Config(colour="red"), TypeError),
        ("rng an int", lambda: game.random_action(state, 7), TypeError),
        ("rng None", lambda: game.random_action(state, None), TypeError),
        (
            "random_action once over",
            lambda: game.random_action(final, random.Random(1)),
            tr.IllegalActionError,
        ),
        ("apply None", lambda: game.apply(state, None), tr.IllegalActionError),
        (
            "apply once over",
            lambda: game.apply(final, game.random_action(state, random.Random(1))),
            tr.IllegalActionError,
        ),
        ("observe a missing seat", lambda: game.observe(state, 99), tr.RulesError),
        ("determinize with an int rng", lambda: game.determinize(view, 5), TypeError),
        ("determinize a state", lambda: game.determinize(state, random.Random(1)), TypeError),
        ("apply to no state", lambda: game.apply(5, action), TypeError),
        ("is_legal of no state", lambda: game.is_legal(record, action), TypeError),
        ("legal_actions of no state", lambda: game.legal_actions(None), TypeError),
        ("random_action of no state", lambda: game.random_action(5, random.Random(1)), TypeError),
        ("observe no state", lambda: game.observe(record, 0), TypeError),
        ("to_dict of no state", lambda: game.to_dict(view), TypeError),
        ("check_state of no state", lambda: game.check_state(record), TypeError),
        ("from_dict None", lambda: game.from_dict(None), tr.StateError),
        (
            "from_dict a huge seed",
            lambda: game.from_dict({**record, "seed": 10**5000}),
            tr.StateError,
        ),
        (
            "from_dict a huge score",
            lambda: game.from_dict({**record, "scores": [10**5000] * len(state.scores)}),
            tr.StateError,
        ),
        (
            "from_dict deep nesting",
            lambda: game.from_dict({**record, "hands": deep}),
            tr.StateError,
        ),
        (
            "from_dict deep config",
            lambda: game.from_dict({**record, "config": {"players": deep}}),
            tr.StateError,
        ),
        (
            "from_dict unknown config field",
            lambda: game.from_dict({**record, "config": {**record["config"], "colour": 1}}),
            tr.StateError,
        ),
        ("parse_action empty", lambda: game.parse_action(""), tr.IllegalActionError),
        ("parse_action junk", lambda: game.parse_action("zz top"), tr.IllegalActionError),
        ("parse_action not text", lambda: game.parse_action(5), TypeError),
    ]


def game_bad_calls(name: str) -> list[BadCall]:
    """Bad calls of each game's own actions and config fields."""
    # Untyped views of the modules: these calls break the types on purpose.
    ofc_: Any = ofc
    mock_: Any = mock
    mentok_: Any = mentok
    tr_: Any = tr
    codes: list[Any] = [int(card) for card in tr.parse_cards("As Ad Qs Js Ts")]
    repeated: list[Any] = [codes[0], *codes[:4]]
    if name == "ofc":
        ofc_state = ofc_.new_game(seed=1)
        return [
            ("Place with an int", lambda: ofc_.Place(top=5), tr.CardError),
            ("Place with a code", lambda: ofc_.Place(top=[int(tr.FULL_DECK[0])]), tr.CardError),
            ("Place with bad text", lambda: ofc_.Place(top="Xx"), tr.CardError),
            (
                "Place with a forged card",
                lambda: ofc_.Place(top=[int.__new__(tr.Card, 5)]),
                tr.CardError,
            ),
            (
                "forged Place",
                lambda: ofc_.apply(
                    ofc_state, forged(ofc_.Place, top=(14,), middle=(), bottom=(), discard=())
                ),
                tr.IllegalActionError,
            ),
            (
                "forged Place of junk",
                lambda: ofc_.apply(
                    ofc_state, forged(ofc_.Place, top=None, middle=5, bottom="x", discard=())
                ),
                tr.IllegalActionError,
            ),
            ("Board too full", lambda: ofc_.Board(top="As Ks Qs Js"), tr.CardError),
            ("Board repeats", lambda: ofc_.Board.parse("As As Kd / - / -"), tr.CardError),
            ("Board of ints", lambda: ofc_.Board(top=[1, 2, 3]), tr.CardError),
            ("variant a list", lambda: ofc_.Config(variant=[]), tr.ConfigError),
            ("variant unknown", lambda: ofc_.Config(variant="crazy"), tr.ConfigError),
            ("lowball_royalties an int", lambda: ofc_.Config(lowball_royalties=5), tr.ConfigError),
            ("fantasyland_cards text", lambda: ofc_.Config(fantasyland_cards="15"), tr.ConfigError),
            ("rank5 of four", lambda: tr_.rank5(tr.parse_cards("As Ks Qs Js")), tr.CardError),
            ("rank5 repeats", lambda: tr_.rank5(tr.parse_cards("As As Qs Js Ts")), tr.CardError),
            (
                "rank5 of codes",
                lambda: tr_.rank5(codes),
                tr.CardError,
            ),
            (
                "rank5 of repeated codes",
                lambda: tr_.rank5(repeated),
                tr.CardError,
            ),
            ("rank3 of five", lambda: tr_.rank3(tr.parse_cards("As Ks Qs Js Ts")), tr.CardError),
            (
                "best_rank of four",
                lambda: tr_.best_rank(tr.parse_cards("As Ks Qs Js")),
                tr.CardError,
            ),
            (
                "best_rank repeats",
                lambda: tr_.best_rank(tr.parse_cards("As As Ks Qs Js Ts 9s")),
                tr.CardError,
            ),
            ("best_rank text", lambda: tr_.best_rank("As Ks Qs Js Ts"), tr.CardError),
            ("rank_cards of none", lambda: tr_.rank_cards(()), tr.CardError),
            (
                "rank_lowball27 repeats",
                lambda: tr_.rank_lowball27(tr.parse_cards("7s 7s 4h 3c 2d")),
                tr.CardError,
            ),
        ]
    if name == "mock":
        mock_state = mock_.new_game(seed=1)
        return [
            ("Meld with an int", lambda: mock_.Meld(cards=5), tr.CardError),
            ("Meld with codes", lambda: mock_.Meld(cards=[int(tr.FULL_DECK[0])]), tr.CardError),
            ("Meld discards bad text", lambda: mock_.Meld(discards="1s"), tr.CardError),
            ("Draw with an int flag", lambda: mock_.Draw(from_discard=1), tr.CardError),
            (
                "forged Draw",
                lambda: mock_.apply(mock_state, forged(mock_.Draw, from_discard="yes")),
                tr.IllegalActionError,
            ),
            (
                "forged Meld",
                lambda: mock_.apply(mock_state, forged(mock_.Meld, cards=(14,), discards=None)),
                tr.IllegalActionError,
            ),
            ("ties unknown", lambda: mock_.Config(highest_hand_ties="coin"), tr.ConfigError),
            ("ties a list", lambda: mock_.Config(highest_hand_ties=[]), tr.ConfigError),
            ("target text", lambda: mock_.Config(target="50"), tr.ConfigError),
            ("opening_size text", lambda: mock_.Config(opening_size="3"), tr.ConfigError),
        ]
    mentok_state = mentok_.new_game(seed=1)
    return [
        ("Ask for no rank", lambda: mentok_.Ask(1, "X"), tr.CardError),
        ("Ask for rank 15", lambda: mentok_.Ask(1, 15), tr.CardError),
        ("Ask a text target", lambda: mentok_.Ask("x", "Q"), tr.CardError),
        ("Ask with an int split", lambda: mentok_.Ask(1, "Q", split=1), tr.CardError),
        ("Stand on True", lambda: mentok_.Stand(hand=True), tr.CardError),
        ("Score with an int", lambda: mentok_.Score(use_hand=1), tr.CardError),
        (
            "forged Ask",
            lambda: mentok_.apply(
                mentok_state, forged(mentok_.Ask, target=99, rank=3, hand=7, split=False)
            ),
            tr.IllegalActionError,
        ),
        (
            "forged Ask of junk",
            lambda: mentok_.apply(
                mentok_state, forged(mentok_.Ask, target="x", rank=None, hand=None, split=None)
            ),
            tr.IllegalActionError,
        ),
        (
            "forged Stand",
            lambda: mentok_.apply(mentok_state, forged(mentok_.Stand, hand="0")),
            tr.IllegalActionError,
        ),
        ("three decks", lambda: mentok_.Config(decks=3), tr.ConfigError),
        ("strict text", lambda: mentok_.Config(strict="yes"), tr.ConfigError),
        ("target a list", lambda: mentok_.Config(target=[]), tr.ConfigError),
    ]


@pytest.mark.parametrize("name", game_names())
def test_every_bad_call_raises_an_error_of_the_family(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    state = game.new_game(CONFIGS[name][0], seed=1)
    before = game.to_dict(state)
    failures = []
    calls = common_bad_calls(name) + game_bad_calls(name)
    assert all(issubclass(expected, (tr.RulesError, TypeError)) for _, _, expected in calls)
    for what, call, expected in calls:
        try:
            call()
        except expected as error:
            message = str(error)
            if not message or len(message) > 600:
                failures.append(f"{what}: unhelpful message {message[:80]!r}")
        except Exception as error:
            failures.append(f"{what}: {type(error).__name__}: {str(error)[:120]}")
        else:
            failures.append(f"{what}: no error")
    assert not failures, "\n".join(failures)
    assert game.to_dict(state) == before


def test_the_error_family_is_one_tree() -> None:
    for error in (tr.IllegalActionError, tr.ConfigError, tr.CardError, tr.StateError):
        assert issubclass(error, tr.RulesError)
    assert issubclass(tr.RulesError, ValueError)
    assert tr.IllegalActionError("x", None).action is None


# --- bots act on what they see: observation-first functions and codecs ------------------

CODEC_CONFIGS: dict[str, list[object]] = {
    "ofc": [
        ofc.Config(max_rounds=2),
        ofc.Config(players=3, max_rounds=2),
        ofc.Config(variant="classic", players=4, max_rounds=1),
    ],
    "mock": [mock.Config(players=3, max_rounds=1), mock.Config(max_rounds=1)],
    "mentok": [
        mentok.Config(players=2, max_rounds=2),
        mentok.Config(players=3, strict=False, max_rounds=1),
        mentok.Config(players=6, decks=2, max_rounds=1),
    ],
}
codec_games_and_configs = st.sampled_from(game_names()).flatmap(
    lambda name: st.tuples(st.just(name), st.sampled_from(CODEC_CONFIGS[name]))
)


@settings(max_examples=max(12, settings().max_examples // 5))
@given(codec_games_and_configs, st.integers(0, 10_000))
def test_bots_get_the_same_answers_from_their_observation(
    choice: tuple[str, object], seed: int
) -> None:
    name, config = choice
    game: AnyGame = tr.GAMES[name]

    def check(state: Any, action: Any) -> None:
        for seat in range(len(state.scores)):
            view = game.observe(state, seat)
            if seat != state.to_act:
                assert len(game.legal_actions(view)) == 0
                assert not game.is_legal(view, action)
                with pytest.raises(tr.IllegalActionError):
                    game.random_action(view, random.Random(seed))
                continue
            assert game.is_legal(view, action)
            draw = random.Random(seed).random()
            assert game.random_action(view, random.Random(draw)) == game.random_action(
                state, random.Random(draw)
            )
            if is_listable(name, state):
                assert list(game.legal_actions(view)) == list(game.legal_actions(state))

    playout(game, config, seed, check)


@settings(max_examples=max(12, settings().max_examples // 5))
@given(codec_games_and_configs, st.integers(0, 10_000))
def test_codec_ids_are_the_legal_actions(choice: tuple[str, object], seed: int) -> None:
    name, config = choice
    game: AnyGame = tr.GAMES[name]
    codec = game.Codec(config)
    assert codec.version >= 1
    assert sum(part.stop - part.start for part in codec.layout.values()) == codec.observation_size
    starts = sorted(part.start for part in codec.layout.values())
    assert starts[0] == 0
    rng = random.Random(seed)

    def check(state: Any, action: Any) -> None:
        for seat in range(len(state.scores)):
            view = game.observe(state, seat)
            ids = codec.legal_ids(view)
            mask = codec.mask(view)
            features = codec.observation(view)
            assert codec.observation_and_mask(view) == (features, mask)
            assert len(mask) == codec.num_actions
            assert len(features) == codec.observation_size
            assert [i for i, bit in enumerate(mask) if bit] == list(ids)
            assert set(mask) <= {0, 1}
            if seat != state.to_act:
                assert ids == ()
                continue
            assert ids, "the seat to act has a legal id"
            assert list(ids) == sorted(set(ids))
            decoded = [codec.decode(view, action_id) for action_id in ids]
            assert all(game.is_legal(state, other) for other in decoded)
            assert [codec.encode(view, other) for other in decoded] == list(ids)
            if is_listable(name, state):
                assert set(decoded) == set(game.legal_actions(state))
                assert len(set(decoded)) == len(decoded)
            illegal = [i for i in range(codec.num_actions) if not mask[i]]
            if illegal:
                with pytest.raises(tr.IllegalActionError):
                    codec.decode(view, rng.choice(illegal))
            # Hidden cards moved: the same view gives the same bytes.
            guess = game.observe(game.determinize(view, rng), seat)
            assert guess == view
            assert codec.observation(guess) == features
            assert codec.mask(guess) == mask

    playout(game, config, seed, check)


@pytest.mark.parametrize("name", game_names())
def test_codec_refuses_ids_and_actions_of_the_wrong_kind(name: str) -> None:
    game: Any = tr.GAMES[name]  # untyped: these calls break the types on purpose
    config = CODEC_CONFIGS[name][0]
    codec = game.Codec(config)
    state = game.new_game(config, seed=3)
    view = game.observe(state, state.to_act)
    for bad_id in (-1, codec.num_actions, 10**9):
        with pytest.raises(tr.IllegalActionError):
            codec.decode(view, bad_id)
    for huge in (10**5000, -(10**5000)):  # past Python's 4,300 digits for int-to-str
        with pytest.raises(tr.IllegalActionError, match="an integer of 16610 bits"):
            codec.decode(view, huge)
    for junk in ("0", None, 1.0, True):
        with pytest.raises(TypeError):
            codec.decode(view, junk)
    numpy = pytest.importorskip("numpy", reason="numpy integers as ids need numpy")
    first = codec.legal_ids(view)[0]
    assert codec.decode(view, numpy.int64(first)) == codec.decode(view, first)
    with pytest.raises(TypeError):
        codec.encode(view, "not an action")
    with pytest.raises(TypeError):
        codec.legal_ids(state)
    other = tr.GAMES["mock" if name != "mock" else "ofc"]
    other_state = other.new_game(seed=3)
    with pytest.raises((TypeError, tr.IllegalActionError)):
        codec.encode(view, other.random_action(other_state, random.Random(0)))


def test_games_by_a_wrong_name_say_which_names_exist() -> None:
    with pytest.raises(
        KeyError, match="no game named 'OFC': the games are 'mentok', 'mock', 'ofc'"
    ):
        tr.GAMES["OFC"]
    assert tr.GAMES.get("OFC") is None


class Seats(enum.IntEnum):
    """Player counts as an enum, as an app might spell them."""

    THREE = 3


class Rule(str, enum.Enum):
    """A rule name as an enum of strings."""

    CLASSIC = "classic"


@pytest.mark.parametrize("name", game_names())
def test_config_fields_given_as_enum_members_are_plain_values(name: str) -> None:
    game: Any = tr.GAMES[name]
    config = game.Config(players=Seats.THREE, max_rounds=Seats.THREE)
    assert config == game.Config(players=3, max_rounds=3)
    for value in attrs.astuple(config):
        assert type(value) in (int, bool, str, tuple, type(None))
    assert type(config.players) is int
    loaded = pickle.loads(pickle.dumps(config))
    assert loaded == config
    assert type(loaded.players) is int
    state = game.new_game(config, seed=2)
    assert pickle.loads(pickle.dumps(state)) == state
    assert game.from_dict(json.loads(json.dumps(game.to_dict(state)))) == state
    if name == "ofc":
        variant: Any = Rule.CLASSIC
        classic = ofc.Config(variant=variant, lowball_royalties=(Seats.THREE, 2, 1))
        kinds = [type(classic.variant), *map(type, classic.lowball_royalties)]
        assert kinds == [str, int, int, int]


# --- the wrong argument: a TypeError that says what was meant ---------------------------

WrongCall = tuple[str, Callable[[], object], "type[Exception]", str]


def wrong_arguments(name: str) -> list[WrongCall]:
    """Easy mistakes with each game's functions, the error they raise and what it says."""
    game: Any = tr.GAMES[name]  # untyped: these calls break the types on purpose
    other: Any = tr.GAMES["mock" if name == "ofc" else "ofc"]
    package = f"tablerules.{name}"
    state = game.new_game(CONFIGS[name][0], seed=1)
    seat = state.to_act
    view = game.observe(state, seat)
    action = game.random_action(view, random.Random(1))
    stranger = other.new_game(seed=1)
    needs_state = rf"^state must be a {package}\.State, not {package}\.Observation: the rules move"
    return [
        ("apply a view", lambda: game.apply(view, action), TypeError, needs_state),
        (
            "apply_unchecked a view",
            lambda: game.apply_unchecked(view, action),
            TypeError,
            needs_state,
        ),
        (
            "apply another game's state",
            lambda: game.apply(stranger, action),
            TypeError,
            rf"^state must be a {package}\.State, not tablerules\.{other.__name__[11:]}\.State$",
        ),
        (
            "apply_unchecked another game's state",
            lambda: game.apply_unchecked(stranger, action),
            TypeError,
            rf"^state must be a {package}\.State, not tablerules\.\w+\.State$",
        ),
        ("observe a seat as text", lambda: game.observe(state, "1"), TypeError, "not str$"),
        (
            "new_game with another game's config",
            lambda: game.new_game(other.Config(), seed=1),
            TypeError,
            rf"config must be a {package}\.Config or None, not tablerules\.\w+\.Config$",
        ),
        (
            "from_dict of an observation record",
            lambda: game.from_dict(game.observation_to_dict(view)),
            tr.StateError,
            rf"observation record .* read it with tablerules\.{name}\.observation_from_dict$",
        ),
        (
            "a codec of another game's config",
            lambda: game.Codec(other.Config()),
            TypeError,
            rf"config must be a {package}\.Config.*, not tablerules\.\w+\.Config$",
        ),
    ]


@pytest.mark.parametrize(
    ("name", "index"),
    [(name, index) for name in game_names() for index in range(len(wrong_arguments("ofc")))],
    ids=[f"{name}-{row[0]}" for name in game_names() for row in wrong_arguments(name)],
)
def test_a_wrong_argument_says_what_was_meant(name: str, index: int) -> None:
    _, call, error, message = wrong_arguments(name)[index]
    with pytest.raises(error, match=message):
        call()
