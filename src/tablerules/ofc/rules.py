"""Playing OFC: new_game, legal_actions, is_legal, random_action, apply and apply_unchecked.

``legal_actions``, ``is_legal`` and ``random_action`` take a :class:`State` or
the acting seat's :class:`~tablerules.ofc.Observation` alike: they need only
what the seat to act sees (its cards, its board, the street).

The order of a round's turns is written once, in :func:`round_turns`: every
fantasyland seat sets its board first, in turn order, then the other seats
play each street in turn order. :func:`apply_unchecked` follows it to deal
the next turn, and ``validate.check_state`` follows it to know what every seat
must hold at any turn. Finished rounds are scored by
:func:`tablerules.ofc.scoring.score_round`.

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

import functools
import itertools
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from tablerules._common import (
    Picker,
    changer,
    check_rng,
    check_seed,
    check_type,
    fast_init,
    picker,
    round_deck,
    stacked_deck,
    turn_order,
    with_fields,
)
from tablerules.cards import Card, cards_text, is_card
from tablerules.errors import IllegalActionError, StateError, show, type_name
from tablerules.ofc.actions import Action, Place, make_place
from tablerules.ofc.board import BOARD_SIZE, EMPTY_BOARD, ROW_NAMES, ROW_SIZES, make_board
from tablerules.ofc.config import STREETS, Config, config_or_default
from tablerules.ofc.fantasyland import FantasylandSettings, solve_fantasyland
from tablerules.ofc.observe import Observation
from tablerules.ofc.scoring import score_round, supply_counts
from tablerules.ofc.state import RoundSummary, State

if TYPE_CHECKING:
    from tablerules.ofc.board import Board

__all__ = [
    "Turn",
    "apply",
    "apply_unchecked",
    "deal_round",
    "is_legal",
    "legal_actions",
    "new_game",
    "random_action",
    "redeal",
    "round_turns",
]

make_state: Final = fast_init(State)
"""Build a State from known-good fields, skipping attrs' checks (keywords only)."""
_CHANGE_TURN: Final = changer(State, "boards", "hands", "discards", "deck", "to_act", "street")
"""The state after a turn within a round: :func:`apply_unchecked`'s copy."""


# --- the order of play ---------------------------------------------------------------


class Turn(NamedTuple):
    """One turn of a round: who acts, on which street, with how many cards."""

    seat: int
    """The seat that acts."""
    street: int
    """The street (always 0 for a fantasyland turn)."""
    cards: int
    """Cards the seat holds for this turn; a normal seat is dealt them when the turn
    comes, a fantasyland seat with the round's deal."""
    discards: int
    """How many of them it discards."""
    fantasyland: bool
    """Whether the turn sets a fantasyland board."""


def street_cards(variant: str, street: int) -> int:
    """Cards dealt on a street to a player not in fantasyland (5 first, then 3 or 1).

    >>> street_cards("pineapple", 0), street_cards("pineapple", 1), street_cards("classic", 4)
    (5, 3, 1)
    """
    if street == 0:
        return 5
    return 3 if variant == "pineapple" else 1


def street_discards(variant: str, street: int) -> int:
    """Cards discarded on a street by a player not in fantasyland (1 on later pineapple streets).

    >>> [street_discards("pineapple", street) for street in range(5)]
    [0, 1, 1, 1, 1]
    >>> street_discards("classic", 1)
    0
    """
    return 1 if street > 0 and variant == "pineapple" else 0


def round_turns(config: Config, dealer: int, fantasyland: tuple[int, ...]) -> tuple[Turn, ...]:
    """Every turn of a round, in order.

    Fantasyland seats act first, in turn order, on street 0; then the other
    seats play every street in turn order.

    >>> turns = round_turns(Config(), 0, (15, 0))
    >>> turns[0]
    Turn(seat=0, street=0, cards=15, discards=2, fantasyland=True)
    >>> turns[1]
    Turn(seat=1, street=0, cards=5, discards=0, fantasyland=False)
    >>> len(turns)
    6
    """
    return _turns(config.players, config.variant, dealer, fantasyland)


@functools.cache
def _turns(
    players: int, variant: str, dealer: int, fantasyland: tuple[int, ...]
) -> tuple[Turn, ...]:
    """:func:`round_turns`, as a pure memo keyed by what the schedule depends on."""
    order = turn_order(players, dealer)
    turns = [
        Turn(seat, 0, fantasyland[seat], fantasyland[seat] - BOARD_SIZE, True)
        for seat in order
        if fantasyland[seat]
    ]
    turns += [
        Turn(seat, street, street_cards(variant, street), street_discards(variant, street), False)
        for street in range(STREETS[variant])
        for seat in order
        if not fantasyland[seat]
    ]
    return tuple(turns)


