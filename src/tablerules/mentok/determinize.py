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

import functools
import itertools
import random
from collections import Counter
from collections.abc import Callable, MutableSequence, Sequence
from itertools import compress
from typing import Any, Final

import attrs

from tablerules._common import check_rng, check_type, fast_init
from tablerules.cards import FULL_DECK, Card
from tablerules.errors import RulesError
from tablerules.mentok.observe import Observation
from tablerules.mentok.scoring import RANK_OF
from tablerules.mentok.state import AskRecord, Event, State

__all__ = ["determinize"]

_TRIES: Final = 100
"""Attempts at one constrained hand, or at a whole deal, before the next fallback."""

_make_state: Final = fast_init(State)


# While dealing, a pool of unseen cards is a bytes string of card indices
# (places in FULL_DECK), so that picking the allowed cards, or the cards of one
# rank, is one bytes.translate through a 256-entry table: a 1 for each card
# that passes. The draws are the same as over lists of cards.

_INDEX: Final = {card: index for index, card in enumerate(FULL_DECK)}


def _table(passes: list[bool]) -> bytes:
    """A translate table: 1 for the card indices that pass, 0 for every other byte."""
    return bytes(passes) + bytes(256 - len(passes))


_IS_RANK: Final = {
    rank: _table([RANK_OF[card] == rank for card in FULL_DECK]) for rank in range(2, 15)
}
"""For each rank, which card indices are of it."""

_RANK_AT: Final = bytes(RANK_OF[card] for card in FULL_DECK)
"""Each card index's rank."""

_KEEPS: dict[frozenset[int], bytes] = {}
_KEEPS_KEPT: Final = 4096


def _keeps(excluded: frozenset[int]) -> bytes:
    """Which card indices are of none of the ``excluded`` ranks (made once per set, and kept)."""
    keep = _KEEPS.get(excluded)
    if keep is None:
        if len(_KEEPS) >= _KEEPS_KEPT:
            _KEEPS.clear()
        keep = _KEEPS[excluded] = _table([RANK_OF[card] not in excluded for card in FULL_DECK])
    return keep


class _Need:
    """What the history says about one hidden hand: its size and rank constraints.

    It keeps the card tests :func:`_sample_hand` runs over pools: whether a
    card is allowed, and whether it is of each required rank (in the order
    ``required`` iterates).
    """

    __slots__ = ("allows", "clash", "excluded", "is_required", "required", "seat", "size")

    def __init__(
        self, seat: int, size: int, excluded: frozenset[int], required: frozenset[int]
    ) -> None:
        self.seat = seat
        self.size = size
        self.excluded = excluded
        self.required = required
        self.allows = _keeps(excluded) if excluded else None
        self.clash = not excluded.isdisjoint(required)
        self.is_required = [_IS_RANK[rank] for rank in required]


def _on_table(
    history: tuple[Event, ...], tables: tuple[tuple[tuple[Card, ...], ...], ...]
) -> list[bool]:
    """For each ask, whether the rank asked for was on the asker's table hands at that moment."""
    on_table = [False] * len(history)
    table_ranks = [{RANK_OF[seat[0][0]]} if seat else set() for seat in tables]
    for index, event in enumerate(history):
        if type(event) is AskRecord:
            on_table[index] = event.rank in table_ranks[event.seat]
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


class _Draws:
    """``rng.choice``, ``rng.sample`` and ``rng.shuffle``, drawing exactly as they do.

    For a generator whose ``_randbelow`` draws with ``getrandbits`` (every
    :class:`random.Random` that does not replace ``random()`` alone), the
    draws are made here with the same calls to ``getrandbits``, without the
    two Python calls each of :mod:`random`'s draws makes; the results are the
    same, draw for draw (CPython 3.10 to 3.13 share these algorithms).
    Other generators keep their own methods.
    """

    __slots__ = ("bits", "choice", "larger", "random", "sample", "shuffle")

    def __init__(self, rng: random.Random) -> None:
        self.random = rng.random
        self.larger = rng.sample
        self.bits: Callable[[int], int] | None = None
        if getattr(type(rng), "_randbelow", None) is not _RANDBELOW_WITH_BITS:
            self.choice: Callable[[Sequence[int]], int] = rng.choice
            self.sample: Callable[[Sequence[int], int], list[int]] = rng.sample
            self.shuffle: Callable[[MutableSequence[Any]], None] = rng.shuffle
            return
        bits = self.bits = rng.getrandbits

        def choice(seq: Sequence[int]) -> int:
            n = len(seq)
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            return seq[r]

        larger = self.larger

        def sample(population: Sequence[int], k: int) -> list[int]:
            return _sample_by_bits(population, k, bits, larger)

        def shuffle(x: MutableSequence[Any]) -> None:
            _shuffle_by_bits(x, bits)

        self.choice, self.sample, self.shuffle = choice, sample, shuffle


