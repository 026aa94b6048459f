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
import operator
from collections.abc import Callable, Sequence
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
from tablerules.ofc.fantasyland import solve_fantasyland
from tablerules.ofc.state import RoundSummary, State

if TYPE_CHECKING:
    import random

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


# Slot setters of the frozen State, for building states without attrs' __init__.
_new = object.__new__
_SET_CONFIG = State.__dict__["config"].__set__
_SET_SEED = State.__dict__["seed"].__set__
_SET_ROUND = State.__dict__["round"].__set__
_SET_SCORES = State.__dict__["scores"].__set__
_SET_BOARDS = State.__dict__["boards"].__set__
_SET_HANDS = State.__dict__["hands"].__set__
_SET_DISCARDS = State.__dict__["discards"].__set__
_SET_DECK = State.__dict__["deck"].__set__
_SET_FANTASYLAND = State.__dict__["fantasyland"].__set__
_SET_TO_ACT = State.__dict__["to_act"].__set__
_SET_STREET = State.__dict__["street"].__set__
_SET_WINNERS = State.__dict__["winners"].__set__
_SET_LAST_ROUND = State.__dict__["last_round"].__set__
_SET_SUMMARY_ROUND = RoundSummary.__dict__["round"].__set__
_SET_SUMMARY_DEALER = RoundSummary.__dict__["dealer"].__set__
_SET_SUMMARY_BOARDS = RoundSummary.__dict__["boards"].__set__
_SET_SUMMARY_FOULED = RoundSummary.__dict__["fouled"].__set__
_SET_SUMMARY_ROYALTIES = RoundSummary.__dict__["royalties"].__set__
_SET_SUMMARY_POINTS = RoundSummary.__dict__["points"].__set__
_SET_SUMMARY_FANTASYLAND = RoundSummary.__dict__["fantasyland"].__set__
_SET_SUMMARY_NEXT = RoundSummary.__dict__["next_fantasyland"].__set__


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
    state = _new(State)
    _SET_CONFIG(state, config)
    _SET_SEED(state, seed)
    _SET_ROUND(state, round_index)
    _SET_SCORES(state, scores)
    _SET_BOARDS(state, boards)
    _SET_HANDS(state, hands)
    _SET_DISCARDS(state, discards)
    _SET_DECK(state, deck)
    _SET_FANTASYLAND(state, fantasyland)
    _SET_TO_ACT(state, to_act)
    _SET_STREET(state, street)
    _SET_WINNERS(state, winners)
    _SET_LAST_ROUND(state, last_round)
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
    if len(named) != len(hand) or set(named) != set(hand):
        if len(set(named)) != len(named):
            twice = sorted({card for card in named if named.count(card) > 1})
            return f"{_many(twice, 'is', 'are')} named more than once"
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
    if (
        len(top) + len(board.top) > 3
        or len(middle) + len(board.middle) > 5
        or (len(bottom) + len(board.bottom) > 5)
    ):
        for name, added, row, size in zip(
            ROW_NAMES, (top, middle, bottom), board.rows, (3, 5, 5), strict=True
        ):
            room = size - len(row)
            if len(added) > room:
                places = "no room" if room == 0 else f"room for {room} more"
                return f"the {name} row has {places}; this places {len(added)} there"
    return None


def is_legal(state: State, action: object) -> bool:
    """Whether ``action`` may be played now.

    >>> import tablerules as tr
    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1, deck=tr.FULL_DECK)
    >>> is_legal(state, ofc.Place(top="2c 2d 2h", bottom="2s 3c"))
    True
    >>> is_legal(state, ofc.Place(top="2c 2d 2h 2s", bottom="3c"))
    False
    """
    return _why_illegal(state, action) is None


# --- listing and drawing actions ----------------------------------------------------

Picker = Callable[[Sequence[Card]], tuple[Card, ...]]
"""Takes some cards, by position, from a sorted hand."""
Choice = tuple[Picker, Picker, Picker, Picker]
"""How one placement takes its top, middle, bottom and discard from the sorted hand."""
_CHOICES: dict[tuple[int, int, int, int, int], tuple[Choice, ...]] = {}


def _nothing(cards: Sequence[Card]) -> tuple[Card, ...]:
    return ()


def _picker(positions: tuple[int, ...]) -> Picker:
    """A fast function taking the cards at ``positions`` (in order) as a tuple."""
    if not positions:
        return _nothing
    if len(positions) == 1:
        position = positions[0]
        return lambda cards: (cards[position],)
    return cast("Picker", operator.itemgetter(*positions))


