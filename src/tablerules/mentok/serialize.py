"""JSON-compatible records of Mentok states: :func:`to_dict` and :func:`from_dict`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tablerules._common import (
    bool_item,
    card_count_problems,
    int_item,
    parse_card_field,
    read_bool,
    read_int,
    read_list,
    read_mapping,
    read_optional_int,
    read_per_seat,
    read_seats,
    read_str,
    write_cards,
)
from tablerules.cards import Card, Rank
from tablerules.errors import ConfigError, StateError
from tablerules.mentok.config import Config
from tablerules.mentok.rules import _next_player, _winners
from tablerules.mentok.scoring import RANK_OF, points_unchecked, value_unchecked
from tablerules.mentok.state import AskRecord, Event, RoundSummary, StandRecord, State

__all__ = ["check_state", "from_dict", "to_dict"]

GAME = "mentok"
VERSION = 1

Json = dict[str, object]


# --- writing -----------------------------------------------------------------


def _config_dict(config: Config) -> Json:
    return {
        "players": config.players,
        "decks": config.decks,
        "strict": config.strict,
        "exact_target": config.exact_target,
        "target": config.target,
        "max_rounds": config.max_rounds,
    }


def _event_dict(event: Event) -> Json:
    if isinstance(event, StandRecord):
        return {"kind": "stand", "seat": event.seat, "hand": event.hand}
    return {
        "kind": "ask",
        "seat": event.seat,
        "target": event.target,
        "rank": event.rank.letter,
        "hand": event.hand,
        "split": event.split,
        "given": event.given,
        "card": None if event.card is None else str(event.card),
        "cheat": event.cheat,
    }


def _tables_list(tables: tuple[tuple[tuple[Card, ...], ...], ...]) -> list[object]:
    return [[write_cards(cards) for cards in seat] for seat in tables]


def _summary_dict(summary: RoundSummary) -> Json:
    return {
        "round": summary.round,
        "dealer": summary.dealer,
        "abandoned": summary.abandoned,
        "tables": _tables_list(summary.tables),
        "hands": [write_cards(hand) for hand in summary.hands],
        "choices": list(summary.choices),
        "cheated": list(summary.cheated),
        "points": list(summary.points),
        "history": [_event_dict(event) for event in summary.history],
    }


def to_dict(state: State) -> dict[str, object]:
    """A JSON-compatible record of ``state``; :func:`from_dict` reads it back exactly.

    >>> import json
    >>> from tablerules import mentok
    >>> state = mentok.new_game(seed=3)
    >>> record = mentok.to_dict(state)
    >>> record["game"], record["version"], record["hands"][0]
    ('mentok', 1, '3s Jh 8d 8h')
    >>> mentok.from_dict(json.loads(json.dumps(record))) == state
    True
    """
    return {
        "game": GAME,
        "version": VERSION,
        "config": _config_dict(state.config),
        "seed": state.seed,
        "round": state.round,
        "dealer": state.dealer,
        "scores": list(state.scores),
        "in_game": list(state.in_game),
        "hands": [write_cards(hand) for hand in state.hands],
        "tables": _tables_list(state.tables),
        "stood": [list(flags) for flags in state.stood],
        "deck": write_cards(state.deck),
        "history": [_event_dict(event) for event in state.history],
        "choices": list(state.choices),
        "to_act": state.to_act,
        "winners": list(state.winners),
        "last_round": None if state.last_round is None else _summary_dict(state.last_round),
    }


# --- reading -----------------------------------------------------------------


def _optional_bool_item(value: object, where: str) -> bool | None:
    return None if value is None else bool_item(value, where)


def _read_config(data: Mapping[str, object], where: str) -> Config:
    raw = read_mapping(data.get("config"), f"{where}.config")
    where = f"{where}.config"
    max_rounds = read_optional_int(raw, "max_rounds", where)
    try:
        return Config(
            players=read_int(raw, "players", where),
            decks=read_int(raw, "decks", where),
            strict=read_bool(raw, "strict", where),
            exact_target=read_bool(raw, "exact_target", where),
            target=read_int(raw, "target", where),
            max_rounds=max_rounds,
        )
    except ConfigError as error:
        raise StateError(f"{where}: {error}") from None


def _read_tables(
    data: Mapping[str, object], key: str, where: str, players: int
) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    seats = []
    for seat, raw in enumerate(read_per_seat(data, key, where, players)):
        here = f"{where}.{key}[{seat}]"
        if not isinstance(raw, list):
            raise StateError(f"{here} must be a list of table hands, not {raw!r}")
        if len(raw) > 2:
            raise StateError(f"{here} has {len(raw)} table hands; a seat has at most 2")
        hands = tuple(parse_card_field(cards, f"{here}[{i}]") for i, cards in enumerate(raw))
        if any(not cards for cards in hands):
            raise StateError(f"{here}: a table hand is never empty")
        seats.append(hands)
    return tuple(seats)


def _read_event(raw: object, where: str, players: int) -> Event:
    data = read_mapping(raw, where)
    kind = read_str(data, "kind", where)
    seat = read_int(data, "seat", where, minimum=0)
    if seat >= players:
        raise StateError(f"{where}.seat must be below {players}, not {seat}")
    hand = read_int(data, "hand", where, minimum=0)
    if hand > 1:
        raise StateError(f"{where}.hand must be 0 or 1, not {hand}")
    if kind == "stand":
        return StandRecord(seat, hand)
    if kind != "ask":
        raise StateError(f"{where}.kind must be 'ask' or 'stand', not {kind!r}")
    target = read_int(data, "target", where, minimum=0)
    if target >= players or target == seat:
        raise StateError(f"{where}.target must be another seat below {players}, not {target}")
    letter = read_str(data, "rank", where)
    if len(letter) != 1 or letter not in "23456789TJQKA":
        raise StateError(f"{where}.rank must be a rank letter such as 'K', not {letter!r}")
    rank = Rank("23456789TJQKA".index(letter) + 2)
    card_text = data.get("card")
    card: Card | None = None
    if card_text is not None:
        cards = parse_card_field(card_text, f"{where}.card")
        if len(cards) != 1:
            raise StateError(f"{where}.card must be one card or null, not {card_text!r}")
        card = cards[0]
    given = read_bool(data, "given", where)
    if given and (card is None or RANK_OF[card] != rank):
        raise StateError(f"{where}: a given card must be of the rank asked for")
    if "cheat" not in data:
        raise StateError(f"{where} has no field 'cheat'")
    return AskRecord(
        seat,
        target,
        rank,
        hand,
        read_bool(data, "split", where),
        given,
        card,
        _optional_bool_item(data["cheat"], f"{where}.cheat"),
    )


def _read_history(
    data: Mapping[str, object], key: str, where: str, players: int
) -> tuple[Event, ...]:
    return tuple(
        _read_event(raw, f"{where}.{key}[{i}]", players)
        for i, raw in enumerate(read_list(data, key, where))
    )


def _read_summary(raw: object, where: str, players: int) -> RoundSummary:
    data = read_mapping(raw, where)
    return RoundSummary(
        round=read_int(data, "round", where, minimum=0),
        dealer=read_int(data, "dealer", where, minimum=0),
        abandoned=read_bool(data, "abandoned", where),
        tables=_read_tables(data, "tables", where, players),
        hands=read_seats(data, "hands", where, players, parse_card_field),
        choices=read_seats(data, "choices", where, players, _optional_bool_item),
        cheated=read_seats(data, "cheated", where, players, bool_item),
        points=read_seats(data, "points", where, players, int_item),
        history=_read_history(data, "history", where, players),
    )


def from_dict(data: Mapping[str, object]) -> State:
    """Read a record written by :func:`to_dict`, checking it against the rules.

    Malformed or inconsistent input (wrong types, missing fields, bad card
    text, cards missing or duplicated, a history that does not match the
    tables, a wrong turn) raises :class:`~tablerules.StateError` naming the
    field.

    >>> from tablerules import mentok
    >>> record = mentok.to_dict(mentok.new_game(seed=3))
    >>> record["deck"] = record["deck"][3:]      # lose a card
    >>> mentok.from_dict(record)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state: cards are missing or duplicated: missing 6s
    """
    where = "state"
    data = read_mapping(data, where)
    if data.get("game") != GAME:
        raise StateError(f"{where}.game must be {GAME!r}, not {data.get('game')!r}")
    if data.get("version") != VERSION:
        raise StateError(f"{where}.version must be {VERSION}, not {data.get('version')!r}")
    config = _read_config(data, where)
    players = config.players
    seed = read_int(data, "seed", where)
    hands = read_seats(data, "hands", where, players, parse_card_field)
    stood_raw = read_per_seat(data, "stood", where, players)
    stood = []
    for seat, flags in enumerate(stood_raw):
        if not isinstance(flags, list):
            raise StateError(f"{where}.stood[{seat}] must be a list, not {flags!r}")
        stood.append(
            tuple(bool_item(flag, f"{where}.stood[{seat}][{i}]") for i, flag in enumerate(flags))
        )
    last_raw = data.get("last_round")
    if "last_round" not in data:
        raise StateError(f"{where} has no field 'last_round'")
    state = State(
        config=config,
        seed=seed,
        round=read_int(data, "round", where, minimum=0),
        dealer=read_int(data, "dealer", where, minimum=0),
        scores=read_seats(data, "scores", where, players, int_item),
        in_game=read_seats(data, "in_game", where, players, bool_item),
        hands=hands,
        tables=_read_tables(data, "tables", where, players),
        stood=tuple(stood),
        deck=parse_card_field(data.get("deck"), f"{where}.deck"),
        history=_read_history(data, "history", where, players),
        choices=read_seats(data, "choices", where, players, _optional_bool_item),
        to_act=read_optional_int(data, "to_act", where),
        winners=tuple(
            int_item(value, f"{where}.winners[{i}]")
            for i, value in enumerate(read_list(data, "winners", where))
        ),
        last_round=None
        if last_raw is None
        else _read_summary(last_raw, f"{where}.last_round", players),
    )
    check_state(state)
    return state


# --- invariants ----------------------------------------------------------------


def _replay_tables(
    history: Sequence[Event], bases: Sequence[Card | None], players: int
) -> tuple[list[list[list[Card]]], list[list[bool]]]:
    """Rebuild each seat's table hands and stood flags from the bases and the history."""
    tables: list[list[list[Card]]] = [[] if base is None else [[base]] for base in bases]
    stood: list[list[bool]] = [[] if base is None else [False] for base in bases]
    for index, event in enumerate(history):
        where = f"state.history[{index}]"
        seat = event.seat
        if not tables[seat]:
            raise StateError(f"{where}: seat {seat} is not in the round")
        seat_tables = tables[seat]
        if event.hand >= len(seat_tables):
            raise StateError(f"{where}: seat {seat} has no table hand {event.hand}")
        cards = seat_tables[event.hand]
        if stood[seat][event.hand] or value_unchecked(cards) > 21:
            raise StateError(f"{where}: table hand {event.hand} of seat {seat} was closed")
        if isinstance(event, StandRecord):
            stood[seat][event.hand] = True
            continue
        if not tables[event.target]:
            raise StateError(f"{where}: seat {event.target} is not in the round")
        if event.split and (len(seat_tables) != 1 or len(cards) != 1 or event.hand != 0):
            raise StateError(f"{where}: a split is only possible on a first turn, with hand 0")
        if event.split and RANK_OF[cards[0]] != event.rank:
            raise StateError(f"{where}: a split asks for the base card's rank")
        if event.card is None:
            if index != len(history) - 1:
                raise StateError(f"{where}: only the last ask of a round can find the deck empty")
            continue
        if event.split and event.given:
            seat_tables.append([event.card])
            stood[seat].append(False)
        else:
            cards.append(event.card)
    return tables, stood


