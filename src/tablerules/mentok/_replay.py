"""A Mentok round dealt again from what it shows, and its history and choices played through.

:func:`replay` is how :func:`~tablerules.mentok.check_state` rebuilds a
round (see :mod:`tablerules.mentok.validate`): the deal is rebuilt, dealt
with :func:`~tablerules.mentok.rounds.deal_round`, and every event and choice
is played with the rules' own ``why_illegal`` and ``apply_unchecked``; the
first event the rules refuse, or whose record differs from the one the
rules make, is named.
"""

from __future__ import annotations

from typing import Final

from tablerules._replays import Replays
from tablerules.cards import Card
from tablerules.errors import StateError, show
from tablerules.mentok.config import Config
from tablerules.mentok.rounds import HAND_SIZE, ORDERS, RoundEnd, deal_round
from tablerules.mentok.rules import (
    apply_unchecked,
    recorded_action,
    round_end_unchecked,
    score_action,
    why_illegal,
)
from tablerules.mentok.state import AskRecord, Event, Phase, RoundSummary, State

__all__ = ["replay"]


def replay(
    config: Config,
    *,
    seed: int,
    round_index: int,
    scores: tuple[int, ...],
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    hands: tuple[tuple[Card, ...], ...],
    history: tuple[Event, ...],
    choices: tuple[bool | None, ...],
    deck: tuple[Card, ...],
    last_round: RoundSummary | None,
    where: str,
    deal_next: bool = True,
) -> State | RoundEnd:
    """Deal the round again from what it shows, and play its history and choices through.

    Hands only give cards away, so a hand as dealt is the cards it gave, in
    the order given, then the cards it holds; the deck is the go-fish draws,
    in order, then ``deck``. Without ``deal_next``, a round that its last
    choice ends gives how it came out (:class:`~tablerules.mentok.rounds.RoundEnd`)
    and the next round is not dealt.
    """
    players = config.players
    gave: list[list[Card]] = [[] for _ in range(players)]
    drawn: list[Card] = []
    for event in history:
        if type(event) is AskRecord and event.card is not None:
            if event.given:
                gave[event.target].append(event.card)
            else:
                drawn.append(event.card)
    cards: list[Card] = []
    for seat in ORDERS[players, round_index % players]:
        if not tables[seat]:
            if hands[seat]:
                raise StateError(f"{where}.hands[{seat}]: a seat not in the round holds no cards")
            continue
        if len(hands[seat]) + len(gave[seat]) != HAND_SIZE:
            raise StateError(
                f"{where}.hands[{seat}] holds {len(hands[seat])} cards but gave "
                f"{len(gave[seat])} of the {HAND_SIZE} dealt"
            )
        cards += gave[seat]
        cards += hands[seat]
        cards.append(tables[seat][0][0])
    cards += drawn
    cards += deck
    key = (config, seed, round_index, scores, last_round, tuple(cards))
    done, start = _PLAYED.resume(key, history)  # a state of this very deal, played that far
    if start is None:
        start = deal_round(
            config,
            seed=seed,
            round_index=round_index,
            scores=scores,
            cards=cards,
            last_round=last_round,
        )
    state = _play_history(start, round_index, history, where, done)
    if state.round == round_index and done < len(history):
        _PLAYED.keep(key, history, state)
    if choices.count(None) == players:  # nobody has chosen: nothing to check or play
        return state
    _check_choices(state, round_index, tables, choices, where)
    return _play_choices(state, round_index, tables, choices, where, deal_next=deal_next)


_PLAYED: Final[Replays[Event, State]] = Replays(64)
"""Rounds replayed lately, by value (the config, seed, round, scores, summary before and the
deal's cards): the history played and the state it reached. Bounded (emptied when full);
the next record of a game played on repeats its round with one event more."""


def _play_history(
    state: State, round_index: int, history: tuple[Event, ...], where: str, start: int = 0
) -> State:
    """``history`` played from ``state`` one event at a time, naming the first that is wrong.

    ``state`` is the round played through the first ``start`` events already.
    """
    for index in range(start, len(history)):
        event = history[index]
        if state.to_act is None or state.round != round_index:
            raise StateError(f"{where}.history[{index}]: the round was already over")
        if event.seat != state.to_act:
            raise StateError(
                f"{where}.history[{index}]: seat {event.seat} acted, "
                f"but seat {state.to_act} was to act"
            )
        action = recorded_action(event)
        reason = why_illegal(state, action)
        if reason is not None:
            raise StateError(f"{where}.history[{index}]: {reason}")
        state = apply_unchecked(state, action)
        if state.round == round_index:
            made = state.history[-1]
        else:  # the ask found the deck empty: the round was abandoned, the next one dealt
            assert state.last_round is not None
            made = state.last_round.history[-1]
        if made != event:
            raise StateError(_mismatch(f"{where}.history[{index}]", event, made))
    return state


def _mismatch(where: str, event: Event, made: Event) -> str:
    """Why a record differs from the one the rules make of the same action."""
    assert type(event) is AskRecord
    assert type(made) is AskRecord
    if made.given and not event.given:
        return f"{where}: seat {event.target} held that rank and had to give it"
    if event.card is None and made.card is not None:
        return f"{where}: a round is abandoned only when the deck is empty"
    if made.cheat != event.cheat:
        inside = "outside" if made.cheat else "inside"
        return f"{where}.cheat is wrong: the rank was {inside} the sphere of influence"
    return f"{where} does not match what the rules make of that ask ({show(made)})"


def _check_choices(
    state: State,
    round_index: int,
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    choices: tuple[bool | None, ...],
    where: str,
) -> None:
    """Check the choices' order before playing them: after play, in turn order."""
    players = state.config.players
    for seat in range(players):
        if not tables[seat] and choices[seat] is not None:
            raise StateError(f"{where}.choices[{seat}]: a seat not in the round makes no choice")
    if state.round != round_index or state.to_act is None:
        return
    made = [seat for seat in range(players) if choices[seat] is not None]
    if made and state.phase is Phase.PLAY:
        raise StateError(f"{where}.choices: score choices come after every player is done")
    order = [seat for seat in ORDERS[players, round_index % players] if tables[seat]]
    chosen = [choices[seat] is not None for seat in order]
    if chosen != sorted(chosen, reverse=True):
        raise StateError(f"{where}.choices: seats choose in turn order from the dealer's left")


def _play_choices(
    state: State,
    round_index: int,
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    choices: tuple[bool | None, ...],
    where: str,
    *,
    deal_next: bool,
) -> State | RoundEnd:
    """The state after the choices made so far, in turn order (see :func:`replay`)."""
    played: State | RoundEnd = state
    players = state.config.players
    for seat in ORDERS[players, round_index % players]:
        choice = choices[seat]
        if not tables[seat] or choice is None:
            continue
        if type(played) is not State or played.round != round_index or played.to_act is None:
            raise StateError(f"{where}.choices[{seat}]: the round was already over")
        action = score_action(choice)
        reason = why_illegal(played, action)
        if reason is not None:
            raise StateError(f"{where}.choices[{seat}]: {reason}")
        ended = None if deal_next else round_end_unchecked(played, action)
        played = apply_unchecked(played, action) if ended is None else ended
    return played
