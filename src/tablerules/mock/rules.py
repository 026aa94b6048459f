"""The rules of Mock: dealing, legal actions, applying them, and scoring a round.

>>> import tablerules.mock as mock
>>> state = mock.new_game(seed=3)
>>> state = mock.apply(state, mock.Draw())
>>> state.step, len(state.hands[state.to_act])
('meld', 4)
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from typing import TYPE_CHECKING

from tablerules._common import check_seed, round_deck, stacked_deck
from tablerules.errors import ConfigError, IllegalActionError
from tablerules.mock.actions import Action, Draw, Meld, unchecked_meld
from tablerules.mock.config import HAND_SIZE, MELD_SIZE, TIE_RULES, Config
from tablerules.mock.state import Drew, Event, Melded, RoundSummary, State
from tablerules.ranking import CATEGORY_BASE, HandCategory, category, rank_cards

if TYPE_CHECKING:
    import random
    from collections.abc import Sequence

    from tablerules.cards import Card

__all__ = [
    "apply",
    "hand_points",
    "hand_value",
    "highest_hands",
    "is_legal",
    "legal_actions",
    "new_game",
    "random_action",
    "score_round",
]

_DRAW_PILE = Draw(from_discard=False)
_DRAW_DISCARD = Draw(from_discard=True)
_PILE_DRAWS = tuple(Drew(seat, False) for seat in range(10))
_EMPTY_HANDS = tuple(((),) * players for players in range(11))
_NOT_FINISHED = tuple((False,) * players for players in range(11))

# --- scoring ---------------------------------------------------------------


def hand_value(cards: Sequence[Card]) -> int:
    """The strength of a melded hand of 0 to 5 cards, on the ranker's scale.

    Five cards rank as poker hands; fewer count only pairs, two pair, trips
    and quads, then kickers (see :func:`tablerules.rank_cards`). An empty
    meld is ``-1``, below every hand.

    >>> from tablerules import parse_cards
    >>> hand_value(parse_cards("Ks Kd 2c")) > hand_value(parse_cards("Qs Qd Jc Th 9c"))
    True
    >>> hand_value(())
    -1
    """
    if isinstance(cards, (tuple, list)) and not cards:
        return -1
    return rank_cards(cards)


def hand_points(cards: Sequence[Card]) -> int:
    """Category points of a melded hand (0 to 9), without the round's bonuses.

    An incomplete hand scores by the small-hand ranking: pairs, two pair,
    trips and quads only. An empty meld scores 0.

    >>> from tablerules import parse_cards
    >>> hand_points(parse_cards("As Ks Qs Js Ts")), hand_points(parse_cards("9c 9d 4h 4s"))
    (9, 2)
    >>> hand_points(parse_cards("2h 3h 4h 5h 6c"))
    4
    >>> hand_points(parse_cards("As As"))
    Traceback (most recent call last):
    ...
    ValueError: rank_cards: card As appears more than once
    """
    value = hand_value(cards)
    return 0 if value < 0 else int(category(value))


def _suit_order(cards: Sequence[Card]) -> tuple[int, ...]:
    """The suits of a hand read in the order the ``"suits"`` tie rule compares them.

    Cards go by rank group (bigger groups first), then rank (high first, the
    ace of a wheel last), equal ranks by suit high to low.
    """
    counts = Counter(card.rank for card in cards)
    wheel = len(cards) == MELD_SIZE and set(counts) == {14, 2, 3, 4, 5}
    wheel = wheel and category(rank_cards(cards)) in (
        HandCategory.STRAIGHT,
        HandCategory.STRAIGHT_FLUSH,
    )

    def key(card: Card) -> tuple[int, int, int]:
        rank = 1 if wheel and card.rank == 14 else int(card.rank)
        return (-counts[card.rank], -rank, -card.suit)

    return tuple(int(card.suit) for card in sorted(cards, key=key))


def highest_hands(melds: Sequence[Sequence[Card]], ties: str = "share") -> tuple[int, ...]:
    """The seats paid +2 for the highest melded hand, under a tie rule.

    ``ties`` is ``"share"`` (every tied seat), ``"none"`` (nobody when tied)
    or ``"suits"`` (suits decide: c < d < h < s, compared card by card with
    the cards ordered by rank group, then rank, the ace of a wheel last).

    >>> from tablerules import parse_cards
    >>> melds = [parse_cards("Ks Kd 2c"), parse_cards("Kh Kc 2d"), parse_cards("Qs Qd 9c")]
    >>> highest_hands(melds), highest_hands(melds, "none"), highest_hands(melds, "suits")
    ((0, 1), (), (0,))
    """
    return _highest([hand_value(cards) for cards in melds], melds, ties)


def _highest(values: list[int], melds: Sequence[Sequence[Card]], ties: str) -> tuple[int, ...]:
    if ties not in TIE_RULES:
        raise ConfigError(f"unknown tie rule {ties!r}: use 'share', 'none' or 'suits'")
    best = max(values)
    tied = tuple(seat for seat, value in enumerate(values) if value == best)
    if len(tied) == 1 or ties == "share":
        return tied
    if ties == "none":
        return ()
    orders = {seat: _suit_order(melds[seat]) for seat in tied}
    top = max(orders.values())
    return tuple(seat for seat in tied if orders[seat] == top)


# --- dealing ---------------------------------------------------------------


def _deal(
    config: Config,
    *,
    seed: int,
    round_index: int,
    cards: tuple[Card, ...],
    scores: tuple[int, ...],
    last_round: RoundSummary | None,
) -> State:
    """The state at the start of a round: three cards to each player, the rest the draw pile."""
    players = config.players
    dealer = round_index % players
    hands: list[tuple[Card, ...]] = [()] * players
    position = 0
    for offset in range(1, players + 1):
        hands[(dealer + offset) % players] = cards[position : position + HAND_SIZE]
        position += HAND_SIZE
    return State(
        config,
        seed,
        round_index,
        scores,
        tuple(hands),
        _EMPTY_HANDS[players],
        cards[position:],
        config.opening_cards,
        (),
        _NOT_FINISHED[players],
        None,
        (dealer + 1) % players,
        "draw",
        False,  # took_discard
        False,  # opening_was_empty
        False,  # pile_was_empty
        (),
        (),
        last_round,
    )


def new_game(
    config: Config | None = None, *, seed: int, deck: Sequence[Card] | None = None
) -> State:
    """Start a game of Mock: round 0 is dealt, the player left of the dealer (seat 0) draws.

    ``deck`` stacks round 0 (first card dealt first); later rounds are
    shuffled from ``seed``. Each player gets three cards as one block,
    starting left of the dealer; the rest is the draw pile, opening first.

    >>> import tablerules as tr
    >>> state = new_game(seed=0, deck=tr.FULL_DECK)
    >>> [tr.cards_text(hand) for hand in state.hands]
    ['4d 4h 4s', '2c 2d 2h', '2s 3c 3d', '3h 3s 4c']
    >>> new_game(Config(players=3), seed=0, deck=tr.FULL_DECK[:50])
    Traceback (most recent call last):
    ...
    tablerules.errors.ConfigError: a stacked deck must hold all 52 cards once each; missing Ah As
    """
    if config is None:
        config = Config()
    elif not isinstance(config, Config):
        raise ConfigError(f"config must be a tablerules.mock.Config, not {type(config).__name__}")
    check_seed(seed)
    cards = round_deck(seed, 0) if deck is None else stacked_deck(deck)
    return _deal(
        config, seed=seed, round_index=0, cards=cards, scores=(0,) * config.players, last_round=None
    )


# --- legality --------------------------------------------------------------


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _why_illegal(state: State, action: object) -> str | None:
    """Why ``action`` is illegal now, or ``None`` if it is legal."""
    seat = state.to_act
    if isinstance(action, Draw):
        if seat is None:
            return "the game is over: no more actions can be played"
        if state.step != "draw":
            return "you have already drawn this turn: meld and equalise now with a Meld"
        if action.from_discard:
            if not state.discard_pile:
                if not state.history:
                    return "the first turn of a round is blind: there is no discard pile yet"
                return "the discard pile is empty: draw from the draw pile"
        elif not state.deck:
            return "the draw pile is empty: take the top card of the discard pile"
        return None
    if not isinstance(action, Meld):
        return f"{action!r} is not a Mock action (tablerules.mock.Draw or tablerules.mock.Meld)"
    if seat is None:
        return "the game is over: no more actions can be played"
    if state.step != "meld":
        return "draw first: a turn starts with a Draw, from the draw pile or the discard pile"
    hand = state.hands[seat]
    melded = len(state.melds[seat])
    cards = action.cards
    for index, card in enumerate(cards):
        if card not in hand:
            return f"you cannot meld {card}: it is not in your hand"
        if index and cards[index - 1] == card:
            return f"you name {card} twice in the meld"
    total = melded + len(cards)
    if total > MELD_SIZE:
        return (
            f"more than five melded: you have {melded} melded and meld {len(cards)} more; "
            "a melded hand holds at most five cards"
        )
    if state.pile_was_empty:
        need = min(MELD_SIZE - melded, len(hand))
        if len(cards) != need:
            return (
                "the draw pile was empty at the start of your turn, so you must meld "
                f"{_plural(need, 'card')} (up to five melded, or your whole hand) and finish, "
                f"not {len(cards)}"
            )
    elif not cards:
        if state.took_discard:
            return "you took the top discard, so you must meld at least one card"
        if state.opening_was_empty and not melded:
            return (
                "the opening was empty at the start of your turn and you have nothing "
                "melded, so you must meld at least one card"
            )
    discards = action.discards
    for index, card in enumerate(discards):
        if card in cards:
            return f"you cannot both meld and discard {card}"
        if card not in hand:
            return f"you cannot discard {card}: it is not in your hand"
        if card in discards[:index]:
            return f"you name {card} twice in the discards"
    left = len(hand) - len(cards)
    if state.pile_was_empty or total == MELD_SIZE:
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


def is_legal(state: State, action: object) -> bool:
    """Whether ``action`` is legal for the player to act.

    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=1)
    >>> is_legal(state, mock.Draw()), is_legal(state, mock.Draw(from_discard=True))
    (True, False)
    >>> is_legal(state, "draw")
    False
    """
    return _why_illegal(state, action) is None


@functools.cache
def _templates(
    size: int, melded: int, least: int, exact: bool
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every legal meld step as (positions melded, positions discarded in order).

    Positions index the sorted hand of ``size`` cards; ``melded`` cards are
    already melded; at least ``least`` must be melded now; ``exact`` when the
    whole draw pile was empty at the start of the turn (meld up to five and
    finish).
    """
    room = min(MELD_SIZE - melded, size)
    counts = [room] if exact else range(least, room + 1)
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
    return tuple(found)


