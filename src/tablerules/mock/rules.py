"""The rules of Mock: dealing, legal actions, and applying them, to the end of the game.

Scoring a finished round and deciding whether the game is over live in
:mod:`tablerules.mock.scoring`, which :func:`apply` calls; the invariant
check (:mod:`tablerules.mock.validate`) replays a round's history with
:func:`deal_round`, then :func:`why_illegal` and :func:`apply_unchecked` for
each turn, as :func:`apply` plays it.

>>> import tablerules.mock as mock
>>> state = mock.new_game(seed=3)
>>> state = mock.apply(state, mock.Draw())
>>> state.step, len(state.hands[state.to_act])
('meld', 4)
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import TYPE_CHECKING, Final, cast

from tablerules._common import (
    TURN_ORDERS,
    Picker,
    changer,
    check_rng,
    check_seed,
    check_type,
    fast_init,
    picker,
    round_deck,
    stacked_deck,
)
from tablerules.cards import Card
from tablerules.errors import IllegalActionError, StateError, show, type_name
from tablerules.mock.actions import Action, Draw, Meld
from tablerules.mock.config import HAND_SIZE, MELD_SIZE, Config
from tablerules.mock.scoring import game_winners, score_round
from tablerules.mock.state import (
    CARD_IDS,
    NONE_HELD,
    PILE_DRAWS,
    Drew,
    Event,
    Melded,
    RoundSummary,
    State,
    TableFacts,
    at_seat,
    fewest_to_meld,
    first_to_complete,
    held_after,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablerules.mock.observe import Observation

__all__ = [
    "apply",
    "apply_unchecked",
    "deal_round",
    "is_legal",
    "legal_actions",
    "meld_positions",
    "meld_templates",
    "new_game",
    "random_action",
    "redeal",
    "table_of",
    "why_illegal",
]

_make_state: Final = fast_init(State)
_DRAW_PILE_CHANGE: Final = changer(State, "hands", "deck", "step", "history")
_DRAW_DISCARD_CHANGE: Final = changer(
    State, "hands", "discard_pile", "known_held", "step", "history"
)
_MELD_CHANGE: Final = changer(
    State,
    *("hands", "melds", "deck", "discard_pile", "known_held", "finished", "to_act", "step"),
    "history",
)
_GAME_OVER_CHANGE: Final = changer(State, "scores", "to_act", "step", "last_round")
_make_summary: Final = fast_init(RoundSummary)
_make_meld: Final = fast_init(Meld)
_make_melded: Final = fast_init(Melded)
_make_drew: Final = fast_init(Drew)
_RANDOM: Final = random.Random
_DRAW_PILE: Final = Draw(from_discard=False)
_DRAW_DISCARD: Final = Draw(from_discard=True)
_NOT_FINISHED: Final = tuple((False,) * players for players in range(11))

# --- dealing, turns and the end of the game ----------------------------------


def deal_round(
    config: Config,
    *,
    seed: int,
    round_index: int,
    cards: Sequence[Card],
    scores: tuple[int, ...],
    last_round: RoundSummary | None,
) -> State:
    """The state at the start of a round dealt from ``cards`` (a full deck, first card first).

    Each player gets three cards as one block, in turn order from the
    dealer's left; the rest is the draw pile, opening first. The player left
    of the dealer draws first.

    >>> import tablerules as tr
    >>> state = deal_round(
    ...     Config(players=3), seed=0, round_index=1, cards=tr.FULL_DECK, scores=(0, 0, 0),
    ...     last_round=None,
    ... )
    >>> state.dealer, state.to_act, tr.cards_text(state.hands[2])
    (1, 2, '2c 2d 2h')
    """
    players = config.players
    order = TURN_ORDERS[players, round_index % players]
    hands: list[tuple[Card, ...]] = [()] * players
    for block, seat in enumerate(order):
        hands[seat] = tuple(cards[block * HAND_SIZE : (block + 1) * HAND_SIZE])
    none = NONE_HELD[players]
    return _make_state(
        config=config,
        seed=seed,
        round=round_index,
        scores=scores,
        hands=tuple(hands),
        melds=none,
        deck=tuple(cards[players * HAND_SIZE :]),
        discard_pile=(),
        known_held=none,
        finished=_NOT_FINISHED[players],
        to_act=order[0],
        step="draw",
        history=(),
        last_round=last_round,
    )


def new_game(
    config: Config | None = None, *, seed: int, deck: Sequence[Card] | None = None
) -> State:
    """Start a game of Mock: round 0 is dealt by seat 0, and seat 1, on its left, draws first.

    ``deck`` stacks round 0 (first card dealt first); later rounds are
    shuffled from ``seed``. Each player gets three cards as one block,
    starting left of the dealer; the rest is the draw pile, opening first.

    >>> from tablerules.mock import Config, new_game
    >>> import tablerules as tr
    >>> state = new_game(seed=0, deck=tr.FULL_DECK)
    >>> [tr.cards_text(hand) for hand in state.hands], state.to_act
    (['4d 4h 4s', '2c 2d 2h', '2s 3c 3d', '3h 3s 4c'], 1)
    >>> new_game(Config(players=3), seed=0, deck=tr.FULL_DECK[:50])
    Traceback (most recent call last):
    ...
    tablerules.errors.ConfigError: a stacked deck must hold all 52 cards once each; missing Ah As
    >>> new_game("4 players", seed=0)
    Traceback (most recent call last):
    ...
    TypeError: config must be a tablerules.mock.Config or None, not str
    """
    if config is None:
        config = Config()
    elif not isinstance(config, Config):
        raise TypeError(f"config must be a tablerules.mock.Config or None, not {type_name(config)}")
    check_seed(seed)
    cards = round_deck(seed, 0) if deck is None else stacked_deck(deck)
    return deal_round(
        config, seed=seed, round_index=0, cards=cards, scores=(0,) * config.players, last_round=None
    )


def redeal(state: State, deck: Sequence[Card]) -> State:
    """The start of ``state``'s round dealt again from ``deck``, stacked as in ``new_game``.

    A round's deal depends on the deck and on what the round starts from,
    which every state of the round keeps; so this is the state the rules
    would have dealt that round from ``deck`` (``new_game(config, seed=s,
    deck=d)`` is ``redeal(new_game(config, seed=s), d)``). A finished game
    is a :class:`~tablerules.StateError`.

    >>> import tablerules as tr
    >>> from tablerules import mock
    >>> state = mock.new_game(seed=1)
    >>> dealt = mock.rules.redeal(state, tr.FULL_DECK)
    >>> dealt == mock.new_game(seed=1, deck=tr.FULL_DECK)
    True
    """
    check_type(state, State, "state")
    if state.is_over:
        raise StateError("the game is over: there is no round to deal again")
    return deal_round(
        state.config,
        seed=state.seed,
        round_index=state.round,
        cards=stacked_deck(deck),
        scores=state.scores,
        last_round=state.last_round,
    )


# --- legality --------------------------------------------------------------


def _not_held(card: object, verb: str, field: str) -> str:
    """Why ``card`` cannot be melded or discarded: not in the hand, or not a card at all."""
    if id(card) in CARD_IDS:
        return f"you cannot {verb} {card}: it is not in your hand"
    return f"{field} holds {show(card)}, not one of the 52 cards; build actions with Meld(...)"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def table_of(state: object) -> State | Observation:
    """``state`` if it is a :class:`State` or an :class:`Observation`, else a :class:`TypeError`."""
    if type(state) is State or isinstance(state, TableFacts):
        return cast("State | Observation", state)  # the only two kinds of TableFacts
    raise TypeError(
        "state must be a tablerules.mock.State or a tablerules.mock.Observation, "
        f"not {type_name(state)}"
    )


def _acting(state: object) -> tuple[State | Observation, int | None, tuple[Card, ...] | None]:
    """The table of ``state``, its seat to act, and that seat's hand if the table shows it."""
    if type(state) is State:  # the common case, without the method calls
        seat = state.to_act
        return state, seat, None if seat is None else state.hands[seat]
    table = table_of(state)
    return table, table.to_act, table._hand_to_act()


