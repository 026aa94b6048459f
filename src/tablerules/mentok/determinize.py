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

Every draw is made with the :class:`random.Random` passed in, through its
public methods (``choice``, ``sample``, ``shuffle``, ``randrange``,
``random``, ``getrandbits``), so any generator deals.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Final

from tablerules._common import changer, check_rng, check_type, fast_init
from tablerules.cards import FULL_DECK, Card
from tablerules.errors import RulesError
from tablerules.mentok.observe import Observation
from tablerules.mentok.scoring import RANK_OF
from tablerules.mentok.state import AskRecord, Event, State

__all__ = ["Sampler", "determinize"]

_TRIES: Final = 100
"""Attempts at one constrained hand, or at a whole deal, before the next fallback."""

_make_state: Final = fast_init(State)
_CHANGE_CHEAT: Final = changer(AskRecord, "cheat")

# While dealing, a pool of unseen cards is a bytes string of card indices
# (places in FULL_DECK), so that keeping the allowed cards, or the cards of one
# rank, is one bytes.translate that deletes the others.

_INDEX: Final = {card: index for index, card in enumerate(FULL_DECK)}

_RANK_OF_INDEX: Final = bytes(RANK_OF[card] for card in FULL_DECK) + bytes(256 - len(FULL_DECK))
"""A translate table: each card index to its rank."""

_OF_RANK: Final = {
    rank: bytes(index for index, card in enumerate(FULL_DECK) if RANK_OF[card] == rank)
    for rank in range(2, 15)
}
"""For each rank, the indices of its cards."""

_NOT_OF_RANK: Final = {
    rank: bytes(index for index, card in enumerate(FULL_DECK) if RANK_OF[card] != rank)
    for rank in range(2, 15)
}
"""For each rank, the indices of the other cards."""


class _Need:
    """What the history says about one hidden hand: its size and rank constraints.

    It keeps what :func:`_draw_hand` deletes from pools: the cards not
    allowed (None if every card is), and for each required rank (in the
    order ``required`` iterates) the cards of the other ranks.
    """

    __slots__ = ("clash", "excluded", "not_allowed", "not_required", "required", "seat", "size")

    def __init__(
        self, seat: int, size: int, excluded: frozenset[int], required: frozenset[int]
    ) -> None:
        self.seat = seat
        self.size = size
        self.excluded = excluded
        self.required = required
        self.not_allowed = b"".join(_OF_RANK[rank] for rank in excluded) if excluded else None
        self.clash = not excluded.isdisjoint(required)
        self.not_required = [_NOT_OF_RANK[rank] for rank in required]


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


def _draw_hand(
    pool: bytearray, need: _Need, rng: random.Random, ordered: bool = True
) -> bytes | None:
    """A hand meeting ``need`` drawn uniformly from ``pool`` and taken out of it (card indices).

    None if no such hand exists in ``pool`` (then ``pool`` is left as it
    was). Each required rank is forced with one of its cards picked at
    random, the rest filled at random; a hand with ``k`` cards of a required
    rank can be reached in ``k`` ways, so it is kept with probability ``1/k``
    (per required rank), which makes the draw uniform. If ``ordered``, the
    hand comes in a uniformly random order too (the rest come in one
    already; each forced card goes in at a random place). With two decks the
    copies of a card are alike, so taking out any one of them will do.
    """
    size = need.size
    allowed = pool if need.not_allowed is None else pool.translate(None, need.not_allowed)
    if len(allowed) < size or len(need.required) > size:
        return None
    if not need.not_required:
        hand = rng.sample(allowed, size)
    elif need.clash:
        return None  # no allowed card is of that required rank
    else:
        # Every card of a required rank is allowed: its cards in the pool are its bucket.
        buckets = [pool.translate(None, others) for others in need.not_required]
        if not all(buckets):
            return None
        hand = _forced_hand(allowed, buckets, need, rng, ordered)
    for card in hand:
        pool.remove(card)
    return bytes(hand)


