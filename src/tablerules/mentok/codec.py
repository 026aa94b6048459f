"""Mentok's integer actions and observation vector: :class:`Codec`.

A :class:`Codec` gives every action a fixed integer id for a config, and
turns an :class:`~tablerules.mentok.Observation` into a flat vector of small
ints, the shape learning agents expect. It reads the observation only, never
a state, so a bot can run on what its seat sees. Seats are *relative* to the
seat that acts or observes: offset 1 is the next player in turn order (on
the left), so a network sees "the player on my left" the same way from every
seat.

Ids, version 1, for ``players`` seats (``A = 39 * (players - 1)``):

========================  ==========================================================
ids                       action
========================  ==========================================================
``0 .. A - 1``            ``Ask``: id ``((offset - 1) * 13 + rank - 2) * 3 + form``; the
                          target is ``(seat + offset) % players``, ``offset`` 1 to
                          ``players - 1``; ``form`` 0 is ``hand=0``, 1 is ``hand=0,
                          split=True``, 2 is ``hand=1``
``A``, ``A + 1``          ``Stand(0)``, ``Stand(1)``
``A + 2``, ``A + 3``      ``Score(use_hand=False)`` (the table), ``Score(use_hand=True)``
========================  ==========================================================

An ask for a rank outside the sphere of influence (a cheat, legal with
``strict=False``) has the same id as any other ask.

>>> import random
>>> from tablerules import mentok
>>> codec = mentok.Codec(mentok.Config(players=2))
>>> codec.num_actions, codec.observation_size
(43, 527)
>>> state = mentok.new_game(mentok.Config(players=2), seed=3)
>>> view = mentok.observe(state, state.to_act)
>>> ids = codec.legal_ids(view)
>>> [str(codec.decode(view, action_id)) for action_id in ids[:3]]
['ask 0 2', 'ask 0 3', 'ask 0 4']
>>> codec.encode(view, mentok.Stand()), codec.decode(view, 39)
(39, Stand(hand=0))
>>> action = codec.decode(view, random.Random(1).choice(ids))
>>> mentok.is_legal(state, action)
True
>>> codec.decode(view, 41)
Traceback (most recent call last):
...
tablerules.errors.IllegalActionError: action id 41 (score table) is not legal now: Score is ...
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from typing import Final

import attrs

from tablerules._codec import Layout, clamp, config_mismatch, read_action_id
from tablerules.cards import FULL_DECK, Card, Rank
from tablerules.errors import IllegalActionError, show, type_name
from tablerules.mentok.actions import Action, Ask, Score, Stand
from tablerules.mentok.config import Config
from tablerules.mentok.observe import Observation
from tablerules.mentok.rules import OTHERS, Options, play_options, why_illegal
from tablerules.mentok.scoring import RANK_BIT, value_unchecked
from tablerules.mentok.state import AskRecord, Event, Phase

__all__ = ["Codec"]

VERSION: Final = 1
"""The layout's version: it changes whenever an id or a feature changes meaning."""

RANKS: Final = 13

FORMS: Final = ((0, False), (0, True), (1, False))
"""The ``(hand, split)`` of an ask, by its form number 0, 1, 2."""

_EVERY_RANK: Final = (1 << RANKS) - 1
_PLANE: Final = 52
_PHASES: Final = (Phase.PLAY, Phase.SCORE, Phase.OVER)
_BIT: Final = {card: 1 << 8 * index for index, card in enumerate(FULL_DECK)}
"""Each card's byte in a plane held as an int (planes add as ints, ``to_bytes`` lays them out)."""
_ZERO: Final = b"\x00"
_ONE: Final = b"\x01"
_BYTES: Final = tuple(bytes((value,)) for value in range(256))
_NEGATIVE: Final = b"\xff"
_UNSEEN: Final = {
    decks: bytes(decks - count if count <= decks else 255 for count in range(256))
    for decks in (1, 2)
}
"""By decks: a table from the copies of each card in sight to the copies unseen (255: too many)."""
_PHASE_PLANES: Final = (b"\x01\x00\x00", b"\x00\x01\x00", b"\x00\x00\x01")
_CHOICES: Final = {None: b"\x00\x00", False: b"\x01\x00", True: b"\x00\x01"}
_NO_RANKS: Final = bytes(RANKS)


