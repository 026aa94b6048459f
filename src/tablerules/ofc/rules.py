"""Playing OFC: new_game, legal_actions, is_legal, random_action and apply.

>>> import random
>>> import tablerules.ofc as ofc
>>> state = ofc.new_game(seed=7)
>>> len(ofc.legal_actions(state))         # every way to set a first street of 5
232
>>> state = ofc.apply(state, ofc.random_action(state, random.Random(1)))
>>> state.to_act, state.boards[1].size
(0, 5)
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Final, cast

from tablerules._common import check_seed, round_deck, stacked_deck
from tablerules.cards import Card, cards_text
from tablerules.errors import ConfigError, IllegalActionError, RulesError
from tablerules.ofc.actions import Action, Place, _make_place
from tablerules.ofc.board import (
    EMPTY_BOARD,
    ROW_NAMES,
    Board,
    Evaluation,
    _evaluate,
    _fantasyland_count,
    _make_board,
    _points,
)
from tablerules.ofc.config import Config
from tablerules.ofc.state import RoundSummary, State
from tablerules.ranking import rank3_unchecked, rank5_unchecked, rank_lowball27

if TYPE_CHECKING:
    import random
    from collections.abc import Sequence

__all__ = ["apply", "is_legal", "legal_actions", "new_game", "random_action"]

DECK_SIZE: Final = 52

_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


def _order(players: int, dealer: int) -> tuple[int, ...]:
    """Seats in turn order, starting left of the dealer (cached)."""
    key = (players, dealer)
    order = _ORDERS.get(key)
    if order is None:
        order = _ORDERS[key] = tuple((dealer + 1 + step) % players for step in range(players))
    return order


def _street_size(config: Config, street: int) -> int:
    """Cards dealt on a street to a player not in fantasyland."""
    if street == 0:
        return 5
    return 3 if config.variant == "pineapple" else 1


def _discards_needed(config: Config, street: int) -> int:
    return 1 if street > 0 and config.variant == "pineapple" else 0


# --- building states ----------------------------------------------------------


def _state(  # noqa: PLR0917 - the engine's fast constructor takes every field
    config: Config,
    seed: int,
    round_index: int,
    scores: tuple[int, ...],
    boards: tuple[Board, ...],
    hands: tuple[tuple[Card, ...], ...],
    discards: tuple[tuple[Card, ...], ...],
    deck: tuple[Card, ...],
    fantasyland: tuple[int, ...],
    to_act: int | None,
    street: int,
    winners: tuple[int, ...],
    last_round: RoundSummary | None,
) -> State:
    """A State without attrs' __init__: the engine's fast path (fields are known good)."""
    state = object.__new__(State)
    setter = object.__setattr__
    setter(state, "config", config)
    setter(state, "seed", seed)
    setter(state, "round", round_index)
    setter(state, "scores", scores)
    setter(state, "boards", boards)
    setter(state, "hands", hands)
    setter(state, "discards", discards)
    setter(state, "deck", deck)
    setter(state, "fantasyland", fantasyland)
    setter(state, "to_act", to_act)
    setter(state, "street", street)
    setter(state, "winners", winners)
    setter(state, "last_round", last_round)
    return state


def supply_counts(counts: Sequence[int], order: Sequence[int], config: Config) -> tuple[int, ...]:
    """Fantasyland card counts cut so that every player's cards fit in one deck.

    While the fantasyland counts plus 17 (classic 13) cards for each other
    player exceed 52, one card is cut from the largest count (among equal
    counts, from the seat later in turn order), never below 13.

    >>> supply_counts((18, 18, 0), (1, 2, 0), Config(players=3, progressive=True))
    (17, 18, 0)
    """
    result = list(counts)
    others = sum(1 for count in result if count == 0) * config.cards_per_player
    while sum(result) + others > DECK_SIZE:
        cut = None
        for seat in order:
            if result[seat] > 13 and (cut is None or result[seat] >= result[cut]):
                cut = seat
        if cut is None:  # pragma: no cover - Config rules this out
            break
        result[cut] -= 1
    return tuple(result)


def _start_round(  # noqa: PLR0917 - private, called from two places
    config: Config,
    seed: int,
    round_index: int,
    scores: tuple[int, ...],
    deck: tuple[Card, ...],
    fantasyland: tuple[int, ...],
    last_round: RoundSummary | None,
) -> State:
    """Deal a new round: fantasyland hands first, then the first player's first street."""
    players = config.players
    order = _order(players, round_index % players)
    hands: list[tuple[Card, ...]] = [()] * players
    position = 0
    first = None
    for seat in order:
        count = fantasyland[seat]
        if count:
            hands[seat] = deck[position : position + count]
            position += count
            if first is None:
                first = seat
    if first is None:
        first = order[0]
        hands[first] = deck[position : position + 5]
        position += 5
    return _state(
        config,
        seed,
        round_index,
        scores,
        (EMPTY_BOARD,) * players,
        tuple(hands),
        ((),) * players,
        deck[position:],
        fantasyland,
        first,
        0,
        (),
        last_round,
    )