def _cannot_act(table: State | Observation) -> str:
    """Why nobody can act on ``table``: the game is over, or it is a view of a seat not to act."""
    seat = table.to_act
    if seat is None or isinstance(table, State):
        return "the game is over: no more actions can be played"
    return (
        f"it is seat {seat}'s turn: this observation is seat {table.seat}'s, which cannot act now"
    )


def why_illegal(state: State | Observation, action: object) -> str | None:
    """Why ``action`` is illegal now, or ``None`` if it is legal."""
    table, seat, hand = _acting(state)
    if not isinstance(action, (Draw, Meld)):
        return f"{action!r} is not a Mock action (tablerules.mock.Draw or tablerules.mock.Meld)"
    if seat is None or hand is None:
        return _cannot_act(table)
    if isinstance(action, Draw):
        if table.step != "draw":
            return "you have already drawn this turn: meld and equalise now with a Meld"
        try:
            from_discard = action.from_discard
        except AttributeError:  # built past the constructor
            from_discard = None
        if from_discard is True:
            if not table._has_discards():
                if not table.history:
                    return "the first turn of a round is blind: there is no discard pile yet"
                return "the discard pile is empty: draw from the draw pile"
        elif from_discard is not False:
            return "Draw.from_discard must be True or False; build actions with Draw(...)"
        elif not table._has_deck():
            return "the draw pile is empty: take the top card of the discard pile"
        return None
    if table.step != "meld":
        return "draw first: a turn starts with a Draw, from the draw pile or the discard pile"
    cards: tuple[Card, ...]
    discards: tuple[Card, ...]
    try:
        cards, discards = action.cards, action.discards
    except AttributeError:  # built past the constructor
        return "a Meld must have cards and discards; build actions with Meld(...)"
    if type(cards) is not tuple or type(discards) is not tuple:
        return "Meld.cards and Meld.discards must be tuples of cards; build actions with Meld(...)"
    melded = len(table.melds[seat])
    for index, card in enumerate(cards):
        if id(card) not in CARD_IDS or card not in hand:
            return _not_held(card, "meld", "Meld.cards")
        if index and cards[index - 1] >= card:
            if cards[index - 1] == card:
                return f"you name {card} twice in the meld"
            return "Meld.cards must be sorted; build actions with Meld(...)"
    total = melded + len(cards)
    if total > MELD_SIZE:
        return (
            f"more than five melded: you have {melded} melded and meld {len(cards)} more; "
            "a melded hand holds at most five cards"
        )
    if table.pile_was_empty:
        need = fewest_to_meld(melded, len(hand), False, False, True)
        if len(cards) != need:
            return (
                "the draw pile was empty at the start of your turn, so you must meld "
                f"{_plural(need, 'card')} (up to five melded, or your whole hand) and finish, "
                f"not {len(cards)}"
            )
    elif not cards and fewest_to_meld(
        melded, len(hand), table.took_discard, table.opening_was_empty, False
    ):
        if table.took_discard:
            return "you took the top discard, so you must meld at least one card"
        return (
            "the opening was empty at the start of your turn and you have nothing "
            "melded, so you must meld at least one card"
        )
    for index, card in enumerate(discards):
        if id(card) not in CARD_IDS or card not in hand:
            return _not_held(card, "discard", "Meld.discards")
        if card in cards:
            return f"you cannot both meld and discard {card}"
        if index and card in discards[:index]:
            return f"you name {card} twice in the discards"
    left = len(hand) - len(cards)
    if table.pile_was_empty or total == MELD_SIZE:
        if len(discards) != left:
            return (
                f"wrong number of discards: you finish this turn, so you must discard all "
                f"{_plural(left, 'remaining card')} in the order you choose, not {len(discards)}"
            )
    elif len(discards) != max(0, left - HAND_SIZE):
        excess = max(0, left - HAND_SIZE)
        if not excess:
            return (
                f"wrong number of discards: you keep {_plural(left, 'card')}, so you discard "
                "none (a hand of fewer than three is equalised by drawing)"
            )
        return (
            f"wrong number of discards: you keep {_plural(left, 'card')}, so you must discard "
            f"exactly {excess} to equalise to three, not {len(discards)}"
        )
    return None


