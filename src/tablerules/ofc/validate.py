"""The invariants of an OFC state: :func:`check_state`, which ``from_dict`` runs on every record.

The rules are asked, not stated again. What every seat must have placed, discarded
and hold at the current turn comes from the round's schedule
(:func:`tablerules.ofc.rules.round_turns`); the last round's fouls,
royalties, points and fantasyland counts are recomputed from its boards with
:func:`tablerules.ofc.scoring.score_round`; this round's fantasyland counts
must be what ``rules.next_round_fantasyland`` deals after that round; the
end of the game and its winners come from ``rules.game_ends`` and
``rules.winners_of``.
"""

from __future__ import annotations

import itertools
from typing import Final

from tablerules._common import check_cards_once, check_type, turn_order
from tablerules._records import cards_item, int_item, per_seat_item, seat_item
from tablerules.cards import FULL_DECK, Card
from tablerules.errors import StateError, show
from tablerules.ofc.board import BOARD_SIZE, Board
from tablerules.ofc.config import Config
from tablerules.ofc.rules import game_ends, next_round_fantasyland, round_turns, winners_of
from tablerules.ofc.scoring import DECK_SIZE, earnable_counts, score_round, supply_counts
from tablerules.ofc.state import RoundSummary, State

__all__ = ["check_state"]

_FULL_DECK: Final = sorted(FULL_DECK)
"""Every card once, in card order."""


def check_state(state: State) -> None:
    """Raise :class:`~tablerules.StateError` if ``state`` breaks the rules' invariants.

    Every card is in exactly one place; each seat has placed, discarded and
    holds what the round's turns so far give it; the bankrolls are the start
    plus every round's points; the last round's summary is the scoring of its
    boards; the fantasyland counts are the ones that round earned; a finished
    game ended when the rules end it, and its winners have the highest bankroll.

    >>> import tablerules.ofc as ofc
    >>> ofc.check_state(ofc.new_game(seed=1))
    >>> import attrs
    >>> ofc.check_state(attrs.evolve(ofc.new_game(seed=1), scores=(150, 50)))
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state.scores must be [100, 100] in round 0 ..., not [150, 50]
    """
    check_type(state, State, "state")
    _check_shape(state)
    check_read_state(state)


def check_read_state(state: State) -> None:
    """:func:`check_state` for a well-formed state, as the record readers make: the rules only.

    The shape checks are left out: every field must already be of its kind
    and length (one entry per seat, boards, cards, ints in range), as
    :func:`~tablerules.ofc.from_dict` guarantees.
    """
    config = state.config
    players = config.players
    places = [card for board in state.boards for card in board.cards]
    places += [card for hand in state.hands for card in hand]
    places += [card for cards in state.discards for card in cards]
    places += state.deck
    places.sort()
    if places != _FULL_DECK:
        check_cards_once(places)
    if sum(state.scores) != players * config.starting_points:
        raise StateError(
            f"scores must sum to {players * config.starting_points} (points only move between "
            f"players), not {sum(state.scores)}"
        )
    _check_counts(state.fantasyland, config, "state.fantasyland")
    summary = state.last_round
    if state.round > 0 and summary is None:
        raise StateError("state.last_round is missing: a round has finished")
    if state.to_act is None:
        _check_over(state)
    else:
        _check_going_on(state)
    _check_turn(state)
    if summary is not None:
        _check_summary(summary, config)
    _check_fantasyland(state)
    _check_scores(state)


# --- the shape of a state built by hand --------------------------------------------------


def _ints(values: object, where: str, players: int) -> None:
    for seat, value in enumerate(per_seat_item(values, where, players)):
        int_item(value, f"{where}[{seat}]")


def _boards(values: object, where: str, players: int) -> None:
    for seat, board in enumerate(per_seat_item(values, where, players)):
        if not isinstance(board, Board):
            raise StateError(f"{where}[{seat}] must be a Board, not {show(board)}")


