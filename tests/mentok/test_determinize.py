"""Mentok determinization: sampled states agree with everything the observer knows."""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok
from tablerules.mentok import Ask, Score, Stand
from tests.mentok.strategies import configs, game, play, random_playout
from tests.strategies import seeds

# ``tablerules.mentok.determinize`` is the function; the module holds the helpers.
determinize_module = sys.modules["tablerules.mentok.determinize"]

# Seat 1 is dealt first (2c 3c 4c 5c, table 9h), then seat 2 (6d 7d 8d Td, table
# Js), then seat 0 (2h 3h 4h 5h, table Qs); the deck starts with Kc.
GO_FISH = "2c 3c 4c 5c 9h  6d 7d 8d Td Js  2h 3h 4h 5h Qs  Kc"

# Seat 1: 2c 3c 4c 5c, table 9h. Seat 2: 2d 7d 8d Td, table Js. Seat 0 holds no 2.
FORCED = "2c 3c 4c 5c 9h  2d 7d 8d Td Js  6h 3h 4h 5h Qs  Kc 6c"


def ranks(cards: tuple[tr.Card, ...]) -> set[int]:
    return {int(card.rank) for card in cards}


def last_ask(history: tuple[mentok.Event, ...]) -> mentok.AskRecord:
    event = history[-1]
    assert isinstance(event, mentok.AskRecord)
    return event


def check_guess(view: mentok.Observation, guess: mentok.State) -> None:
    """Everything a sampled state must satisfy."""
    mentok.check_state(guess)
    assert mentok.observe(guess, view.seat) == view
    assert mentok.from_dict(json.loads(json.dumps(mentok.to_dict(guess)))) == guess
    assert all(
        event.cheat is not None for event in guess.history if isinstance(event, mentok.AskRecord)
    )


@settings(max_examples=60)
@given(configs, seeds, st.integers(0, 2**32))
def test_determinized_states_look_the_same_to_the_observer(
    config: mentok.Config, seed: int, draw: int
) -> None:
    rng = random.Random(draw)
    states = random_playout(mentok.new_game(config, seed=seed), random.Random(seed))
    for state in rng.sample(states, min(8, len(states))):
        for seat in rng.sample(range(config.players), min(4, config.players)):
            view = mentok.observe(state, seat)
            guess = mentok.determinize(view, rng)
            check_guess(view, guess)
            # The sampled state plays on to the end of its round.
            rollout = random.Random(draw)
            while not guess.is_over and guess.round == state.round:
                guess = mentok.apply(guess, mentok.random_action(guess, rollout))


def test_sampled_decks_and_seeds_vary_with_the_rng() -> None:
    state = play(game(GO_FISH, players=3), Ask(2, "2"), Stand())
    view = mentok.observe(state, 0)
    guesses = [mentok.determinize(view, random.Random(seed)) for seed in range(10)]
    assert len({guess.deck for guess in guesses}) == 10
    assert len({guess.seed for guess in guesses}) == 10
    again = mentok.determinize(view, random.Random(3))
    assert again == guesses[3]


def test_a_go_fish_answer_rules_the_rank_out_of_the_target_hand() -> None:
    state = play(game(GO_FISH, players=3), Ask(2, "2"))
    assert not last_ask(state.history).given
    view = mentok.observe(state, 0)
    deck_twos = 0
    for seed in range(200):
        guess = mentok.determinize(view, random.Random(seed))
        check_guess(view, guess)
        assert 2 not in ranks(guess.hands[2])
        deck_twos += sum(card.rank == 2 for card in guess.deck)
    assert deck_twos > 0, "the unseen twos do land somewhere else"


def test_an_honest_ask_forces_the_rank_until_it_is_given_away() -> None:
    state = play(game(FORCED, players=3), Ask(0, "2"))  # go fish: seat 1 draws Kc
    view = mentok.observe(state, 0)
    for seed in range(200):
        guess = mentok.determinize(view, random.Random(seed))
        check_guess(view, guess)
        assert 2 in ranks(guess.hands[1])
        assert 2 not in ranks(guess.hands[0])
    # Seat 2 asks seat 1 for a 2 and receives 2c: seat 1 need no longer hold one,
    # while seat 2, which asked, must.
    state = play(state, Ask(1, "2"))
    assert last_ask(state.history).given
    view = mentok.observe(state, 0)
    held: Counter[bool] = Counter()
    for seed in range(200):
        guess = mentok.determinize(view, random.Random(seed))
        check_guess(view, guess)
        held[2 in ranks(guess.hands[1])] += 1
        assert 2 in ranks(guess.hands[2])
    assert held[True]
    assert held[False]


