"""Determinization: a full Mentok state consistent with what one seat knows.

Hands never gain cards after the deal; they only give cards away, publicly.
So the public history pins down facts about each hidden hand as it is now:

- a "go fish" answer means the target held no card of that rank then, so it
  holds none now (*excluded* ranks);
- with ``strict=True``, an ask for a rank that was not on the asker's table
  means the asker held that rank then; unless it has given a card of that
  rank away since, it still holds one (*required* ranks).

With ``strict=False`` an ask may be a cheat, and others' cheat flags are
hidden until the round ends, so their asks imply nothing; the sampled state
gets the flags its sampled hands imply. (A known flag would count: an honest
ask as above, a cheat as an excluded rank.)
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Final

import attrs

from tablerules._common import check_rng, check_type, fast_init
from tablerules.cards import Card
from tablerules.errors import RulesError
from tablerules.mentok.observe import Observation
from tablerules.mentok.scoring import RANK_OF
from tablerules.mentok.state import AskRecord, Event, State

__all__ = ["determinize"]

_TRIES: Final = 100
"""Attempts at one constrained hand, or at a whole deal, before the next fallback."""

_make_state: Final = fast_init(State)


@attrs.frozen
class _Need:
    """What the history says about one hidden hand: its size and rank constraints."""

    seat: int
    size: int
    excluded: frozenset[int]
    required: frozenset[int]


def _on_table(
    history: tuple[Event, ...], tables: tuple[tuple[tuple[Card, ...], ...], ...]
) -> list[bool]:
    """For each ask, whether the rank asked for was on the asker's table hands at that moment."""
    on_table = [False] * len(history)
    table_ranks = [{RANK_OF[seat[0][0]]} if seat else set() for seat in tables]
    for index, event in enumerate(history):
        if type(event) is AskRecord:
            on_table[index] = int(event.rank) in table_ranks[event.seat]
            if event.card is not None:
                table_ranks[event.seat].add(RANK_OF[event.card])
    return on_table


def hand_constraints(
    observation: Observation, hidden: list[int]
) -> tuple[dict[int, set[int]], dict[int, set[int]]]:
    """The excluded and required ranks of each seat in ``hidden``, read off the history.

    Excluded: ranks the seat answered "go fish" to, so it holds none now.
    Required: ranks it asked for honestly (with ``strict=True``, or a known
    honest flag) while not showing them on its table, and has not given away
    since, so it still holds one. The codec's ``holds_none`` and
    ``holds_some`` features are these sets.
    """
    history = observation.history
    strict = observation.config.strict
    on_table = _on_table(history, observation.tables)
    # Backward: ranks given away at or after each ask were held at that ask.
    excluded: dict[int, set[int]] = {seat: set() for seat in hidden}
    required: dict[int, set[int]] = {seat: set() for seat in hidden}
    gave: list[set[int]] = [set() for _ in observation.tables]
    for index in range(len(history) - 1, -1, -1):
        event = history[index]
        if type(event) is not AskRecord:
            continue
        rank = int(event.rank)
        if event.given:
            gave[event.target].add(rank)
        elif event.target in excluded:
            excluded[event.target].add(rank)
        seat = event.seat
        if seat in required and not on_table[index] and rank not in gave[seat]:
            if strict or event.cheat is False:
                required[seat].add(rank)
            elif event.cheat:
                excluded[seat].add(rank)
    return excluded, required


def _sample_hand(pool: list[Card], need: _Need, rng: random.Random) -> list[int] | None:
    """Indices into ``pool`` of a hand drawn uniformly among those meeting ``need``.

    None if no such hand exists in ``pool``. Each required rank is forced with
    one card picked at random, the rest filled at random; a hand with ``k``
    cards of a required rank can be reached in ``k`` ways, so it is kept with
    probability ``1/k`` (per required rank), which makes the draw uniform.
    """
    excluded, required, size = need.excluded, need.required, need.size
    rank_of = RANK_OF
    allowed: list[int] | range
    if excluded:
        allowed = [i for i, card in enumerate(pool) if rank_of[card] not in excluded]
    else:
        allowed = range(len(pool))
    if len(allowed) < size or len(required) > size:
        return None
    if not required:
        return rng.sample(allowed, size)
    buckets = [[i for i in allowed if rank_of[pool[i]] == rank] for rank in required]
    if not all(buckets):
        return None
    hand: list[int] = []
    for _ in range(_TRIES):
        forced = [rng.choice(bucket) for bucket in buckets]
        rest = list(allowed)
        for i in forced:
            rest.remove(i)
        hand = forced + rng.sample(rest, size - len(forced))
        ranks = [rank_of[pool[i]] for i in hand]
        ways = 1
        for rank in required:
            ways *= ranks.count(rank)
        if ways == 1 or rng.random() * ways < 1:
            break
    rng.shuffle(hand)
    return hand


