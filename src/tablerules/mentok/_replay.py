"""A Mentok round dealt again from what it shows, and its history and choices played through.

:func:`replay` is how :func:`~tablerules.mentok.check_state` rebuilds a
round (see :mod:`tablerules.mentok.validate`): the quick play on plain lists
(:func:`~tablerules.mentok._quick_play.play_dealt`) first, then the rules'
own functions, one event at a time when something is wrong, to name it.
"""

from __future__ import annotations

from typing import Final

from tablerules._common import fast_init
from tablerules.cards import Card, Rank
from tablerules.errors import StateError, show
from tablerules.mentok._quick_play import play_dealt
from tablerules.mentok.actions import Action, Ask, Score, Stand
from tablerules.mentok.config import Config
from tablerules.mentok.rules import (
    ORDERS,
    RoundEnd,
    apply_unchecked,
    deal_round,
    round_end_unchecked,
    scored_round_end,
    why_illegal,
)
from tablerules.mentok.scoring import game_winners
from tablerules.mentok.state import AskRecord, Event, Phase, RoundSummary, State, seat_done

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
    sums_up: RoundSummary | None = None,
    in_game: tuple[bool, ...] | None = None,
) -> State | RoundEnd:
    """Deal the round again from what it shows, and play its history and choices through.

    Without ``deal_next``, a round that its last choice ends gives how it came
    out (:class:`~tablerules.mentok.rules.RoundEnd`) and the next round is not dealt.
    ``sums_up`` is a summary of the round already checked on its own
    (``validate._check_summary``), to stand for the one the rules would make if
    the round ends with the same tables and hands (see :func:`score_all`).
    ``in_game`` is who is still in the game by ``scores``, if already known.
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
        dealt = len(hands[seat]) + len(gave[seat])
        if dealt != 4:
            raise StateError(
                f"{where}.hands[{seat}] holds {len(hands[seat])} cards but gave "
                f"{len(gave[seat])} of the 4 dealt"
            )
    played = play_dealt(
        config,
        (seed, round_index, scores, last_round),
        [(*gave[seat], *hands[seat]) for seat in range(players)],
        tables,
        (*drawn, *deck),
        history=history,
        in_game=in_game,
    )
    if played is None:  # the long way, to play what the quick one refuses or to say what is wrong
        for seat in ORDERS[players, round_index % players]:
            if tables[seat]:
                cards += [*gave[seat], *hands[seat], tables[seat][0][0]]
        cards += drawn
        cards += deck
        start = deal_round(
            config,
            seed=seed,
            round_index=round_index,
            scores=scores,
            cards=cards,
            last_round=last_round,
        )
        played = play_quickly(start, history)
        if played is None:
            played = play_history(start, round_index, history, where)
    state = played
    if choices.count(None) == players:  # nobody has chosen: nothing to check or play
        return state
    check_choices(state, round_index, tables, choices, where)
    if not deal_next:
        ended = score_all(state, round_index, tables, choices, sums_up)
        if ended is not None:
            return ended
    return play_choices(state, round_index, tables, choices, where, deal_next=deal_next)


_ASKS: Final[dict[tuple[int, Rank, int, bool], Ask]] = {}
_STANDS: Final = (Stand(0), Stand(1))
_SCORES: Final = {False: Score(use_hand=False), True: Score(use_hand=True)}
_make_state: Final = fast_init(State)


def play_quickly(state: State, history: tuple[Event, ...]) -> State | None:
    """``history`` played from ``state``, or None if it cannot be played.

    Each action is checked with the rules' own reason before it is applied;
    when something is wrong, :func:`play_history` plays it again to say what.
    The state returned holds ``history`` itself (equal to the records the
    rules made), so later comparisons with the record find the same events.
    """
    round_index = state.round
    asks, stands, reason, play = _ASKS, _STANDS, why_illegal, apply_unchecked
    action: Action
    for event in history:
        if state.to_act != event.seat or state.round != round_index:
            return None
        if type(event) is AskRecord:
            key = (event.target, event.rank, event.hand, event.split)
            ask = asks.get(key)
            if ask is None:
                ask = asks[key] = Ask(*key)
            action = ask
        else:
            action = stands[event.hand]
        if reason(state, action) is not None:
            return None
        state = play(state, action)
    if state.round != round_index:  # the last ask found the deck empty
        assert state.last_round is not None
        return state if state.last_round.history == history else None
    if state.history != history:
        return None
    return _make_state(
        config=state.config,
        seed=state.seed,
        round=state.round,
        scores=state.scores,
        hands=state.hands,
        tables=state.tables,
        stood=state.stood,
        deck=state.deck,
        history=history,
        choices=state.choices,
        to_act=state.to_act,
        winners=state.winners,
        last_round=state.last_round,
    )


def play_history(state: State, round_index: int, history: tuple[Event, ...], where: str) -> State:
    """``history`` played from ``state`` one event at a time, naming the first that is wrong."""
    for index, event in enumerate(history):
        here = f"{where}.history[{index}]"
        if state.to_act is None or state.round != round_index:
            raise StateError(f"{here}: the round was already over")
        if event.seat != state.to_act:
            raise StateError(f"{here}: seat {event.seat} acted, but seat {state.to_act} was to act")
        action: Action
        if type(event) is AskRecord:
            action = Ask(event.target, event.rank, event.hand, event.split)
        else:
            action = Stand(event.hand)
        state = _play(state, action, here)
        made = state.history[-1] if state.round == round_index else _last_event(state)
        if made != event:
            raise StateError(_mismatch(here, event, made))
    return state


def _last_event(state: State) -> Event:
    assert state.last_round is not None
    return state.last_round.history[-1]


def _play(state: State, action: Action, where: str) -> State:
    """:func:`~tablerules.mentok.apply`, its refusal a :class:`StateError` naming ``where``."""
    reason = why_illegal(state, action)
    if reason is not None:
        raise StateError(f"{where}: {reason}")
    return apply_unchecked(state, action)


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


def check_choices(
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


def score_all(
    state: State,
    round_index: int,
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    choices: tuple[bool | None, ...],
    sums_up: RoundSummary | None,
) -> RoundEnd | None:
    """How the round comes out if every seat is done and every seat in it chose, else None.

    Then each Score is legal in turn order (:func:`play_choices` plays
    them one by one otherwise), and the round comes out as the last one
    ends it: the choices made are ``choices`` whatever their order.

    ``sums_up``, if given, is a summary of this round that
    ``validate._check_summary`` accepted, with these ``choices`` and the history
    played: when the round ends with its tables and hands, the summary the
    rules make equals it field by field (the cheats and points follow from
    those fields as that check found, and a round played to its choices was
    not abandoned), so it stands for that summary and only who won is worked out.
    """
    seat = state.to_act
    if (
        state.round != round_index
        or seat is None
        or not seat_done(state.tables[seat], state.stood[seat])
        or not all(
            (choice is None) is not bool(on) for choice, on in zip(choices, tables, strict=True)
        )
    ):
        return None
    if (
        sums_up is not None
        and sums_up.choices is choices
        and sums_up.history is state.history
        and not sums_up.abandoned
        and sums_up.tables == state.tables
        and sums_up.hands == state.hands
    ):
        points = sums_up.points
        scores = tuple([score + point for score, point in zip(state.scores, points, strict=True)])
        in_round = [other for other, on in enumerate(state.tables) if on]
        winners = game_winners(state.config, round_index + 1, scores, in_round)
        return RoundEnd(sums_up, scores, winners)
    return scored_round_end(state, choices)


def play_choices(
    state: State,
    round_index: int,
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    choices: tuple[bool | None, ...],
    where: str,
    *,
    deal_next: bool,
) -> State | RoundEnd:
    """The state after the choices made so far, in turn order (see :func:`_replay`)."""
    played: State | RoundEnd = state
    players = state.config.players
    for seat in ORDERS[players, round_index % players]:
        choice = choices[seat]
        if not tables[seat] or choice is None:
            continue
        here = f"{where}.choices[{seat}]"
        if type(played) is not State or played.round != round_index or played.to_act is None:
            raise StateError(f"{here}: the round was already over")
        action = _SCORES[choice]
        reason = why_illegal(played, action)
        if reason is not None:
            raise StateError(f"{here}: {reason}")
        ended = None if deal_next else round_end_unchecked(played, action)
        played = apply_unchecked(played, action) if ended is None else ended
    return played