def _choices(size: int, discards: int, room: tuple[int, int, int]) -> tuple[Choice, ...]:
    """Every placement of a sorted hand of ``size`` cards, in the order of legal_actions.

    Discard choices come first (by position in the sorted hand), then every
    way to send the other cards to rows with this much room.
    """
    key = (size, discards, *room)
    choices = _CHOICES.get(key)
    if choices is None:
        found = []
        for thrown in itertools.combinations(range(size), discards):
            kept = [position for position in range(size) if position not in thrown]
            for rows in itertools.product(range(3), repeat=len(kept)):
                split = [
                    tuple(
                        position for position, row in zip(kept, rows, strict=True) if row == target
                    )
                    for target in range(3)
                ]
                if all(len(part) <= space for part, space in zip(split, room, strict=True)):
                    found.append(
                        (_picker(split[0]), _picker(split[1]), _picker(split[2]), _picker(thrown))
                    )
        choices = _CHOICES[key] = tuple(found)
    return choices


def _street_choices(state: State, seat: int) -> tuple[list[Card], tuple[Choice, ...]]:
    hand = sorted(state.hands[seat])
    board = state.boards[seat]
    room = (3 - len(board.top), 5 - len(board.middle), 5 - len(board.bottom))
    needed = 1 if state.street and state.config.variant == "pineapple" else 0
    return hand, _choices(len(hand), needed, room)


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
    hand, choices = _street_choices(state, seat)
    return tuple(
        [
            _make_place(top(hand), middle(hand), bottom(hand), discard(hand))
            for top, middle, bottom, discard in choices
        ]
    )


def random_action(state: State, rng: random.Random) -> Place:
    """A legal action drawn with ``rng``: uniform over :func:`legal_actions` on a street.

    On a fantasyland turn it returns :func:`~tablerules.ofc.solve_fantasyland`'s
    setting (the best one for royalties and staying; deterministic, a few
    milliseconds), so playouts that reach fantasyland stay realistic.

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
        return solve_fantasyland(state.hands[seat], state.config)
    hand, choices = _street_choices(state, seat)
    top, middle, bottom, discard = choices[int(rng.random() * len(choices))]
    return _make_place(top(hand), middle(hand), bottom(hand), discard(hand))


Turn = tuple[int, int, int]
"""The next turn: the seat, the street, and how many cards it is dealt then."""
_SCHEDULES: dict[tuple[int, str, int, tuple[int, ...]], dict[tuple[int, int], Turn | None]] = {}


def _schedule(
    config: Config, round_index: int, fantasyland: tuple[int, ...]
) -> dict[tuple[int, int], Turn | None]:
    """For each (seat, street) turn of a round, the turn that follows it (cached).

    Fantasyland seats act first, in turn order, on street 0; then the other
    seats play every street in turn order. ``None`` follows the last turn.
    """
    players = config.players
    key = (players, config.variant, round_index % players, fantasyland)
    schedule = _SCHEDULES.get(key)
    if schedule is None:
        order = _order(players, round_index % players)
        turns: list[Turn] = [(seat, 0, 0) for seat in order if fantasyland[seat]]
        turns += [
            (seat, street, _street_size(config, street))
            for street in range(config.streets)
            for seat in order
            if not fantasyland[seat]
        ]
        schedule = {
            (seat, street): turns[index + 1] if index + 1 < len(turns) else None
            for index, (seat, street, _) in enumerate(turns)
        }
        _SCHEDULES[key] = schedule
    return schedule


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
    fantasyland = state.fantasyland
    players = config.players
    schedule = _SCHEDULES.get((players, config.variant, state.round % players, fantasyland))
    if schedule is None:
        schedule = _schedule(config, state.round, fantasyland)
    turn = schedule[seat, state.street]
    if turn is None:
        return _end_round(state, tuple(boards), discards)
    following, street, size = turn
    deck = state.deck
    if size:
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
        [
            _fantasyland_count(evaluation, config, in_fantasyland=count > 0)
            for evaluation, count in zip(evaluations, fantasyland, strict=True)
        ]
        if config.fantasyland
        else (0,) * config.players
    )
    summary = _new(RoundSummary)
    _SET_SUMMARY_ROUND(summary, state.round)
    _SET_SUMMARY_DEALER(summary, state.round % config.players)
    _SET_SUMMARY_BOARDS(summary, boards)
    _SET_SUMMARY_FOULED(summary, tuple([evaluation[0] for evaluation in evaluations]))
    _SET_SUMMARY_ROYALTIES(summary, tuple([evaluation[4] for evaluation in evaluations]))
    _SET_SUMMARY_POINTS(summary, tuple(points))
    _SET_SUMMARY_FANTASYLAND(summary, fantasyland)
    _SET_SUMMARY_NEXT(summary, earned)
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
