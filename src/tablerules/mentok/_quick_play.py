"""Mentok rounds played on plain lists: the quick path of ``validate``'s checks.

:func:`play_on_lists` plays a round's history from its deal as the rules
would (the same turns, each event's legality, the records the rules make),
on plain lists instead of states, and gives up (None) at anything it
cannot vouch for; ``validate`` then checks the round the careful way, which
gives the verdict and the message. Tests compare the two on playouts and on
spoiled records.
"""

from __future__ import annotations

from typing import Final

from tablerules._common import fast_init
from tablerules.cards import Card
from tablerules.mentok.config import Config
from tablerules.mentok.rules import ORDERS
from tablerules.mentok.scoring import LOW_VALUE, RANK_OF, still_in_game
from tablerules.mentok.state import AskRecord, Event, RoundSummary, StandRecord, State

__all__ = ["NEXT_SEATS", "Played", "deal_shown", "play_dealt", "play_on_lists"]

_make_state: Final = fast_init(State)

NEXT_SEATS: Final = {
    players: tuple(ORDERS[players, seat] for seat in range(players)) for players in range(2, 11)
}
"""``ORDERS[players, seat]`` by the table size, then by the seat."""


def deal_shown(
    players: int,
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    hands: tuple[tuple[Card, ...], ...],
    history: tuple[Event, ...],
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]] | None:
    """Each seat's hand as dealt and the history's draws, as ``_replay.replay`` finds them.

    None if an ask found the deck empty, a seat out of the round holds
    cards, or a seat in it does not hold and give 4 (the quick checks then
    leave the round to the careful ones).
    """
    gave: list[list[Card]] = [[] for _ in range(players)]
    drawn: list[Card] = []
    for event in history:
        if type(event) is AskRecord:
            card = event.card
            if card is None:
                return None
            if event.given:
                gave[event.target].append(card)
            else:
                drawn.append(card)
    for seat in range(players):
        if tables[seat]:
            if len(hands[seat]) + len(gave[seat]) != 4:
                return None
        elif hands[seat]:
            return None
    return [(*gave[seat], *hands[seat]) for seat in range(players)], tuple(drawn)


def play_dealt(
    config: Config,
    round_facts: tuple[int, int, tuple[int, ...], RoundSummary | None],
    dealt: list[tuple[Card, ...]],
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    deck: tuple[Card, ...],
    *,
    history: tuple[Event, ...],
    in_game: tuple[bool, ...] | None = None,
) -> State | None:
    """A round dealt and ``history`` played on plain lists, or None to play it the long way.

    ``round_facts`` are the seed, the round, the scores it starts from and the
    summary of the round before; ``dealt`` is each seat's hand as dealt, the
    base of its table hand is the first card of ``tables[seat]``, and the
    go-fish draws come from ``deck``. The same deal as
    :func:`~tablerules.mentok.rules.deal_round`, the same turns, each event's
    legality (the checks :func:`why_illegal` makes of an ask or a stand), and
    the records the rules make (the card given or drawn, the cheat flag),
    compared with each event as it is played. Any difference, seats dealt in
    that the scores leave out, or a round abandoned at its end give None, and
    ``_replay.play_quickly`` (then ``_replay.play_history``, which names what is
    wrong) plays it again through :func:`~tablerules.mentok.apply_unchecked`.
    The state returned is the one they make, holding ``history`` itself.
    ``in_game`` is who is still in the game by the scores, if already known.
    """
    seed, round_index, scores, last_round = round_facts
    if in_game is None:
        in_game = still_in_game(config, scores)
    played = play_on_lists(config, round_index, in_game, dealt, tables, deck=deck, history=history)
    if played is None:
        return None
    hands, seats, stood, drawn, seat = played
    return _make_state(
        config=config,
        seed=seed,
        round=round_index,
        scores=scores,
        hands=tuple(hands),
        tables=tuple(map(tuple, seats)),
        stood=tuple(map(tuple, stood)),
        deck=deck[drawn:],
        history=history,
        choices=(None,) * config.players,
        to_act=seat,
        winners=(),
        last_round=last_round,
    )