def is_legal(state: State | Observation, action: object) -> bool:
    """Whether ``action`` is legal for the player to act, from the state or that seat's view.

    A view of a seat that is not to act has no legal action.

    >>> from tablerules.mock import is_legal
    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=1)
    >>> is_legal(state, mock.Draw()), is_legal(state, mock.Draw(from_discard=True))
    (True, False)
    >>> is_legal(mock.observe(state, 1), mock.Draw()), is_legal(mock.observe(state, 2), mock.Draw())
    (True, False)
    >>> is_legal(state, "draw")
    False
    """
    return why_illegal(state, action) is None


@functools.cache
def meld_templates(
    size: int, melded: int, took_discard: bool, opening_was_empty: bool, exact: bool
) -> tuple[tuple[Picker, Picker], ...]:
    """Every legal meld step as pickers of (the cards melded, the cards discarded in order).

    They pick from the sorted hand of ``size`` cards (a tuple); ``melded``
    cards are already melded; the flags are the turn's obligations (see
    ``fewest_to_meld``): ``exact`` when the whole
    draw pile was empty at the start of the turn (meld up to five and finish).
    """
    return tuple(
        (picker(chosen), picker(order))
        for chosen, order in meld_positions(size, melded, took_discard, opening_was_empty, exact)
    )