@functools.cache
def _next_turn(  # noqa: PLR0917 - a memo keyed by every fact the next turn depends on
    players: int, variant: str, dealer: int, fantasyland: tuple[int, ...], seat: int, street: int
) -> tuple[int, int, int] | None:
    """Who acts after ``seat`` on ``street``, on which street, dealt how many cards then.

    ``None`` follows a round's last turn. A fantasyland seat is dealt
    nothing when its turn comes (its hand came with the round's deal). A pure
    memo of :func:`round_turns`, shaped for :func:`apply_unchecked`.
    """
    turns = _turns(players, variant, dealer, fantasyland)
    index = [(turn.seat, turn.street) for turn in turns].index((seat, street))
    if index + 1 == len(turns):
        return None
    after = turns[index + 1]
    return (after.seat, after.street, 0 if after.fantasyland else after.cards)


# --- dealing ---------------------------------------------------------------------------------


def deal_round(
    config: Config,
    *,
    seed: int,
    round_index: int,
    scores: tuple[int, ...],
    deck: tuple[Card, ...],
    fantasyland: tuple[int, ...],
    last_round: RoundSummary | None,
) -> State:
    """Deal a round from ``deck``: fantasyland hands first, then the first normal turn's street."""
    players = config.players
    turns = round_turns(config, round_index % players, fantasyland)
    hands: list[tuple[Card, ...]] = [()] * players
    position = 0
    for turn in turns:
        if not turn.fantasyland:
            break
        hands[turn.seat] = deck[position : position + turn.cards]
        position += turn.cards
    first = turns[0]
    if not first.fantasyland:
        hands[first.seat] = deck[position : position + first.cards]
        position += first.cards
    return make_state(
        config=config,
        seed=seed,
        round=round_index,
        scores=scores,
        boards=(EMPTY_BOARD,) * players,
        hands=tuple(hands),
        discards=((),) * players,
        deck=deck[position:],
        fantasyland=fantasyland,
        to_act=first.seat,
        street=0,
        winners=(),
        last_round=last_round,
    )


def next_round_fantasyland(summary: RoundSummary, config: Config) -> tuple[int, ...]:
    """The fantasyland counts the round after ``summary`` is dealt: earned, then the supply rule.

    >>> from tablerules.ofc import Board
    >>> from tablerules.ofc.scoring import score_round
    >>> queens = Board.parse("Qs Qd 2c / 9h 9s 9c 4d 5s / Ah Kh Qh Jh Th")
    >>> jacks = Board.parse("Js Jd 3d / 8h 8s 8c 4c 6s / Kc Kd Ks 5c 5d")
    >>> next_round_fantasyland(score_round(0, (queens, jacks), (0, 0), Config()), Config())
    (15, 0)
    """
    next_round = summary.round + 1
    order = turn_order(config.players, next_round % config.players)
    return supply_counts(summary.next_fantasyland, order, config)


def new_game(
    config: Config | None = None, *, seed: int, deck: Sequence[Card] | None = None
) -> State:
    """Start a game: round 0 is dealt and the first seat to act holds its cards.

    ``deck`` stacks round 0's deck (first card dealt first); later rounds are
    shuffled from ``seed``.

    >>> from tablerules.ofc import new_game
    >>> import tablerules as tr
    >>> state = new_game(seed=1, deck=tr.FULL_DECK)
    >>> tr.cards_text(state.hands[1])  # seat 1 is left of the dealer
    '2c 2d 2h 2s 3c'
    >>> new_game(seed="x")
    Traceback (most recent call last):
    ...
    tablerules.errors.ConfigError: seed must be an int, not str
    """
    config = config_or_default(config)
    seed = check_seed(seed)
    cards = round_deck(seed, 0) if deck is None else stacked_deck(deck)
    players = config.players
    return deal_round(
        config,
        seed=seed,
        round_index=0,
        scores=(config.starting_points,) * players,
        deck=cards,
        fantasyland=(0,) * players,
        last_round=None,
    )