def _check_round(state: State) -> None:
    """Check one round's tables, stood flags and history against each other."""
    players = state.config.players
    bases: list[Card | None] = [seat[0][0] if seat else None for seat in state.tables]
    tables, stood = _replay_tables(state.history, bases, players)
    for seat in range(players):
        replayed = tuple(tuple(cards) for cards in tables[seat])
        if replayed != state.tables[seat]:
            raise StateError(f"state.tables[{seat}] does not match the cards melded in the history")
        if tuple(stood[seat]) != state.stood[seat]:
            raise StateError(f"state.stood[{seat}] does not match the stands in the history")
        if not state.tables[seat] and state.hands[seat]:
            raise StateError(f"state.hands[{seat}]: a seat not in the round holds no cards")
        if len(state.hands[seat]) > 4:
            raise StateError(f"state.hands[{seat}] holds more than the 4 cards dealt")
    if state.config.strict:
        for index, event in enumerate(state.history):
            if isinstance(event, AskRecord) and event.cheat:
                raise StateError(f"state.history[{index}]: no cheating asks with strict=True")
    _check_asks(state)


def _check_asks(state: State) -> None:
    """Check each ask against the hands as they were: gives, go-fish draws and cheat flags."""
    players = state.config.players
    history = state.history
    held = [list(hand) for hand in state.hands]
    gave = [0] * players
    asker_ranks: list[set[int]] = [set() for _ in history]
    target_ranks: list[set[int]] = [set() for _ in history]
    for index in range(len(history) - 1, -1, -1):
        event = history[index]
        if not isinstance(event, AskRecord):
            continue
        if event.given and event.card is not None:
            held[event.target].append(event.card)
            gave[event.target] += 1
        asker_ranks[index] = {RANK_OF[card] for card in held[event.seat]}
        target_ranks[index] = {RANK_OF[card] for card in held[event.target]}
    for seat in range(players):
        if state.tables[seat] and len(state.hands[seat]) + gave[seat] != 4:
            raise StateError(
                f"state.hands[{seat}] holds {len(state.hands[seat])} cards but gave "
                f"{gave[seat]} of the 4 dealt"
            )
    table_ranks = [
        {RANK_OF[seat_tables[0][0]]} if seat_tables else set() for seat_tables in state.tables
    ]
    for index, event in enumerate(history):
        if not isinstance(event, AskRecord):
            continue
        where = f"state.history[{index}]"
        rank = int(event.rank)
        if not event.given and rank in target_ranks[index]:
            raise StateError(f"{where}: seat {event.target} held that rank and had to give it")
        inside = rank in asker_ranks[index] or rank in table_ranks[event.seat]
        if event.cheat is not None and event.cheat == inside:
            expected = "inside" if inside else "outside"
            raise StateError(f"{where}.cheat is wrong: the rank was {expected} the sphere")
        if event.card is not None:
            table_ranks[event.seat].add(RANK_OF[event.card])
        elif state.deck:
            raise StateError(f"{where}: a round is abandoned only when the deck is empty")