def _take(pool: list[Card], indices: list[int]) -> tuple[tuple[Card, ...], list[Card]]:
    """The cards at ``indices`` and the pool without them."""
    hand = tuple(pool[i] for i in indices)
    rest = pool[:]
    for i in sorted(indices, reverse=True):
        del rest[i]
    return hand, rest


def _deal_constrained(
    pool: list[Card], needs: list[_Need], rng: random.Random
) -> tuple[dict[int, tuple[Card, ...]], list[Card]] | None:
    """Deal the constrained hands one after another (most constrained first), or None."""
    hands: dict[int, tuple[Card, ...]] = {}
    for need in needs:
        indices = _sample_hand(pool, need, rng)
        if indices is None:
            return None
        hands[need.seat], pool = _take(pool, indices)
    if len(needs) > 1:
        # One sweep of Gibbs sampling: redraw each hand from its own cards plus
        # the free ones, given the other constrained hands. This washes out most
        # of the bias of dealing the hands in a fixed order.
        for need in needs:
            own = list(hands[need.seat])
            both = own + pool
            indices = _sample_hand(both, need, rng)
            assert indices is not None  # its current hand is one answer
            hands[need.seat], pool = _take(both, indices)
    return hands, pool


def _search(
    pool: list[Card], needs: list[_Need], rng: random.Random
) -> tuple[dict[int, tuple[Card, ...]], list[Card]] | None:
    """A complete search for constrained hands: the fallback when random deals keep failing."""
    counts = Counter(RANK_OF[card] for card in pool)
    failed: set[tuple[int, tuple[int, ...]]] = set()

    def solve(position: int) -> list[tuple[int, ...]] | None:
        if position == len(needs):
            return []
        key = (position, tuple(counts[rank] for rank in range(2, 15)))
        if key in failed:
            return None
        need = needs[position]
        ranks = [rank for rank in range(2, 15) if counts[rank] and rank not in need.excluded]
        forced = tuple(sorted(need.required))
        if all(counts[rank] for rank in forced) and len(forced) <= need.size:
            counts.subtract(forced)
            for extra in itertools.combinations_with_replacement(ranks, need.size - len(forced)):
                counts.subtract(extra)
                if all(counts[rank] >= 0 for rank in extra):
                    rest = solve(position + 1)
                    if rest is not None:
                        counts.update(extra)
                        counts.update(forced)
                        return [forced + extra, *rest]
                counts.update(extra)
            counts.update(forced)
        failed.add(key)
        return None

    plan = solve(0)
    if plan is None:
        return None
    pool = pool[:]
    rng.shuffle(pool)
    hands: dict[int, tuple[Card, ...]] = {}
    for need, ranks in zip(needs, plan, strict=True):
        hand: list[Card] = []
        for rank in ranks:
            index = next(i for i, card in enumerate(pool) if RANK_OF[card] == rank)
            hand.append(pool.pop(index))
        rng.shuffle(hand)
        hands[need.seat] = tuple(hand)
    return hands, pool


def _cheat_flags(
    history: tuple[Event, ...],
    hands: list[tuple[Card, ...]],
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
) -> tuple[Event, ...]:
    """The history with every hidden cheat flag set from the sampled hands."""
    inside_table = _on_table(history, tables)
    held = [{RANK_OF[card] for card in hand} for hand in hands]
    events = list(history)
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if type(event) is not AskRecord:
            continue
        if event.given:
            held[event.target].add(int(event.rank))
        if event.cheat is None:
            inside = inside_table[index] or int(event.rank) in held[event.seat]
            events[index] = attrs.evolve(event, cheat=not inside)
    return tuple(events)