def test_a_two_deck_ask_counts_copies() -> None:
    front = "2c 3c 4c 5c 9h  2c 7d 8d Td Js  6h 3h 4h 5h Qs  Kc"
    state = play(game(front, players=3, decks=2), Ask(0, "2"), Ask(1, "2"))
    view = mentok.observe(state, 0)
    for seed in range(100):
        guess = mentok.determinize(view, random.Random(seed))
        check_guess(view, guess)
        assert 2 in ranks(guess.hands[2])
        every = Counter(guess.deck)
        for hand in guess.hands:
            every.update(hand)
        assert max(every.values()) <= 2


def test_hidden_cheats_imply_nothing_and_get_flags_from_the_sampled_hands() -> None:
    state = play(game(FORCED, players=3, strict=False), Ask(0, "2"))
    view = mentok.observe(state, 0)
    assert last_ask(view.history).cheat is None
    flags: Counter[bool | None] = Counter()
    for seed in range(200):
        guess = mentok.determinize(view, random.Random(seed))
        check_guess(view, guess)
        cheat = last_ask(guess.history).cheat
        assert cheat == (2 not in ranks(guess.hands[1]))
        flags[cheat] += 1
    assert flags[True]
    assert flags[False]


def test_the_observer_own_cheat_constrains_nothing_hidden() -> None:
    state = play(game(GO_FISH, players=3, strict=False), Ask(2, "A"))
    view = mentok.observe(state, 1)
    assert view.cheated
    for seed in range(50):
        guess = mentok.determinize(view, random.Random(seed))
        check_guess(view, guess)
        assert guess.cheated[1]
        assert 14 not in ranks(guess.hands[2])


def test_pending_score_choices_of_others_are_sampled() -> None:
    state = play(game(GO_FISH, players=3), Stand(), Stand(), Stand(), Score(use_hand=True))
    view = mentok.observe(state, 0)
    assert view.chosen == (False, True, False)
    choices: Counter[bool | None] = Counter()
    for seed in range(50):
        guess = mentok.determinize(view, random.Random(seed))
        check_guess(view, guess)
        assert guess.choices[0] is None
        assert guess.choices[2] is None
        choices[guess.choices[1]] += 1
    assert choices[True]
    assert choices[False]
    state = mentok.apply(state, Score(use_hand=False))
    view = mentok.observe(state, 2)
    guess = mentok.determinize(view, random.Random(1))
    check_guess(view, guess)
    assert guess.choices[2] is False


def test_a_finished_game_keeps_the_revealed_hands() -> None:
    state = random_playout(
        mentok.new_game(mentok.Config(players=3, max_rounds=1), seed=4), random.Random(4)
    )[-1]
    assert state.is_over
    view = mentok.observe(state, 1)
    guess = mentok.determinize(view, random.Random(0))
    check_guess(view, guess)
    assert guess.hands == state.hands
    assert guess.choices == state.choices
    assert sorted(guess.deck) == sorted(state.deck)


def test_the_complete_search_takes_over_when_random_deals_keep_failing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = play(game(FORCED, players=3), Ask(0, "2"), Ask(1, "2"))
    view = mentok.observe(state, 0)
    monkeypatch.setattr(determinize_module, "_deal", lambda *args: None)
    for seed in range(20):
        guess = mentok.determinize(view, random.Random(seed))
        check_guess(view, guess)
        assert 2 in ranks(guess.hands[2])
    monkeypatch.setattr(determinize_module, "_search", lambda *args: None)
    with pytest.raises(tr.RulesError, match="no deal of the unseen cards fits"):
        mentok.determinize(view, random.Random(0))


def test_the_complete_search_finds_the_only_deal() -> None:
    need = determinize_module._Need
    pool = list(tr.parse_cards("2c 2d 3c 3d 4c"))
    needs = [
        need(1, 2, frozenset({2, 4}), frozenset()),
        need(2, 2, frozenset({3}), frozenset({4})),
    ]
    found = determinize_module._search(pool, needs, random.Random(0))
    assert found is not None
    hands, rest = found
    assert sorted(hands[1]) == sorted(tr.parse_cards("3c 3d"))
    assert sorted(hands[2]) == sorted(tr.parse_cards("2c 4c")) or sorted(hands[2]) == sorted(
        tr.parse_cards("2d 4c")
    )
    assert len(rest) == 1
    needs.append(need(3, 1, frozenset(), frozenset({5})))
    assert determinize_module._search(pool, needs, random.Random(0)) is None