def _check_cards(state: State) -> None:
    cards = [*state.deck, *(card for hand in state.hands for card in hand)]
    cards += [card for seat in state.tables for hand in seat for card in hand]
    problem = card_count_problems(cards, state.config.decks)
    if problem:
        raise StateError(f"state: cards are missing or duplicated: {problem}")


def check_state(state: State) -> None:
    """Raise :class:`~tablerules.StateError` if ``state`` breaks the rules' invariants.

    :func:`from_dict` runs it on every record it reads.

    >>> from tablerules import mentok
    >>> mentok.check_state(mentok.new_game(seed=3))
    """
    config = state.config
    players = config.players
    if state.dealer != state.round % players:
        raise StateError(
            f"state.dealer must be {state.round % players} in round {state.round}, "
            f"not {state.dealer}"
        )
    _check_cards(state)
    _check_round(state)
    in_round = [seat for seat in range(players) if state.tables[seat]]
    if len(in_round) < 2 and state.to_act is not None:
        raise StateError("state: a round needs at least two players")
    for seat in range(players):
        if config.exact_target and state.in_game[seat] != (state.scores[seat] <= config.target):
            raise StateError(
                f"state.in_game[{seat}] must be true exactly when the score is at most "
                f"{config.target} (exact_target)"
            )
        if not config.exact_target and not state.in_game[seat]:
            raise StateError(f"state.in_game[{seat}]: nobody leaves the game without exact_target")
    if (state.round == 0 and state.to_act is not None) != (state.last_round is None):
        raise StateError("state.last_round must be null exactly during round 0")
    if state.to_act is None:
        _check_over(state, in_round)
    else:
        _check_playing(state, in_round)
    if state.last_round is not None:
        _check_summary(state.last_round, state)