def ask_count(players: int) -> int:
    """How many ask ids a table of ``players`` has: offsets x ranks x forms."""
    return (players - 1) * RANKS * len(FORMS)


def ask_id(offset: int, rank: int, form: int) -> int:
    """The id of an ask of ``rank`` (2 to 14) in ``form`` to the seat ``offset`` seats left."""
    return ((offset - 1) * RANKS + rank - 2) * len(FORMS) + form


@functools.cache
def _actions(players: int, seat: int) -> tuple[Action, ...]:
    """Every id's action when ``seat`` acts, in id order."""
    actions: list[Action] = [
        Ask((seat + offset) % players, Rank(rank), hand, split)
        for offset in range(1, players)
        for rank in range(2, 15)
        for hand, split in FORMS
    ]
    actions += [Stand(0), Stand(1), Score(use_hand=False), Score(use_hand=True)]
    return tuple(actions)


@functools.cache
def _slots(players: int, seat: int) -> tuple[int, ...]:
    """The seats in observation order: ``seat`` first, then the others in turn order."""
    return tuple((seat + offset) % players for offset in range(players))


_Key = tuple[int, bool, int, int, int, int]
"""What decides the legal ids in play: ``(players, strict, ranks, active, split, targets)``.

``ranks`` has bit ``rank - 2`` for each rank in the sphere (0 with
``strict=False``, where every rank may be asked for); ``active`` bit
``h`` for each active table hand ``h``; ``split`` is the base card's rank on
a first turn (else 0); ``targets`` bit ``offset`` for each seat that may be
asked. With no active hand the seat scores: the key is ``(players, False, 0, 0, 0, 0)``.
"""


_SPREAD_LOW: Final = tuple(
    sum(1 << 24 * rank for rank in range(7) if ranks >> rank & 1) for ranks in range(1 << 7)
)
_SPREAD_HIGH: Final = tuple(
    sum(1 << 24 * (rank + 7) for rank in range(6) if ranks >> rank & 1) for ranks in range(1 << 6)
)
"""A 13-bit rank set spread to one bit per three bytes (rank ``r``: byte ``3 * (r - 2)``), in two
halves: ``_SPREAD_LOW[ranks & 127] + _SPREAD_HIGH[ranks >> 7]``."""
_BLOCK_SIZE: Final = RANKS * len(FORMS)


def _block(ranks: int, active: int, split: int) -> bytes:
    """The mask of one target's block of ``3 * 13`` ask ids.

    ``ranks`` are the ranks that may be asked for; ``active`` and ``split``
    are as in ``_Key``. Every target that may be asked has the same block:
    for each rank, form 0 (``hand=0``) and form 2 (``hand=1``) where that
    hand is active, and form 1 (a split) for the base card's rank. Each
    rank's three bytes are one bit of the spread rank set times the forms'
    bytes (no carries: each byte stays 0 or 1).
    """
    spread = _SPREAD_LOW[ranks & 127] + _SPREAD_HIGH[ranks >> 7]
    bits = spread * ((active & 1) | (active >> 1) << 16)
    if split and active & 1 and ranks >> (split - 2) & 1:
        bits += 1 << 8 * (3 * (split - 2) + 1)
    return bits.to_bytes(_BLOCK_SIZE, "little")


@functools.lru_cache(maxsize=8192)
def _ids(key: _Key) -> tuple[int, ...]:
    """The legal ids of a seat to act, ascending: where :func:`_mask` has a 1."""
    mask = _mask(key)
    return tuple(itertools.compress(range(len(mask)), mask))


_ACTIVE_BITS: Final = {(): 0, (0,): 1, (1,): 2, (0, 1): 3}
"""The ``active`` of ``_Key`` for each ``Options.active``."""


