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
from collections.abc import Mapping
from typing import Final

import attrs

from tablerules._codec import Layout, add_cards, clamp, ids_mask, read_action_id
from tablerules.cards import FULL_DECK, Rank
from tablerules.errors import ConfigError, IllegalActionError
from tablerules.mentok.actions import Action, Ask, Score, Stand
from tablerules.mentok.config import Config
from tablerules.mentok.determinize import hand_constraints
from tablerules.mentok.observe import Observation
from tablerules.mentok.rules import why_illegal
from tablerules.mentok.scoring import RANK_OF, still_in_game, value_unchecked
from tablerules.mentok.state import AskRecord, Phase, seat_done

__all__ = ["Codec"]

VERSION: Final = 1
"""The layout's version: it changes whenever an id or a feature changes meaning."""

FORMS: Final = ((0, False), (0, True), (1, False))
"""The ``(hand, split)`` of an ask, by its form number 0, 1, 2."""

_RANKS: Final = 13
_EVERY_RANK: Final = (1 << _RANKS) - 1
_PLANE: Final = 52
_RANK_BIT: Final = {card: 1 << (int(card.rank) - 2) for card in FULL_DECK}
_PHASES: Final = (Phase.PLAY, Phase.SCORE, Phase.OVER)
_INDEX: Final = {card: index for index, card in enumerate(FULL_DECK)}
_FULL: Final = {decks: bytes([decks]) * _PLANE for decks in (1, 2)}


def ask_count(players: int) -> int:
    """How many ask ids a table of ``players`` has: offsets x ranks x forms."""
    return (players - 1) * _RANKS * len(FORMS)