def _state_templates(
    state: State, seat: int
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    melded = len(state.melds[seat])
    least = 1 if state.took_discard or (state.opening_was_empty and not melded) else 0
    return _templates(len(state.hands[seat]), melded, least, state.pile_was_empty)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the player to act, in a stable order; empty once the game is over.

    In the draw step: ``Draw()`` if the draw pile has a card, then
    ``Draw(from_discard=True)`` if the discard pile has one. In the meld
    step: every ``Meld`` (melded cards as a set, discards in order), fewest
    melded cards first.

    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=5)
    >>> legal_actions(state)
    (Draw(from_discard=False),)
    >>> state = mock.apply(state, mock.Draw())
    >>> len(legal_actions(state)), legal_actions(state)[0]
    (19, Meld(cards='', discards='8s'))
    """
    seat = state.to_act
    if seat is None:
        return ()
    if state.step == "draw":
        if state.deck:
            return (_DRAW_PILE, _DRAW_DISCARD) if state.discard_pile else (_DRAW_PILE,)
        return (_DRAW_DISCARD,)
    hand = sorted(state.hands[seat])
    return tuple(
        [
            unchecked_meld(tuple([hand[i] for i in chosen]), tuple([hand[i] for i in order]))
            for chosen, order in _state_templates(state, seat)
        ]
    )


def random_action(state: State, rng: random.Random) -> Action:
    """A legal action drawn uniformly at random with ``rng``, without listing them all.

    >>> import random
    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=5)
    >>> random_action(state, random.Random(0))
    Draw(from_discard=False)
    >>> state = mock.apply(state, mock.Draw())
    >>> random_action(state, random.Random(0)) in legal_actions(state)
    True
    """
    seat = state.to_act
    if seat is None:
        raise IllegalActionError("the game is over: there is no legal action")
    if state.step == "draw":
        if state.deck:
            if state.discard_pile:
                return _DRAW_DISCARD if rng.random() < 0.5 else _DRAW_PILE
            return _DRAW_PILE
        return _DRAW_DISCARD
    templates = _state_templates(state, seat)
    # random() * n picks uniformly (to within 2**-53) and costs less than randrange
    chosen, order = templates[int(rng.random() * len(templates))]
    hand = sorted(state.hands[seat])
    return unchecked_meld(tuple([hand[i] for i in chosen]), tuple([hand[i] for i in order]))


# --- applying actions ------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after the player to act plays ``action``; ``state`` is unchanged.

    Drawing takes the next card of the draw pile (or the top discard). A
    ``Meld`` melds, discards, and then draws from the pile until the hand
    holds three; a player whose meld reaches five, or who began the turn with
    the draw pile empty, finishes the round. When every player has finished,
    the round is scored and the next one dealt, unless the game is over.

    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=5)
    >>> mock.apply(state, mock.Meld())
    Traceback (most recent call last):
    ...
    tablerules.errors.IllegalActionError: draw first: a turn starts with a Draw, ...
    """
    reason = _why_illegal(state, action)
    if reason is not None:
        raise IllegalActionError(reason, action)
    seat = state.to_act
    assert seat is not None
    hands = list(state.hands)
    if isinstance(action, Draw):
        event: Event
        if action.from_discard:
            card = state.discard_pile[-1]
            discard_pile = state.discard_pile[:-1]
            deck, opening = state.deck, state.opening
            event = Drew(seat, True, card)
        else:
            deck = state.deck
            card = deck[0]
            deck = deck[1:]
            discard_pile = state.discard_pile
            opening = state.opening - 1 if state.opening else 0
            event = _PILE_DRAWS[seat]
        hands[seat] = (*hands[seat], card)
        return State(
            state.config,
            state.seed,
            state.round,
            state.scores,
            tuple(hands),
            state.melds,
            deck,
            opening,
            discard_pile,
            state.finished,
            state.first_complete,
            seat,
            "meld",
            action.from_discard,
            state.opening_was_empty,
            state.pile_was_empty,
            (*state.history, event),
            state.winners,
            state.last_round,
        )
    return _apply_meld(state, seat, action, hands)