@functools.cache
def _offsets(players: int, seat: int, targets: tuple[int, ...]) -> int:
    """The ``targets`` of ``seat``'s ``_Key``: bit ``offset`` for each seat it may ask."""
    bits = 0
    for target in targets:
        bits |= 1 << (target - seat) % players
    return bits


def _key_of(options: Options | None, config: Config) -> _Key | None:
    """What decides the legal ids of the seat to act with ``options``; None for no turn."""
    if options is None:
        return None
    players = config.players
    active = _ACTIVE_BITS[options.active]
    if not active:
        return players, False, 0, 0, 0, 0  # the seat scores
    strict = config.strict
    # Without strict every rank may be asked for: the sphere decides nothing.
    ranks = options.ranks if strict else 0
    targets = options.targets
    seat = options.seat
    if targets is OTHERS[players, seat]:  # every other seat may be asked
        return players, strict, ranks, active, options.split, (1 << players) - 2
    return players, strict, ranks, active, options.split, _offsets(players, seat, targets)


_LAST_KEY: tuple[object, _Key | None] = (None, None)
"""The last view a codec worked out legal ids for, and its key (see ``Codec._key``)."""


def _remember_key(view: object, key: _Key | None) -> None:
    global _LAST_KEY  # noqa: PLW0603 - one pure memo entry, swapped whole
    _LAST_KEY = (view, key)


_NO_BLOCK: Final = bytes(_BLOCK_SIZE)
_STANDS: Final = tuple(bytes((active & 1, active >> 1, 0, 0)) for active in range(4))
"""The mask's last four bytes (two stands, two score choices) for each ``active`` in play."""


@functools.lru_cache(maxsize=8192)
def _mask(key: _Key) -> bytes:
    """The mask of :func:`_ids`: each target's block, or none, then the stands and scores."""
    players, strict, ranks, active, split, targets = key
    if not active:  # the seat scores
        return bytes(ask_count(players) + 2) + b"\x01\x01"
    block = _block(ranks if strict else _EVERY_RANK, active, split)
    if targets == (1 << players) - 2:  # every other seat may be asked
        return block * (players - 1) + _STANDS[active]
    parts = [block if targets >> offset & 1 else _NO_BLOCK for offset in range(1, players)]
    parts.append(_STANDS[active])
    return b"".join(parts)


@functools.cache
def _layout(players: int) -> Layout:
    seats, hands = players, 2 * players
    return Layout.of(
        ("hand", _PLANE),
        ("unseen", _PLANE),
        ("sphere", RANKS),
        ("tables", hands * _PLANE),
        ("table_values", hands),
        ("table_sizes", hands),
        ("hand_states", hands * 3),
        ("split", seats),
        ("done", seats),
        ("out", seats),
        ("hand_sizes", seats),
        ("to_act", seats),
        ("dealer", seats),
        ("chosen", seats),
        ("points_needed", seats),
        ("points_past", seats),
        ("asked_given", seats * RANKS),
        ("asked_refused", seats * RANKS),
        ("gave", seats * RANKS),
        ("refused", seats * RANKS),
        ("holds_none", seats * RANKS),
        ("holds_some", seats * RANKS),
        ("deck_size", 1),
        ("phase", len(_PHASES)),
        ("choice", 2),
        ("cheated", 1),
        ("round", 1),
    )


class _RankPlanes(dict[int, bytes]):
    """13 bytes for a set of ranks (bit ``rank - 2``), made on first use (at most 8,192)."""

    def __missing__(self, ranks: int) -> bytes:
        spread = _SPREAD_LOW[ranks & 127] + _SPREAD_HIGH[ranks >> 7]  # a bit per three bytes
        plane = self[ranks] = spread.to_bytes(3 * RANKS, "little")[::3]
        return plane


_SPHERES: Final = _RankPlanes()

# The observation is put together from pieces kept in bounded memos, each a pure
# function of hashable parts of the observation (a seat's table hands are shared
# from state to state, so most lookups hit), and the round's asks are counted
# once per event, by extending the count of the history observed last.

_SeatPart = tuple[bytes, bytes, bytes, bytes, bytes, bytes, int, int, int]


