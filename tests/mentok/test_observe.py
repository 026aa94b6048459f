"""Hidden information: what observe shows and what it never shows."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok
from tablerules.mentok import Ask, Score, Stand
from tests.mentok.strategies import configs, game, play, random_playout
from tests.strategies import seeds

HELD = "Ac Kc 3c 6c 2h  3d 4d 5d 6d Ts"


def visible_cards(seen: mentok.Observation) -> Counter[tr.Card]:
    """Every card an observation shows outside ``last_round``."""
    shown: Counter[tr.Card] = Counter(seen.hand)
    for seat in seen.tables:
        for hand in seat:
            shown.update(hand)
    for event in seen.history:
        if isinstance(event, mentok.AskRecord) and event.card is not None:
            shown[event.card] += 1
    return shown


def test_observation_shows_own_hand_tables_sizes_and_history() -> None:
    state = play(game("2c 3c 4c 5c 9h  2d 9c Kd 9s Ts  7d", players=2), Ask(0, "9"))
    seen = mentok.observe(state, 1)
    assert seen.hand == state.hands[1]
    assert seen.tables == state.tables
    assert seen.hand_sizes == (3, 4)
    assert seen.deck_size == 42
    assert len(seen.unseen_cards) == 42 + 3
    assert set(seen.unseen_cards) == set(state.deck) | set(state.hands[0])
    assert seen.history == state.history
    assert seen.to_act == 0
    assert seen.phase is mentok.Phase.PLAY
    other = mentok.observe(state, 0)
    assert other.hand == state.hands[0]
    assert "7d" not in repr(other)


def test_score_choices_stay_hidden_until_everyone_has_chosen() -> None:
    state = play(game(HELD, players=2), Stand(0), Ask(1, "3"), Ask(1, "6"), Stand(0))
    by_hand = mentok.apply(state, Score(use_hand=True))
    by_table = mentok.apply(state, Score(use_hand=False))
    assert mentok.observe(by_hand, 0) == mentok.observe(by_table, 0)
    assert mentok.observe(by_hand, 0).chosen == (False, True)
    assert mentok.observe(by_hand, 0).choice is None
    assert mentok.observe(by_hand, 1).choice is True
    assert mentok.observe(by_table, 1).choice is False
    done = mentok.apply(by_hand, Score())
    assert done.last_round is not None
    assert mentok.observe(done, 0).last_round == done.last_round
    assert done.last_round.choices == (False, True)


def test_others_cheats_stay_hidden_until_the_round_ends() -> None:
    state = play(game("Kc Qc 2c 3c Th  Ad 4d 5d 6d Ts", players=2, strict=False), Ask(0, "A"))
    honest = play(game("Kc Qc 2c Ac Th  Ad 4d 5d 6d Ts", players=2, strict=False), Ask(0, "A"))
    mine = mentok.observe(state, 1)
    assert mine.cheated
    event = mine.history[0]
    assert isinstance(event, mentok.AskRecord)
    assert event.cheat is True
    theirs = mentok.observe(state, 0)
    assert not theirs.cheated
    event = theirs.history[0]
    assert isinstance(event, mentok.AskRecord)
    assert event.cheat is None
    assert theirs.history == mentok.observe(honest, 0).history


def test_observation_ignores_the_deck_order_and_other_hands() -> None:
    state = play(game("2c 3c 4c 5c 9h  2d 9c Kd 9s Ts  7d", players=2), Ask(0, "9"))
    shuffled = list(state.deck)
    random.Random(1).shuffle(shuffled)
    # Swap seat 0's first card with a deck card: seat 1 cannot tell.
    swapped_hand = (state.deck[5], *state.hands[0][1:])
    swapped_deck = (state.hands[0][0], *state.deck[:5], *state.deck[6:])
    for other in (
        attrs.evolve(state, deck=tuple(shuffled)),
        attrs.evolve(state, hands=(swapped_hand, state.hands[1]), deck=swapped_deck),
    ):
        assert mentok.observe(other, 1) == mentok.observe(state, 1)


def test_observe_rejects_bad_seats() -> None:
    state = mentok.new_game(seed=1)
    for seat in (-1, 4):  # a seat that is not an int: tests/test_protocol.py
        with pytest.raises(tr.RulesError, match="seat must be"):
            mentok.observe(state, seat)


@settings(max_examples=25)
@given(configs, seeds)
def test_observations_never_show_a_hidden_card(config: mentok.Config, seed: int) -> None:
    rng = random.Random(seed)
    for state in random_playout(mentok.new_game(config, seed=seed), rng, limit=200):
        accountable: Counter[tr.Card] = Counter()
        for seat_tables in state.tables:
            for hand in seat_tables:
                accountable.update(hand)
        for seat in range(config.players):
            seen = mentok.observe(state, seat)
            mine = accountable + Counter(state.hands[seat])
            shown = visible_cards(seen)
            # The history repeats melded cards, so count each source separately.
            in_hand_and_tables = Counter(seen.hand)
            for seat_tables in seen.tables:
                for hand in seat_tables:
                    in_hand_and_tables.update(hand)
            assert in_hand_and_tables <= mine
            assert set(shown) <= set(mine)
            hidden = Counter(state.deck)
            for other in range(config.players):
                if other != seat:
                    hidden.update(state.hands[other])
            text = repr(seen)
            for card in hidden:
                if card not in mine:
                    assert str(card) not in text.replace("'", " ").split()
                    assert card not in shown
            if seen.phase is not mentok.Phase.OVER:
                assert seen.hand_sizes == tuple(len(hand) for hand in state.hands)
                assert seen.deck_size == len(state.deck)


@settings(max_examples=10)
@given(st.integers(2, 5), seeds)
def test_observation_fields_do_not_depend_on_the_seed(players: int, seed: int) -> None:
    state = mentok.new_game(mentok.Config(players=players), seed=seed)
    seen = mentok.observe(state, 0)
    assert not hasattr(seen, "seed")
    assert not hasattr(seen, "deck")