def new_game(
    config: Config | None = None, *, seed: int, deck: Sequence[Card] | None = None
) -> State:
    """Start a game: round 0 is dealt and the first seat to act holds its cards.

    ``deck`` stacks round 0's deck (first card dealt first); later rounds are
    shuffled from ``seed``.

    >>> import tablerules as tr
    >>> state = new_game(seed=1, deck=tr.FULL_DECK)
    >>> tr.cards_text(state.hands[1])  # seat 1 is left of the dealer
    '2c 2d 2h 2s 3c'
    >>> new_game(seed="x")
    Traceback (most recent call last):
    ...
    tablerules.errors.ConfigError: seed must be an int, not str
    """
    if config is None:
        config = Config()
    elif not isinstance(config, Config):
        raise ConfigError(f"config must be a tablerules.ofc.Config, not {type(config).__name__}")
    seed = check_seed(seed)
    cards = stacked_deck(deck) if deck is not None else round_deck(seed, 0)
    players = config.players
    return _start_round(
        config, seed, 0, (config.starting_points,) * players, cards, (0,) * players, None
    )


# --- checking actions -----------------------------------------------------------


def _many(cards: Sequence[Card], one: str, many: str) -> str:
    return f"{cards_text(cards)} {one if len(cards) == 1 else many}"


def _why_illegal(state: State, action: object) -> str | None:
    """Why ``action`` may not be played now, or ``None`` if it may."""
    if not isinstance(action, Place):
        return (
            f"{action!r} is not an OFC action; OFC is played with "
            "Place(top=..., middle=..., bottom=..., discard=...)"
        )
    seat = state.to_act
    if seat is None:
        return "the game is over: no more actions can be played"
    hand = state.hands[seat]
    top, middle, bottom, discard = action.top, action.middle, action.bottom, action.discard
    named = top + middle + bottom + discard
    items: tuple[object, ...] = named
    for item in items:
        if not isinstance(item, Card):
            return f"{item!r} is not a Card; name cards as Card values or text such as 'As'"
    if len(set(named)) != len(named):
        twice = sorted({card for card in named if named.count(card) > 1})
        return f"{_many(twice, 'is', 'are')} named more than once"
    if len(named) != len(hand) or not set(named).issuperset(hand):
        hand_set = set(hand)
        extra = [card for card in named if card not in hand_set]
        if extra:
            return (
                f"{_many(extra, 'is', 'are')} not among the cards seat {seat} holds this turn "
                f"({cards_text(hand)})"
            )
        missing = [card for card in hand if card not in named]
        return (
            f"every card dealt this turn must be placed or discarded: "
            f"{_many(missing, 'is', 'are')} left over"
        )
    in_fantasyland = state.fantasyland[seat] > 0
    needed = len(hand) - 13 if in_fantasyland else _discards_needed(state.config, state.street)
    if len(discard) != needed:
        if in_fantasyland:
            return (
                f"a fantasyland turn sets 13 of the {len(hand)} cards and discards {needed}, "
                f"not {len(discard)}"
            )
        if state.config.variant == "classic":
            return "classic OFC never discards: place the dealt card"
        if state.street == 0:
            return "the first street places all 5 cards: nothing is discarded"
        return f"a pineapple street places 2 cards and discards exactly 1, not {len(discard)}"
    board = state.boards[seat]
    for name, added, row, size in zip(
        ROW_NAMES, (top, middle, bottom), board.rows, (3, 5, 5), strict=False
    ):
        room = size - len(row)
        if len(added) > room:
            places = "no room" if room == 0 else f"room for {room} more"
            return f"the {name} row has {places}; this places {len(added)} there"
    return None


def is_legal(state: State, action: object) -> bool:
    """Whether ``action`` may be played now.

    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1, deck=__import__("tablerules").FULL_DECK)
    >>> is_legal(state, ofc.Place(top="2c 2d 2h", bottom="2s 3c"))
    True
    >>> is_legal(state, ofc.Place(top="2c 2d 2h 2s", bottom="3c"))
    False
    """
    return _why_illegal(state, action) is None