@functools.lru_cache(maxsize=1 << 11)
def _seat_part(tables: tuple[tuple[Card, ...], ...], stood: tuple[bool, ...]) -> _SeatPart:
    """One seat's table features, each in its layout order.

    (planes of its two table hands, their values, their sizes, their hand
    states, whether it split, whether it is done; then its cards as plane
    bits, the ranks on its tables, and the bit of its base card's rank, 0
    with no tables).
    """
    bits = planes = ranks = shift = 0
    values, sizes, kinds = [0, 0], [0, 0], [3, 3]  # kind 3: no hand
    for index, cards in enumerate(tables):
        hand = 0
        for card in cards:
            bit, rank = _FACTS[card]
            hand += bit
            ranks |= rank
        value = value_unchecked(cards)
        bits += hand
        planes += hand << shift
        shift += 8 * _PLANE
        values[index] = value if value < 255 else 255
        size = len(cards)
        sizes[index] = size if size < 255 else 255
        kinds[index] = 1 if stood[index] else 2 if value > 21 else 0
    return (
        planes.to_bytes(2 * _PLANE, "little"),
        bytes(values),
        bytes(sizes),
        _HAND_STATES[kinds[0]][kinds[1]],
        _ONE if kinds[1] != 3 else _ZERO,
        _ZERO if 0 in kinds else _ONE,  # as seat_done: done if no hand is neither stood nor bust
        bits,
        ranks,
        RANK_BIT[tables[0][0]] if tables else 0,
    )


_FACTS: Final = {card: (_BIT[card], RANK_BIT[card]) for card in FULL_DECK}
"""Each card's byte in a plane (as ``_BIT``) and its rank bit."""
_HAND_STATES: Final = tuple(
    tuple(
        bytes(1 if place == first < 3 or place == 3 + second else 0 for place in range(6))
        for second in range(4)
    )
    for first in range(4)
)
"""The ``hand_states`` bytes of a seat's two hands by their kinds (ok, stood, bust, or 3: none)."""


@functools.lru_cache(maxsize=1 << 10)
def _score_part(
    exact: bool, target: int, scores: tuple[int, ...], slots: tuple[int, ...]
) -> tuple[bytes, bytes]:
    """``out``, and ``points_needed`` with ``points_past``, in slot order."""
    out = bytes([1 if exact and scores[other] > target else 0 for other in slots])
    needed = [clamp(target - scores[other]) for other in slots]
    return out, bytes(needed + [clamp(scores[other] - target) for other in slots])


def _clamped(values: tuple[int, ...], slots: tuple[int, ...]) -> bytes:
    """``values`` in slot order, each clamped to a byte."""
    return bytes([clamp(values[other]) for other in slots])


def _rotated(values: tuple[int, ...], seat: int, slots: tuple[int, ...]) -> bytes:
    """``values`` in slot order, each clamped to a byte (memoised only when some needs it)."""
    if len(values) == len(slots):
        try:
            twice = bytes(values) * 2
        except ValueError:  # a value below 0 or past 255
            pass
        else:
            return twice[seat : seat + len(slots)]
    return _clamped(values, slots)


def _flags(values: tuple[bool, ...], slots: tuple[int, ...]) -> bytes:
    """1 where ``values`` is true, in slot order."""
    return bytes([1 if values[other] else 0 for other in slots])


@functools.cache
def _one_hots(players: int) -> tuple[bytes, ...]:
    """One-hot bytes of each of ``players`` places, then ``players`` zeros (for none)."""
    return (*(bytes(place == index for index in range(players)) for place in range(players)),
            bytes(players))  # fmt: skip


# --- the round's asks, counted ------------------------------------------------
#
# The asks of a round are counted for the observation by extending the count
# of the history observed last (a game played in turn observes each history,
# or the one it goes on from, next).

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
    if start == len(history):
        return history, fold[1], fold[2]
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