def meld_positions(
    size: int, melded: int, took_discard: bool, opening_was_empty: bool, exact: bool
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every legal meld step as (positions melded, positions discarded in order)."""
    least = fewest_to_meld(melded, size, took_discard, opening_was_empty, exact)
    room = min(MELD_SIZE - melded, size)
    counts = [least] if exact else range(least, room + 1)
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for count in counts:
        for chosen in itertools.combinations(range(size), count):
            rest = [position for position in range(size) if position not in chosen]
            if exact or melded + count == MELD_SIZE:
                found.extend((chosen, order) for order in itertools.permutations(rest))
            elif len(rest) > HAND_SIZE:
                excess = len(rest) - HAND_SIZE
                found.extend((chosen, order) for order in itertools.permutations(rest, excess))
            else:
                found.append((chosen, ()))
    return found


def _table_templates(
    table: State | Observation, seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Picker, Picker], ...]:
    return meld_templates(
        len(hand),
        len(table.melds[seat]),
        table.took_discard,
        table.opening_was_empty,
        table.pile_was_empty,
    )


def legal_actions(state: State | Observation) -> tuple[Action, ...]:
    """Every legal action of the player to act, in a stable order; empty once the game is over.

    ``state`` is the state or the acting seat's observation: both give the
    same actions in the same order (a view of a seat not to act gives none).
    In the draw step: ``Draw()`` if the draw pile has a card, then
    ``Draw(from_discard=True)`` if the discard pile has one. In the meld
    step: every ``Meld`` (melded cards as a set, discards in order), fewest
    melded cards first.

    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=5)
    >>> mock.legal_actions(state)
    (Draw(from_discard=False),)
    >>> state = mock.apply(state, mock.Draw())
    >>> len(mock.legal_actions(state)), mock.legal_actions(state)[0]
    (19, Meld(cards='', discards='8s'))
    >>> mock.legal_actions(mock.observe(state, 1)) == mock.legal_actions(state)
    True
    >>> mock.legal_actions(mock.observe(state, 2))
    ()
    """
    table, seat, hand = _acting(state)
    if seat is None or hand is None:
        return ()
    if table.step == "draw":
        if table._has_deck():
            return (_DRAW_PILE, _DRAW_DISCARD) if table._has_discards() else (_DRAW_PILE,)
        return (_DRAW_DISCARD,)
    ordered = tuple(sorted(hand))
    make = _make_meld
    return tuple(
        [
            make(cards=melded(ordered), discards=discarded(ordered))
            for melded, discarded in _table_templates(table, seat, hand)
        ]
    )


def random_action(state: State | Observation, rng: random.Random) -> Action:
    """A legal action drawn uniformly at random with ``rng``, without listing them all.

    ``state`` is the state or the acting seat's observation: with equal
    generators both draw the same action. A view of a seat not to act (or a
    finished game) raises :class:`~tablerules.IllegalActionError`.

    >>> from tablerules.mock import legal_actions, random_action
    >>> import random
    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=5)
    >>> random_action(state, random.Random(0))
    Draw(from_discard=False)
    >>> state = mock.apply(state, mock.Draw())
    >>> random_action(state, random.Random(0)) in legal_actions(state)
    True
    >>> random_action(mock.observe(state, 1), random.Random(0)) == random_action(
    ...     state, random.Random(0)
    ... )
    True
    >>> random_action(mock.observe(state, 0), random.Random(0))
    Traceback (most recent call last):
    ...
    tablerules.errors.IllegalActionError: it is seat 1's turn: this observation is seat 0's, ...
    """
    table, seat, hand = _acting(state)
    if type(rng) is not _RANDOM:
        check_rng(rng)
    if seat is None or hand is None:
        if seat is None:
            raise IllegalActionError("the game is over: there is no legal action")
        raise IllegalActionError(_cannot_act(table))
    if table.step == "draw":
        if table._has_deck():
            if table._has_discards():
                return _DRAW_DISCARD if rng.random() < 0.5 else _DRAW_PILE
            return _DRAW_PILE
        return _DRAW_DISCARD
    templates = _table_templates(table, seat, hand)
    # random() * n picks uniformly (to within 2**-53) and costs less than randrange
    melded, discarded = templates[int(rng.random() * len(templates))]
    ordered = tuple(sorted(hand))
    return _make_meld(cards=melded(ordered), discards=discarded(ordered))


# --- applying actions ------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after the player to act plays ``action``; ``state`` is unchanged.

    Drawing takes the next card of the draw pile (or the top discard). A
    ``Meld`` melds, discards, and then draws from the pile until the hand
    holds three; a player whose meld reaches five, or who began the turn with
    the draw pile empty, finishes the round. When every player has finished,
    the round is scored and the next one dealt, unless the game is over. An
    illegal action raises :class:`~tablerules.IllegalActionError` saying why.

    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=5)
    >>> mock.apply(state, mock.Meld())
    Traceback (most recent call last):
    ...
    tablerules.errors.IllegalActionError: draw first: a turn starts with a Draw, ...
    """
    if type(state) is not State:
        check_type(state, State, "state")
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalActionError(reason, action)
    return apply_unchecked(state, action)