@functools.cache
def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """random.shuffle's swaps of a list of ``size``: the place, how many it picks from, the bits."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_RANDBELOW_WITH_BITS: Final = random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


def _sample_hand(pool: Sequence[Card], need: _Need, rng: random.Random) -> list[int] | None:
    """Indices into ``pool`` of a hand drawn uniformly among those meeting ``need``.

    :func:`_sample_places` on the pool's card indices (written out for
    generators that draw with ``getrandbits``): see there.
    """
    draws = _Draws(rng)
    if draws.bits is None:
        return _sample_places(_indices(pool), need, draws)
    return _sample_places_by_bits(_indices(pool), need, draws, draws.bits)


def _indices(cards: Sequence[Card]) -> bytes:
    """Cards as their indices in FULL_DECK, one byte each."""
    return bytes(map(_INDEX.__getitem__, cards))


def _candidates(
    pool: bytes | bytearray, need: _Need
) -> tuple[list[int] | range, list[list[int]]] | None:
    """The places in ``pool`` a hand meeting ``need`` may take, and each required rank's places.

    None if no such hand exists. Every card of a required rank is allowed, so
    its places in the pool are its bucket (no buckets without required ranks).
    """
    size = need.size
    places = range(len(pool))
    allowed: list[int] | range
    if need.allows is not None:
        allowed = list(compress(places, pool.translate(need.allows)))
    else:
        allowed = places
    if len(allowed) < size or len(need.required) > size:
        return None
    tables = need.is_required
    if not tables:
        return allowed, []
    if need.clash:
        return None  # no allowed card is of that required rank
    buckets = [list(compress(places, pool.translate(table))) for table in tables]
    if not all(buckets):
        return None
    return allowed, buckets


def _sample_places(pool: bytes | bytearray, need: _Need, draws: _Draws) -> list[int] | None:
    """Places in ``pool`` (card indices) of a hand drawn uniformly among those meeting ``need``.

    None if no such hand exists in ``pool``. Each required rank is forced with
    one card picked at random, the rest filled at random; a hand with ``k``
    cards of a required rank can be reached in ``k`` ways, so it is kept with
    probability ``1/k`` (per required rank), which makes the draw uniform.
    """
    found = _candidates(pool, need)
    if found is None:
        return None
    allowed, buckets = found
    size, tables = need.size, need.is_required
    if not buckets:
        return draws.sample(allowed, size)
    choice, sample = draws.choice, draws.sample
    free = size - len(buckets)
    # with one card of each required rank in the pool, every hand is reached one way
    unique = all(len(bucket) == 1 for bucket in buckets)
    hand: list[int] = []
    for _ in range(_TRIES):
        forced = [choice(bucket) for bucket in buckets]
        rest = list(allowed)
        for i in forced:
            rest.remove(i)
        hand = forced + sample(rest, free)
        if unique:
            break
        cards = bytes([pool[i] for i in hand])
        ways = 1
        for table in tables:
            ways *= cards.translate(table).count(1)
        if ways == 1 or draws.random() * ways < 1:
            break
    draws.shuffle(hand)
    return hand


def _sample_places_by_bits(
    pool: bytes | bytearray, need: _Need, draws: _Draws, bits: Callable[[int], int]
) -> list[int] | None:
    """:func:`_sample_places` with ``draws``' choice, sample and shuffle written out.

    For generators drawing with ``getrandbits`` (``bits``): the same calls to
    it, in the same order, as :func:`_sample_places` makes through ``draws``,
    so the same hand; only the Python calls between them are saved.
    """
    found = _candidates(pool, need)
    if found is None:
        return None
    allowed, buckets = found
    required, size = need.required, need.size
    hand: list[int]
    if not buckets:
        return _sample_by_bits(allowed, size, bits, draws.larger)
    free = size - len(buckets)
    unique = True
    for bucket in buckets:
        if len(bucket) != 1:
            unique = False
            break
    rank_at = _RANK_AT
    hand = []
    for _ in range(_TRIES):
        forced = []
        for bucket in buckets:  # draws.choice(bucket)
            n = len(bucket)
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            forced.append(bucket[r])
        rest = list(allowed)
        for i in forced:
            rest.remove(i)
        extra = _sample_by_bits(rest, free, bits, draws.larger)
        hand = forced + extra
        if unique:
            break
        # The ways to reach this hand: the forced card of each required rank is
        # one of them, so 1 + the extra cards of that rank, multiplied.
        ways = 1
        if extra:
            ranks = [rank_at[pool[i]] for i in extra]
            for rank in required:
                ways *= 1 + ranks.count(rank)
        if ways == 1 or draws.random() * ways < 1:
            break
    _shuffle_by_bits(hand, bits)
    return hand


def _sample_by_bits(
    population: Sequence[int],
    k: int,
    bits: Callable[[int], int],
    larger: Callable[[Sequence[int], int], list[int]],
) -> list[int]:
    """``random.sample(population, k)`` of the generator whose ``getrandbits`` is ``bits``.

    Written out for the common sizes: the same calls to ``bits``, in the same
    order, so the same sample; ``larger`` (the generator's own ``sample``)
    takes larger samples, and raises its error for impossible ones.
    """
    n = len(population)
    if k > 5 or not 0 <= k <= n:
        return larger(population, k)
    result = [0] * k
    if n <= 21:  # random.sample's list of the population
        pool = list(population)
        for i in range(k):
            m = n - i
            size = m.bit_length()
            j = bits(size)
            while j >= m:
                j = bits(size)
            result[i] = pool[j]
            pool[j] = pool[m - 1]
        return result
    size = n.bit_length()
    selected: set[int] = set()
    add = selected.add
    for i in range(k):  # random.sample's set of the places picked
        j = bits(size)
        while j >= n or j in selected:
            j = bits(size)
        add(j)
        result[i] = population[j]
    return result


def _shuffle_by_bits(x: MutableSequence[Any], bits: Callable[[int], int]) -> None:
    """``random.shuffle(x)`` of the generator whose ``getrandbits`` is ``bits``, written out."""
    for i, m, size in _shuffle_steps(len(x)):
        j = bits(size)
        while j >= m:
            j = bits(size)
        x[i], x[j] = x[j], x[i]


def _take(pool: bytearray, places: list[int]) -> bytes:
    """The cards at ``places``, taken out of ``pool``."""
    hand = bytes(map(pool.__getitem__, places))
    for i in sorted(places, reverse=True):
        del pool[i]
    return hand


def _deal_constrained(
    pool: Sequence[Card] | bytes, needs: list[_Need], rng: random.Random
) -> tuple[dict[int, tuple[Card, ...]], list[Card]] | None:
    """Deal the constrained hands one after another (most constrained first), or None.

    ``pool`` holds the unseen cards, or their indices in FULL_DECK as bytes.
    """
    indices = pool if isinstance(pool, bytes) else _indices(pool)
    dealt = _deal_places(indices, needs, _Draws(rng))
    return None if dealt is None else _as_cards(dealt)


def _deal_indices(
    pool: bytes, needs: Sequence[_Need], rng: random.Random
) -> tuple[dict[int, bytes], bytes] | None:
    """:func:`_deal_constrained` on card indices, its hands and pool as card indices too."""
    return _deal_places(pool, needs, _Draws(rng))


def _as_cards(
    dealt: tuple[dict[int, bytes], bytes],
) -> tuple[dict[int, tuple[Card, ...]], list[Card]]:
    """Hands and pool of card indices as cards."""
    card = FULL_DECK.__getitem__
    hands, pool = dealt
    return {seat: tuple(map(card, hand)) for seat, hand in hands.items()}, list(map(card, pool))


def _deal_places(
    cards: bytes, needs: Sequence[_Need], draws: _Draws
) -> tuple[dict[int, bytes], bytes] | None:
    """:func:`_deal_constrained` on card indices."""
    hands: dict[int, bytes] = {}
    pool = bytearray(cards)
    bits = draws.bits
    for need in needs:
        if bits is None:
            places = _sample_places(pool, need, draws)
        else:
            places = _sample_places_by_bits(pool, need, draws, bits)
        if places is None:
            return None
        hands[need.seat] = _take(pool, places)
    if len(needs) > 1:
        # One sweep of Gibbs sampling: redraw each hand from its own cards plus
        # the free ones, given the other constrained hands. This washes out most
        # of the bias of dealing the hands in a fixed order.
        for need in needs:
            pool[:0] = hands[need.seat]
            if bits is None:
                places = _sample_places(pool, need, draws)
            else:
                places = _sample_places_by_bits(pool, need, draws, bits)
            assert places is not None  # its current hand is one answer
            hands[need.seat] = _take(pool, places)
    return hands, bytes(pool)


def _search(
    pool: list[Card], needs: Sequence[_Need], rng: random.Random
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


_TWICE: Final = _table([False] * 2 + [True] * 254)
"""A translate table: 1 for the bytes 2 and up (cards left twice), else 0."""


def _unseen_indices(observation: Observation) -> bytes | None:
    """``observation.unseen_cards`` as card indices (bytes), in the same order.

    None if a card shows up more often than the decks hold: then the
    property says what it makes of that.
    """
    left = bytearray([observation.config.decks]) * 52
    index = _INDEX
    try:
        for card in observation.hand:
            left[index[card]] -= 1
        for seat_tables in observation.tables:
            for cards in seat_tables:
                for card in cards:
                    left[index[card]] -= 1
    except ValueError:  # below 0
        return None
    places = range(52)
    return bytes(compress(places, left)) + bytes(compress(places, left.translate(_TWICE)))


class _Plan:
    """What :func:`determinize` works out of an observation before it draws anything."""

    __slots__ = ("constrained", "hands", "needs", "pool", "unseen")

    def __init__(
        self,
        hands: tuple[tuple[Card, ...], ...],
        unseen: bytes | None,
        pool: tuple[Card, ...],
        needs: tuple[_Need, ...],
        constrained: tuple[_Need, ...],
    ) -> None:
        self.hands = hands
        self.unseen = unseen
        self.pool = pool
        self.needs = needs
        self.constrained = constrained


_PLANS: Final[dict[int, tuple[Observation, _Plan]]] = {}
"""Plans of recent observations, by identity; each entry holds its observation alive."""
_PLANS_KEPT: Final = 64


def _plan_of(observation: Observation) -> _Plan:
    """The plan of ``observation``: made once for each observation (observations are frozen)."""
    kept = _PLANS.get(id(observation))
    if kept is not None and kept[0] is observation:
        return kept[1]
    plan = _make_plan(observation)
    if len(_PLANS) >= _PLANS_KEPT:
        _PLANS.clear()
    _PLANS[id(observation)] = (observation, plan)
    return plan


def _make_plan(observation: Observation) -> _Plan:
    """The hands known, the unseen cards, and what the history says of each hidden hand."""
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
    # The unseen cards as card indices (bytes) while dealing; as cards only
    # for the odd observation _unseen_indices leaves to unseen_cards, or when
    # the complete search deals.
    unseen = None if over else _unseen_indices(observation)
    pool: list[Card] = []
    if unseen is None:
        pool = list(observation.unseen_cards)
        if over:
            # The other hands are revealed in the summary: only the deck is unseen.
            # (Drop the last copy, so two-deck pools keep first copies first.)
            for other in range(players):
                if other != seat:
                    for card in hands[other]:
                        del pool[len(pool) - 1 - pool[::-1].index(card)]
    count = len(pool) if unseen is None else len(unseen)
    places = observation.deck_size + sum(observation.hand_sizes[other] for other in hidden)
    if count != places:
        raise RulesError(  # pragma: no cover - an observation made by observe() always adds up
            f"the observation does not add up: {count} unseen cards for {places} hidden places"
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
    return _Plan(tuple(hands), unseen, tuple(pool), tuple(needs), tuple(constrained))


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
    plan = _plan_of(observation)
    config = observation.config
    players = config.players
    seat = observation.seat
    over = observation.to_act is None
    summary = observation.last_round
    hands = list(plan.hands)
    unseen, needs, constrained = plan.unseen, plan.needs, plan.constrained
    pool = list(plan.pool)
    card_of = FULL_DECK.__getitem__
    left: list[int] | None = None  # the cards left to deal, as indices
    if unseen is not None:
        left = list(unseen)
    if constrained:
        found = None
        indices = _indices(pool) if unseen is None else unseen
        for _ in range(_TRIES):
            found = _deal_indices(indices, constrained, rng)
            if found is not None:
                break
        if found is not None:
            dealt_indices, rest = found
            for other, places in dealt_indices.items():
                hands[other] = tuple(map(card_of, places))
            left = list(rest)
        else:
            cards = pool if unseen is None else list(map(card_of, unseen))
            dealt = _search(cards, constrained, rng)
            if dealt is None:
                raise RulesError(
                    "no deal of the unseen cards fits the observation's history; "
                    "was it made by mentok.observe?"
                )
            fixed, pool = dealt
            for other, hand in fixed.items():
                hands[other] = hand
            left = None
    shuffle = _Draws(rng).shuffle
    if left is not None:
        shuffle(left)  # the same swaps as of the cards themselves
        for need in needs:
            if need.excluded or need.required:
                continue
            hands[need.seat] = tuple(map(card_of, left[-need.size :]))
            del left[-need.size :]
        deck = tuple(map(card_of, left))
    else:
        shuffle(pool)
        for need in needs:
            if need.excluded or need.required:
                continue
            hands[need.seat] = tuple(pool[-need.size :])
            del pool[-need.size :]
        deck = tuple(pool)
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
        deck=deck,
        history=history,
        choices=tuple(choices),
        to_act=observation.to_act,
        winners=observation.winners,
        last_round=summary,
    )