def _check_shape(state: State) -> None:
    """Every field of the right type and length, so the checks below can read them."""
    if not isinstance(state.config, Config):
        raise StateError(f"state.config must be a tablerules.ofc.Config, not {show(state.config)}")
    players = state.config.players
    int_item(state.seed, "state.seed")
    int_item(state.round, "state.round", 0)
    int_item(state.street, "state.street", 0)
    _ints(state.scores, "state.scores", players)
    _ints(state.fantasyland, "state.fantasyland", players)
    _boards(state.boards, "state.boards", players)
    for name in ("hands", "discards"):
        for seat, cards in enumerate(per_seat_item(getattr(state, name), f"state.{name}", players)):
            cards_item(cards, f"state.{name}[{seat}]")
    cards_item(state.deck, "state.deck")
    if state.to_act is not None:
        seat_item(state.to_act, "state.to_act", players)
    if not isinstance(state.winners, tuple):
        raise StateError(f"state.winners must be a tuple of seats, not {show(state.winners)}")
    for index, seat in enumerate(state.winners):
        seat_item(seat, f"state.winners[{index}]", players)
    summary = state.last_round
    if summary is None:
        return
    if not isinstance(summary, RoundSummary):
        raise StateError(f"state.last_round must be a RoundSummary or None, not {show(summary)}")
    where = "state.last_round"
    int_item(summary.round, f"{where}.round", 0)
    _boards(summary.boards, f"{where}.boards", players)
    for name in ("points", "fantasyland", "next_fantasyland"):
        _ints(getattr(summary, name), f"{where}.{name}", players)
    for seat, fouled in enumerate(per_seat_item(summary.fouled, f"{where}.fouled", players)):
        if not isinstance(fouled, bool):
            raise StateError(f"{where}.fouled[{seat}] must be True or False, not {show(fouled)}")
    for seat, row in enumerate(per_seat_item(summary.royalties, f"{where}.royalties", players)):
        _ints(row, f"{where}.royalties[{seat}]", 3)


# --- the invariants ------------------------------------------------------------------------


def _check_counts(counts: tuple[int, ...], config: Config, where: str) -> None:
    """Fantasyland counts this config can deal at all: 0, or 13 up to the largest entry count."""
    limit = max(earnable_counts(config))
    for seat, count in enumerate(counts):
        if count and not BOARD_SIZE <= count <= limit:
            raise StateError(f"{where}[{seat}] = {count} is impossible under this config")
    others = counts.count(0) * config.cards_per_player
    if sum(counts) + others > DECK_SIZE:
        raise StateError(f"{where}: these fantasyland counts do not fit in one deck")


def _check_dealt(counts: tuple[int, ...], config: Config, round_index: int, where: str) -> None:
    """Counts a round was dealt: what some earnable counts give after the card-supply rule."""
    order = turn_order(config.players, round_index % config.players)
    earnable = earnable_counts(config)
    options = [[0] if not count else [e for e in earnable if e >= count] for count in counts]
    if not any(
        supply_counts(earned, order, config) == counts for earned in itertools.product(*options)
    ):
        raise StateError(
            f"{where}: no boards earn the fantasyland counts {list(counts)} "
            "(after the card-supply rule)"
        )


def _check_over(state: State) -> None:
    config = state.config
    winners = winners_of(state.scores)
    if state.winners != winners:
        raise StateError(f"state.winners must be {list(winners)} (the highest bankrolls)")
    if not game_ends(state.scores, state.round, config):
        raise StateError("state.to_act is null but the game is not over")
    if any(state.hands) or not all(board.is_complete for board in state.boards):
        raise StateError("a finished game has complete boards and no cards in hand")
    summary = state.last_round
    if summary is None or summary.round != state.round:
        raise StateError("state.last_round must summarise the final round")
    if summary.boards != state.boards:
        raise StateError("state.last_round.boards must be the final boards (state.boards)")
    if summary.fantasyland != state.fantasyland:
        raise StateError(
            "state.last_round.fantasyland must be the final round's fantasyland counts "
            f"{list(state.fantasyland)}, not {list(summary.fantasyland)}"
        )


def _check_going_on(state: State) -> None:
    config = state.config
    if state.winners:
        raise StateError("state.winners must be empty while the game goes on")
    if game_ends(state.scores, state.round - 1, config):  # the bankrolls the round began with
        raise StateError(
            "state.to_act must be null: the game ended before this round (a bankroll "
            "is at 0 or below, or the last of max_rounds was played)"
        )
    summary = state.last_round
    if summary is not None and summary.round != state.round - 1:
        raise StateError("state.last_round.round must be the round before this one")
    if state.street >= config.streets:
        raise StateError(f"state.street must be below {config.streets}, not {state.street}")
    seat = state.to_act
    assert seat is not None
    if state.fantasyland[seat] and state.street:
        raise StateError("state.street must be 0 while fantasyland boards are being set")


