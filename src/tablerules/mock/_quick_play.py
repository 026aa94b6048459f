"""Mock's quick replay: a round's history played on counts and lists, for ``check_state``.

:func:`replays_quickly` vouches for the common case in one pass;
:mod:`tablerules.mock.validate` replays anything else with the rules' own
functions, which give the verdict and the message.
"""

from __future__ import annotations

from typing import Final

from tablerules._common import turn_order
from tablerules.cards import FULL_DECK, Card
from tablerules.mock.config import HAND_SIZE, MELD_SIZE
from tablerules.mock.state import CARD_IDS, Drew, Melded, State

__all__ = ["replays_quickly"]

_ORDERS: Final = tuple(
    tuple(turn_order(players, seat) for seat in range(players)) for players in range(11)
)
"""``turn_order(players, seat)`` for every table size: the seats from ``seat``'s left."""


def replays_quickly(state: State) -> bool:
    """Whether the round's history replays from its deal to exactly ``state`` (quickly).

    ``True`` only when ``validate._check_round`` passes; ``False`` leaves the
    verdict, and the message, to it. One pass plays each turn as
    ``why_illegal`` checks it and ``apply_unchecked`` plays it, on counts and
    the public cards, without making a state per turn or rebuilding the deal:
    the cards a seat melds or discards that it did not take from the discard
    pile are private, and ``validate._rebuild_deal`` would give the k-th of them to
    the seat's k-th private arrival (dealt or drawn), so each is in the hand
    when it leaves exactly when that many private cards have arrived. At the
    end the private cards (those gone, those still held, the draw pile) must
    be the 52 cards once each, as the rebuilt deal must. Finished games,
    rounds the history ends, and anything unusual are left to the careful
    replay.
    """
    to_act = state.to_act
    if to_act is None:
        return False
    config = state.config
    players = config.players
    finish_cards = config.finish_cards
    orders = _ORDERS[players]
    order = orders[state.round % players]
    left = len(FULL_DECK) - players * HAND_SIZE  # cards in the draw pile
    sizes = [HAND_SIZE] * players  # cards in each hand
    arrived = [HAND_SIZE] * players  # private cards that came to each seat
    gone: list[list[Card]] = [[] for _ in range(players)]  # private cards that left, in order
    held: list[list[Card]] = [[] for _ in range(players)]  # taken from the discard pile
    melds: list[tuple[Card, ...]] = [()] * players
    pile: list[Card] = []  # the discard pile
    finished = [False] * players
    card_ids = CARD_IDS
    to_act = order[0]
    drawing = True  # the step is "draw"; else "meld"
    opening_was_empty = pile_was_empty = took_discard = False
    for event in state.history:
        kind = type(event)
        if kind is not Drew and kind is not Melded:
            return False
        seat = event.seat
        if type(seat) is not int or seat != to_act:
            return False
        if type(event) is Drew:
            if not drawing:
                return False
            card = event.card
            if event.from_discard is True:
                if not pile or pile[-1] is not card:
                    return False
                held[seat].append(pile.pop())
                took_discard = True
            elif event.from_discard is False and card is None and left:
                left -= 1
                arrived[seat] += 1
            else:
                return False
            sizes[seat] += 1
            drawing = False
            continue
        if drawing:
            return False
        meld_event: Melded = event  # type: ignore[assignment]  # the only other kind
        cards, discards, drawn = meld_event.cards, meld_event.discards, meld_event.drawn
        if type(cards) is not tuple or type(discards) is not tuple or type(drawn) is not int:
            return False
        leaving = cards + discards
        if leaving and (
            not card_ids.issuperset(map(id, leaving))
            or (len(leaving) > 1 and len(set(leaving)) != len(leaving))
        ):
            return False
        count, size = len(cards), sizes[seat]
        if count > 1 and list(cards) != sorted(cards):
            return False
        melded = len(melds[seat])
        total = melded + count
        if total > MELD_SIZE:
            return False
        if pile_was_empty:
            if count != min(MELD_SIZE - melded, size):
                return False
        elif not count and (took_discard or (opening_was_empty and not melded)):
            return False
        rest = size - count
        done = pile_was_empty or total == MELD_SIZE
        if len(discards) != (rest if done else max(0, rest - HAND_SIZE)):
            return False
        mine, private = held[seat], gone[seat]
        if mine:
            for card in leaving:
                if card in mine:
                    mine.remove(card)
                else:
                    private.append(card)
        else:
            private += leaving
        if len(private) > arrived[seat]:  # a private card leaves before it arrives
            return False
        equalised = 0
        if done:
            size = 0
            finished[seat] = True
        else:
            size = rest - len(discards)
            if size < HAND_SIZE and left:
                equalised = min(HAND_SIZE - size, left)
                left -= equalised
                size += equalised
                arrived[seat] += equalised
        if equalised != drawn or done is not meld_event.finished:
            return False
        sizes[seat] = size
        melds[seat] += cards
        pile += discards
        for following in orders[seat]:  # the next seat still playing
            if not finished[following]:
                break
        else:
            return False  # the round ends: scored by the careful replay
        to_act = following
        drawing = left > 0 or bool(pile)
        opening_was_empty = left <= finish_cards
        pile_was_empty = not left
        took_discard = False
    if not (
        to_act == state.to_act
        and left == len(state.deck)
        and ("draw" if drawing else "meld") == state.step
        and opening_was_empty is state.opening_was_empty
        and pile_was_empty is state.pile_was_empty
        and tuple(finished) == state.finished
        and tuple(melds) == state.melds
        and tuple(pile) == state.discard_pile
    ):
        return False
    dealt = list(state.deck)  # the private cards: the deal and the draws from the draw pile
    for seat, hand in enumerate(state.hands):
        if len(hand) != sizes[seat]:
            return False
        dealt += gone[seat]
        mine = held[seat]
        if mine:
            if not all(card in hand for card in mine):
                return False
            dealt += [card for card in hand if card not in mine]
        else:
            dealt += hand
    return len(dealt) == len(FULL_DECK) and len(set(dealt)) == len(FULL_DECK)