def _apply_meld(state: State, seat: int, action: Meld, hands: list[tuple[Card, ...]]) -> State:
    cards, discards = action.cards, action.discards
    meld = state.melds[seat] + cards
    melds = list(state.melds)
    melds[seat] = meld
    first_complete = state.first_complete
    deck, opening = state.deck, state.opening
    drawn = 0
    done = state.pile_was_empty or len(meld) == MELD_SIZE
    if done:
        hands[seat] = ()
        finished = list(state.finished)
        finished[seat] = True
        finished_tuple = tuple(finished)
        if first_complete is None and len(meld) == MELD_SIZE:
            first_complete = seat
    else:
        finished_tuple = state.finished
        kept = tuple([card for card in hands[seat] if card not in cards and card not in discards])
        short = HAND_SIZE - len(kept)
        if short > 0 and deck:
            drawn = min(short, len(deck))
            kept += deck[:drawn]
            deck = deck[drawn:]
            opening = max(0, opening - drawn)
        hands[seat] = kept
    discard_pile = state.discard_pile + discards
    history = (*state.history, Melded(seat, cards, discards, drawn, done))
    players = len(hands)
    for offset in range(1, players + 1):
        following = (seat + offset) % players
        if not finished_tuple[following]:
            break
    else:
        return _end_round(
            state,
            melds=tuple(melds),
            hands=tuple(hands),
            deck=deck,
            opening=opening,
            discard_pile=discard_pile,
            first_complete=first_complete,
            history=history,
        )
    return State(
        state.config,
        state.seed,
        state.round,
        state.scores,
        tuple(hands),
        tuple(melds),
        deck,
        opening,
        discard_pile,
        finished_tuple,
        first_complete,
        following,
        "draw" if deck or discard_pile else "meld",
        False,
        opening == 0,
        not deck,
        history,
        state.winners,
        state.last_round,
    )