def apply_unchecked(state: State, action: Action) -> State:
    """:func:`apply` without the legality check: the fast path for actions known to be legal.

    It skips the check :func:`apply` makes, so use it only for actions taken
    from :func:`legal_actions` or :func:`random_action` for this very state
    (as :func:`tablerules.rank5_unchecked` trusts its cards). Given any other
    action the result is undefined: it may raise or return a state that
    breaks the rules.

    >>> import random
    >>> import tablerules.mock as mock
    >>> state, rng = mock.new_game(seed=5), random.Random(1)
    >>> action = mock.random_action(state, rng)
    >>> mock.apply_unchecked(state, action) == mock.apply(state, action)
    True
    """
    if type(state) is not State:
        check_type(state, State, "state")
    seat = state.to_act
    assert seat is not None
    if type(action) is Meld or isinstance(action, Meld):
        return _apply_meld(state, seat, action)
    hands = state.hands
    if action.from_discard:
        pile = state.discard_pile
        card = pile[-1]
        event: Event = _make_drew(seat, True, card)
        return _DRAW_DISCARD_CHANGE(
            state,
            hands=at_seat(hands, seat, (*hands[seat], card)),
            discard_pile=pile[:-1],
            known_held=held_after(state.known_held, event),
            step="meld",
            history=(*state.history, event),
        )
    deck = state.deck
    card = deck[0]
    return _DRAW_PILE_CHANGE(
        state,
        hands=at_seat(hands, seat, (*hands[seat], card)),
        deck=deck[1:],
        step="meld",
        history=(*state.history, PILE_DRAWS[seat]),
    )


def _apply_meld(state: State, seat: int, action: Meld) -> State:
    cards, discards = action.cards, action.discards
    melds = state.melds
    meld = melds[seat] + cards
    melds = at_seat(melds, seat, meld)
    hands = state.hands
    deck = state.deck
    drawn = 0
    done = state.pile_was_empty or len(meld) == MELD_SIZE
    if done:
        kept: tuple[Card, ...] = ()
        finished = state.finished
        finished = at_seat(finished, seat, True)
    else:
        finished = state.finished
        hand = hands[seat]
        if cards or discards:
            kept = tuple([card for card in hand if card not in cards and card not in discards])
        else:
            kept = hand
        short = HAND_SIZE - len(kept)
        if short > 0 and deck:
            drawn = min(short, len(deck))
            kept += deck[:drawn]
            deck = deck[drawn:]
    hands = at_seat(hands, seat, kept)
    discard_pile = state.discard_pile + discards
    event = _make_melded(seat=seat, cards=cards, discards=discards, drawn=drawn, finished=done)
    known_held = state.known_held
    if known_held[seat]:  # else the meld leaves them as they are
        known_held = held_after(known_held, event)
    following: int | None
    for following in TURN_ORDERS[len(finished), seat]:  # the next seat still playing
        if not finished[following]:
            break
    else:
        following = None  # every seat has finished: the round ends
    after = _MELD_CHANGE(
        state,
        hands=hands,
        melds=melds,
        deck=deck,
        discard_pile=discard_pile,
        known_held=known_held,
        finished=finished,
        to_act=following,
        step="draw" if deck or discard_pile else "meld",
        history=(*state.history, event),
    )
    return after if following is not None else _end_round(after)


def _end_round(state: State) -> State:
    """Score the round every seat has finished in ``state``; deal the next one or end the game."""
    config = state.config
    melds = state.melds
    first_complete = first_to_complete(state.history)
    category_points, highest, points = score_round(melds, first_complete, config.highest_hand_ties)
    scores = tuple([score + gain for score, gain in zip(state.scores, points, strict=True)])
    summary = _make_summary(
        round=state.round,
        melds=melds,
        hand_points=category_points,
        first_complete=first_complete,
        highest_hand=highest,
        points=points,
    )
    if game_winners(config, state.round, scores):
        return _GAME_OVER_CHANGE(state, scores=scores, to_act=None, step="over", last_round=summary)
    following = state.round + 1
    return deal_round(
        config,
        seed=state.seed,
        round_index=following,
        cards=round_deck(state.seed, following),
        scores=scores,
        last_round=summary,
    )