def _check_playing(state: State, in_round: list[int]) -> None:
    players = state.config.players
    if state.winners:
        raise StateError("state.winners must be empty while the game goes on")
    for seat in range(players):
        if state.in_game[seat] != bool(state.tables[seat]):
            raise StateError(f"state.tables[{seat}]: exactly the seats in the game are dealt in")
    for index, event in enumerate(state.history):
        if isinstance(event, AskRecord) and event.card is None:
            raise StateError(f"state.history[{index}]: an abandoned round is over")
    following = _expected_to_act(state, in_round)
    if state.to_act != following:
        raise StateError(f"state.to_act must be seat {following}, not {state.to_act}")


def _expected_to_act(state: State, in_round: list[int]) -> int:
    players = state.config.players
    tables, stood = state.tables, state.stood
    if state.history:
        following = _next_player(players, state.history[-1].seat, tables, stood)
    else:
        following = _next_player(players, state.dealer, tables, stood)
    made = [seat for seat in in_round if state.choices[seat] is not None]
    if following is not None:
        if made:
            raise StateError("state.choices: score choices come after every player is done")
        return following
    order = [(state.dealer + step) % players for step in range(1, players + 1)]
    order = [seat for seat in order if seat in in_round]
    for position, seat in enumerate(order):
        if state.choices[seat] is None:
            if any(state.choices[other] is not None for other in order[position:]):
                raise StateError("state.choices: seats choose in turn order from the dealer's left")
            return seat
    raise StateError("state.choices: every player has chosen, so the round should be over")


