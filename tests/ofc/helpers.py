"""Building OFC situations on stacked decks for the tests."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import tablerules as tr
from tablerules import ofc
from tablerules._common import turn_order
from tablerules.ofc.rules import deal_round, next_round_fantasyland
from tablerules.ofc.scoring import evaluate, fantasyland_count, score_round
from tests.helpers import stacked

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "BOARDS_KINGS_TOP",
    "BOARDS_QUEENS_TOP",
    "DISCARDS",
    "UnrealizableError",
    "earning_boards",
    "fantasyland_round",
    "play",
    "scripted",
    "stacked",
    "street_plan",
]

# A worked round for two seats (checked by hand in test_rules.py): seat 0
# scoops and seat 1 plays a king-high top, or a queens top that earns
# fantasyland. DISCARDS are each seat's pineapple discards, street by street.
BOARDS_KINGS_TOP = [
    "8s 8d 2c / 2h 5h 7h 9h Jh / 4s 4c 4d Tc Td",
    "Ks Qd 3c / Js Jd 9s 9d 3d / 5s 6c 7c 8c 9c",
]
BOARDS_QUEENS_TOP = [
    "8s 8d 2c / 2h 5h 7h 9h Jh / 4s 4c 4d Tc Td",
    "Qs Qd 3c / Js Jd 9s 9d 3d / 5s 6c 7c 8c 9c",
]
DISCARDS = ["Ah Ad Ac As", "Kh Kd Kc 2d"]


def street_plan(
    config: ofc.Config, board: ofc.Board, discards: Sequence[tr.Card] = ()
) -> list[ofc.Place]:
    """Split a target board into the Place of each street (first street first)."""
    rows = [
        (card, name)
        for name, row in zip(("top", "middle", "bottom"), board.rows, strict=False)
        for card in row
    ]
    per = 2 if config.variant == "pineapple" else 1
    chunks = [rows[:5]] + [rows[5 + i * per : 5 + (i + 1) * per] for i in range(config.streets - 1)]
    plan = []
    for street, chunk in enumerate(chunks):
        fields: dict[str, list[tr.Card]] = {"top": [], "middle": [], "bottom": [], "discard": []}
        for card, name in chunk:
            fields[name].append(card)
        if street and config.variant == "pineapple":
            fields["discard"].append(discards[street - 1])
        plan.append(ofc.Place(**{name: tuple(cards) for name, cards in fields.items()}))
    return plan


def scripted(
    config: ofc.Config,
    boards: Sequence[str],
    discards: Sequence[str] | None = None,
    *,
    seed: int = 1,
) -> tuple[ofc.State, list[ofc.Place]]:
    """Round 0 stacked so each seat can build its board; returns the start and the actions."""
    parsed = [ofc.Board.parse(text) for text in boards]
    thrown = [tr.parse_cards(text) for text in discards] if discards else [()] * len(boards)
    plans = [
        street_plan(config, board, cards) for board, cards in zip(parsed, thrown, strict=False)
    ]
    order = turn_order(config.players, 0)
    deck: list[tr.Card] = []
    actions = []
    for street in range(config.streets):
        for seat in order:
            deck.extend(plans[seat][street].cards)
            actions.append(plans[seat][street])
    state = ofc.new_game(config, seed=seed, deck=stacked(tr.cards_text(deck)))
    return state, actions


def play(state: ofc.State, actions: Sequence[ofc.Place]) -> ofc.State:
    """Apply actions in order."""
    for action in actions:
        state = ofc.apply(state, action)
    return state


# --- a round dealt with fantasyland counts that a finished round earned ------------------------


class UnrealizableError(ValueError):
    """No boards of the helper's plan earn these fantasyland counts together."""


_TOP_POOL = tuple(card for card in tr.FULL_DECK if card.rank >= tr.Rank.QUEEN)
"""Queens, kings and aces: every top row is made of them; the other rows never use them."""


def _card(rank: str, suit: int) -> tr.Card:
    return tr.Card.parse(rank + "cdhs"[suit % 4])