def test_determinize_refuses_other_arguments() -> None:
    state = mentok.new_game(seed=1)
    with pytest.raises(
        TypeError, match=r"must be a tablerules\.mentok\.Observation, not tablerules\.mentok\.State"
    ):
        mentok.determinize(state, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"not NoneType"):
        mentok.determinize(None, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        mentok.determinize(mentok.observe(state, 0), 7)  # type: ignore[arg-type]


def indices(cards: str) -> bytearray:
    """Cards as the pool the deal draws from: their indices in FULL_DECK."""
    return bytearray(tr.FULL_DECK.index(card) for card in tr.parse_cards(cards))


def cards_of(hand: bytes) -> tuple[tr.Card, ...]:
    return tuple(tr.FULL_DECK[index] for index in hand)


def test_a_constrained_hand_is_drawn_uniformly_and_in_a_random_order() -> None:
    """Forcing a required rank and keeping a hand with k such cards 1 time in k is uniform."""
    need = determinize_module._Need(1, 2, frozenset(), frozenset({2}))
    rng = random.Random(0)
    counts: Counter[tuple[tr.Card, ...]] = Counter()
    draws = 18000
    for _ in range(draws):
        pool = indices("2c 2d 2h 3c 4c")
        hand = determinize_module._draw_hand(pool, need, rng)
        assert hand is not None
        assert sorted(pool + hand) == sorted(indices("2c 2d 2h 3c 4c"))
        counts[cards_of(hand)] += 1
    assert len(counts) == 18  # every pair but 3c 4c, in either order
    for count in counts.values():
        assert abs(count / draws - 1 / 18) < 0.01


def test_two_decks_count_each_copy() -> None:
    """With two copies of a card in the pool, a hand holding one is twice as likely."""
    need = determinize_module._Need(1, 2, frozenset({4}), frozenset({2}))
    rng = random.Random(1)
    counts: Counter[frozenset[tuple[tr.Card, int]]] = Counter()
    draws = 12000
    for _ in range(draws):
        hand = determinize_module._draw_hand(indices("2c 2c 2d 3c 3c 4c"), need, rng)
        assert hand is not None
        counts[frozenset(Counter(cards_of(hand)).items())] += 1
    # Each pair of places in the pool that fits is as likely as any other.
    exact: Counter[frozenset[tuple[tr.Card, int]]] = Counter()
    pool = tr.parse_cards("2c 2c 2d 3c 3c 4c")
    for pair in itertools.combinations(pool, 2):
        if any(card.rank == 2 for card in pair) and all(card.rank != 4 for card in pair):
            exact[frozenset(Counter(pair).items())] += 1
    total = sum(exact.values())
    assert set(counts) == set(exact)
    for key, count in exact.items():
        assert abs(counts[key] / draws - count / total) < 0.02


def test_interacting_constraints_are_dealt_close_to_uniformly() -> None:
    """Two hands whose constraints interact, against the exact distribution by enumeration."""
    text = "2c 2d 3c 3d 4c 4d 5c 5d"
    cards = tr.parse_cards(text)
    need = determinize_module._Need
    first = need(1, 3, frozenset({2}), frozenset())
    second = need(2, 3, frozenset({3}), frozenset({4}))
    exact: Counter[tuple[int, ...]] = Counter()
    for one in itertools.combinations(range(8), 3):
        if any(cards[i].rank == 2 for i in one):
            continue
        rest = [i for i in range(8) if i not in one]
        for two in itertools.combinations(rest, 3):
            if all(cards[i].rank != 3 for i in two) and any(cards[i].rank == 4 for i in two):
                exact[tuple(sorted(cards[i].rank for i in one))] += 1
    rng = random.Random(0)
    sampled: Counter[tuple[int, ...]] = Counter()
    draws = 0
    while draws < 5000:
        dealt = determinize_module._deal(bytes(indices(text)), [first, second], rng)
        if dealt is not None:
            draws += 1
            sampled[tuple(sorted(card.rank for card in cards_of(dealt[0][1])))] += 1
    total = sum(exact.values())
    assert set(sampled) == set(exact)
    for key, count in exact.items():
        assert abs(sampled[key] / draws - count / total) < 0.04
