"""JSON-compatible records of Mock states: :func:`to_dict` and :func:`from_dict`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablerules._common import (
    bool_item,
    check_cards_once,
    int_item,
    parse_card_field,
    read_bool,
    read_cards,
    read_int,
    read_list,
    read_mapping,
    read_optional_int,
    read_seats,
    read_str,
    write_cards,
)
from tablerules.cards import Card
from tablerules.errors import ConfigError, StateError
from tablerules.mock.config import HAND_SIZE, MELD_SIZE, Config
from tablerules.mock.rules import score_round
from tablerules.mock.state import Drew, Event, Melded, RoundSummary, State

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["check_state", "from_dict", "to_dict"]

VERSION = 1
_STEPS = ("draw", "meld", "over")


def _event_dict(event: Event) -> dict[str, Any]:
    if isinstance(event, Drew):
        if event.from_discard:
            assert event.card is not None
            return {"seat": event.seat, "draw": "discard", "card": str(event.card)}
        return {"seat": event.seat, "draw": "pile"}
    return {
        "seat": event.seat,
        "meld": write_cards(event.cards),
        "discards": write_cards(event.discards),
        "drawn": event.drawn,
        "finished": event.finished,
    }


def _summary_dict(summary: RoundSummary) -> dict[str, Any]:
    return {
        "round": summary.round,
        "dealer": summary.dealer,
        "melds": [write_cards(cards) for cards in summary.melds],
        "hand_points": list(summary.hand_points),
        "first_complete": summary.first_complete,
        "highest_hand": list(summary.highest_hand),
        "points": list(summary.points),
    }


def to_dict(state: State) -> dict[str, Any]:
    """A JSON-compatible record of ``state``; :func:`from_dict` reads it back.

    >>> import json
    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=4)
    >>> record = mock.to_dict(state)
    >>> record["game"], record["version"], record["hands"][1]
    ('mock', 1, '3d 7s 9h')
    >>> mock.from_dict(json.loads(json.dumps(record))) == state
    True
    """
    config = state.config
    return {
        "game": "mock",
        "version": VERSION,
        "config": {
            "players": config.players,
            "target": config.target,
            "highest_hand_ties": config.highest_hand_ties,
            "opening_size": config.opening_size,
            "max_rounds": config.max_rounds,
        },
        "seed": state.seed,
        "round": state.round,
        "scores": list(state.scores),
        "hands": [write_cards(hand) for hand in state.hands],
        "melds": [write_cards(meld) for meld in state.melds],
        "deck": write_cards(state.deck),
        "opening": state.opening,
        "discard_pile": write_cards(state.discard_pile),
        "finished": list(state.finished),
        "first_complete": state.first_complete,
        "to_act": state.to_act,
        "step": state.step,
        "took_discard": state.took_discard,
        "opening_was_empty": state.opening_was_empty,
        "pile_was_empty": state.pile_was_empty,
        "history": [_event_dict(event) for event in state.history],
        "winners": list(state.winners),
        "last_round": None if state.last_round is None else _summary_dict(state.last_round),
    }


def _seat(value: object, players: int, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise StateError(f"{where} must be a seat from 0 to {players - 1}, not {value!r}")
    return value


def _optional_seat(data: Mapping[str, object], key: str, where: str, players: int) -> int | None:
    value = read_optional_int(data, key, where)
    return None if value is None else _seat(value, players, f"{where}.{key}")


def _read_config(data: Mapping[str, object]) -> Config:
    raw = read_mapping(data.get("config"), "state.config")
    where = "state.config"
    known = {"players", "target", "highest_hand_ties", "opening_size", "max_rounds"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise StateError(f"{where} has unknown fields {unknown}")
    try:
        return Config(
            players=read_int(raw, "players", where),
            target=read_int(raw, "target", where),
            highest_hand_ties=read_str(raw, "highest_hand_ties", where),  # type: ignore[arg-type]
            opening_size=read_optional_int(raw, "opening_size", where),
            max_rounds=read_optional_int(raw, "max_rounds", where),
        )
    except ConfigError as error:
        raise StateError(f"{where}: {error}") from None


def _read_event(raw_event: object, index: int, players: int) -> Event:
    where = f"state.history[{index}]"
    event = read_mapping(raw_event, where)
    seat = _seat(event.get("seat"), players, f"{where}.seat")
    if "draw" in event:
        source = read_str(event, "draw", where)
        if source == "pile":
            return Drew(seat, False)
        if source == "discard":
            card = read_cards(event, "card", where)
            if len(card) != 1:
                raise StateError(f"{where}.card must be one card, not {len(card)}")
            return Drew(seat, True, card[0])
        raise StateError(f"{where}.draw must be 'pile' or 'discard', not {source!r}")
    if "meld" not in event:
        raise StateError(f"{where} must have a field 'draw' or 'meld'")
    return Melded(
        seat,
        tuple(sorted(read_cards(event, "meld", where))),
        read_cards(event, "discards", where),
        read_int(event, "drawn", where, minimum=0),
        read_bool(event, "finished", where),
    )


def _required(data: Mapping[str, object], key: str) -> object:
    if key not in data:
        raise StateError(f"state has no field {key!r}")
    return data[key]


def _read_summary(raw: object, players: int) -> RoundSummary | None:
    if raw is None:
        return None
    where = "state.last_round"
    data = read_mapping(raw, where)
    melds = read_seats(data, "melds", where, players, parse_card_field)
    for seat, meld in enumerate(melds):
        if len(meld) > MELD_SIZE or len(set(meld)) != len(meld):
            raise StateError(f"{where}.melds[{seat}] must be up to five different cards")
    if len({card for meld in melds for card in meld}) != sum(map(len, melds)):
        raise StateError(f"{where}.melds: a card appears in two melds")
    highest = read_list(data, "highest_hand", where)
    summary = RoundSummary(
        round=read_int(data, "round", where, minimum=0),
        dealer=_seat(data.get("dealer"), players, f"{where}.dealer"),
        melds=melds,
        hand_points=read_seats(data, "hand_points", where, players, int_item),
        first_complete=_optional_seat(data, "first_complete", where, players),
        highest_hand=tuple(
            _seat(seat, players, f"{where}.highest_hand[{i}]") for i, seat in enumerate(highest)
        ),
        points=read_seats(data, "points", where, players, int_item),
    )
    if summary.dealer != summary.round % players:
        raise StateError(
            f"{where}.dealer must be seat {summary.round % players} in round {summary.round}"
        )
    if summary.first_complete is not None and len(melds[summary.first_complete]) != MELD_SIZE:
        raise StateError(f"{where}.first_complete names a seat without five melded cards")
    return summary


def _check_summary(summary: RoundSummary, ties: str) -> None:
    expected = score_round(summary.melds, summary.first_complete, ties)
    if (summary.hand_points, summary.highest_hand, summary.points) != expected:
        raise StateError("state.last_round: the points do not match the melds")


def from_dict(data: Mapping[str, Any]) -> State:
    """Read a state written by :func:`to_dict`, checking that it is consistent.

    Malformed or inconsistent input (wrong types, bad card text, a card
    missing or twice, impossible counts, a wrong turn) raises
    :class:`~tablerules.StateError` naming the field.

    >>> import tablerules.mock as mock
    >>> record = mock.to_dict(mock.new_game(seed=4))
    >>> record["to_act"] = 3
    >>> mock.from_dict(record)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state.to_act must be seat 1, whose turn it is, not 3
    """
    state = read_mapping(data, "state")
    if state.get("game") != "mock":
        raise StateError(f"state.game must be 'mock', not {state.get('game')!r}")
    if state.get("version") != VERSION:
        raise StateError(f"state.version must be {VERSION}, not {state.get('version')!r}")
    config = _read_config(state)
    players = config.players
    where = "state"
    seed = read_int(state, "seed", where)
    round_index = read_int(state, "round", where, minimum=0)
    scores = read_seats(state, "scores", where, players, int_item)
    hands = read_seats(state, "hands", where, players, parse_card_field)
    melds = read_seats(state, "melds", where, players, parse_card_field)
    deck = read_cards(state, "deck", where)
    opening = read_int(state, "opening", where, minimum=0)
    discard_pile = read_cards(state, "discard_pile", where)
    finished = read_seats(state, "finished", where, players, bool_item)
    first_complete = _optional_seat(state, "first_complete", where, players)
    to_act = _optional_seat(state, "to_act", where, players)
    step = read_str(state, "step", where)
    if step not in _STEPS:
        raise StateError(f"state.step must be one of {', '.join(_STEPS)}, not {step!r}")
    history = tuple(
        _read_event(event, index, players)
        for index, event in enumerate(read_list(state, "history", where))
    )
    winners_raw = read_list(state, "winners", where)
    winners = tuple(
        _seat(seat, players, f"state.winners[{i}]") for i, seat in enumerate(winners_raw)
    )
    result = State(
        config,
        seed,
        round_index,
        scores,
        hands,
        melds,
        deck,
        opening,
        discard_pile,
        finished,
        first_complete,
        to_act,
        step,  # type: ignore[arg-type]
        read_bool(state, "took_discard", where),
        read_bool(state, "opening_was_empty", where),
        read_bool(state, "pile_was_empty", where),
        history,
        winners,
        _read_summary(_required(state, "last_round"), players),
    )
    if result.last_round is not None:
        _check_summary(result.last_round, config.highest_hand_ties)
    check_state(result)
    return result


def check_state(state: State) -> None:
    """Raise :class:`~tablerules.StateError` if ``state`` breaks an invariant of the rules.

    >>> import tablerules.mock as mock
    >>> check_state(mock.new_game(seed=1)) is None
    True
    """
    config = state.config
    players = config.players
    check_cards_once(
        [*state.deck, *state.discard_pile]
        + [card for hand in state.hands for card in hand]
        + [card for meld in state.melds for card in meld]
    )
    if state.opening > len(state.deck):
        raise StateError(
            f"state.opening is {state.opening} but the deck holds {len(state.deck)} cards"
        )
    if state.opening > config.opening_cards:
        raise StateError(
            f"state.opening is {state.opening}, more than the {config.opening_cards} dealt"
        )
    if state.opening and state.finish != config.finish_cards:
        raise StateError(
            f"state.deck: the finish must still hold {config.finish_cards} cards while the "
            f"opening has cards, not {state.finish}"
        )
    if state.finish > config.finish_cards:
        raise StateError(
            f"state.deck: the finish holds {state.finish} cards, more than the "
            f"{config.finish_cards} dealt"
        )
    if any(score < 0 for score in state.scores):
        raise StateError("state.scores must not be negative")
    _check_scores(state)
    over = state.to_act is None
    if over != (state.step == "over"):
        raise StateError("state.step must be 'over' exactly when state.to_act is null")
    if over != bool(state.winners):
        raise StateError("state.winners must be set exactly when the game is over")
    if state.last_round is None and state.round > 0:
        raise StateError("state.last_round must summarise the previous round after round 0")
    if state.last_round is not None and state.last_round.round != state.round - (not over):
        raise StateError(f"state.last_round.round must be {state.round - (not over)}")
    for seat in range(players):
        hand, meld = state.hands[seat], state.melds[seat]
        if len(meld) > MELD_SIZE:
            raise StateError(f"state.melds[{seat}] holds {len(meld)} cards; at most five")
        if state.finished[seat]:
            if hand:
                raise StateError(f"state.hands[{seat}] must be empty: the seat has finished")
        elif len(meld) == MELD_SIZE:
            raise StateError(f"state.finished[{seat}] must be true: five cards are melded")
        limit = HAND_SIZE + (seat == state.to_act and state.step == "meld")
        if len(hand) > limit:
            raise StateError(f"state.hands[{seat}] holds {len(hand)} cards; at most {limit} here")
    if state.first_complete is not None and len(state.melds[state.first_complete]) != MELD_SIZE:
        raise StateError("state.first_complete names a seat without five melded cards")
    if (state.first_complete is None) != all(len(meld) < MELD_SIZE for meld in state.melds):
        raise StateError("state.first_complete must name a seat exactly when a meld is complete")
    _check_history(state)
    if over:
        _check_over(state)
        return
    actor = state.to_act
    assert actor is not None
    if state.finished[actor]:
        raise StateError(f"state.to_act: seat {actor} has finished the round and cannot act")
    if state.step == "draw":
        if state.took_discard:
            raise StateError("state.took_discard must be false before the draw")
        if state.opening_was_empty != (state.opening == 0):
            raise StateError("state.opening_was_empty must match the opening before the draw")
        if state.pile_was_empty != (not state.deck):
            raise StateError("state.pile_was_empty must match the draw pile before the draw")
        if not state.deck and not state.discard_pile:
            raise StateError("state.step must be 'meld': both piles are empty, so there is no draw")
        return
    # In the meld step the flags describe the piles before this turn's draw.
    last = state.history[-1] if state.history else None
    if isinstance(last, Drew) and not last.from_discard:
        # the card came from the opening unless the finish had already been touched
        opening_was_empty = state.opening == 0 and state.finish < config.finish_cards
        pile_was_empty = False
    else:
        opening_was_empty, pile_was_empty = state.opening == 0, not state.deck
    if state.opening_was_empty != opening_was_empty:
        raise StateError(
            f"state.opening_was_empty must be {str(opening_was_empty).lower()}: "
            "it describes the opening before this turn's draw"
        )
    if state.pile_was_empty != pile_was_empty:
        raise StateError(
            f"state.pile_was_empty must be {str(pile_was_empty).lower()}: "
            "it describes the draw pile before this turn's draw"
        )


def _next_seat(seat: int, finished: list[bool]) -> int | None:
    players = len(finished)
    for offset in range(1, players + 1):
        following = (seat + offset) % players
        if not finished[following]:
            return following
    return None


def _check_history(state: State) -> None:
    """The history must follow the turn order and rebuild the piles, melds and hands."""
    config = state.config
    players = config.players
    pile: list[Card] = []
    melds: list[list[Card]] = [[] for _ in range(players)]
    sizes = [HAND_SIZE] * players
    finished = [False] * players
    first_complete: int | None = None
    from_pile = 0
    expected: int | None = (state.dealer + 1) % players
    drawn_by: int | None = None
    for index, event in enumerate(state.history):
        where = f"state.history[{index}]"
        if event.seat != expected:
            whose = "nobody's" if expected is None else f"seat {expected}'s"
            raise StateError(f"{where}: seat {event.seat} plays, but it is {whose} turn")
        if isinstance(event, Drew):
            if drawn_by is not None:
                raise StateError(f"{where}: a second draw in one turn")
            drawn_by = event.seat
            sizes[event.seat] += 1
            if event.from_discard:
                if not pile or pile[-1] != event.card:
                    raise StateError(f"{where}: {event.card} was not the top discard")
                pile.pop()
            else:
                from_pile += 1
            continue
        drawn_by = None
        melds[event.seat].extend(event.cards)
        pile.extend(event.discards)
        sizes[event.seat] += event.drawn - len(event.cards) - len(event.discards)
        from_pile += event.drawn
        if event.finished:
            finished[event.seat] = True
            if first_complete is None and len(melds[event.seat]) == MELD_SIZE:
                first_complete = event.seat
        elif len(melds[event.seat]) >= MELD_SIZE:
            raise StateError(f"{where}: five cards are melded, so the seat must finish")
        expected = _next_seat(event.seat, finished)
    if from_pile != config.pile_size - len(state.deck):
        raise StateError(
            f"state.history draws {from_pile} cards from the draw pile, but "
            f"{config.pile_size - len(state.deck)} are gone from state.deck"
        )
    for seat in range(players):
        if sizes[seat] != len(state.hands[seat]):
            raise StateError(
                f"state.hands[{seat}] holds {len(state.hands[seat])} cards, but the history "
                f"leaves it {sizes[seat]}"
            )
    if tuple(pile) != state.discard_pile:
        raise StateError("state.history does not rebuild state.discard_pile")
    if any(tuple(melds[seat]) != state.melds[seat] for seat in range(players)):
        raise StateError("state.history does not rebuild state.melds")
    if tuple(finished) != state.finished:
        raise StateError("state.finished does not match the history")
    if first_complete != state.first_complete:
        raise StateError("state.first_complete does not match the history")
    last = state.history[-1] if state.history else None
    if state.took_discard and not (isinstance(last, Drew) and last.from_discard):
        raise StateError(
            "state.took_discard is true but the last draw was not from the discard pile"
        )
    if state.to_act is None:
        if drawn_by is not None or expected is not None:
            raise StateError("state.history: the game is over, but the round is not finished")
        return
    if state.to_act != expected:
        raise StateError(
            f"state.to_act must be seat {expected}, whose turn it is, not {state.to_act}"
        )
    if state.step == "meld" and drawn_by is None and (state.deck or state.discard_pile):
        raise StateError("state.step must be 'draw': a card can be drawn, and nobody has drawn")
    if state.step == "draw" and drawn_by is not None:
        raise StateError("state.step must be 'meld': the seat to act has drawn")


def _check_scores(state: State) -> None:
    """Scores change only between rounds, and the game ends as soon as it can."""
    config = state.config
    over = state.to_act is None
    top = max(state.scores)
    leaders = [seat for seat, score in enumerate(state.scores) if score == top]
    decided = top >= config.target and len(leaders) == 1
    last = config.max_rounds is not None and state.round + 1 >= config.max_rounds
    if config.max_rounds is not None and state.round >= config.max_rounds:
        raise StateError(f"state.round is {state.round}, but max_rounds is {config.max_rounds}")
    if over and not (decided or last):
        raise StateError("state: the game is over, but no player alone reached the target")
    if not over and state.round == 0 and any(state.scores):
        raise StateError("state.scores must be zero during round 0")
    if not over and decided:
        raise StateError(
            f"state: seat {leaders[0]} alone has {top} points, at least the target, "
            "so the game is over"
        )
    if over and (state.opening_was_empty or state.pile_was_empty or state.took_discard):
        raise StateError("state: the turn flags must be false once the game is over")


def _check_over(state: State) -> None:
    summary = state.last_round
    if summary is None:
        raise StateError("state.last_round must summarise the final round once the game is over")
    if not all(state.finished):
        raise StateError("state.finished must be all true once the game is over")
    if summary.melds != state.melds or summary.first_complete != state.first_complete:
        raise StateError("state.last_round does not match the final melds")
    top = max(state.scores)
    leaders = tuple(seat for seat, score in enumerate(state.scores) if score == top)
    if state.winners != leaders:
        raise StateError(f"state.winners must be the seats with the top score, {list(leaders)}")