def fold_asks(history: tuple[Event, ...], players: int, strict: bool) -> Fold:
    """The fold of ``history``, extending the fold made last when it is a prefix of it.

    A game observed in turn gives each history, or the one it goes on from,
    next; the answer does not depend on what was remembered (the prefix is
    used only if it equals the start of ``history``).
    """
    last_players, last_strict, last = _LAST_FOLD
    if last_players == players and last_strict is strict:
        known = last[0]
        if known is history:
            return last
        done = len(known)
        if done <= len(history) and history[:done] == known:
            if done == len(history):
                return last
            return _remember(players, strict, _extend(last, history, done, strict))
    return _remember(players, strict, _extend(_no_asks(players), tuple(history), 0, strict))


_LAST_FOLD: tuple[int, bool, Fold] = (0, False, ((), b"", ()))
"""The fold made or found last, with its players and strict (one entry, swapped whole)."""


def _remember(players: int, strict: bool, fold: Fold) -> Fold:
    global _LAST_FOLD  # noqa: PLW0603 - one pure memo entry, swapped whole
    _LAST_FOLD = (players, strict, fold)
    return fold


def _holds(fold: Fold, slots: tuple[int, ...], bases: tuple[int, ...]) -> tuple[bytes, bytes]:
    """``holds_none`` and ``holds_some``, in slot order (``bases`` is in slot order too).

    For each other seat with tables, the ranks it holds none of and the ranks
    it holds, by the history (as ``determinize.hand_constraints`` reads them).
    """
    bits = fold[2]
    players = len(slots)
    honest = 2 * players
    spheres = _SPHERES
    nones, somes = [_NO_RANKS], [_NO_RANKS]  # the observer's own slot stays empty
    for place in range(1, players):
        base = bases[place]
        if base:
            other = slots[place]
            nones.append(spheres[bits[other] | bits[players + other] & ~base])
            somes.append(spheres[bits[honest + other] & ~base])
        else:
            nones.append(_NO_RANKS)
            somes.append(_NO_RANKS)
    return b"".join(nones), b"".join(somes)


def _check_config(codec: object, attribute: attrs.Attribute[Config], config: Config) -> None:
    if not isinstance(config, Config):
        raise TypeError(f"config must be a tablerules.mentok.Config, not {type_name(config)}")


