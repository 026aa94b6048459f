"""OFC as integer actions and a flat observation vector: :class:`Codec`, from the observation alone.

The id layout is fixed for a config (and the fantasyland mode) and has a
``version``, so a trained network keeps its meaning. Ids come in blocks, and
only the blocks the config can use exist:

======================  =====  ===========================================================
Block                   Ids    Meaning
======================  =====  ===========================================================
first street            243    the row of each of the 5 cards, sorted lowest first:
                               ``id = r0*81 + r1*27 + r2*9 + r3*3 + r4`` (0 top, 1 middle,
                               2 bottom); 232 fit an empty board
pineapple street        27     ``9*d + 3*ra + rb``: discard the ``d``-th card of the 3
                               (sorted), the other two go to rows ``ra`` and ``rb``
classic street          3      the row of the one card
fantasyland             1      :func:`~tablerules.ofc.solve_fantasyland`'s setting
fantasyland card        4      ``fantasyland="per_card"`` only: the next card of the
                               sorted hand goes to top, middle, bottom or the discards
======================  =====  ===========================================================

Ascending ids list a street's actions in the order of
:func:`~tablerules.ofc.legal_actions`.

>>> import tablerules.ofc as ofc
>>> codec = ofc.Codec(ofc.Config())
>>> codec.num_actions, len(codec.legal_ids(ofc.observe(ofc.new_game(seed=1), 1)))
(271, 232)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Literal

import attrs

from tablerules._codec import Layout, clamp, config_mismatch, ids_mask, read_action_id
from tablerules._common import picker
from tablerules.cards import FULL_DECK, Card
from tablerules.errors import ConfigError, IllegalActionError, StateError, show, type_name
from tablerules.ofc.actions import Place, make_place
from tablerules.ofc.board import ROW_NAMES
from tablerules.ofc.config import Config, config_or_default
from tablerules.ofc.fantasyland import solve_fantasyland
from tablerules.ofc.observe import Observation
from tablerules.ofc.rules import street_cards, street_discards, why_illegal

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tablerules._common import Picker

__all__ = ["VERSION", "Codec", "FantasylandMode", "FantasylandStep"]

VERSION: Final = 1
"""The id and feature layout's version; it changes whenever an id or a feature changes meaning."""

FantasylandMode = Literal["solver", "per_card"]
"""How a codec offers fantasyland turns: the solver's setting only, or also card by card."""

FIRST_STREET_IDS: Final = 3**5
"""Ids of a first street: a row for each of the 5 cards."""
CARD_CHOICES: Final = ("top", "middle", "bottom", "discard")
"""What a per-card fantasyland id sends the next card to, in id order."""

_INDEX: Final = {card: index for index, card in enumerate(FULL_DECK)}
_PLANE: Final = 52
_COUNTS: Final = (
    "fantasyland",
    "hidden_board",
    "hand_size",
    "discard_count",
    "score",
    "deck_size",
    "round",
    "rounds_left",
)
"""The small counts at the end of the vector (before the per-card parts), in order."""
_SINGLE: Final = frozenset({"deck_size", "round", "rounds_left"})
"""The counts that are one byte; the others are one byte per seat."""


# --- the street tables ------------------------------------------------------------------------


@attrs.frozen
class _Entry:
    """One street id: how it takes its top, middle, bottom and discard from the sorted hand."""

    top: Picker
    middle: Picker
    bottom: Picker
    discard: Picker


@attrs.frozen
class _Table:
    """The legal ids of one kind of street with this much room, and what each stands for."""

    ids: tuple[int, ...]
    entries: Mapping[int, _Entry]
    mask: bytes