Played = tuple[
    list[tuple[Card, ...]], list[list[tuple[Card, ...]]], list[list[bool]], int, int | None
]
"""The lists :func:`play_on_lists` ends with: hands, tables, stood flags, draws, seat to act."""


def play_on_lists(
    config: Config,
    round_index: int,
    in_game: tuple[bool, ...],
    dealt: list[tuple[Card, ...]],
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    *,
    deck: tuple[Card, ...],
    history: tuple[Event, ...],
) -> Played | None:
    """:func:`play_dealt`'s play, ending with its lists (the cards drawn counted), or None."""
    players = config.players
    strict = config.strict
    rank_of = RANK_OF
    low = LOW_VALUE
    orders = ORDERS
    nexts = NEXT_SEATS[players]
    if in_game != tuple(map(bool, tables)):  # seats dealt in are the seats still in the game
        return None
    hands = list(dealt)  # a seat out of the round holds and gives no cards
    # A seat out of the round keeps the one empty list: only the seat to act is changed.
    seats: list[list[tuple[Card, ...]]] = [[]] * players
    stood: list[list[bool]] = [[]] * players
    # Each table hand's value with aces as 1: over 21 exactly when the hand is bust.
    lows: list[list[int]] = [[]] * players
    playing = list(in_game)
    seat: int | None = None
    for other in orders[players, round_index % players]:
        if in_game[other]:
            if seat is None:
                seat = other
            base = tables[other][0][0]
            seats[other] = [(base,)]
            stood[other] = [False]
            lows[other] = [low[base]]
    drawn = 0
    deck_size = len(deck)
    if seat is None:  # nobody is dealt in
        return None
    for event in history:
        if event.seat != seat:
            return None
        seat_tables = seats[seat]
        seat_stood = stood[seat]
        seat_lows = lows[seat]
        hand = event.hand  # 0 or 1 (the state is well formed); hand 1 only after a split
        if (hand and len(seat_tables) == 1) or seat_stood[hand] or seat_lows[hand] > 21:
            return None
        if type(event) is StandRecord:
            seat_stood[hand] = True
        else:
            assert type(event) is AskRecord
            target, rank = event.target, event.rank
            if target == seat or not seats[target]:
                return None
            split = event.split
            if split and (
                len(seat_tables) != 1
                or len(seat_tables[0]) != 1
                or hand != 0
                or rank_of[seat_tables[0][0]] != rank
            ):
                return None
            inside = False
            for card in hands[seat]:
                if rank_of[card] == rank:
                    inside = True
                    break
            else:
                for cards in seat_tables:
                    for card in cards:
                        if rank_of[card] == rank:
                            inside = True
                            break
            if strict and not inside:
                return None
            held = hands[target]
            for card in held:
                if rank_of[card] == rank:
                    given = True
                    index = held.index(card)  # this card's first place: the rank's first card
                    hands[target] = held[:index] + held[index + 1 :]
                    break
            else:
                if drawn == deck_size:
                    return None  # the deck is empty: the round is abandoned
                given = False
                card = deck[drawn]
                drawn += 1
            if (
                event.given is not given
                or event.card != card
                or event.cheat is not (not strict and not inside)
            ):
                return None
            if split and given:
                seats[seat] = [seat_tables[0], (card,)]
                stood[seat] = seat_stood = [False, False]
                lows[seat] = seat_lows = [seat_lows[0], low[card]]
            else:
                seat_tables[hand] = (*seat_tables[hand], card)
                seat_lows[hand] += low[card]
        playing[seat] = (not seat_stood[0] and seat_lows[0] <= 21) or (
            len(seat_stood) == 2 and not seat_stood[1] and seat_lows[1] <= 21
        )
        following = None
        for other in nexts[seat]:
            if playing[other]:
                following = other
                break
        else:
            for other in orders[players, round_index % players]:
                if seats[other]:
                    following = other
                    break
        seat = following
    return hands, seats, stood, drawn, seat