# --- listing and drawing actions ----------------------------------------------------

Pattern = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
_PATTERNS: dict[tuple[int, int, int, int], tuple[Pattern, ...]] = {}


def _patterns(count: int, room: tuple[int, int, int]) -> tuple[Pattern, ...]:
    """Every way to send ``count`` cards (by position) to rows with this much room."""
    key = (count, *room)
    patterns = _PATTERNS.get(key)
    if patterns is None:
        found = []
        for rows in itertools.product(range(3), repeat=count):
            split = tuple(
                tuple(position for position, row in enumerate(rows) if row == target)
                for target in range(3)
            )
            if all(len(part) <= space for part, space in zip(split, room, strict=False)):
                found.append((split[0], split[1], split[2]))
        patterns = _PATTERNS[key] = tuple(found)
    return patterns


def _street_choices(state: State, seat: int) -> tuple[list[Card], int, tuple[Pattern, ...]]:
    hand = sorted(state.hands[seat])
    needed = _discards_needed(state.config, state.street)
    board = state.boards[seat]
    room = (3 - len(board.top), 5 - len(board.middle), 5 - len(board.bottom))
    return hand, needed, _patterns(len(hand) - needed, room)


def _build(hand: list[Card], discard_index: int | None, pattern: Pattern) -> Place:
    if discard_index is None:
        rest, discard = hand, cast("tuple[Card, ...]", ())
    else:
        rest = hand[:discard_index] + hand[discard_index + 1 :]
        discard = (hand[discard_index],)
    top, middle, bottom = pattern
    return _make_place(
        tuple([rest[i] for i in top]),
        tuple([rest[i] for i in middle]),
        tuple([rest[i] for i in bottom]),
        discard,
    )


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal placement for the seat to act, in a stable order; empty once over.

    A placement is a set of cards per row, so two orders of the same cards
    are one action. A fantasyland turn has far too many placements to list:
    there this raises :class:`~tablerules.RulesError`; use :func:`is_legal`
    and :func:`random_action` instead.

    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1)
    >>> len(legal_actions(state))
    232
    """
    seat = state.to_act
    if seat is None:
        return ()
    if state.fantasyland[seat]:
        raise RulesError(
            f"seat {seat} is setting a fantasyland board of {state.fantasyland[seat]} cards: "
            "there are far too many placements to list; use is_legal() and random_action(), "
            "or build a Place yourself"
        )
    hand, needed, patterns = _street_choices(state, seat)
    choices: Sequence[int | None] = range(len(hand)) if needed else (None,)
    return tuple(_build(hand, index, pattern) for index in choices for pattern in patterns)


def random_action(state: State, rng: random.Random) -> Place:
    """A legal action drawn with ``rng``: uniform over :func:`legal_actions` on a street.

    On a fantasyland turn it returns a quick setting that avoids fouling when
    it can (it does not search for the best one).

    >>> import random
    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1)
    >>> ofc.is_legal(state, random_action(state, random.Random(5)))
    True
    """
    seat = state.to_act
    if seat is None:
        raise RulesError("the game is over: there is no action to choose")
    if state.fantasyland[seat]:
        return _fantasyland_setting(state.hands[seat], state.config, rng)
    hand, needed, patterns = _street_choices(state, seat)
    width = len(patterns)
    pick = rng.randrange(width * len(hand) if needed else width)
    if needed:
        index, pattern = divmod(pick, width)
        return _build(hand, index, patterns[pattern])
    return _build(hand, None, patterns[pick])


def _fantasyland_setting(cards: Sequence[Card], config: Config, rng: random.Random) -> Place:
    """A quick fantasyland setting: a few random tries, then a greedy board that does not foul."""
    extra = len(cards) - 13
    lowball = config.lowball_middle
    for _ in range(20):
        deal = rng.sample(cards, len(cards))
        board = _make_board(
            tuple(sorted(deal[:3])), tuple(sorted(deal[3:8])), tuple(sorted(deal[8:13]))
        )
        if not _evaluate(board, lowball, config)[0]:
            return _make_place(board.top, board.middle, board.bottom, tuple(sorted(deal[13:])))
    pool = sorted(cards)
    if lowball:
        lows = [(rank_lowball27(five), five) for five in itertools.combinations(pool, 5)]
        middle = max(lows)[1]
        rest = [card for card in pool if card not in middle]
        bottom = max(itertools.combinations(rest, 5), key=rank5_unchecked)
    else:
        bottom = max(itertools.combinations(pool, 5), key=rank5_unchecked)
        rest = [card for card in pool if card not in bottom]
        middle = max(itertools.combinations(rest, 5), key=rank5_unchecked)
    rest = [card for card in rest if card not in bottom and card not in middle]
    top = max(itertools.combinations(rest, 3), key=rank3_unchecked)
    discard = tuple(card for card in rest if card not in top)
    assert len(discard) == extra
    return _make_place(tuple(top), tuple(middle), tuple(bottom), discard)


# --- applying actions -----------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after ``action``; cards are dealt inside from the state's deck.

    Raises :class:`~tablerules.IllegalActionError` saying why when the action
    is not legal; ``state`` itself never changes.

    >>> import tablerules as tr
    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1, deck=tr.FULL_DECK)
    >>> after = apply(state, ofc.Place(top="2c 2d 2h", bottom="2s 3c"))
    >>> print(after.boards[1])
    2h 2d 2c / - / 3c 2s
    >>> apply(state, ofc.Place(top="2c 2d 2h As", bottom="2s"))
    Traceback (most recent call last):
    ...
    tablerules.errors.IllegalActionError: As is not among the cards seat 1 holds this turn ...
    """
    reason = _why_illegal(state, action)
    if reason is not None:
        raise IllegalActionError(reason, action)
    seat = state.to_act
    assert seat is not None
    config = state.config
    board = state.boards[seat]
    top, middle, bottom = board.top, board.middle, board.bottom
    if action.top:
        top = tuple(sorted(top + action.top))
    if action.middle:
        middle = tuple(sorted(middle + action.middle))
    if action.bottom:
        bottom = tuple(sorted(bottom + action.bottom))
    boards = list(state.boards)
    boards[seat] = _make_board(top, middle, bottom)
    hands = list(state.hands)
    hands[seat] = ()
    discards = state.discards
    if action.discard:
        discards_list = list(discards)
        discards_list[seat] = discards[seat] + action.discard
        discards = tuple(discards_list)
    players = config.players
    order = _order(players, state.round % players)
    fantasyland = state.fantasyland
    street = state.street
    after = order[order.index(seat) + 1 :]
    following = None
    if fantasyland[seat]:
        following = next((other for other in after if fantasyland[other]), None)
        if following is None:
            following = next((other for other in order if not fantasyland[other]), None)
    else:
        following = next((other for other in after if not fantasyland[other]), None)
        if following is None:
            street += 1
            if street < config.streets:
                following = next(other for other in order if not fantasyland[other])
    if following is None:
        return _end_round(state, tuple(boards), discards)
    deck = state.deck
    if not fantasyland[following]:
        size = _street_size(config, street)
        hands[following] = deck[:size]
        deck = deck[size:]
    return _state(
        config,
        state.seed,
        state.round,
        state.scores,
        tuple(boards),
        tuple(hands),
        discards,
        deck,
        fantasyland,
        following,
        street,
        (),
        state.last_round,
    )