def _forced_hand(
    allowed: bytes | bytearray,
    buckets: list[bytearray],
    need: _Need,
    rng: random.Random,
    ordered: bool,
) -> list[int]:
    """:func:`_draw_hand` of a hand with required ranks, whose cards are ``buckets``."""
    free = need.size - len(buckets)
    # with one card of each required rank in the pool, every hand is reached one way
    unique = all(len(bucket) == 1 for bucket in buckets)
    forced: list[int] = []
    extra: list[int] = []
    for _ in range(_TRIES):
        forced = [bucket[0] if len(bucket) == 1 else rng.choice(bucket) for bucket in buckets]
        rest = bytearray(allowed)
        for card in forced:
            rest.remove(card)
        extra = rng.sample(rest, free)
        if unique:
            break
        # The ways to reach this hand: the forced card of each required rank is
        # one of them, so 1 + the extra cards of that rank, multiplied.
        ways = 1
        if extra:
            ranks = bytes(extra).translate(_RANK_OF_INDEX)
            for rank in need.required:
                ways *= 1 + ranks.count(rank)
        if ways == 1 or rng.random() * ways < 1:
            break
    if not ordered:
        return forced + extra
    for card in forced:
        extra.insert(rng.randrange(len(extra) + 1), card)
    return extra


def _deal(
    cards: bytes, needs: Sequence[_Need], rng: random.Random
) -> tuple[dict[int, bytes], bytearray] | None:
    """The constrained hands dealt from ``cards`` in turn (most constrained first), and the rest.

    Cards are card indices. None if a hand finds no cards that fit.
    """
    hands: dict[int, bytes] = {}
    pool = bytearray(cards)
    sweep = len(needs) > 1
    for need in needs:
        hand = _draw_hand(pool, need, rng, ordered=not sweep)
        if hand is None:
            return None
        hands[need.seat] = hand
    if sweep:
        # One sweep of Gibbs sampling: redraw each hand from its own cards plus
        # the free ones, given the other constrained hands. This washes out most
        # of the bias of dealing the hands in a fixed order. (So the first
        # hands need no order: their cards only go back to the pool.)
        for need in needs:
            pool += hands[need.seat]
            hand = _draw_hand(pool, need, rng)
            assert hand is not None  # its current hand is one answer
            hands[need.seat] = hand
    return hands, pool


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
    history: tuple[Event, ...], hands: list[tuple[Card, ...]], on_table: list[bool]
) -> tuple[Event, ...]:
    """The history with every hidden cheat flag set from the sampled hands."""
    held = [{RANK_OF[card] for card in hand} for hand in hands]
    events = list(history)
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if type(event) is not AskRecord:
            continue
        if event.given:
            held[event.target].add(int(event.rank))
        if event.cheat is None:
            inside = on_table[index] or int(event.rank) in held[event.seat]
            events[index] = _CHANGE_CHEAT(event, cheat=not inside)
    return tuple(events)


def _unseen(observation: Observation, hands: Sequence[tuple[Card, ...]]) -> list[Card]:
    """The cards left to deal: the unseen cards, less the other ``hands`` already known.

    (The last copy of a known card goes, so two-deck pools keep first copies first.)
    """
    pool = list(observation.unseen_cards)
    for seat, hand in enumerate(hands):
        if seat != observation.seat:
            for card in hand:
                del pool[len(pool) - 1 - pool[::-1].index(card)]
    return pool