def _check_turn(state: State) -> None:
    """Each seat's board size, discards and hand: what the round's turns so far give it."""
    config = state.config
    players = config.players
    dealer = state.round % players
    turns = round_turns(config, dealer, state.fantasyland)
    seat = state.to_act
    if seat is None:
        position = len(turns)
        if state.street != turns[-1].street:
            raise StateError(
                f"state.street must be {turns[-1].street}, the street of the round's last turn, "
                f"not {state.street}"
            )
        when = "once the game is over"
    else:
        keys = [(turn.seat, turn.street) for turn in turns]
        position = keys.index((seat, state.street))
        when = f"with seat {seat} to act on street {state.street}"
    placed = [0] * players
    discarded = [0] * players
    holding = [0] * players
    for index, turn in enumerate(turns):
        if index < position:
            placed[turn.seat] += turn.cards - turn.discards
            discarded[turn.seat] += turn.discards
        elif turn.fantasyland or index == position:
            holding[turn.seat] = turn.cards
    for other in turn_order(players, dealer):
        expect = (placed[other], discarded[other], holding[other])
        found = (state.boards[other].size, len(state.discards[other]), len(state.hands[other]))
        if found != expect:
            raise StateError(
                f"seat {other} has {found[0]} cards placed, {found[1]} discarded and {found[2]} "
                f"in hand, but {when} it must have {expect[0]}, {expect[1]} and {expect[2]} "
                "(a wrong turn or an impossible board)"
            )


def _check_summary(summary: RoundSummary, config: Config) -> None:
    """The last round's summary is the scoring of its own boards."""
    where = "state.last_round"
    seen: set[Card] = set()
    for seat, board in enumerate(summary.boards):
        if not board.is_complete:
            raise StateError(
                f"{where}.boards[{seat}] must be a complete board of 13 cards, not {board.size}"
            )
        twice = seen.intersection(board.cards)
        if twice:
            raise StateError(f"{where}.boards: {min(twice)} is on two boards")
        seen.update(board.cards)
    _check_counts(summary.fantasyland, config, f"{where}.fantasyland")
    if summary.round == 0 and any(summary.fantasyland):
        raise StateError(f"{where}.fantasyland must be all 0: nobody plays fantasyland in round 0")
    _check_dealt(summary.fantasyland, config, summary.round, f"{where}.fantasyland")
    if sum(summary.points) != 0:
        raise StateError(f"{where}.points must sum to 0, not {sum(summary.points)}")
    expected = score_round(summary.round, summary.boards, summary.fantasyland, config)
    for name in ("fouled", "royalties", "points", "next_fantasyland"):
        value, scored = getattr(summary, name), getattr(expected, name)
        if value != scored:
            raise StateError(
                f"{where}.{name} must be {_text(scored)} (the scoring of its boards), "
                f"not {_text(value)}"
            )


def _text(value: tuple[object, ...]) -> str:
    return show([list(item) if isinstance(item, tuple) else item for item in value], 200)


def _check_fantasyland(state: State) -> None:
    """This round's fantasyland counts: the ones the last round earned, after the supply rule."""
    summary = state.last_round
    if state.to_act is None:
        return  # _check_over compared them with the final round's
    if summary is None:
        if any(state.fantasyland):
            raise StateError(
                "state.fantasyland must be all 0 in round 0: nobody has earned fantasyland yet"
            )
        return
    earned = next_round_fantasyland(summary, state.config)
    if state.fantasyland != earned:
        raise StateError(
            f"state.fantasyland must be {list(earned)}, what last_round.next_fantasyland gives "
            f"after the card-supply rule, not {list(state.fantasyland)}"
        )


def _check_scores(state: State) -> None:
    """The bankrolls: the start plus the points of every round, with the game going on between."""
    config = state.config
    start = (config.starting_points,) * config.players
    summary = state.last_round
    if summary is None:
        if state.scores != start:
            raise StateError(
                f"state.scores must be {list(start)} in round 0 (no round has been scored yet), "
                f"not {list(state.scores)}"
            )
        return
    before = tuple(score - gain for score, gain in zip(state.scores, summary.points, strict=True))
    if summary.round == 0 and before != start:
        expected = [score + gain for score, gain in zip(start, summary.points, strict=True)]
        raise StateError(
            "state.scores must be the starting points plus last_round.points, "
            f"{expected}, not {list(state.scores)}"
        )
    if summary.round > 0 and game_ends(before, summary.round - 1, config):
        raise StateError(
            f"state.scores less last_round.points leave {list(before)}: the game would have "
            f"ended after round {summary.round - 1}"
        )