@functools.cache
def _street_table(
    offset: int, size: int, discards: int, room: tuple[int, int, int], num_actions: int
) -> _Table:
    """Every legal id of a street of ``size`` cards (``discards`` thrown) on rows with ``room``.

    Local id = discard choice (its rank among the choices, by position in the
    sorted hand) times ``3**kept``, plus the rows of the kept cards as base-3
    digits, the lowest card's digit first (most significant).
    """
    entries: dict[int, _Entry] = {}
    for rank, thrown in enumerate(itertools.combinations(range(size), discards)):
        kept = [position for position in range(size) if position not in thrown]
        for rows in itertools.product(range(3), repeat=len(kept)):
            split = [
                tuple(position for position, row in zip(kept, rows, strict=True) if row == target)
                for target in range(3)
            ]
            if any(len(part) > space for part, space in zip(split, room, strict=True)):
                continue
            digits = 0
            for row in rows:
                digits = digits * 3 + row
            entries[offset + rank * 3 ** len(kept) + digits] = _Entry(
                picker(split[0]), picker(split[1]), picker(split[2]), picker(thrown)
            )
    ids = tuple(sorted(entries))
    return _Table(ids, entries, ids_mask(ids, num_actions))


@functools.lru_cache(maxsize=256)
def _solved(hand: tuple[Card, ...], config: Config) -> Place:
    """:func:`solve_fantasyland` of a sorted hand, as a bounded pure memo."""
    return solve_fantasyland(hand, config)


# --- a per-card fantasyland step ----------------------------------------------------------------


@attrs.frozen
class FantasylandStep:
    """A per-card fantasyland setting after some choices (:meth:`.Codec.fantasyland_step`).

    >>> import tablerules.ofc as ofc
    >>> from tablerules.ofc.codec import FantasylandStep
    >>> FantasylandStep.__name__
    'FantasylandStep'
    """

    card: Card | None
    """The card to send somewhere next (the lowest card without a choice); ``None`` when done."""
    ids: tuple[int, ...]
    """The per-card ids open for it (a row or the discards with room left); empty when done."""
    mask: bytes
    """One byte per id of the codec, 1 for :attr:`ids`."""
    place: Place | None
    """The whole setting once every card has a choice, else ``None``."""
    observation: bytes
    """The observation vector with this turn's choices so far and the next card filled in."""


# --- the codec ---------------------------------------------------------------------------------