@attrs.frozen
class Codec:
    """Mentok's fixed integer actions and observation vector for one :class:`Config`.

    Every method reads an :class:`~tablerules.mentok.Observation` of a game
    played with this config (another config is a
    :class:`~tablerules.ConfigError`, anything else a :class:`TypeError`).
    A view of a seat that is not to act has no legal ids and an all-zero mask.

    >>> from tablerules import mentok
    >>> codec = mentok.Codec(mentok.Config())
    >>> codec.num_actions, codec.version, codec.layout["hand"]
    (121, 1, slice(0, 52, None))
    >>> mentok.Codec(mentok.Config(players=10, decks=2)).num_actions
    355
    """

    config: Config = attrs.field(validator=_check_config)
    """The game's settings; ids and features are fixed for them."""

    @property
    def version(self) -> int:
        """The layout's version, 1."""
        return VERSION

    @property
    def num_actions(self) -> int:
        """The number of ids, ``39 * (players - 1) + 4`` (the asks, 2 stands, 2 score choices)."""
        return ask_count(self.config.players) + 4

    @property
    def observation_size(self) -> int:
        """The number of bytes :meth:`observation` returns, ``125 + 201 * players``."""
        return _layout(self.config.players).size

    @property
    def layout(self) -> Mapping[str, slice]:
        """The named parts of :meth:`observation`, in order, adding up to its size."""
        return _layout(self.config.players)

    def _check(self, view: object) -> Observation:
        if not isinstance(view, Observation):
            raise TypeError(f"view must be a tablerules.mentok.Observation, not {type_name(view)}")
        config = view.config
        if config is not self.config and config != self.config:
            raise config_mismatch(self.config, config)
        return view

    def _key(self, view: Observation) -> _Key | None:
        """What decides the legal ids; ``None`` for a seat not to act.

        The last view's key is remembered (a view is frozen, and its config is
        this codec's), so ``mask`` then ``decode`` on one view work it out once.
        """
        last = _LAST_KEY
        if last[0] is view:
            return last[1]
        key = _key_of(play_options(view), self.config)
        _remember_key(view, key)
        return key

    def legal_ids(self, view: Observation) -> tuple[int, ...]:
        """The ids of the legal actions, ascending; ``()`` for a seat not to act.

        >>> from tablerules import mentok
        >>> state = mentok.new_game(mentok.Config(players=2), seed=3)
        >>> codec = mentok.Codec(state.config)
        >>> codec.legal_ids(mentok.observe(state, 1))
        (0, 3, 6, 15, 16, 21, 39)
        >>> codec.legal_ids(mentok.observe(state, 0))
        ()
        """
        key = self._key(self._check(view))
        return () if key is None else _ids(key)

    def mask(self, view: Observation) -> bytes:
        """One byte per id: 1 where the id is legal now, else 0 (all 0 for a seat not to act).

        >>> from tablerules import mentok
        >>> state = mentok.new_game(mentok.Config(players=2), seed=3)
        >>> mask = mentok.Codec(state.config).mask(mentok.observe(state, 1))
        >>> len(mask), sum(mask), mask[39]
        (43, 7, 1)
        """
        key = self._key(self._check(view))
        return bytes(self.num_actions) if key is None else _mask(key)

    def decode(self, view: Observation, action_id: int) -> Action:
        """The action id ``action_id`` stands for, if it is legal now.

        An id out of range or not legal now is an
        :class:`~tablerules.IllegalActionError` saying why; an id that is not
        an int (NumPy integers are fine) is a :class:`TypeError`.

        >>> from tablerules import mentok
        >>> state = mentok.new_game(mentok.Config(players=2), seed=3)
        >>> view = mentok.observe(state, 1)
        >>> codec = mentok.Codec(state.config)
        >>> codec.decode(view, 3)
        Ask(target=0, rank=<Rank.THREE: 3>, hand=0, split=False)
        >>> codec.decode(view, 43)
        Traceback (most recent call last):
        ...
        tablerules.errors.IllegalActionError: action id 43 is out of range: this codec's ids are ...
        """
        key = self._key(self._check(view))
        index = read_action_id(action_id)
        actions = _actions(self.config.players, view.seat)
        if key is not None and 0 <= index < len(actions) and _mask(key)[index]:
            return actions[index]
        if not 0 <= index < len(actions):
            raise IllegalActionError(
                f"action id {show(index)} is out of range: "
                f"this codec's ids are 0 to {len(actions) - 1}"
            )
        action = actions[index]
        reason = why_illegal(view, action)
        if reason is not None:
            raise IllegalActionError(
                f"action id {show(index)} ({action}) is not legal now: {reason}", action
            )
        return action

    def encode(self, view: Observation, action: Action) -> int:
        """The id of ``action``, if it is legal now (else :class:`~tablerules.IllegalActionError`).

        >>> from tablerules import mentok
        >>> state = mentok.new_game(mentok.Config(players=2), seed=3)
        >>> codec = mentok.Codec(state.config)
        >>> codec.encode(mentok.observe(state, 1), mentok.Ask(0, "3"))
        3
        >>> codec.encode(mentok.observe(state, 0), mentok.Stand())
        Traceback (most recent call last):
        ...
        tablerules.errors.IllegalActionError: stand 0 is not legal now: seat 0 is not to act: ...
        """
        self._check(view)
        kind = type(action)
        if kind is not Ask and kind is not Stand and kind is not Score:
            raise TypeError(
                f"action must be a tablerules.mentok Ask, Stand or Score, not {type_name(action)}"
            )
        reason = why_illegal(view, action)
        if reason is not None:
            raise IllegalActionError(f"{action} is not legal now: {reason}", action)
        players = self.config.players
        if kind is Ask:
            assert isinstance(action, Ask)
            offset = (action.target - view.seat) % players
            form = 1 if action.split else 2 if action.hand == 1 else 0
            return ask_id(offset, int(action.rank), form)
        if kind is Stand:
            assert isinstance(action, Stand)
            return ask_count(players) + action.hand
        assert isinstance(action, Score)
        return ask_count(players) + 2 + int(action.use_hand)

    def observation(self, view: Observation) -> bytes:
        """The view as :attr:`observation_size` small-int features (0 to 255); see :attr:`layout`.

        Seats are in observation order: the observer first, then the others
        in turn order from its left. Every value comes from the observation.

        >>> from tablerules import mentok
        >>> state = mentok.new_game(mentok.Config(players=2), seed=3)
        >>> codec = mentok.Codec(state.config)
        >>> features = codec.observation(mentok.observe(state, 1))
        >>> len(features), sum(features[codec.layout["hand"]]), features[codec.layout["deck_size"]]
        (527, 4, b'*')
        """
        return self._features(self._check(view), keyed=False)[0]

    def observation_and_mask(self, view: Observation) -> tuple[bytes, bytes]:
        """``(observation(view), mask(view))``, in one call that does their common work once.

        >>> from tablerules import mentok
        >>> state = mentok.new_game(mentok.Config(players=2), seed=3)
        >>> codec = mentok.Codec(state.config)
        >>> view = mentok.observe(state, 1)
        >>> codec.observation_and_mask(view) == (codec.observation(view), codec.mask(view))
        True
        """
        features, key = self._features(self._check(view), keyed=True)
        return features, bytes(self.num_actions) if key is None else _mask(key)

    def _features(self, view: Observation, keyed: bool) -> tuple[bytes, _Key | None]:
        """The observation vector; with ``keyed``, also the view's ``_key`` (then remembered).

        The key comes from the rules' options for the seat to act.
        """
        config = self.config
        players = config.players
        seat = view.seat
        slots = _slots(players, seat)
        tables, stood = view.tables, view.stood
        if seat:  # the seats in slot order
            parts = map(_seat_part, tables[seat:] + tables[:seat], stood[seat:] + stood[:seat])
        else:
            parts = map(_seat_part, tables, stood)
        planes, values, sizes, states, split, done, bits, ranks, bases = zip(*parts)  # noqa: B905 - parts are all nine long
        hand_bits = hand_ranks = 0
        for card in view.hand:
            bit, rank = _FACTS[card]
            hand_bits += bit
            hand_ranks |= rank
        unseen = (hand_bits + sum(bits)).to_bytes(_PLANE, "little").translate(_UNSEEN[config.decks])
        if _NEGATIVE in unseen:
            raise ValueError("the observation shows more copies of a card than the decks hold")
        out, points = _score_part(config.exact_target, config.target, view.scores, slots)
        one_hot = _one_hots(players)
        to_act = view.to_act
        if to_act is None:
            acting, phase = one_hot[players], _PHASE_PLANES[2]
        else:
            place = (to_act - seat) % players
            acting, phase = one_hot[place], _PHASE_PLANES[done[place] == _ONE]
        rounds = view.round
        record = fold_asks(view.history, players, config.strict)
        counts = record[1]
        row = RANKS * players
        at = RANKS * seat
        none, some = _holds(record, slots, bases)
        key = None
        if keyed:
            key = _key_of(play_options(view), config)
            _remember_key(view, key)
        features = b"".join(
            (
                hand_bits.to_bytes(_PLANE, "little"),
                unseen,
                _SPHERES[hand_ranks | ranks[0]],
                *planes,
                *values,
                *sizes,
                *states,
                *split,
                *done,
                out,
                _rotated(view.hand_sizes, seat, slots),
                acting,
                one_hot[(rounds - seat) % players],
                _flags(view.chosen, slots),
                points,
                counts[at : at + row],
                counts[at + 2 * row : at + 3 * row],
                counts[at + 4 * row : at + 5 * row],
                counts[at + 6 * row : at + 7 * row],
                none,
                some,
                _BYTES[clamp(view.deck_size)],
                phase,
                _CHOICES[view.choice],
                _BYTES[1 if view.cheated else 0],
                _BYTES[clamp(rounds)],
            )
        )
        return features, key