class Sampler:
    """Draws states that one observation cannot tell from the real one, as :func:`determinize` does.

    Built once from an :class:`Observation`, it works out the unseen cards
    and what the history says of each hidden hand; each :meth:`sample` then
    only deals. A bot that draws many states from one view
    (information-set Monte Carlo) builds one sampler for the view: it gets
    the states :func:`determinize` gives with the same ``rng``, for less
    work each.

    >>> import random
    >>> from tablerules import mentok
    >>> state = mentok.apply(mentok.new_game(seed=5), mentok.Stand())
    >>> view = mentok.observe(state, 2)
    >>> sampler = mentok.Sampler(view)
    >>> guesses = [sampler.sample(random.Random(seed)) for seed in range(3)]
    >>> all(mentok.observe(guess, 2) == view for guess in guesses)
    True
    >>> guesses[1] == mentok.determinize(view, random.Random(1))
    True
    """

    __slots__ = (
        "_choices",
        "_constrained",
        "_drawn",
        "_hands",
        "_observation",
        "_on_table",
        "_open",
        "_pool",
    )

    def __init__(self, observation: Observation) -> None:
        check_type(observation, Observation, "observation")
        self._observation = observation
        seat = observation.seat
        over = observation.to_act is None
        summary = observation.last_round
        hands: list[tuple[Card, ...]] = [()] * observation.config.players
        hands[seat] = observation.hand
        hidden: list[int] = []
        for other, size in enumerate(observation.hand_sizes):
            if other == seat or not size:
                continue
            if over:
                # A finished game shows every hand in its last round: only the deck is unseen.
                assert summary is not None  # a finished game keeps its last round
                hands[other] = summary.hands[other]
            else:
                hidden.append(other)
        pool = _unseen(observation, hands) if over else observation.unseen_cards
        places = observation.deck_size + sum(observation.hand_sizes[other] for other in hidden)
        if len(pool) != places:
            raise RulesError(  # pragma: no cover - an observation made by observe() always adds up
                f"the observation does not add up: {len(pool)} unseen cards "
                f"for {places} hidden places"
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
        self._hands = tuple(hands)
        self._pool = bytes(map(_INDEX.__getitem__, pool))
        self._constrained = tuple(
            sorted(
                (need for need in needs if need.excluded or need.required),
                key=lambda need: (-len(need.excluded) - 2 * len(need.required), need.seat),
            )
        )
        self._open = tuple(
            (need.seat, need.size) for need in needs if not (need.excluded or need.required)
        )
        """The unconstrained hidden hands: their seats and sizes."""
        self._on_table = (
            None
            if observation.config.strict or over
            else _on_table(observation.history, observation.tables)
        )
        """With hidden cheat flags to set, whether each ask's rank was on the asker's table."""
        choices: list[bool | None] = [None] * observation.config.players
        choices[seat] = observation.choice
        drawn = []
        for other, made in enumerate(observation.chosen):
            if other == seat or not made:
                continue
            if over:
                assert summary is not None
                choices[other] = summary.choices[other]
            else:
                drawn.append(other)
        self._choices = tuple(choices)
        """The score choices known: the observer's own, and all of them once the game is over."""
        self._drawn = tuple(drawn)
        """The seats whose score choice is made and hidden, so drawn."""

    @property
    def observation(self) -> Observation:
        """The observation the states are drawn for."""
        return self._observation

    def __repr__(self) -> str:
        return f"Sampler({self._observation!r})"

    def sample(self, rng: random.Random) -> State:
        """A state the observer cannot tell from the real one, the unseen cards dealt by ``rng``.

        See :func:`determinize`, which is this on a fresh sampler.

        >>> import random
        >>> from tablerules import mentok
        >>> sampler = mentok.Sampler(mentok.observe(mentok.new_game(seed=5), 0))
        >>> sampler.sample(random.Random(2)).hands[0] == sampler.observation.hand
        True
        >>> sampler.sample(2)
        Traceback (most recent call last):
        ...
        TypeError: rng must be a random.Random, such as random.Random(7), not int
        """
        check_rng(rng)
        observation = self._observation
        hands = list(self._hands)
        pool, constrained = self._pool, self._constrained
        card_of = FULL_DECK.__getitem__
        if not constrained:
            rest = list(map(card_of, pool))
        else:
            found = None
            for _ in range(_TRIES):
                found = _deal(pool, constrained, rng)
                if found is not None:
                    break
            if found is not None:
                dealt, left = found
                for other, hand in dealt.items():
                    hands[other] = tuple(map(card_of, hand))
                rest = list(map(card_of, left))
            else:
                searched = _search(list(map(card_of, pool)), constrained, rng)
                if searched is None:
                    raise RulesError(
                        "no deal of the unseen cards fits the observation's history; "
                        "was it made by mentok.observe?"
                    )
                fixed, rest = searched
                for other, cards in fixed.items():
                    hands[other] = cards
        rng.shuffle(rest)
        for other, size in self._open:
            hands[other] = tuple(rest[-size:])
            del rest[-size:]
        history = observation.history
        if self._on_table is not None:
            history = _cheat_flags(history, hands, self._on_table)
        choices = self._choices
        if self._drawn:
            drawn = list(choices)
            for other in self._drawn:
                drawn[other] = rng.random() < 0.5
            choices = tuple(drawn)
        return _make_state(
            config=observation.config,
            seed=rng.getrandbits(63),
            round=observation.round,
            scores=observation.scores,
            hands=tuple(hands),
            tables=observation.tables,
            stood=observation.stood,
            deck=tuple(rest),
            history=history,
            choices=choices,
            to_act=observation.to_act,
            winners=observation.winners,
            last_round=observation.last_round,
        )


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
    average. To draw many states from one observation, build a
    :class:`Sampler` once and call its :meth:`~Sampler.sample`: the same
    states, for less work each.

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
    TypeError: observation must be a tablerules.mentok.Observation, not tablerules.mentok.State
    """
    check_type(observation, Observation, "observation")
    check_rng(rng)
    return Sampler(observation).sample(rng)
