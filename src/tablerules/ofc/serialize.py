"""JSON-compatible records of OFC states: :func:`to_dict` and :func:`from_dict`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablerules._common import (
    check_cards_once,
    int_item,
    parse_card_field,
    read_bool,
    read_cards,
    read_int,
    read_list,
    read_mapping,
    read_optional_int,
    read_str,
    write_cards,
)
from tablerules.cards import Card
from tablerules.errors import ConfigError, StateError
from tablerules.ofc.board import Board
from tablerules.ofc.config import Config
from tablerules.ofc.state import RoundSummary, State

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["from_dict", "to_dict"]

GAME = "ofc"
VERSION = 1
_CONFIG_FIELDS = (
    "players",
    "variant",
    "fantasyland",
    "fantasyland_cards",
    "progressive",
    "fantasyland_stay_middle",
    "lowball_middle",
    "lowball_fantasyland",
    "lowball_royalties",
    "starting_points",
    "max_rounds",
)


def _board_dict(board: Board) -> dict[str, str]:
    return {
        "top": write_cards(board.top),
        "middle": write_cards(board.middle),
        "bottom": write_cards(board.bottom),
    }


def _config_dict(config: Config) -> dict[str, Any]:
    return {
        "players": config.players,
        "variant": config.variant,
        "fantasyland": config.fantasyland,
        "fantasyland_cards": config.fantasyland_cards,
        "progressive": config.progressive,
        "fantasyland_stay_middle": config.fantasyland_stay_middle,
        "lowball_middle": config.lowball_middle,
        "lowball_fantasyland": config.lowball_fantasyland,
        "lowball_royalties": list(config.lowball_royalties),
        "starting_points": config.starting_points,
        "max_rounds": config.max_rounds,
    }


def _summary_dict(summary: RoundSummary) -> dict[str, Any]:
    return {
        "round": summary.round,
        "dealer": summary.dealer,
        "boards": [_board_dict(board) for board in summary.boards],
        "fouled": list(summary.fouled),
        "royalties": [list(row) for row in summary.royalties],
        "points": list(summary.points),
        "fantasyland": list(summary.fantasyland),
        "next_fantasyland": list(summary.next_fantasyland),
    }


def to_dict(state: State) -> dict[str, Any]:
    """A JSON-compatible record of ``state``; :func:`from_dict` reads it back.

    >>> import json
    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1)
    >>> record = to_dict(state)
    >>> record["game"], record["version"], record["hands"][1]
    ('ofc', 1, '7h 8c 6h 8s 7c')
    >>> ofc.from_dict(json.loads(json.dumps(record))) == state
    True
    """
    return {
        "game": GAME,
        "version": VERSION,
        "config": _config_dict(state.config),
        "seed": state.seed,
        "round": state.round,
        "scores": list(state.scores),
        "boards": [_board_dict(board) for board in state.boards],
        "hands": [write_cards(hand) for hand in state.hands],
        "discards": [write_cards(cards) for cards in state.discards],
        "deck": write_cards(state.deck),
        "fantasyland": list(state.fantasyland),
        "to_act": state.to_act,
        "street": state.street,
        "winners": list(state.winners),
        "last_round": None if state.last_round is None else _summary_dict(state.last_round),
    }


# --- reading -------------------------------------------------------------------------


def _read_config(data: Mapping[str, object]) -> Config:
    raw = read_mapping(data.get("config"), "config") if "config" in data else None
    if raw is None:
        raise StateError("state has no field 'config'")
    unknown = sorted(set(raw) - set(_CONFIG_FIELDS))
    if unknown:
        raise StateError(f"config has unknown fields: {', '.join(unknown)}")
    try:
        return Config(
            players=read_int(raw, "players", "config"),
            variant=read_str(raw, "variant", "config"),  # type: ignore[arg-type]
            fantasyland=read_bool(raw, "fantasyland", "config"),
            fantasyland_cards=read_optional_int(raw, "fantasyland_cards", "config"),
            progressive=read_bool(raw, "progressive", "config"),
            fantasyland_stay_middle=read_bool(raw, "fantasyland_stay_middle", "config"),
            lowball_middle=read_bool(raw, "lowball_middle", "config"),
            lowball_fantasyland=read_str(raw, "lowball_fantasyland", "config"),  # type: ignore[arg-type]
            lowball_royalties=_int_tuple(raw, "lowball_royalties", "config", 3),
            starting_points=read_int(raw, "starting_points", "config"),
            max_rounds=read_optional_int(raw, "max_rounds", "config"),
        )
    except ConfigError as error:
        raise StateError(f"config: {error}") from None


def _int_tuple(
    data: Mapping[str, object], key: str, where: str, size: int | None
) -> tuple[int, ...]:
    items = read_list(data, key, where)
    if size is not None and len(items) != size:
        raise StateError(f"{where}.{key} must hold {size} values, not {len(items)}")
    return tuple(int_item(item, f"{where}.{key}[{i}]") for i, item in enumerate(items))


def _read_board(item: object, where: str) -> Board:
    raw = read_mapping(item, where)
    rows = [read_cards(raw, name, where) for name in ("top", "middle", "bottom")]
    try:
        return Board(rows[0], rows[1], rows[2])
    except ValueError as error:
        raise StateError(f"{where}: {error}") from None


def _read_boards(
    data: Mapping[str, object], key: str, where: str, players: int
) -> tuple[Board, ...]:
    items = read_list(data, key, where)
    if len(items) != players:
        raise StateError(f"{where}.{key} must hold {players} boards, not {len(items)}")
    return tuple(_read_board(item, f"{where}.{key}[{seat}]") for seat, item in enumerate(items))


def _read_card_lists(
    data: Mapping[str, object], key: str, players: int
) -> tuple[tuple[Card, ...], ...]:
    items = read_list(data, key, "state")
    if len(items) != players:
        raise StateError(f"state.{key} must hold {players} entries, not {len(items)}")
    return tuple(parse_card_field(item, f"state.{key}[{seat}]") for seat, item in enumerate(items))


def _read_summary(data: Mapping[str, object], players: int) -> RoundSummary | None:
    if "last_round" not in data:
        raise StateError("state has no field 'last_round'")
    if data["last_round"] is None:
        return None
    raw = read_mapping(data["last_round"], "last_round")
    where = "last_round"
    royalties_raw = read_list(raw, "royalties", where)
    if len(royalties_raw) != players:
        raise StateError(f"last_round.royalties must hold {players} entries")
    royalties = tuple(
        _int_tuple({"row": row}, "row", f"last_round.royalties[{seat}]", 3)
        for seat, row in enumerate(royalties_raw)
    )
    fouled_raw = read_list(raw, "fouled", where)
    if len(fouled_raw) != players or not all(isinstance(item, bool) for item in fouled_raw):
        raise StateError(f"last_round.fouled must be {players} true/false values")
    summary = RoundSummary(
        round=read_int(raw, "round", where, minimum=0),
        dealer=read_int(raw, "dealer", where, minimum=0),
        boards=_read_boards(raw, "boards", where, players),
        fouled=tuple(bool(item) for item in fouled_raw),
        royalties=royalties,  # type: ignore[arg-type]
        points=_int_tuple(raw, "points", where, players),
        fantasyland=_int_tuple(raw, "fantasyland", where, players),
        next_fantasyland=_int_tuple(raw, "next_fantasyland", where, players),
    )
    if sum(summary.points) != 0:
        raise StateError(f"last_round.points must sum to 0, not {sum(summary.points)}")
    if summary.dealer != summary.round % players:
        raise StateError(
            f"last_round.dealer must be {summary.round % players} in round {summary.round}"
        )
    return summary


def from_dict(data: Mapping[str, object]) -> State:
    """Read a state written by :func:`to_dict`, checking it against the rules.

    Malformed or impossible records raise :class:`~tablerules.StateError`
    naming the field.

    >>> import tablerules.ofc as ofc
    >>> record = ofc.to_dict(ofc.new_game(seed=1))
    >>> record["deck"] = record["deck"][3:]
    >>> ofc.from_dict(record)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state: cards appear more than once or are missing: missing 2s ...
    >>> record = ofc.to_dict(ofc.new_game(seed=1))
    >>> record["to_act"] = 0
    >>> ofc.from_dict(record)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: seat 1 has 0 cards placed, 0 discarded and 5 in hand, ...
    """
    data = read_mapping(data, "state")
    if data.get("game") != GAME:
        raise StateError(f"state.game must be 'ofc', not {data.get('game')!r}")
    if data.get("version") != VERSION:
        raise StateError(f"state.version must be {VERSION}, not {data.get('version')!r}")
    config = _read_config(data)
    players = config.players
    to_act = read_optional_int(data, "to_act", "state")
    state = State(
        config=config,
        seed=read_int(data, "seed", "state"),
        round=read_int(data, "round", "state", minimum=0),
        scores=_int_tuple(data, "scores", "state", players),
        boards=_read_boards(data, "boards", "state", players),
        hands=_read_card_lists(data, "hands", players),
        discards=_read_card_lists(data, "discards", players),
        deck=read_cards(data, "deck", "state"),
        fantasyland=_int_tuple(data, "fantasyland", "state", players),
        to_act=to_act,
        street=read_int(data, "street", "state", minimum=0),
        winners=_int_tuple(data, "winners", "state", None),
        last_round=_read_summary(data, players),
    )
    check_state(state)
    return state


def _placed(config: Config, streets_done: int) -> int:
    if streets_done == 0:
        return 0
    return 5 + (streets_done - 1) * (2 if config.variant == "pineapple" else 1)


def check_state(state: State) -> None:
    """Raise :class:`~tablerules.StateError` if ``state`` breaks the rules' invariants.

    >>> import tablerules.ofc as ofc
    >>> check_state(ofc.new_game(seed=1))
    """
    config = state.config
    players = config.players
    # Cards: every card exactly once.
    places = [card for board in state.boards for card in board.cards]
    places += [card for hand in state.hands for card in hand]
    places += [card for cards in state.discards for card in cards]
    places += list(state.deck)
    check_cards_once(places)
    if sum(state.scores) != players * config.starting_points:
        raise StateError(
            f"scores must sum to {players * config.starting_points} (points only move between "
            f"players), not {sum(state.scores)}"
        )
    for seat, count in enumerate(state.fantasyland):
        limit = config.fantasyland_base + (3 if config.progressive else 0)
        if count and (not config.fantasyland or not 13 <= count <= limit):
            raise StateError(f"state.fantasyland[{seat}] = {count} is impossible under this config")
    others = state.fantasyland.count(0) * config.cards_per_player
    if sum(state.fantasyland) + others > 52:
        raise StateError("state.fantasyland: these fantasyland counts do not fit in one deck")
    if state.round > 0 and state.last_round is None:
        raise StateError("state.last_round is missing: a round has finished")
    if state.to_act is None:
        _check_over(state)
    else:
        if state.winners:
            raise StateError("state.winners must be empty while the game goes on")
        if min(state.scores) <= 0:
            raise StateError("state.to_act must be null: a bankroll is at 0 or below")
        if config.max_rounds is not None and state.round >= config.max_rounds:
            raise StateError(f"state.round must be below max_rounds ({config.max_rounds})")
        if state.last_round is not None and state.last_round.round != state.round - 1:
            raise StateError("state.last_round.round must be the round before this one")
        _check_turn(state)


def _check_over(state: State) -> None:
    config = state.config
    best = max(state.scores)
    winners = tuple(seat for seat, score in enumerate(state.scores) if score == best)
    if state.winners != winners:
        raise StateError(f"state.winners must be {list(winners)} (the highest bankrolls)")
    ended = min(state.scores) <= 0 or (
        config.max_rounds is not None and state.round + 1 >= config.max_rounds
    )
    if not ended:
        raise StateError("state.to_act is null but the game is not over")
    if any(state.hands) or not all(board.is_complete for board in state.boards):
        raise StateError("a finished game has complete boards and no cards in hand")
    if state.last_round is None or state.last_round.round != state.round:
        raise StateError("state.last_round must summarise the final round")


def _check_turn(state: State) -> None:
    config = state.config
    players = config.players
    seat = state.to_act
    assert seat is not None
    if not 0 <= seat < players:
        raise StateError(f"state.to_act must be a seat from 0 to {players - 1}, not {seat}")
    if state.street >= config.streets:
        raise StateError(f"state.street must be below {config.streets}, not {state.street}")
    dealer = state.round % players
    order = tuple((dealer + 1 + step) % players for step in range(players))
    fantasyland = state.fantasyland
    setting = fantasyland[seat] > 0
    if setting and state.street:
        raise StateError("state.street must be 0 while fantasyland boards are being set")
    acted = set(order[: order.index(seat)])
    for other in order:
        count = fantasyland[other]
        if count:
            done = not setting or other in acted
            expect = (13 if done else 0, count - 13 if done else 0, 0 if done else count)
        else:
            streets = 0 if setting else state.street + (1 if other in acted else 0)
            holding = 0
            if other == seat:
                holding = 5 if state.street == 0 else (3 if config.variant == "pineapple" else 1)
            discards = max(streets - 1, 0) if config.variant == "pineapple" else 0
            expect = (_placed(config, streets), discards, holding)
        found = (
            state.boards[other].size,
            len(state.discards[other]),
            len(state.hands[other]),
        )
        if found != expect:
            raise StateError(
                f"seat {other} has {found[0]} cards placed, {found[1]} discarded and {found[2]} "
                f"in hand, but with seat {seat} to act on street {state.street} it must have "
                f"{expect[0]}, {expect[1]} and {expect[2]} (a wrong turn or an impossible board)"
            )