def redeal(state: State, deck: Sequence[Card]) -> State:
    """The start of ``state``'s round dealt again from ``deck``, stacked as in ``new_game``.

    A round's deal depends on the deck and on what the round starts from,
    which every state of the round keeps; so this is the state the rules
    would have dealt that round from ``deck`` (``new_game(config, seed=s,
    deck=d)`` is ``redeal(new_game(config, seed=s), d)``). A finished game
    is a :class:`~tablerules.StateError`.

    >>> import tablerules as tr
    >>> from tablerules import ofc
    >>> state = ofc.new_game(seed=1)
    >>> dealt = ofc.rules.redeal(state, tr.FULL_DECK)
    >>> dealt == ofc.new_game(seed=1, deck=tr.FULL_DECK)
    True
    """
    check_type(state, State, "state")
    if state.is_over:
        raise StateError("the game is over: there is no round to deal again")
    return deal_round(
        state.config,
        seed=state.seed,
        round_index=state.round,
        scores=state.scores,
        deck=stacked_deck(deck),
        fantasyland=state.fantasyland,
        last_round=state.last_round,
    )


# --- the seat to act, from a state or a view --------------------------------------


def _checked(state: object) -> State | Observation:
    """``state`` if it is a State or an Observation, else a TypeError naming the parameter."""
    if isinstance(state, (State, Observation)):
        return state
    raise TypeError(
        "state must be a tablerules.ofc.State or a tablerules.ofc.Observation, "
        f"not {type_name(state)}"
    )


def _acting_seat(state: State | Observation) -> int | None:
    """The seat that acts now, if this is a state or that seat's view; else ``None``."""
    seat = state.to_act
    if seat is not None and isinstance(state, Observation) and seat != state.seat:
        return None
    return seat