class Codec:
    """OFC's integer actions and observation vector for one config, from an observation alone.

    ``Codec(config)`` offers a fantasyland turn as one id, the setting of
    :func:`~tablerules.ofc.solve_fantasyland`; ``Codec(config,
    fantasyland="per_card")`` adds four ids and :meth:`fantasyland_step`, for
    agents that learn to set a fantasyland board one card at a time (the
    solver id stays, so code that knows only ``legal_ids`` and ``decode``
    still plays). The layouts are in the module documentation and on the
    "Integer actions and tensors" page.

    >>> import tablerules.ofc as ofc
    >>> codec = ofc.Codec(ofc.Config())
    >>> state = ofc.new_game(seed=3)
    >>> view = ofc.observe(state, state.to_act)
    >>> ids = codec.legal_ids(view)
    >>> len(ids), ids[:3], len(codec.mask(view)), sum(codec.mask(view))
    (232, (4, 5, 7), 271, 232)
    >>> print(codec.decode(view, 242))
    bottom 9d 7c 4c 3d 2h
    >>> codec.encode(view, codec.decode(view, 100))
    100
    >>> len(codec.observation(view)) == codec.observation_size
    True
    >>> codec.decode(view, 0)
    Traceback (most recent call last):
    ...
    tablerules.errors.IllegalActionError: id 0 sends 5 cards to the top row, which has room for 3
    >>> codec.decode(view, 250)
    Traceback (most recent call last):
    ...
    tablerules.errors.IllegalActionError: id 250 is a pineapple-street id (243 to 269), but ...
    """

    __slots__ = (
        "_card_ids",
        "_config",
        "_fantasyland_id",
        "_fantasyland_mask",
        "_layout",
        "_mode",
        "_num_actions",
        "_parts",
        "_street_ids",
        "_street_rows",
        "_street_size",
        "_street_throws",
        "_zeros",
    )

    def __init__(
        self, config: Config | None = None, *, fantasyland: Literal["solver", "per_card"] = "solver"
    ) -> None:
        """A codec for ``config`` (the default config for ``None``)."""
        config = config_or_default(config)
        if fantasyland not in ("solver", "per_card"):
            raise ConfigError(
                f"fantasyland must be 'solver' or 'per_card', not {show(fantasyland)}"
            )
        self._config = config
        self._mode: FantasylandMode = fantasyland
        self._street_size = street_cards(config.variant, 1)
        self._street_throws = street_discards(config.variant, 1)
        self._street_rows: int = 3 ** (self._street_size - self._street_throws)
        later = self._street_rows * self._street_size
        self._street_ids = range(FIRST_STREET_IDS, FIRST_STREET_IDS + later)
        end = self._street_ids.stop
        self._fantasyland_id: int | None = end if config.fantasyland else None
        end += config.fantasyland
        per_card = config.fantasyland and fantasyland == "per_card"
        self._card_ids = range(end, end + 4 * per_card)
        self._num_actions = self._card_ids.stop
        self._zeros = bytes(self._num_actions)
        self._fantasyland_mask = (
            ids_mask((self._fantasyland_id,), self._num_actions)
            if self._fantasyland_id is not None
            else self._zeros
        )
        self._layout = _layout(config, per_card)
        self._parts = _Parts.of(self._layout, config.players)

    # --- what the codec is ---

    @property
    def config(self) -> Config:
        """The config the ids and features are laid out for."""
        return self._config

    @property
    def fantasyland(self) -> FantasylandMode:
        """``"solver"`` or ``"per_card"``: how fantasyland turns are offered."""
        return self._mode

    @property
    def num_actions(self) -> int:
        """How many ids there are (271 for two-player pineapple with fantasyland).

        >>> import tablerules.ofc as ofc
        >>> [ofc.Codec(config).num_actions for config in (
        ...     ofc.Config(), ofc.Config(variant="classic"), ofc.Config(fantasyland=False))]
        [271, 247, 270]
        """
        return self._num_actions

    @property
    def version(self) -> int:
        """The layout's version, 1 (``tablerules.ofc.codec.VERSION``)."""
        return VERSION

    @property
    def layout(self) -> Mapping[str, slice]:
        """The named parts of the observation vector, in order."""
        return self._layout

    @property
    def observation_size(self) -> int:
        """How many bytes :meth:`observation` returns."""
        return self._layout.size

    @property
    def first_street_ids(self) -> range:
        """The 243 first-street ids, 0 to 242."""
        return range(FIRST_STREET_IDS)

    @property
    def street_ids(self) -> range:
        """The ids of a later street (27 in pineapple, 3 in classic)."""
        return self._street_ids

    @property
    def fantasyland_id(self) -> int | None:
        """The id of the solver's fantasyland setting; ``None`` when fantasyland is off."""
        return self._fantasyland_id

    @property
    def card_ids(self) -> range:
        """The per-card fantasyland ids (top, middle, bottom, discard); empty in solver mode."""
        return self._card_ids

    def __repr__(self) -> str:
        return f"Codec({self._config!r}, fantasyland={self._mode!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Codec):
            return NotImplemented
        return (self._config, self._mode) == (other._config, other._mode)

    def __hash__(self) -> int:
        return hash((Codec, self._config, self._mode))

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self._config, self._mode))

    # --- the view ---

    def _check(self, view: object) -> Observation:
        """``view`` if it is an Observation of this codec's game, else an error saying why."""
        if not isinstance(view, Observation):
            raise TypeError(f"view must be a tablerules.ofc.Observation, not {type_name(view)}")
        if view.config != self._config:
            raise config_mismatch(self._config, view.config)
        return view

    def _table(self, view: Observation, seat: int) -> _Table:
        board = view.boards[seat]
        room = (3 - len(board.top), 5 - len(board.middle), 5 - len(board.bottom))
        if view.street == 0:
            return _street_table(0, 5, 0, room, self._num_actions)
        return _street_table(
            FIRST_STREET_IDS, self._street_size, self._street_throws, room, self._num_actions
        )

    # --- ids ---

    def legal_ids(self, view: Observation) -> tuple[int, ...]:
        """The ids legal now, ascending; empty when the view's seat is not to act.

        On a street they stand for :func:`~tablerules.ofc.legal_actions` in its
        order; on a fantasyland turn there is one, :attr:`fantasyland_id`.
        """
        if type(view) is not Observation or view.config is not self._config:
            self._check(view)
        seat = view.seat
        if view.to_act != seat:
            return ()
        if view.fantasyland[seat]:
            return (self._fantasyland_id,)  # type: ignore[return-value] # set with fantasyland on
        return self._table(view, seat).ids

    def mask(self, view: Observation) -> bytes:
        """One byte per id, 1 for :meth:`legal_ids` and 0 for the rest.

        ``numpy.frombuffer(codec.mask(view), numpy.uint8)`` reads it without a copy.
        """
        if type(view) is not Observation or view.config is not self._config:
            self._check(view)
        seat = view.seat
        if view.to_act != seat:
            return self._zeros
        if view.fantasyland[seat]:
            return self._fantasyland_mask
        return self._table(view, seat).mask

    def decode(self, view: Observation, action_id: int) -> Place:
        """The action ``action_id`` stands for now.

        :class:`~tablerules.IllegalActionError` if it is not legal now.
        """
        if type(view) is not Observation or view.config is not self._config:
            self._check(view)
        if type(action_id) is not int:
            action_id = read_action_id(action_id)
        seat = view.seat
        if view.to_act != seat:
            raise IllegalActionError(self._not_to_act(view))
        if view.fantasyland[seat]:
            if action_id != self._fantasyland_id:
                raise IllegalActionError(self._wrong_block(view, action_id))
            return _solved(tuple(sorted(view.hand)), self._config)
        entry = self._table(view, seat).entries.get(action_id)
        if entry is None:
            raise IllegalActionError(self._wrong_block(view, action_id))
        hand = sorted(view.hand)
        if len(hand) != self._street_size and view.street:
            raise StateError(f"the view holds {len(hand)} cards on a street of {self._street_size}")
        return make_place(
            top=entry.top(hand),
            middle=entry.middle(hand),
            bottom=entry.bottom(hand),
            discard=entry.discard(hand),
        )

    def encode(self, view: Observation, action: Place) -> int:
        """The id of ``action`` now; :class:`~tablerules.IllegalActionError` if it is not legal.

        On a fantasyland turn only the solver's setting has an id (use
        :meth:`fantasyland_choices` for the per-card ids of any setting).
        """
        self._check(view)
        if not isinstance(action, Place):
            raise TypeError(f"action must be a tablerules.ofc.Place, not {type_name(action)}")
        reason = why_illegal(view, action)
        if reason is not None:
            raise IllegalActionError(reason, action)
        seat = view.seat
        hand = sorted(view.hand)
        if view.fantasyland[seat]:
            if action != _solved(tuple(hand), self._config):
                raise IllegalActionError(
                    "on a fantasyland turn only solve_fantasyland's setting has an id "
                    f"({self._fantasyland_id}); this legal setting has none"
                    + (
                        ": fantasyland_choices gives its per-card ids"
                        if self._card_ids
                        else " (Codec(config, fantasyland='per_card') sets a board card by card)"
                    ),
                    action,
                )
            return self._fantasyland_id  # type: ignore[return-value] # set with fantasyland on
        position = {card: index for index, card in enumerate(hand)}
        row_of = [0] * len(hand)
        for row, part in enumerate((action.top, action.middle, action.bottom)):
            for card in part:
                row_of[position[card]] = row
        thrown = [position[card] for card in action.discard]
        digits = 0
        for index, row in enumerate(row_of):
            if index not in thrown:
                digits = digits * 3 + row
        if view.street == 0:
            return digits
        rank = thrown[0] if thrown else 0
        return FIRST_STREET_IDS + rank * self._street_rows + digits

    # --- messages ---

    def _block(self, action_id: int) -> str:
        """What kind of id ``action_id`` is, with its block's range."""
        if action_id < FIRST_STREET_IDS:
            return f"a first-street id (0 to {FIRST_STREET_IDS - 1})"
        street = self._street_ids
        if action_id in street:
            kind = "pineapple" if self._config.variant == "pineapple" else "classic"
            return f"a {kind}-street id ({street.start} to {street.stop - 1})"
        if action_id == self._fantasyland_id:
            return "the fantasyland id"
        return f"a per-card fantasyland id ({self._card_ids.start} to {self._card_ids.stop - 1})"

    def _now(self, view: Observation) -> str:
        """What the seat to act is playing, with the ids of it."""
        if view.fantasyland[view.seat]:
            return f"setting a fantasyland board (id {self._fantasyland_id})"
        if view.street == 0:
            return f"playing the first street (ids 0 to {FIRST_STREET_IDS - 1})"
        street = self._street_ids
        return f"playing street {view.street} (ids {street.start} to {street.stop - 1})"

    def _wrong_block(self, view: Observation, action_id: int) -> str:
        if not 0 <= action_id < self._num_actions:
            return (
                f"id {show(action_id)} is out of range: "
                f"this codec has ids 0 to {self._num_actions - 1}"
            )
        if action_id in self._card_ids:
            return (
                f"id {show(action_id)} is a per-card fantasyland id: fantasyland_step takes those, "
                "decode never does"
            )
        now = self._now(view)
        block = self._block(action_id)
        if block.startswith("a first") == (view.street == 0) and not view.fantasyland[view.seat]:
            if view.street == 0:
                digits, kept = action_id, 5
            else:
                kept = self._street_size - self._street_throws
                digits = (action_id - FIRST_STREET_IDS) % self._street_rows
            counts = [0, 0, 0]
            for _ in range(kept):
                digits, row = divmod(digits, 3)
                counts[row] += 1
            room = view.boards[view.seat].room
            for name, count, space in zip(ROW_NAMES, counts, room, strict=True):
                if count > space:
                    return (
                        f"id {show(action_id)} sends {count} cards to the {name} row, "
                        f"which has room for {space}"
                    )
        return f"id {show(action_id)} is {block}, but seat {view.seat} is {now}"

    def _not_to_act(self, view: Observation) -> str:
        if view.to_act is None:
            return "the game is over: no id is legal"
        return f"it is seat {view.to_act}'s turn: seat {view.seat} has no legal id"

    # --- the observation vector ---

    def observation_and_mask(self, view: Observation) -> tuple[bytes, bytes]:
        """``(observation(view), mask(view))`` in one call, as an agent is shown a turn.

        >>> from tablerules import ofc
        >>> state = ofc.new_game(ofc.Config(), seed=3)
        >>> codec = ofc.Codec(state.config)
        >>> view = ofc.observe(state, state.to_act)
        >>> codec.observation_and_mask(view) == (codec.observation(view), codec.mask(view))
        True
        """
        return self.observation(view), self.mask(view)

    def observation(self, view: Observation) -> bytes:
        """The view as :attr:`observation_size` bytes, laid out as :attr:`layout` names them."""
        if type(view) is not Observation or view.config is not self._config:
            self._check(view)
        return bytes(self._features(view))

    def _features(self, view: Observation) -> bytearray:
        parts = self._parts
        features = bytearray(parts.template)
        at = parts.hand
        for card in view.hand:
            features[at[card]] = 1
        at = parts.discards
        for card in view.discards:
            features[at[card]] = 1
        seat = view.seat
        boards = view.boards
        for board, (top, middle, bottom) in zip(
            boards[seat:] + boards[:seat], parts.boards, strict=True
        ):
            for card in board.top:
                features[top[card]] = 1
            for card in board.middle:
                features[middle[card]] = 1
            for card in board.bottom:
                features[bottom[card]] = 1
        players = len(boards)
        features[parts.street + min(view.street, parts.streets - 1)] = 1
        if view.to_act is not None:
            features[parts.to_act + (view.to_act - seat) % players] = 1
        features[parts.dealer + (view.round - seat) % players] = 1
        start = self._config.starting_points
        scores = view.scores
        counts = (
            view.fantasyland[seat:]
            + view.fantasyland[:seat]
            + view.hidden_boards[seat:]
            + view.hidden_boards[:seat]
            + view.hand_sizes[seat:]
            + view.hand_sizes[:seat]
            + view.discard_counts[seat:]
            + view.discard_counts[:seat]
            + tuple([score * 100 // start for score in scores[seat:] + scores[:seat]])
        )
        limit = self._config.max_rounds
        counts += (view.deck_size, view.round, 255 if limit is None else limit - view.round)
        where = parts.counts
        try:
            features[where] = bytes(counts)
        except ValueError:  # only a view made by hand can hold counts beyond a byte
            features[where] = bytes([clamp(count) for count in counts])
        return features

    # --- fantasyland card by card ---

    def fantasyland_step(self, view: Observation, choices: Sequence[int]) -> FantasylandStep:
        """The next card of a per-card fantasyland setting, its open ids, and the setting when done.

        ``choices`` are per-card ids (:attr:`card_ids`: top, middle, bottom,
        discard) for the cards of the sorted hand, lowest first, so far. A row
        is open while it has room (3, 5, 5) and the discards while fewer than
        the cards beyond 13 are thrown; every sequence of open choices ends in
        a legal setting, and each setting has exactly one
        (:meth:`fantasyland_choices`). Only in ``per_card`` mode, on the
        observer's own fantasyland turn.
        """
        self._check(view)
        hand = self._fantasyland_hand(view)
        if isinstance(choices, (str, bytes)) or not isinstance(choices, Sequence):
            raise TypeError(f"choices must be a sequence of ids, not {type_name(choices)}")
        room = [3, 5, 5, len(hand) - 13]
        parts: list[list[Card]] = [[], [], [], []]
        first = self._card_ids.start
        if len(choices) > len(hand):
            raise IllegalActionError(
                f"{len(choices)} choices for a fantasyland hand of {len(hand)} cards"
            )
        for card, given in zip(hand, choices, strict=False):
            choice = read_action_id(given, "choices")
            slot = choice - first
            if not 0 <= slot < 4:
                raise IllegalActionError(
                    f"choice {show(choice)} is not a per-card fantasyland id "
                    f"({first} to {first + 3})"
                )
            if not room[slot]:
                raise IllegalActionError(
                    f"choice {show(choice)} sends {card} to the {CARD_CHOICES[slot]}, which is full"
                )
            room[slot] -= 1
            parts[slot].append(card)
        features = self._features(view)
        pending = self._parts.pending
        for slot, cards in enumerate(parts):
            at = pending + slot * _PLANE
            for card in cards:
                features[at + _INDEX[card]] = 1
        if len(choices) == len(hand):
            place = make_place(
                top=tuple(parts[0]),
                middle=tuple(parts[1]),
                bottom=tuple(parts[2]),
                discard=tuple(parts[3]),
            )
            return FantasylandStep(None, (), self._zeros, place, bytes(features))
        card = hand[len(choices)]
        features[self._parts.next_card + _INDEX[card]] = 1
        ids = tuple(first + slot for slot in range(4) if room[slot])
        return FantasylandStep(card, ids, ids_mask(ids, self._num_actions), None, bytes(features))

    def fantasyland_choices(self, view: Observation, action: Place) -> tuple[int, ...]:
        """The per-card ids that build the legal setting ``action``, one per card (sorted hand).

        :class:`~tablerules.IllegalActionError` if ``action`` is not a legal setting now.
        """
        self._check(view)
        hand = self._fantasyland_hand(view)
        if not isinstance(action, Place):
            raise TypeError(f"action must be a tablerules.ofc.Place, not {type_name(action)}")
        reason = why_illegal(view, action)
        if reason is not None:
            raise IllegalActionError(reason, action)
        slot_of: dict[Card, int] = {}
        for slot, part in enumerate((action.top, action.middle, action.bottom, action.discard)):
            for card in part:
                slot_of[card] = slot
        first = self._card_ids.start
        return tuple(first + slot_of[card] for card in hand)

    def _fantasyland_hand(self, view: Observation) -> list[Card]:
        """The sorted hand of the observer's fantasyland turn, or an error saying why not."""
        if not self._card_ids:
            raise IllegalActionError(
                "per-card fantasyland ids need Codec(config, fantasyland='per_card') "
                "and a config with fantasyland on"
            )
        if view.to_act != view.seat:
            raise IllegalActionError(self._not_to_act(view))
        if not view.fantasyland[view.seat]:
            raise IllegalActionError(
                f"seat {view.seat} is {self._now(view)}, not setting a fantasyland board"
            )
        return sorted(view.hand)


def _rebuild(config: Config, mode: FantasylandMode) -> Codec:
    return Codec(config, fantasyland=mode)


# --- the observation layout ----------------------------------------------------------------------


def _layout(config: Config, per_card: bool) -> Layout:
    """The observation layout: card planes first, then small counts, per relative seat."""
    players = config.players
    parts: list[tuple[str, int]] = [("hand", _PLANE), ("discards", _PLANE)]
    for k in range(players):
        parts += [(f"board{k}.{name}", _PLANE) for name in ROW_NAMES]
    parts += [
        ("street", config.streets),
        ("to_act", players),
        ("dealer", players),
        *((name, 1 if name in _SINGLE else players) for name in _COUNTS),
    ]
    if per_card:
        parts += [(f"pending.{name}", _PLANE) for name in CARD_CHOICES]
        parts += [("next_card", _PLANE)]
    return Layout.of(*parts)


@attrs.frozen
class _Parts:
    """Where each part of the layout is, shaped for the feature loop.

    Card planes are dicts from each card to its byte in the vector; the
    counts that follow ``fantasyland`` (fantasyland, hidden_board, hand_size,
    discard_count, score, then deck_size, round, rounds_left) are written as
    one run of bytes.
    """

    template: bytes
    hand: dict[Card, int]
    discards: dict[Card, int]
    boards: tuple[tuple[dict[Card, int], dict[Card, int], dict[Card, int]], ...]
    street: int
    streets: int
    to_act: int
    dealer: int
    counts: slice
    pending: int
    next_card: int

    @classmethod
    def of(cls, layout: Layout, players: int) -> _Parts:
        def plane(name: str) -> dict[Card, int]:
            start = layout[name].start
            return {card: start + index for index, card in enumerate(FULL_DECK)}

        template = bytes(layout.size)
        per_card = "pending.top" in layout
        return cls(
            template=template,
            hand=plane("hand"),
            discards=plane("discards"),
            boards=tuple(
                (plane(f"board{k}.top"), plane(f"board{k}.middle"), plane(f"board{k}.bottom"))
                for k in range(players)
            ),
            street=layout["street"].start,
            streets=layout["street"].stop - layout["street"].start,
            to_act=layout["to_act"].start,
            dealer=layout["dealer"].start,
            counts=slice(layout["fantasyland"].start, layout["rounds_left"].stop),
            pending=layout["pending.top"].start if per_card else -1,
            next_card=layout["next_card"].start if per_card else -1,
        )