def score_round(
    melds: Sequence[Sequence[Card]], first_complete: int | None, ties: str = "share"
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Score a round: (category points, seats paid for the highest hand, total points) per seat.

    >>> from tablerules import parse_cards
    >>> melds = [parse_cards("As Ks Qs Js Ts"), parse_cards("2c 2d"), parse_cards("3c 4d 5h")]
    >>> score_round(melds, first_complete=0)
    ((9, 1, 0), (0,), (12, 1, 0))
    """
    values = [hand_value(cards) for cards in melds]
    category_points = tuple([0 if value < 0 else value // CATEGORY_BASE for value in values])
    points = list(category_points)
    highest = _highest(values, melds, ties)
    for seat in highest:
        points[seat] += 2
    if first_complete is not None:
        points[first_complete] += 1
    return category_points, highest, tuple(points)


def _end_round(
    state: State,
    *,
    melds: tuple[tuple[Card, ...], ...],
    hands: tuple[tuple[Card, ...], ...],
    deck: tuple[Card, ...],
    opening: int,
    discard_pile: tuple[Card, ...],
    first_complete: int | None,
    history: tuple[Event, ...],
) -> State:
    """Score the finished round, then deal the next one or end the game."""
    config = state.config
    category_points, highest, points = score_round(melds, first_complete, config.highest_hand_ties)
    scores = tuple(score + gain for score, gain in zip(state.scores, points, strict=True))
    summary = RoundSummary(
        round=state.round,
        dealer=state.dealer,
        melds=melds,
        hand_points=category_points,
        first_complete=first_complete,
        highest_hand=highest,
        points=points,
    )
    top = max(scores)
    leaders = tuple(seat for seat, score in enumerate(scores) if score == top)
    over = top >= config.target and len(leaders) == 1
    if config.max_rounds is not None and state.round + 1 >= config.max_rounds:
        over = True
    if over:
        return State(
            config,
            state.seed,
            state.round,
            scores,
            hands,
            melds,
            deck,
            opening,
            discard_pile,
            (True,) * config.players,
            first_complete,
            None,
            "over",
            False,
            False,
            False,
            history,
            leaders,
            summary,
        )
    following = state.round + 1
    return _deal(
        config,
        seed=state.seed,
        round_index=following,
        cards=round_deck(state.seed, following),
        scores=scores,
        last_round=summary,
    )