def ask_id(offset: int, rank: int, form: int) -> int:
    """The id of an ask of ``rank`` (2 to 14) in ``form`` to the seat ``offset`` seats left."""
    return ((offset - 1) * _RANKS + rank - 2) * len(FORMS) + form


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
asked.
"""


@functools.cache
def _ranks_of(ranks: int) -> tuple[int, ...]:
    """The ranks of a 13-bit rank set, ascending (at most 8,192 sets)."""
    return tuple(rank for rank in range(2, 15) if ranks >> (rank - 2) & 1)


@functools.cache
def _bases(players: int, targets: int) -> tuple[int, ...]:
    """The first ask id of each target offset in ``targets``, ascending."""
    block = _RANKS * len(FORMS)
    return tuple((offset - 1) * block for offset in range(1, players) if targets >> offset & 1)


@functools.lru_cache(maxsize=8192)
def _ids(key: _Key) -> tuple[int, ...]:
    """The legal ids in play, ascending."""
    players, strict, ranks, active, split, targets = key
    block: list[int] = []  # the ids within one target's block, ascending
    append = block.append
    for rank in _ranks_of(ranks if strict else _EVERY_RANK):
        first = (rank - 2) * 3
        if active & 1:
            append(first)
            if rank == split:
                append(first + 1)
        if active & 2:
            append(first + 2)
    ids = [base + offset for base in _bases(players, targets) for offset in block]
    stands = ask_count(players)
    if active & 1:
        ids.append(stands)
    if active & 2:
        ids.append(stands + 1)
    return tuple(ids)


@functools.lru_cache(maxsize=8192)
def _mask(key: _Key) -> bytes:
    """The mask of :func:`_ids`."""
    return ids_mask(_ids(key), ask_count(key[0]) + 4)


@functools.cache
def _layout(players: int) -> Layout:
    seats, hands = players, 2 * players
    return Layout.of(
        ("hand", _PLANE),
        ("unseen", _PLANE),
        ("sphere", _RANKS),
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
        ("asked_given", seats * _RANKS),
        ("asked_refused", seats * _RANKS),
        ("gave", seats * _RANKS),
        ("refused", seats * _RANKS),
        ("holds_none", seats * _RANKS),
        ("holds_some", seats * _RANKS),
        ("deck_size", 1),
        ("phase", len(_PHASES)),
        ("choice", 2),
        ("cheated", 1),
        ("round", 1),
    )


@functools.cache
def _starts(players: int) -> dict[str, int]:
    """Where each part of the layout starts (quicker than slicing the layout by name)."""
    return {name: where.start for name, where in _layout(players).slices}


def _check_config(codec: object, attribute: attrs.Attribute[Config], config: Config) -> None:
    if not isinstance(config, Config):
        raise TypeError(f"config must be a tablerules.mentok.Config, not {type(config).__name__}")


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
            raise TypeError(
                f"view must be a tablerules.mentok.Observation, not {type(view).__name__}"
            )
        config = view.config
        if config is not self.config and config != self.config:
            raise ConfigError(
                f"this codec is for games played with {self.config!r}, "
                f"but the observation's game is played with {config!r}"
            )
        return view

    def _key(self, view: Observation) -> _Key | None:
        """What decides the legal ids in play; None while scoring or off turn."""
        seat = view.to_act
        if seat != view.seat:
            return None
        tables = view.tables[seat]
        stood = view.stood[seat]
        active = 0
        for index, cards in enumerate(tables):
            if not stood[index] and value_unchecked(cards) <= 21:
                active |= 1 << index
        if not active:
            return None
        config = self.config
        ranks = 0
        if config.strict:  # without it every rank may be asked for: the sphere decides nothing
            bit = _RANK_BIT
            for card in view.hand:
                ranks |= bit[card]
            for cards in tables:
                for card in cards:
                    ranks |= bit[card]
        base = tables[0]
        split = RANK_OF[base[0]] if len(tables) == 1 and len(base) == 1 else 0
        players = config.players
        every = view.tables
        if () in every:
            targets = 0
            for offset in range(1, players):
                if every[(seat + offset) % players]:
                    targets |= 1 << offset
        else:
            targets = (1 << players) - 2
        return players, config.strict, ranks, active, split, targets

    def _scoring(self, view: Observation) -> bool:
        seat = view.to_act
        return seat == view.seat and seat_done(view.tables[seat], view.stood[seat])

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
        if key is not None:
            return _ids(key)
        if self._scoring(view):
            stands = ask_count(self.config.players)
            return (stands + 2, stands + 3)
        return ()

    def mask(self, view: Observation) -> bytes:
        """One byte per id: 1 where the id is legal now, else 0 (all 0 for a seat not to act).

        >>> from tablerules import mentok
        >>> state = mentok.new_game(mentok.Config(players=2), seed=3)
        >>> mask = mentok.Codec(state.config).mask(mentok.observe(state, 1))
        >>> len(mask), sum(mask), mask[39]
        (43, 7, 1)
        """
        key = self._key(self._check(view))
        if key is not None:
            return _mask(key)
        return ids_mask(self.legal_ids(view), self.num_actions)

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
        self._check(view)
        index = read_action_id(action_id)
        actions = _actions(self.config.players, view.seat)
        if not 0 <= index < len(actions):
            raise IllegalActionError(
                f"action id {index} is out of range: this codec's ids are 0 to {len(actions) - 1}"
            )
        action = actions[index]
        reason = why_illegal(view, action)
        if reason is not None:
            raise IllegalActionError(
                f"action id {index} ({action}) is not legal now: {reason}", action
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
                f"action must be a mentok Ask, Stand or Score, not {type(action).__name__}"
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
        self._check(view)
        config = self.config
        players = config.players
        at = _starts(players)
        features = bytearray(_layout(players).size)
        seat = view.seat
        slots = _slots(players, seat)
        index_of = _INDEX

        add_cards(features, slice(at["hand"], at["hand"] + _PLANE), view.hand)
        unseen = at["unseen"]
        features[unseen : unseen + _PLANE] = _FULL[config.decks]
        sphere = at["sphere"]
        for card in view.hand:
            features[unseen + index_of[card]] -= 1
            features[sphere + RANK_OF[card] - 2] = 1

        tables = at["tables"]
        values = at["table_values"]
        sizes = at["table_sizes"]
        states = at["hand_states"]
        split = at["split"]
        done = at["done"]
        for slot, other in enumerate(slots):
            seat_tables = view.tables[other]
            seat_stood = view.stood[other]
            for index, cards in enumerate(seat_tables):
                place = 2 * slot + index
                start = tables + place * _PLANE
                for card in cards:
                    where = index_of[card]
                    features[start + where] += 1
                    features[unseen + where] -= 1
                    if not slot:
                        features[sphere + RANK_OF[card] - 2] = 1
                value = value_unchecked(cards)
                features[values + place] = clamp(value)
                features[sizes + place] = clamp(len(cards))
                kind = 1 if seat_stood[index] else 2 if value > 21 else 0
                features[states + 3 * place + kind] = 1
            if len(seat_tables) == 2:
                features[split + slot] = 1
            if seat_done(seat_tables, seat_stood):
                features[done + slot] = 1

        out = at["out"]
        hand_sizes = at["hand_sizes"]
        chosen = at["chosen"]
        needed = at["points_needed"]
        past = at["points_past"]
        target = config.target
        in_game = still_in_game(config, view.scores)
        for slot, other in enumerate(slots):
            if not in_game[other]:
                features[out + slot] = 1
            features[hand_sizes + slot] = clamp(view.hand_sizes[other])
            if view.chosen[other]:
                features[chosen + slot] = 1
            score = view.scores[other]
            features[needed + slot] = clamp(target - score)
            features[past + slot] = clamp(score - target)
        if view.to_act is not None:
            features[at["to_act"] + (view.to_act - seat) % players] = 1
        features[at["dealer"] + (view.round - seat) % players] = 1

        self._history(view, features, at, slots)

        features[at["deck_size"]] = clamp(view.deck_size)
        features[at["phase"] + _PHASES.index(view.phase)] = 1
        if view.choice is not None:
            features[at["choice"] + view.choice] = 1
        if view.cheated:
            features[at["cheated"]] = 1
        features[at["round"]] = clamp(view.round)
        return bytes(features)

    def _history(
        self, view: Observation, features: bytearray, at: dict[str, int], slots: tuple[int, ...]
    ) -> None:
        """The round's asks as counts per seat and rank, and what they prove about hands."""
        players = len(slots)
        seat = view.seat
        per_seat = players * _RANKS
        history = view.history
        # A count never exceeds the number of events; past 255 they are clamped.
        counts: bytearray | list[int] = (
            bytearray(4 * per_seat) if len(history) < 256 else [0] * (4 * per_seat)
        )
        for event in history:
            if type(event) is AskRecord:
                rank = int(event.rank) - 2
                asker = (event.seat - seat) % players * _RANKS + rank
                target = (event.target - seat) % players * _RANKS + rank
                if event.given:
                    counts[asker] += 1
                    counts[2 * per_seat + target] += 1
                else:
                    counts[per_seat + asker] += 1
                    counts[3 * per_seat + target] += 1
        start = at["asked_given"]
        features[start : start + len(counts)] = (
            counts if isinstance(counts, bytearray) else bytes(map(clamp, counts))
        )
        others = [other for other in slots[1:] if view.tables[other]]
        excluded, required = hand_constraints(view, others)
        none = at["holds_none"] - 2
        some = at["holds_some"] - 2
        for other in others:
            slot = (other - seat) % players * _RANKS
            for rank in excluded[other]:
                features[none + slot + rank] = 1
            for rank in required[other]:
                features[some + slot + rank] = 1