def determinize(observation: Observation, rng: random.Random) -> State:
    """A full state the observer cannot tell from the real one, unknown cards dealt by ``rng``.

    Everything the observation shows is kept: the observer's hand and score
    choice, every table hand, the history, hand and deck sizes, scores, who
    is in the game, the phase and the turn. The cards the observer cannot
    see are dealt at random to the other hands and the deck (with two decks,
    every card twice), respecting what the public history proves about each
    hand: no card of a rank it answered "go fish" to, and at least one card
    of each rank it must have asked for honestly and has not given away
    since. Hidden cheat flags are set as the sampled hands imply; others'
    hidden score choices are drawn at random. The new state's seed, which
    fixes later rounds, is drawn from ``rng`` too. This is what
    information-set Monte Carlo needs: sample states, play them out, and
    average.

    The deal is uniform over the hands that fit when at most one other hand
    is constrained, and close to uniform otherwise (constrained hands are
    dealt in turn, then each is redrawn once given the others).

    >>> import random
    >>> from tablerules import mentok
    >>> state = mentok.apply(mentok.new_game(seed=5), mentok.Stand())
    >>> view = mentok.observe(state, 2)
    >>> guess = mentok.determinize(view, random.Random(1))
    >>> mentok.observe(guess, 2) == view
    True
    >>> mentok.determinize(state, random.Random(1))
    Traceback (most recent call last):
    ...
    TypeError: observation must be a tablerules.mentok.Observation, not State
    """
    check_type(observation, Observation, "observation")
    check_rng(rng)
    config = observation.config
    players = config.players
    seat = observation.seat
    over = observation.to_act is None
    summary = observation.last_round
    hands: list[tuple[Card, ...]] = [()] * players
    hands[seat] = observation.hand
    hidden: list[int] = []
    for other in range(players):
        if other == seat or not observation.hand_sizes[other]:
            continue
        if over:
            assert summary is not None  # a finished game keeps its last round
            hands[other] = summary.hands[other]
        else:
            hidden.append(other)
    pool = list(observation.unseen_cards)
    if over:
        # The other hands are revealed in the summary: only the deck is unseen.
        # (Drop the last copy, so two-deck pools keep first copies first.)
        for other in range(players):
            if other != seat:
                for card in hands[other]:
                    del pool[len(pool) - 1 - pool[::-1].index(card)]
    places = observation.deck_size + sum(observation.hand_sizes[other] for other in hidden)
    if len(pool) != places:
        raise RulesError(  # pragma: no cover - an observation made by observe() always adds up
            f"the observation does not add up: {len(pool)} unseen cards for {places} hidden places"
        )
    excluded, required = hand_constraints(observation, hidden)
    needs = [
        _Need(
            other,
            observation.hand_sizes[other],
            frozenset(excluded[other]),
            frozenset(required[other]),
        )
        for other in hidden
    ]
    constrained = sorted(
        (need for need in needs if need.excluded or need.required),
        key=lambda need: (-len(need.excluded) - 2 * len(need.required), need.seat),
    )
    dealt = None
    if constrained:
        for _ in range(_TRIES):
            dealt = _deal_constrained(pool, constrained, rng)
            if dealt is not None:
                break
        else:
            dealt = _search(pool, constrained, rng)
            if dealt is None:
                raise RulesError(
                    "no deal of the unseen cards fits the observation's history; "
                    "was it made by mentok.observe?"
                )
        fixed, pool = dealt
        for other, hand in fixed.items():
            hands[other] = hand
    rng.shuffle(pool)
    for need in needs:
        if need.excluded or need.required:
            continue
        hands[need.seat] = tuple(pool[-need.size :])
        del pool[-need.size :]
    history = observation.history
    if not config.strict and not over:
        history = _cheat_flags(history, hands, observation.tables)
    choices: list[bool | None] = [None] * players
    for other in range(players):
        if other == seat:
            choices[other] = observation.choice
        elif observation.chosen[other]:
            if over:
                assert summary is not None
                choices[other] = summary.choices[other]
            else:
                choices[other] = rng.random() < 0.5
    return _make_state(
        config=config,
        seed=rng.getrandbits(63),
        round=observation.round,
        scores=observation.scores,
        hands=tuple(hands),
        tables=observation.tables,
        stood=observation.stood,
        deck=tuple(pool),
        history=history,
        choices=tuple(choices),
        to_act=observation.to_act,
        winners=observation.winners,
        last_round=summary,
    )
