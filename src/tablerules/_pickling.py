"""Compact pickles of the games' values: cards as bytes, configs as their fields.

Every game's ``State``, ``Observation`` and round summary has a
``__reduce__`` built on these helpers: its cards go into one :class:`bytes`
of card indices (``Card.index``, 0 to 51), its sizes and flags into another,
its other integers into one flat tuple, and its config into the tuple of the
config's fields (Mock's and Mentok's states and observations put the config,
as text, and the previous round's summary into one more bytes, see
:class:`LastShared`). Unpickling rebuilds each value with the engine's fast
constructors and checks nothing: a pickle is for moving values between your
own processes. Data from anyone else goes through the games' ``from_dict``
and ``observation_from_dict``, which check every field.

A pickle is a function of the value alone: equal values give the same bytes,
so the pickle of an observation holds exactly what the observation holds.

>>> from tablerules.cards import parse_cards
>>> list(card_bytes(parse_cards("2c 2d As")))
[0, 1, 51]
>>> cards_of(bytes([0, 1, 51])) == parse_cards("2c 2d As")
True
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs

from tablerules._common import fast_init
from tablerules.cards import FULL_DECK, Card

__all__ = [
    "DeckBytes",
    "HistoryBytes",
    "LastShared",
    "card_bytes",
    "cards_of",
    "config_fields",
    "config_from_fields",
    "config_key",
    "config_of_key",
    "numbers_of",
    "numbers_text",
    "pack",
    "split",
    "unpack",
    "write_codes",
]

_T = TypeVar("_T")

_INDEX: Final[dict[Card, int]] = {card: index for index, card in enumerate(FULL_DECK)}
_index_of: Final = _INDEX.__getitem__
_card_at: Final = FULL_DECK.__getitem__


def card_bytes(cards: Sequence[Card]) -> bytes:
    """The indices of ``cards`` (see ``Card.index``) as bytes, in order."""
    if len(cards) > 1:
        indices: tuple[int, ...] = operator.itemgetter(*cards)(_INDEX)
        return bytes(indices)
    return bytes(map(_index_of, cards))


def cards_of(blob: bytes) -> tuple[Card, ...]:
    """The cards whose indices ``blob`` holds: the very 52 card objects, in order."""
    if len(blob) > 1:
        cards: tuple[Card, ...] = operator.itemgetter(*blob)(FULL_DECK)
        return cards
    return tuple(map(_card_at, blob))


def split(cards: tuple[Card, ...], sizes: Iterable[int]) -> list[tuple[Card, ...]]:
    """``cards`` cut into consecutive parts of ``sizes``, then the rest as a last part.

    >>> from tablerules.cards import parse_cards
    >>> [len(part) for part in split(parse_cards("2c 3c 4c 5c"), (1, 0, 2))]
    [1, 0, 2, 1]
    """
    parts = []
    start = 0
    for size in sizes:
        end = start + size
        parts.append(cards[start:end])
        start = end
    parts.append(cards[start:])
    return parts


def write_codes(
    values: Iterable[_T],
    codes: list[int],
    encode: Callable[[_T], tuple[int, ...]],
    memo: dict[int, tuple[_T, tuple[int, ...]]],
    limit: int,
) -> None:
    """Add ``encode(value)`` of each of ``values`` to ``codes``, made once per object in use.

    For the events of a round's history, which all of the round's states
    share. ``memo`` maps a value's ``id`` to the value and its codes; holding
    the value keeps its ``id`` from being reused, and the memo is emptied when
    it reaches ``limit`` entries.

    >>> memo: dict[int, tuple[str, tuple[int, ...]]] = {}
    >>> codes = [9]
    >>> write_codes(["ab", "c"], codes, lambda word: tuple(map(ord, word)), memo, 8)
    >>> codes, len(memo)
    ([9, 97, 98, 99], 2)
    """
    for value in values:
        entry = memo.get(id(value))
        if entry is None or entry[0] is not value:
            entry = (value, encode(value))
            if len(memo) >= limit:
                memo.clear()
            memo[id(value)] = entry
        codes += entry[1]


_GETTERS: dict[type, Callable[[Any], tuple[object, ...]]] = {}
_MAKERS: dict[type, Callable[..., Any]] = {}
_CONFIGS: dict[tuple[type, tuple[object, ...]], Any] = {}
_FIELDS: dict[int, tuple[object, tuple[object, ...]]] = {}
_MAX_CONFIGS: Final = 1024


def config_fields(config: object) -> tuple[object, ...]:
    """A config's attrs fields, in order, as one tuple (remembered per config object).

    >>> import tablerules.mock as mock
    >>> config_fields(mock.Config(players=3))
    (3, 50, 'share', None, None)
    """
    entry = _FIELDS.get(id(config))
    if entry is not None and entry[0] is config:
        return entry[1]
    getter = _GETTERS.get(type(config))
    if getter is None:
        names = [field.name for field in attrs.fields(type(config))]  # type: ignore[arg-type]
        getter = operator.attrgetter(*names)
        _GETTERS[type(config)] = getter
    fields = getter(config)
    if len(_FIELDS) >= _MAX_CONFIGS:
        _FIELDS.clear()
    _FIELDS[id(config)] = (config, fields)  # holding the config keeps its id from being reused
    return fields


def config_from_fields(config_class: type[_T], fields: tuple[object, ...]) -> _T:
    """The config of ``config_class`` with these fields, rebuilt unchecked (and shared).

    Equal configs come back as one object, so a process that unpickles many
    values of one game holds one config.

    >>> import tablerules.mock as mock
    >>> config_from_fields(mock.Config, (3, 50, "share", None, None)) == mock.Config(players=3)
    True
    """
    key = (config_class, fields)
    config = _CONFIGS.get(key)
    if config is None:
        make = _MAKERS.get(config_class)
        if make is None:
            make = fast_init(config_class)
            _MAKERS[config_class] = make
        names = [field.name for field in attrs.fields(config_class)]  # type: ignore[arg-type]
        config = make(**dict(zip(names, fields, strict=True)))
        if len(_CONFIGS) >= _MAX_CONFIGS:
            _CONFIGS.clear()
        _CONFIGS[key] = config
    result: _T = config
    return result


_REDUCED: dict[int, tuple[object, tuple[object, ...]]] = {}
_REBUILT: dict[tuple[object, ...], object] = {}
_MAX_SHARED: Final = 512


def shared_reduce(value: _T, reduce: Callable[[_T], tuple[object, ...]]) -> tuple[object, ...]:
    """``reduce(value)``, made once per object while it is in use.

    For values many others share, such as a round's summary, which every
    state of the next round holds: pickling those states writes it again and
    again. The memo holds the value itself, so its ``id`` is not reused while
    the entry lives.
    """
    entry = _REDUCED.get(id(value))
    if entry is not None and entry[0] is value:
        return entry[1]
    reduced = reduce(value)
    if len(_REDUCED) >= _MAX_SHARED:
        _REDUCED.clear()
    _REDUCED[id(value)] = (value, reduced)
    return reduced


def shared_rebuild(build: Callable[..., _T], *args: object) -> _T:
    """``build(*args)``, one object for equal arguments while it is in use (see above).

    Values rebuilt this way are immutable, so equal pickles may share one.
    """
    key = (build, *args)
    value = _REBUILT.get(key)
    if value is None:
        value = build(*args)
        if len(_REBUILT) >= _MAX_SHARED:
            _REBUILT.clear()
        _REBUILT[key] = value
    result: _T = value  # type: ignore[assignment]
    return result


_Config = TypeVar("_Config")
_Summary = TypeVar("_Summary")


def numbers_text(numbers: Iterable[int | None]) -> bytes:
    """Integers (or ``None``) as one bytes of text, separated by commas (see :func:`numbers_of`).

    >>> numbers_text((12, None, -5, 0))
    b'12,,-5,0'
    >>> numbers_of(b"12,,-5,0")
    (12, None, -5, 0)
    """
    return b",".join([b"" if number is None else b"%d" % number for number in numbers])


def numbers_of(text: bytes) -> tuple[int | None, ...]:
    """The numbers :func:`numbers_text` wrote."""
    return tuple([int(part) if part else None for part in text.split(b",")])


def pack(first: bytes, second: bytes, rest: bytes) -> bytes:
    r"""Three bytes as one: the sizes of the first two (two bytes each), then the three.

    >>> pack(b"ab", b"", b"cde")
    b'\x00\x02\x00\x00abcde'
    >>> unpack(pack(b"ab", b"", b"cde"))
    (b'ab', b'', b'cde')
    """
    size, other = len(first), len(second)
    return bytes((size >> 8, size & 255, other >> 8, other & 255)) + first + second + rest


def unpack(blob: bytes) -> tuple[bytes, bytes, bytes]:
    """The three bytes :func:`pack` wrote into ``blob``."""
    middle = 4 + (blob[0] << 8 | blob[1])
    end = middle + (blob[2] << 8 | blob[3])
    return blob[4:middle], blob[middle:end], blob[end:]


_CONFIG_KEYS: dict[int, tuple[object, bytes]] = {}
_KEYED_CONFIGS: dict[tuple[type, bytes], Any] = {}


def config_key(config: object) -> bytes:
    """A config's fields as one bytes, their ``repr`` (remembered per config object).

    >>> import tablerules.mock as mock
    >>> config_key(mock.Config(players=3))
    b"3,50,'share',None,None"
    """
    entry = _CONFIG_KEYS.get(id(config))
    if entry is not None and entry[0] is config:
        return entry[1]
    key = ",".join(map(repr, config_fields(config))).encode()
    if len(_CONFIG_KEYS) >= _MAX_CONFIGS:
        _CONFIG_KEYS.clear()
    _CONFIG_KEYS[id(config)] = (config, key)  # holding the config keeps its id from being reused
    return key


def config_of_key(config_class: type[_T], key: bytes) -> _T:
    """The config of ``config_class`` whose :func:`config_key` is ``key``, unchecked (shared).

    >>> import tablerules.mock as mock
    >>> config_of_key(mock.Config, b"3,50,'share',None,None") == mock.Config(players=3)
    True
    """
    config = _KEYED_CONFIGS.get((config_class, key))
    if config is None:
        fields = ast.literal_eval(f"({key.decode()},)")
        config = config_from_fields(config_class, fields)
        if len(_KEYED_CONFIGS) >= _MAX_CONFIGS:
            _KEYED_CONFIGS.clear()
        _KEYED_CONFIGS[config_class, key] = config
    result: _T = config
    return result


class LastShared(Generic[_Config, _Summary]):
    """The config and round summary of a game's pickles, as one bytes, kept for the next pickle.

    The states and observations of a game share one config and, for a
    round, one summary, and are often pickled in turn. :meth:`args` gives
    the config's :func:`config_key` and the summary's bytes
    (:meth:`summary_blob`: ``parts(summary)``, its numbers, cards and layout,
    as one bytes) packed as one bytes, made once per pair of objects in use
    (compared by identity; they are held, so their ids are not reused);
    :meth:`values` reads them back (``build`` makes the summary from its
    parts), comparing with the last bytes read. Each side's last entry is
    one tuple, swapped whole, so threads can only cost each other a miss.

    >>> import tablerules.mock as mock
    >>> from tablerules.mock._pickles import _build_summary, summary_parts
    >>> shared = LastShared(mock.Config, summary_parts, _build_summary)
    >>> shared.values(shared.args(mock.Config(players=3), None)) == (mock.Config(players=3), None)
    True
    """

    __slots__ = ("_blobs", "_build", "_config_class", "_parts", "_rebuild", "read", "written")

    def __init__(
        self,
        config_class: type[_Config],
        parts: Callable[[_Summary], tuple[tuple[int | None, ...], bytes, bytes]],
        build: Callable[[tuple[int, ...], bytes, bytes], _Summary],
    ) -> None:
        self._config_class = config_class
        self._parts = parts
        self._build = build
        self._rebuild = self.summary_of_blob  # one bound method: shared_rebuild keys on it
        self._blobs: dict[int, tuple[object, bytes]] = {}
        self.written: tuple[object, object, bytes] = (None, None, b"")
        """The config, the summary and their bytes written last."""
        self.read: tuple[bytes, Any, _Summary | None] = (b"", None, None)
        """The bytes read last, their config and their summary."""

    def summary_blob(self, summary: _Summary) -> bytes:
        """A round summary as one bytes: its numbers as text, then its cards and its layout."""
        numbers, cards, layout = self._parts(summary)
        return pack(numbers_text(numbers), cards, layout)

    def summary_of_blob(self, blob: bytes) -> _Summary:
        """The round summary :meth:`summary_blob` wrote, unchecked."""
        text, cards, layout = unpack(blob)
        return self._build(numbers_of(text), cards, layout)  # type: ignore[arg-type]

    def args(self, config: object, summary: _Summary | None) -> bytes:
        """The bytes of ``config`` and ``summary`` (``None`` before the first round ends)."""
        last_config, last_summary, last = self.written
        if config is last_config and summary is last_summary:
            return last
        key = config_key(config)
        if summary is None:
            blob = b""
        else:  # kept per summary object: the states of two rounds may be pickled in turn
            entry = self._blobs.get(id(summary))
            if entry is None or entry[0] is not summary:
                entry = (summary, self.summary_blob(summary))
                if len(self._blobs) >= _MAX_SHARED:
                    self._blobs.clear()
                self._blobs[id(summary)] = entry
            blob = entry[1]
        shared = len(key).to_bytes(2, "big") + key + blob
        self.written = (config, summary, shared)
        return shared

    def values(self, shared: bytes) -> tuple[_Config, _Summary | None]:
        """The config and the round summary whose bytes :meth:`args` made (shared objects)."""
        last, last_config, last_summary = self.read
        if shared == last:
            return last_config, last_summary
        size = 2 + int.from_bytes(shared[:2], "big")
        config: _Config = config_of_key(self._config_class, shared[2:size])
        blob = shared[size:]
        summary = shared_rebuild(self._rebuild, blob) if blob else None
        self.read = (shared, config, summary)
        return config, summary


class HistoryBytes:
    """A game's round histories as its pickles write them: each event's codes in turn, as bytes.

    ``write_events(events, codes)`` adds the codes of each of ``events`` to
    the list ``codes``, in one pass. The states of a round are pickled in
    turn, so a history that goes on from the one written last (equal events,
    so equal codes) only adds the codes of its new events. The last history
    is one entry, swapped whole, so threads can only cost each other a miss.

    >>> def write_events(events, codes):
    ...     for event in events:
    ...         codes += (event, event + 1)
    >>> history_bytes = HistoryBytes(write_events)
    >>> list(history_bytes((1, 5))), list(history_bytes((1, 5, 7)))
    ([1, 2, 5, 6], [1, 2, 5, 6, 7, 8])
    """

    __slots__ = ("_write_events", "last")

    def __init__(self, write_events: Callable[[Sequence[Any], list[int]], None]) -> None:
        self._write_events = write_events
        self.last: tuple[tuple[object, ...], bytes] = ((), b"")
        """The history written last and its bytes."""

    def __call__(self, history: tuple[object, ...]) -> bytes:
        """The codes of every event of ``history``, in order, as bytes."""
        last_history, last_blob = self.last
        if history is last_history:
            return last_blob
        done = len(last_history)
        codes: list[int] = []
        if done and len(history) >= done and history[:done] == last_history:
            if len(history) == done:
                return last_blob
            self._write_events(history[done:], codes)
            blob = last_blob + bytes(codes)
        else:
            self._write_events(history, codes)
            blob = bytes(codes)
        self.last = (history, blob)
        return blob


class DeckBytes:
    """A game's draw piles as its pickles write and read them, cut from the last one.

    The states of a round are pickled in turn, and each one's deck is the end
    of the deck before (equal cards, equal bytes): a deck that ends the one
    written last is a slice of its bytes, and bytes that end the ones read
    last are a slice of their cards. Each side is one entry, swapped whole,
    so threads can only cost each other a miss.

    >>> decks = DeckBytes()
    >>> [decks.write(FULL_DECK[at:]) == card_bytes(FULL_DECK[at:]) for at in (40, 45, 3)]
    [True, True, True]
    >>> [decks.read(card_bytes(FULL_DECK[at:])) == FULL_DECK[at:] for at in (40, 45, 3)]
    [True, True, True]
    """

    __slots__ = ("last_read", "last_written")

    def __init__(self) -> None:
        self.last_written: tuple[tuple[Card, ...], bytes] = ((), b"")
        """The deck written last and its bytes."""
        self.last_read: tuple[bytes, tuple[Card, ...]] = (b"", ())
        """The bytes read last and their cards."""

    def write(self, deck: tuple[Card, ...]) -> bytes:
        """``card_bytes(deck)``."""
        size = len(deck)
        if not size:
            return b""
        last_deck, last_blob = self.last_written
        skip = len(last_deck) - size
        if skip >= 0 and (deck is last_deck or last_deck[skip:] == deck):
            return last_blob[skip:]
        blob = card_bytes(deck)
        self.last_written = (deck, blob)
        return blob

    def read(self, blob: bytes) -> tuple[Card, ...]:
        """``cards_of(blob)``: the very card objects, a slice of the last deck's when it can."""
        if not blob:
            return ()
        last_blob, last_deck = self.last_read
        if last_blob.endswith(blob):
            return last_deck[len(last_blob) - len(blob) :]
        deck = cards_of(blob)
        self.last_read = (blob, deck)
        return deck