def _holding(state: State | Observation, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` (the seat to act) holds, from the state or its own view."""
    if isinstance(state, Observation):
        return state.hand
    return state.hands[seat]


# --- checking actions -----------------------------------------------------------


def _many(cards: Sequence[Card], one: str, many: str) -> str:
    return f"{cards_text(cards)} {one if len(cards) == 1 else many}"


def why_illegal(state: State | Observation, action: object) -> str | None:
    """Why ``action`` may not be played now, or ``None`` if it may."""
    _checked(state)
    if not isinstance(action, Place):
        return (
            f"{show(action)} is not an OFC action; OFC is played with "
            "Place(top=..., middle=..., bottom=..., discard=...)"
        )
    seat = state.to_act
    if seat is None:
        return "the game is over: no more actions can be played"
    if isinstance(state, Observation) and seat != state.seat:
        return f"it is seat {seat}'s turn: seat {state.seat} may not act now"
    top, middle, bottom, discard = action.top, action.middle, action.bottom, action.discard
    try:
        named = top + middle + bottom + discard
    except TypeError:
        named = None
    if type(named) is not tuple:
        return "a Place holds tuples of cards; build it with Place(top=..., ...)"
    for item in named:
        if type(item) is not Card:
            return f"{show(item)} is not a Card; name cards as Card values or text such as 'As'"
    hand = _holding(state, seat)
    if len(named) != len(hand) or set(named) != set(hand):
        return _misnamed(named, hand, seat)
    in_fantasyland = state.fantasyland[seat] > 0
    config = state.config
    if in_fantasyland:
        needed = len(hand) - BOARD_SIZE
    else:
        needed = street_discards(config.variant, state.street)
    if len(discard) != needed:
        if in_fantasyland:
            return (
                f"a fantasyland turn sets 13 of the {len(hand)} cards and discards {needed}, "
                f"not {len(discard)}"
            )
        if config.variant == "classic":
            return "classic OFC never discards: place the dealt card"
        if state.street == 0:
            return "the first street places all 5 cards: nothing is discarded"
        return f"a pineapple street places 2 cards and discards exactly 1, not {len(discard)}"
    board = state.boards[seat]
    if (
        len(top) + len(board.top) > 3
        or len(middle) + len(board.middle) > 5
        or len(bottom) + len(board.bottom) > 5
    ):
        for name, added, row, size in zip(
            ROW_NAMES, (top, middle, bottom), board.rows, ROW_SIZES, strict=True
        ):
            room = size - len(row)
            if len(added) > room:
                places = "no room" if room == 0 else f"room for {room} more"
                return f"the {name} row has {places}; this places {len(added)} there"
    return None


def _misnamed(named: tuple[Card, ...], hand: tuple[Card, ...], seat: int) -> str:
    """Why the cards an action names are not exactly the cards the seat holds."""
    for card in named:
        if not is_card(card):
            return f"{show(card)} is not one of the 52 cards"
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


def is_legal(state: State | Observation, action: object) -> bool:
    """Whether ``action`` may be played now, asked of the state or of a seat's view.

    A view of a seat that is not to act answers ``False``.

    >>> from tablerules.ofc import is_legal
    >>> import tablerules as tr
    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1, deck=tr.FULL_DECK)
    >>> is_legal(state, ofc.Place(top="2c 2d 2h", bottom="2s 3c"))
    True
    >>> is_legal(state, ofc.Place(top="2c 2d 2h 2s", bottom="3c"))
    False
    >>> place = ofc.Place(top="2c 2d 2h", bottom="2s 3c")
    >>> is_legal(ofc.observe(state, 1), place), is_legal(ofc.observe(state, 0), place)
    (True, False)
    """
    return why_illegal(state, action) is None


# --- listing and drawing actions ----------------------------------------------------

Choice = tuple[Picker, Picker, Picker, Picker]
"""How one placement takes its top, middle, bottom and discard from the sorted hand."""


@functools.cache
def _choices(size: int, discards: int, room: tuple[int, int, int]) -> tuple[Choice, ...]:
    """Every placement of a sorted hand of ``size`` cards, in the order of legal_actions.

    Discard choices come first (by position in the sorted hand), then every
    way to send the other cards to rows with this much room. A pure memo.
    """
    found = []
    for thrown in itertools.combinations(range(size), discards):
        kept = [position for position in range(size) if position not in thrown]
        for rows in itertools.product(range(3), repeat=len(kept)):
            split = [
                tuple(position for position, row in zip(kept, rows, strict=True) if row == target)
                for target in range(3)
            ]
            if all(len(part) <= space for part, space in zip(split, room, strict=True)):
                found.append((picker(split[0]), picker(split[1]), picker(split[2]), picker(thrown)))
    return tuple(found)


def _street_choices(state: State | Observation, seat: int) -> tuple[list[Card], tuple[Choice, ...]]:
    hand = sorted(state.hands[seat] if type(state) is State else _holding(state, seat))
    board = state.boards[seat]
    room = (3 - len(board.top), 5 - len(board.middle), 5 - len(board.bottom))
    street = state.street
    discards = street_discards(state.config.variant, street) if street else 0
    return hand, _choices(len(hand), discards, room)


def legal_actions(state: State | Observation) -> Sequence[Action]:
    """Every legal placement for the seat to act, in a stable order, from the state or its view.

    Empty once the game is over, and for a view of a seat that is not to act.
    A placement is a set of cards per row, so two orders of the same cards
    are one action. On a street the actions come as a tuple: discards first
    (by position in the sorted hand), then every way to send the other cards
    to rows with room. On a fantasyland turn, which has millions of settings,
    they come as a lazy :class:`~tablerules.ofc.FantasylandSettings` in the
    order of :func:`~tablerules.ofc.fantasyland_settings`: ``len``,
    indexing, ``in`` and ``random.Random().choice`` work without listing them.

    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1)
    >>> len(ofc.legal_actions(state)), len(ofc.legal_actions(ofc.observe(state, 1)))
    (232, 232)
    >>> ofc.legal_actions(ofc.observe(state, 0))
    ()
    """
    seat = _acting_seat(_checked(state))
    if seat is None:
        return ()
    if state.fantasyland[seat]:
        return FantasylandSettings(_holding(state, seat))
    hand, choices = _street_choices(state, seat)
    return tuple(
        [
            make_place(
                top=top(hand), middle=middle(hand), bottom=bottom(hand), discard=discard(hand)
            )
            for top, middle, bottom, discard in choices
        ]
    )


def random_action(state: State | Observation, rng: random.Random) -> Place:
    """A legal action drawn with ``rng``: uniform over :func:`legal_actions` on a street.

    The state and the acting seat's view give the same action for the same
    ``rng``. On a fantasyland turn it returns
    :func:`~tablerules.ofc.solve_fantasyland`'s setting (the best one for
    royalties and staying; deterministic, a few milliseconds, no draw from
    ``rng``), so playouts that reach fantasyland stay realistic; for a uniform
    setting use ``rng.choice(legal_actions(state))``. Once the game is over, or
    for a view of a seat that is not to act, it raises
    :class:`~tablerules.IllegalActionError`.

    >>> from tablerules.ofc import random_action
    >>> import random
    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1)
    >>> ofc.is_legal(state, random_action(state, random.Random(5)))
    True
    >>> random_action(ofc.observe(state, 1), random.Random(5)) == random_action(
    ...     state, random.Random(5)
    ... )
    True
    >>> random_action(ofc.observe(state, 0), random.Random(5))
    Traceback (most recent call last):
    ...
    tablerules.errors.IllegalActionError: it is seat 1's turn: seat 0 has no action to choose
    """
    if type(state) is not State:
        _checked(state)
    if type(rng) is not random.Random:
        check_rng(rng)
    seat = state.to_act
    if seat is None:
        raise IllegalActionError("the game is over: there is no action to choose")
    if type(state) is not State and isinstance(state, Observation) and seat != state.seat:
        raise IllegalActionError(
            f"it is seat {seat}'s turn: seat {state.seat} has no action to choose"
        )
    if state.fantasyland[seat]:
        return solve_fantasyland(_holding(state, seat), state.config)
    hand, choices = _street_choices(state, seat)
    top, middle, bottom, discard = choices[int(rng.random() * len(choices))]
    return make_place(top(hand), middle(hand), bottom(hand), discard(hand))  # the fields in order


# --- applying actions -----------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after ``action``; cards are dealt inside from the state's deck.

    Raises :class:`~tablerules.IllegalActionError` saying why when the action
    is not legal; ``state`` itself never changes.

    >>> from tablerules.ofc import apply
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
    if type(state) is not State:
        check_type(state, State, "state")
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalActionError(reason, action)
    return apply_unchecked(state, action)


def apply_unchecked(state: State, action: Action) -> State:
    """:func:`apply` without the legality check: the fast path for trusted actions.

    Only for actions taken from :func:`legal_actions`, :func:`random_action`
    or :func:`~tablerules.ofc.solve_fantasyland` for this very state (as
    :func:`tablerules.rank5_unchecked` is only for five distinct cards); given
    anything else the result is undefined. Use :func:`apply` for actions from
    users or other programs.

    >>> from tablerules.ofc import apply_unchecked
    >>> import random
    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=3)
    >>> action = ofc.random_action(state, random.Random(3))
    >>> apply_unchecked(state, action) == ofc.apply(state, action)
    True
    """
    if type(state) is not State:
        check_type(state, State, "state")
    seat = state.to_act
    assert seat is not None
    board = state.boards[seat]
    top, middle, bottom = board.top, board.middle, board.bottom
    if action.top:
        top = tuple(sorted(top + action.top))
    if action.middle:
        middle = tuple(sorted(middle + action.middle))
    if action.bottom:
        bottom = tuple(sorted(bottom + action.bottom))
    boards = list(state.boards)
    boards[seat] = make_board(top, middle, bottom)  # the fields in order
    hands = list(state.hands)
    hands[seat] = ()
    discards = state.discards
    if action.discard:
        discards_list = list(discards)
        discards_list[seat] = discards[seat] + action.discard
        discards = tuple(discards_list)
    config = state.config
    fantasyland = state.fantasyland
    players = config.players
    turn = _next_turn(
        players, config.variant, state.round % players, fantasyland, seat, state.street
    )
    if turn is None:
        return _end_round(state, tuple(boards), discards)
    following, street, dealt = turn
    deck = state.deck
    if dealt:
        hands[following] = deck[:dealt]
        deck = deck[dealt:]
    return _CHANGE_TURN(
        state,
        boards=tuple(boards),
        hands=tuple(hands),
        discards=discards,
        deck=deck,
        to_act=following,
        street=street,
    )


def game_ends(scores: tuple[int, ...], round_index: int, config: Config) -> bool:
    """Whether the game ends after round ``round_index`` left these bankrolls.

    It ends when a bankroll is at 0 or below, or after ``config.max_rounds`` rounds.

    >>> game_ends((100, 100), 0, Config(max_rounds=1)), game_ends((121, 79), 0, Config())
    (True, False)
    """
    return min(scores) <= 0 or (
        config.max_rounds is not None and round_index + 1 >= config.max_rounds
    )


def winners_of(scores: tuple[int, ...]) -> tuple[int, ...]:
    """The seats with the highest bankroll.

    >>> winners_of((120, 60, 120))
    (0, 2)
    """
    best = max(scores)
    return tuple([seat for seat, score in enumerate(scores) if score == best])


def _end_round(
    state: State, boards: tuple[Board, ...], discards: tuple[tuple[Card, ...], ...]
) -> State:
    """Score the finished round, then deal the next one or end the game."""
    config = state.config
    summary = score_round(state.round, boards, state.fantasyland, config)
    scores = tuple([score + gain for score, gain in zip(state.scores, summary.points, strict=True)])
    if game_ends(scores, state.round, config):
        return with_fields(
            state,
            scores=scores,
            boards=boards,
            hands=((),) * config.players,
            discards=discards,
            to_act=None,
            winners=winners_of(scores),
            last_round=summary,
        )
    next_round = state.round + 1
    return deal_round(
        config,
        seed=state.seed,
        round_index=next_round,
        scores=scores,
        deck=round_deck(state.seed, next_round),
        fantasyland=next_round_fantasyland(summary, config),
        last_round=summary,
    )