def _check_over(state: State, in_round: list[int]) -> None:
    summary = state.last_round
    if summary is None or summary.round != state.round:
        raise StateError("state.last_round must summarise the final round once the game is over")
    if summary.history != state.history:
        raise StateError("state.last_round.history must match the final round's history")
    expected = _winners(state.config, state.round + 1, state.scores, state.in_game, in_round)
    if not state.winners or state.winners != expected:
        raise StateError(f"state.winners must be {list(expected)}, not {list(state.winners)}")


def _check_summary(summary: RoundSummary, state: State) -> None:
    where = "state.last_round"
    players = state.config.players
    expected_round = state.round if state.to_act is None else state.round - 1
    if summary.round != expected_round:
        raise StateError(f"{where}.round must be {expected_round}, not {summary.round}")
    if summary.dealer != summary.round % players:
        raise StateError(f"{where}.dealer must be {summary.round % players}")
    cheated = [False] * players
    for event in summary.history:
        if isinstance(event, AskRecord):
            if event.cheat is None:
                raise StateError(f"{where}.history: every cheat flag is known after a round")
            cheated[event.seat] = cheated[event.seat] or event.cheat
    if tuple(cheated) != summary.cheated:
        raise StateError(f"{where}.cheated does not match its history")
    for seat in range(players):
        if not summary.tables[seat]:
            expected = 0
        elif summary.cheated[seat]:
            expected = -5
        elif summary.abandoned:
            expected = 0
        elif summary.choices[seat]:
            expected = points_unchecked(summary.hands[seat])
        else:
            expected = sum(points_unchecked(cards) for cards in summary.tables[seat])
        if summary.points[seat] != expected:
            raise StateError(
                f"{where}.points[{seat}] must be {expected}, not {summary.points[seat]}"
            )
        if summary.tables[seat] and not summary.abandoned and summary.choices[seat] is None:
            raise StateError(f"{where}.choices[{seat}]: every player in a scored round chose")