def _end_round(
    state: State, boards: tuple[Board, ...], discards: tuple[tuple[Card, ...], ...]
) -> State:
    """Score the finished round, then deal the next one or end the game."""
    config = state.config
    lowball = config.lowball_middle
    evaluations: list[Evaluation] = [_evaluate(board, lowball, config) for board in boards]
    points = _points(evaluations)
    scores = tuple([score + gain for score, gain in zip(state.scores, points, strict=False)])
    fantasyland = state.fantasyland
    earned = tuple(
        _fantasyland_count(evaluation, config, in_fantasyland=count > 0)
        for evaluation, count in zip(evaluations, fantasyland, strict=False)
    )
    summary = RoundSummary(
        round=state.round,
        dealer=state.round % config.players,
        boards=boards,
        fouled=tuple(evaluation[0] for evaluation in evaluations),
        royalties=tuple(evaluation[4] for evaluation in evaluations),
        points=tuple(points),
        fantasyland=fantasyland,
        next_fantasyland=earned,
    )
    next_round = state.round + 1
    if min(scores) <= 0 or (config.max_rounds is not None and next_round >= config.max_rounds):
        best = max(scores)
        return _state(
            config,
            state.seed,
            state.round,
            scores,
            boards,
            ((),) * config.players,
            discards,
            state.deck,
            fantasyland,
            None,
            state.street,
            tuple(seat for seat, score in enumerate(scores) if score == best),
            summary,
        )
    order = _order(config.players, next_round % config.players)
    return _start_round(
        config,
        state.seed,
        next_round,
        scores,
        round_deck(state.seed, next_round),
        supply_counts(earned, order, config),
        summary,
    )
