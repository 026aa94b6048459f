"""The asks of a Mentok round counted for the codec's observation, kept from view to view.

:func:`fold_asks` counts a history's asks by extending the count of the
longest remembered prefix of it (the fold made last first): a game played in
turn observes each history, or the one it goes on from, next. The answer does
not depend on what is remembered: a prefix is used only if it equals the
start of the history.
"""

from __future__ import annotations

import functools
from typing import Final

from tablerules.cards import FULL_DECK
from tablerules.mentok.state import AskRecord, Event

__all__ = ["RANKS", "RANK_BIT", "Fold", "fold_asks", "remember_fold"]

RANKS: Final = 13
RANK_BIT: Final = {card: 1 << (int(card.rank) - 2) for card in FULL_DECK}
"""Each card's rank as one bit of a rank set (bit ``rank - 2``)."""


Fold = tuple[tuple[Event, ...], bytes, tuple[int, ...]]
"""A history's asks, counted: (the history, the counts, the rank bits).

The counts are four blocks (asked and given, asked and refused, gave,
refused), each per seat and rank, twice over, so an observer's order is a
slice; counts stop at 255. The rank bits are four rows of one int per seat:
the ranks it refused, asked for while cheating, asked for honestly, and
melded. Bits of asks while the rank was on the asker's table, or given away
by the asker since, are not set; the base cards' ranks are taken out when
the features are written.
"""


@functools.cache
def _no_asks(players: int) -> Fold:
    return (), bytes(8 * RANKS * players), (0,) * (4 * players)


def _extend(fold: Fold, history: tuple[Event, ...], start: int, strict: bool) -> Fold:
    """The fold of ``history``, whose first ``start`` events are ``fold``'s."""
    if start == len(history) - 1:  # the common case: one event on
        event = history[start]
        if type(event) is not AskRecord:
            return history, fold[1], fold[2]
        events = [event]
    else:
        events = [event for event in history[start:] if type(event) is AskRecord]
        if not events:
            return history, fold[1], fold[2]
    counts = bytearray(fold[1])
    bits = list(fold[2])
    players = len(bits) // 4
    cheats, honest, melded = players, 2 * players, 3 * players
    row = RANKS * players
    block = 2 * row
    for event in events:
        rank = int(event.rank) - 2
        bit = 1 << rank
        seat, target, given = event.seat, event.target, event.given
        asked = RANKS * seat + rank
        answered = RANKS * target + rank + 2 * block
        if not given:
            asked += block
            answered += block
        if counts[asked] < 255:
            counts[asked] += 1
            counts[asked + row] += 1
        if counts[answered] < 255:
            counts[answered] += 1
            counts[answered + row] += 1
        if not bits[melded + seat] & bit:  # the rank was not on the asker's table
            if strict or event.cheat is False:
                bits[honest + seat] |= bit
            elif event.cheat:
                bits[cheats + seat] |= bit
        if given:
            bits[honest + target] &= ~bit
            bits[cheats + target] &= ~bit
        else:
            bits[target] |= bit
        if event.card is not None:
            bits[melded + seat] |= RANK_BIT[event.card]
    return history, bytes(counts), tuple(bits)


_FOLDS: dict[tuple[int, bool, int, int], Fold] = {}
"""Remembered folds by (players, strict, events, ``id`` of the last event); each holds its
history, so that event stays alive and its ``id`` names no other object."""
_FOLDS_KEPT: Final = 64
_REACH: Final = 32
"""How many events back a history's remembered prefix is looked for."""


def fold_asks(history: tuple[Event, ...], players: int, strict: bool) -> Fold:
    """The fold of ``history``, extending the longest remembered prefix.

    A prefix is used only if it equals the start of ``history``, so the
    answer does not depend on what was remembered. The fold made or found
    last is tried first: a game played in turn observes each history, or the
    one it goes on from, next.
    """
    if type(history) is not tuple:
        history = tuple(history)
    last_players, last_strict, last = _LAST_FOLD
    if last_players == players and last_strict is strict:
        last_history = last[0]
        if last_history is history:
            return last
        done = len(last_history)
        if 0 < done < len(history) and history[:done] == last_history:
            return _keep(_extend(last, history, done, strict), players, strict)
    size = len(history)
    folds = _FOLDS
    known = None
    start = size
    while start > 0 and size - start < _REACH:
        known = folds.get((players, strict, start, id(history[start - 1])))
        if known is not None and (known[0] is history or known[0] == history[:start]):
            break
        known = None
        start -= 1
    if known is None:
        known, start = _no_asks(players), 0
    if start == size:
        remember_fold(players, strict, known)
        return known
    return _keep(_extend(known, history, start, strict), players, strict)


def _keep(fold: Fold, players: int, strict: bool) -> Fold:
    """Remember ``fold``, a new one, and return it."""
    folds = _FOLDS
    if len(folds) >= _FOLDS_KEPT:  # forget the oldest
        try:  # noqa: SIM105 - suppress() would cost more than the rest of the call
            del folds[next(iter(folds))]
        except (KeyError, RuntimeError, StopIteration):  # another thread changed it meanwhile
            pass
    history = fold[0]
    if history:
        folds[players, strict, len(history), id(history[-1])] = fold
    remember_fold(players, strict, fold)
    return fold


_LAST_FOLD: tuple[int, bool, Fold] = (0, False, ((), b"", ()))
"""The fold made or found last, with its players and strict (one entry, swapped whole)."""


def remember_fold(players: int, strict: bool, fold: Fold) -> None:
    global _LAST_FOLD  # noqa: PLW0603 - one pure memo entry, swapped whole
    _LAST_FOLD = (players, strict, fold)