def _rows_below_top(
    config: ofc.Config, seat: int, count: int, *, foul: bool = False
) -> tuple[str, str]:
    """The middle and bottom a seat plays under its top row, disjoint across seats.

    High middles: seat ``i`` plays two flushes of suit ``i``, the same ranks
    for every seat, so those lines always tie (swapped, they foul the board:
    ``foul``). A lowball middle is a seven-low (7-5-4-3-2 when the seat earns
    fantasyland, 7-6-4-3-2 when not) in three suits, under a flush bottom of
    suit ``i``.
    """
    if not config.lowball_middle:
        low = " ".join(str(_card(rank, seat)) for rank in "T8642")
        high = " ".join(str(_card(rank, seat)) for rank in "J9753")
        return (high, low) if foul else (low, high)
    if seat > 2:
        raise UnrealizableError("the lowball plan has room for three seats")
    fifth = "5" if count else "6"
    middle = [
        _card(rank, seat + offset)
        for rank, offset in zip("7" + fifth + "432", (1, 2, 3, 1, 2), strict=True)
    ]
    low = next(
        rank
        for rank in "23456"
        if all(_card(rank, seat) != card for other in range(3) for card in _lows(other))
    )
    bottom = [_card(rank, seat) for rank in "89TJ" + low]
    return tr.cards_text(middle), tr.cards_text(bottom)


def _lows(seat: int) -> list[tr.Card]:
    """Every card a lowball middle of this seat may use (both fifth cards)."""
    return [
        _card(rank, seat + offset) for rank, offset in zip("75432", (1, 2, 3, 1, 2), strict=True)
    ] + [_card("6", seat + 2)]


def earning_boards(config: ofc.Config, earned: Sequence[int]) -> tuple[ofc.Board, ...]:
    """Complete boards, one per seat, on which seat ``i`` earns ``earned[i]`` fantasyland cards.

    Every board is checked with the rules' own scoring. Tops are chosen with
    the lowest royalties first, so the round's points stay small.
    """

    def tops_for(seat: int, free: tuple[tr.Card, ...]) -> list[tuple[int, ofc.Board]]:
        found = []
        # A seat that earns nothing may foul (its rows swapped) when no other top is left.
        fouls = (False, True) if earned[seat] == 0 and not config.lowball_middle else (False,)
        for foul, top in itertools.product(fouls, itertools.combinations(free, 3)):
            board = ofc.Board(top, *_rows_below_top(config, seat, earned[seat], foul=foul))
            evaluation = evaluate(board, config)
            if evaluation.fouled != foul:
                continue
            if fantasyland_count(evaluation, config, in_fantasyland=False) == earned[seat]:
                found.append((foul, evaluation.royalties[0], board))
        found.sort(key=lambda item: item[:2])
        return [(royalty, board) for _, royalty, board in found]

    failed: set[tuple[int, tuple[int, ...]]] = set()

    def search(seat: int, free: tuple[tr.Card, ...]) -> list[ofc.Board] | None:
        """Boards for seats ``seat`` onwards with tops from ``free``; suits never matter."""
        if seat == len(earned):
            return []
        key = (seat, tuple(sorted(card.rank for card in free)))
        if key in failed:
            return None
        tried = set()
        for _, board in tops_for(seat, free):
            pattern = (evaluate(board, config).fouled, tuple(card.rank for card in board.top))
            if pattern in tried:
                continue
            tried.add(pattern)
            rest = tuple(card for card in free if card not in board.top)
            found = search(seat + 1, rest)
            if found is not None:
                return [board, *found]
        failed.add(key)
        return None

    boards = search(0, _TOP_POOL)
    if boards is None:
        raise UnrealizableError(f"no tops of queens, kings and aces earn {list(earned)} together")
    return tuple(boards)


def fantasyland_round(
    config: ofc.Config,
    earned: Sequence[int],
    deck_text: str,
    *,
    round_index: int = 1,
    seed: int = 1,
) -> ofc.State:
    """Round ``round_index`` from a stacked deck, after a round whose boards earned ``earned``.

    ``earned`` holds the fantasyland cards each seat earned in the round
    before (it then goes through the card-supply rule). That round is a real
    one: its boards come from :func:`earning_boards` and its summary from the
    rules' scoring, so the state passes ``check_state``. Round 1's bankrolls
    are the start plus that round's points; later rounds keep every bankroll
    positive before and after it.
    """
    if round_index < 1:
        raise ValueError("nobody is in fantasyland in round 0")
    players = config.players
    boards = earning_boards(config, earned)
    summary = score_round(round_index - 1, boards, (0,) * players, config)
    start = config.starting_points
    if round_index == 1:
        scores = [start + points for points in summary.points]
    else:
        scores = [max(1, points + 1) for points in summary.points]
        spare = players * start - sum(scores)
        for seat in range(players):
            scores[seat] += spare // players + (seat < spare % players)
    if min(scores) <= 0 or min(s - p for s, p in zip(scores, summary.points, strict=True)) <= 0:
        raise UnrealizableError(
            f"the round's points {summary.points} leave a bankroll at 0 or below"
        )
    return deal_round(
        config,
        seed=seed,
        round_index=round_index,
        scores=tuple(scores),
        deck=stacked(deck_text),
        fantasyland=next_round_fantasyland(summary, config),
        last_round=summary,
    )
