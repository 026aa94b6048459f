"""Compact pickles of the games' values, laid out from each class's attrs fields.

Each game registers its classes here (its ``__init__`` calls
:func:`register`), which attaches a reducer with :func:`copyreg.pickle`, for
:mod:`pickle`, :func:`copy.copy` and :func:`copy.deepcopy` alike. A value's
pickle is a call of a loader named in the class's module, on parts derived
from the annotations of its fields:

- the config and the previous round's summary, as two bytes (see :class:`LastShared`);
- every card field (``tuple[Card, ...]``, tuples of those, tuples of tuples
  of those, and tuples of values such as OFC boards whose fields are all
  cards) as one bytes of card indices (``Card.index``, 0 to 51);
- the sizes of those fields, then the round's history, one small code per
  number of each event (see :class:`History`), as one more bytes;
- every other field, as one tuple of plain values, which pickle writes itself.

Every size of a layout is written in it, so a pickle reads the same way
whatever game or players it comes from, and loading rebuilds each value with
the engine's fast constructors and checks nothing: a pickle is for moving
values between your own processes, of the same version of the library.
Data from anyone else goes through the games' ``from_dict`` and
``observation_from_dict``, which check every field.

A pickle is a function of the value alone: equal values give the same bytes,
so the pickle of an observation holds exactly what the observation holds.

>>> import copy
>>> import pickle
>>> import tablerules.mock as mock
>>> state = mock.new_game(seed=7)
>>> pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL)) == state
True
>>> view = mock.observe(state, 1)
>>> pickle.loads(pickle.dumps(view)) == view == copy.deepcopy(view)
True
>>> list(card_bytes(state.hands[1])) == [card.index for card in state.hands[1]]
True
"""

from __future__ import annotations

import copyreg
import enum
import operator
import pickle
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs

from tablerules._common import fast_init
from tablerules.cards import FULL_DECK, Card

__all__ = ["History", "LastShared", "card_bytes", "cards_of", "register"]

_T = TypeVar("_T")
_Config = TypeVar("_Config")

_INDEX: Final[dict[Card, int]] = {card: index for index, card in enumerate(FULL_DECK)}
_NO_CARD: Final = 255
"""The code of a card field holding ``None``."""
_CODE: Final[dict[Card | None, int]] = dict(_INDEX.items())
_CODE[None] = _NO_CARD
_CARD_OF_CODE: Final[tuple[Card | None, ...]] = FULL_DECK + (None,) * (256 - len(FULL_DECK))
_OPTIONAL: Final[dict[bool | None, int]] = {False: 0, True: 1, None: 2}
_OPTIONAL_OF: Final = (False, True, None)
_BOOLS: Final = (False, True)
_getter: Final = operator.itemgetter


def card_bytes(cards: Sequence[Card]) -> bytes:
    """The indices of ``cards`` (see ``Card.index``) as bytes, in order.

    >>> from tablerules.cards import parse_cards
    >>> list(card_bytes(parse_cards("2c 2d As")))
    [0, 1, 51]
    """
    if len(cards) > 1:
        return bytes(_getter(*cards)(_INDEX))
    return bytes(map(_INDEX.__getitem__, cards))


def cards_of(blob: bytes) -> tuple[Card, ...]:
    """The cards whose indices ``blob`` holds: the very 52 card objects, in order.

    >>> from tablerules.cards import parse_cards
    >>> cards_of(bytes([0, 1, 51])) == parse_cards("2c 2d As")
    True
    """
    if len(blob) > 1:
        cards: tuple[Card, ...] = _getter(*blob)(FULL_DECK)
        return cards
    return tuple(map(FULL_DECK.__getitem__, blob))


class LastShared(Generic[_Config]):
    """A game's config and previous round's summary as two bytes, made and read once each.

    The states and observations of a game share one config and, for a
    round, one summary, and they are often pickled in turn. :meth:`write`
    pickles the config's fields (plain values: see ``plain_fields``) and the summary again only
    when that object changes (they are held and compared by identity);
    :meth:`values` loads each again only when its bytes differ from the last
    ones read (the config is rebuilt through its checks). Each side keeps
    one entry, swapped whole, so threads can only cost each other a miss.

    >>> import tablerules.mock as mock
    >>> shared = LastShared(mock.Config, mock.RoundSummary)
    >>> blobs = shared.write(mock.Config(players=3), None)
    >>> shared.values(*blobs) == (mock.Config(players=3), None)
    True
    """

    __slots__ = ("_names", "config_class", "read", "summary_class", "written")

    def __init__(self, config_class: type[_Config], summary_class: type) -> None:
        self.config_class = config_class
        """The game's config class."""
        self.summary_class = summary_class
        """The game's round summary class."""
        fields = attrs.fields(config_class)  # type: ignore[arg-type]
        self._names = tuple(field.name for field in fields if field.init)
        self.written: tuple[object, object, tuple[bytes, bytes]] = (None, None, (b"", b""))
        """The config and the summary written last, and their bytes."""
        self.read: tuple[bytes, Any, bytes, Any] = (b"", None, b"", None)
        """The config's bytes read last and their config, and the summary's."""

    def write(self, config: _Config, summary: object) -> tuple[bytes, bytes]:
        """The bytes of ``config`` and of ``summary`` (``b""`` for ``None``)."""
        last_config, last_summary, blobs = self.written
        if config is last_config and summary is last_summary:
            return blobs
        config_blob, summary_blob = blobs
        if config is not last_config:
            fields = tuple([getattr(config, name) for name in self._names])
            config_blob = pickle.dumps(fields, pickle.HIGHEST_PROTOCOL)
        if summary is not last_summary:
            if summary is None:
                summary_blob = b""
            else:  # its parts alone: the loader knows its class
                parts = _PARTS[self.summary_class](summary)
                summary_blob = pickle.dumps(parts, pickle.HIGHEST_PROTOCOL)
        blobs = (config_blob, summary_blob)
        self.written = (config, summary, blobs)
        return blobs

    def values(self, config_blob: bytes, summary_blob: bytes) -> tuple[_Config, Any]:
        """The config and the summary whose bytes :meth:`write` made."""
        last_config_blob, config, last_summary_blob, summary = self.read
        if config_blob == last_config_blob and summary_blob == last_summary_blob:
            return config, summary
        if config_blob != last_config_blob:
            fields = pickle.loads(config_blob)  # bytes this module wrote
            config = self.config_class(**dict(zip(self._names, fields, strict=True)))
        if summary_blob != last_summary_blob:
            if summary_blob:
                summary = _LOADERS[self.summary_class](*pickle.loads(summary_blob))
            else:
                summary = None
        self.read = (config_blob, config, summary_blob, summary)
        return config, summary


def _field_kind(annotation: object, owner: type) -> tuple[str, object]:
    """How an event's field is coded, from its annotation: a kind and, for an enum, its table."""
    text = str(annotation).replace(" ", "")
    if text in {"int", "bool", "Card", "Card|None", "bool|None", "tuple[Card,...]"}:
        return text, None
    found: Any = vars(sys.modules[owner.__module__]).get(text)
    if isinstance(found, enum.EnumMeta) and issubclass(found, int):  # an IntEnum such as Rank
        table: list[object] = [None] * 256
        members: Any = found
        for member in members:
            table[int(member)] = member
        return "enum", tuple(table)
    raise TypeError(f"{owner.__name__} has a field of type {text}, which a history cannot code")


class History:
    """A game's round histories as bytes: per event its kind, then a code per field.

    ``History(kinds)`` builds the writer and the reader from the attrs fields
    of the event classes ``kinds``: an event is its class's place in
    ``kinds``, then each field by its annotation (an int, bool, ``IntEnum``
    or card as one byte, a ``bool | None`` as 0, 1 or 2, a ``Card | None``
    as 255 for ``None``, a tuple of cards as its size and its cards). The
    states of a round are pickled in turn and share their events: a history
    that goes on from the one written (or read) last adds only its new
    events (this is the one memo of the events; each side keeps one entry,
    swapped whole).

    >>> from tablerules import mentok
    >>> history = History((mentok.AskRecord, mentok.StandRecord))
    >>> events = (mentok.StandRecord(seat=1, hand=0),)
    >>> list(history.write(events)), history.read(history.write(events), 0) == events
    ([1, 1, 0], True)
    """

    __slots__ = ("_read_events", "_write_events", "read_last", "written")

    def __init__(self, kinds: Sequence[type]) -> None:
        self._write_events, self._read_events = _history_functions(kinds)
        self.written: tuple[tuple[object, ...], bytes] = ((), b"")
        """The history written last and its bytes."""
        self.read_last: tuple[bytes, tuple[object, ...]] = (b"", ())
        """The bytes read last and their events."""

    def write(self, history: tuple[object, ...]) -> bytes:
        """The codes of every event of ``history``, in order, as bytes."""
        last_history, last_blob = self.written
        if history is last_history:
            return last_blob
        done = len(last_history)
        codes: list[int] = []
        if done and len(history) >= done and history[:done] == last_history:
            self._write_events(history[done:], codes)
            blob = last_blob + bytes(codes)
        else:
            self._write_events(history, codes)
            blob = bytes(codes)
        self.written = (history, blob)
        return blob

    def read(self, codes: bytes, at: int) -> tuple[Any, ...]:
        """The events :meth:`write` wrote, from ``codes[at:]`` to the end."""
        tail = codes[at:]
        if not tail:
            return ()
        last_codes, last_events = self.read_last
        if last_codes and tail.startswith(last_codes):
            # events are self-delimiting: the old ones end where they did
            if len(tail) == len(last_codes):
                return last_events
            events = last_events + tuple(self._read_events(tail[len(last_codes) :]))
        else:
            events = tuple(self._read_events(tail))
        self.read_last = (tail, events)
        return events


_EVENT_WRITERS: Final = {
    "Card": "_index({})",
    "Card|None": "_CODE[{}]",
    "bool|None": "_OPTIONAL[{}]",
}
"""How a history writes a field of a fixed size, by its kind (the rest as they are)."""
_EVENT_READERS: Final = {
    "bool": "_BOOLS[codes[{0}]]",
    "bool|None": "_OPTIONAL_OF[codes[{0}]]",
    "Card": "row[{0}]",
    "Card|None": "row[{0}]",
    "enum": "_table_{1}_{2}[codes[{0}]]",
}
"""How a history reads a field of a fixed size at a place, by its kind (the rest as a byte)."""


def _history_functions(kinds: Sequence[type]) -> tuple[Callable[..., None], Callable[..., Any]]:
    """Generate the writer and the reader of the events of ``kinds`` (see :class:`History`)."""
    namespace: dict[str, object] = {
        "_index": _INDEX.__getitem__,
        "_CODE": _CODE,
        "_OPTIONAL": _OPTIONAL,
        "_OPTIONAL_OF": _OPTIONAL_OF,
        "_BOOLS": _BOOLS,
        "_CARDS": _CARD_OF_CODE,
        "_getter": _getter,
        "_Error": pickle.UnpicklingError,
    }
    write = ["def write_events(events, codes):", "    for event in events:"]
    write.append("        kind = type(event)")
    read = ["def read_events(codes):", "    end = len(codes)"]
    read.append("    row = _getter(*codes)(_CARDS) if end > 1 else (_CARDS[codes[0]],)")
    read += ["    events = []", "    append = events.append", "    at = 0", "    while at < end:"]
    read.append("        kind = codes[at]")
    for number, kind in enumerate(kinds):
        namespace[f"_kind{number}"] = kind
        namespace[f"_make{number}"] = fast_init(kind)
        fields = [(field.name, *_field_kind(field.type, kind)) for field in attrs.fields(kind)]
        fixed = [field for field in fields if field[1] != "tuple[Card,...]"]
        # the fixed-size fields first, at known places, then the tuples of cards
        parts, values, cut = [str(number)], {}, 1 + len(fixed)
        for offset, (name, code, table) in enumerate(fixed, start=1):
            parts.append(_EVENT_WRITERS.get(code, "{}").format(f"event.{name}"))
            if table is not None:
                namespace[f"_table_{number}_{name}"] = table
            spot = f"at + {offset}"
            values[name] = _EVENT_READERS.get(code, "codes[{}]").format(spot, number, name)
        read.append(f"        {'if' if number == 0 else 'elif'} kind == {number}:")
        if len(fixed) < len(fields):
            read.append(f"            cut = at + {cut}")
        for name, code, _ in fields:
            if code == "tuple[Card,...]":
                parts += [f"len(event.{name})", f"*map(_index, event.{name})"]
                read.append("            size = codes[cut]")
                read.append(f"            value_{name} = row[cut + 1 : cut + 1 + size]")
                read.append("            cut += 1 + size")
                values[name] = f"value_{name}"
        arguments = ", ".join(values[name] for name, _, _ in fields)
        read.append(f"            append(_make{number}({arguments}))")
        read.append(
            "            at = cut" if len(fixed) < len(fields) else f"            at += {cut}"
        )
        write.append(f"        {'if' if number == 0 else 'elif'} kind is _kind{number}:")
        write.append(f"            codes += ({', '.join(parts)},)")
    write += ["        else:", "            raise TypeError(f'{kind.__name__} is not an event')"]
    read += ["        else:", "            raise _Error(f'unknown event code {kind}')"]
    read.append("    return events")
    exec("\n".join(write) + "\n\n" + "\n".join(read) + "\n", namespace)
    return namespace["write_events"], namespace["read_events"]  # type: ignore[return-value]


_LOADERS: Final[dict[type, Callable[..., Any]]] = {}
"""The loader of each registered class (a table built once per class)."""
_PARTS: Final[dict[type, Callable[[Any], tuple[object, ...]]]] = {}
"""What the reducer of each registered class gives its loader (built once per class)."""


def _cut(cards: tuple[Card, ...], start: int, sizes: bytes) -> tuple[list[tuple[Card, ...]], int]:
    """Consecutive card tuples of ``sizes`` from ``cards[start:]``, and where they end."""
    parts = []
    for size in sizes:
        parts.append(cards[start : start + size])
        start += size
    return parts, start


def _rows(
    cards: tuple[Card, ...], start: int, layout: bytes, at: int
) -> tuple[tuple[tuple[Card, ...], ...], int, int]:
    """A tuple of card tuples: its size, then each one's size; and where the cards and sizes end."""
    count = layout[at]
    rows, start = _cut(cards, start, layout[at + 1 : at + 1 + count])
    return tuple(rows), start, at + 1 + count


def _tables(
    cards: tuple[Card, ...], start: int, layout: bytes, at: int
) -> tuple[tuple[tuple[tuple[Card, ...], ...], ...], int, int]:
    """A tuple of tuples of card tuples: the sizes of the outer two, then each card tuple's size."""
    count = layout[at]
    counts = layout[at + 1 : at + 1 + count]
    at += 1 + count
    seats = []
    for number in counts:
        seat, start = _cut(cards, start, layout[at : at + number])
        seats.append(tuple(seat))
        at += number
    return tuple(seats), start, at


def _groups(
    group: tuple[Callable[..., Any], int],
    cards: tuple[Card, ...],
    start: int,
    layout: bytes,
    at: int,
) -> tuple[tuple[Any, ...], int, int]:
    """A tuple of values of card fields only (OFC boards): its size, then each field's size.

    ``group`` is the values' constructor and their number of fields.
    """
    make, width = group
    count = layout[at]
    at += 1
    groups = []
    for _ in range(count):
        parts, start = _cut(cards, start, layout[at : at + width])
        groups.append(make(*parts))
        at += width
    return tuple(groups), start, at


def _is_tuple(text: str) -> bool:
    """Whether an annotation's text (without spaces) is one ``tuple[...]`` as a whole.

    >>> [_is_tuple(text) for text in ("tuple[int,...]", "tuple[int,...]|None", "list[int]")]
    [True, False, False]
    """
    if not text.startswith("tuple["):
        return False
    depth = 0
    for place, char in enumerate(text):
        depth += (char == "[") - (char == "]")
        if depth == 0 and char == "]":
            return place == len(text) - 1
    return False


_CARD_KINDS: Final = {
    "tuple[Card,...]": "cards",
    "tuple[tuple[Card,...],...]": "rows",
    "tuple[tuple[tuple[Card,...],...],...]": "tables",
}


def _layout_functions(
    kind: type,
    shared: LastShared[Any] | None,
    history: History | None,
    groups: Sequence[type],
) -> tuple[Callable[[Any], Any], Callable[[Any], Any], Callable[..., Any]]:
    """Generate the reducer, its parts alone and the loader of the attrs class ``kind``."""
    namespace: dict[str, object] = {
        "_make": fast_init(kind),
        "_card_bytes": card_bytes,
        "_cards_of": cards_of,
        "_rows": _rows,
        "_tables": _tables,
        "_groups": _groups,
        "_shared": shared,
        "_history": history,
    }
    by_text = {f"tuple[{group.__name__},...]": group for group in groups}
    write = ["    cards = []", "    sizes = []"]
    read = ["    cards = _cards_of(blob)", "    start = at = 0"]
    plain, names, config, summary, events, last = [], [], "None", "None", "", ""
    for field in attrs.fields(kind):
        name, text = field.name, str(field.type).replace(" ", "")
        value, local = f"value.{name}", f"v_{name}"
        names.append(local)
        card_kind = _CARD_KINDS.get(text)
        if shared is not None and text == shared.config_class.__name__:
            config = value
            read.append(f"    {local} = config")
        elif shared is not None and text.removesuffix("|None") == shared.summary_class.__name__:
            summary = value
            read.append(f"    {local} = summary")
        elif text == "tuple[Event,...]" and history is not None:
            events = value
            last = f"    {local} = _history.read(layout, at)"  # after every size
        elif card_kind == "cards":
            write += [f"    part = {value}", "    cards += part", "    sizes.append(len(part))"]
            read.append(f"    end = start + layout[at]; {local} = cards[start:end]")
            read.append("    start = end; at += 1")
        elif card_kind == "rows":
            write += [f"    rows = {value}", "    sizes.append(len(rows))"]
            write += [
                "    for row in rows:",
                "        cards += row",
                "        sizes.append(len(row))",
            ]
            read.append(f"    {local}, start, at = _rows(cards, start, layout, at)")
        elif card_kind == "tables":
            write += [
                f"    seats = {value}",
                "    sizes.append(len(seats))",
                "    sizes += map(len, seats)",
            ]
            write += ["    for seat in seats:", "        for row in seat:"]
            write += ["            cards += row", "            sizes.append(len(row))"]
            read.append(f"    {local}, start, at = _tables(cards, start, layout, at)")
        elif text in by_text:
            group = by_text[text]
            parts = [part.name for part in attrs.fields(group)]
            namespace[f"_group_{name}"] = (fast_init(group), len(parts))
            write += [
                f"    found = {value}",
                "    sizes.append(len(found))",
                "    for item in found:",
            ]
            for part in parts:
                write += [f"        part = item.{part}", "        cards += part"]
                write.append("        sizes.append(len(part))")
            read.append(
                f"    {local}, start, at = _groups(_group_{name}, cards, start, layout, at)"
            )
        elif _is_tuple(text) and _is_tuple(text[6:-5]) and text.endswith(",...]"):
            # fresh tuples, so that pickle's memo shares none of them: equal values, equal bytes
            plain.append((f"tuple([(*item,) for item in {value}])", local))
        elif _is_tuple(text):
            plain.append((f"(*{value},)", local))
        else:
            plain.append((value, local))
    if last:
        read.append(last)
    shared_code = f"_shared.write({config}, {summary})" if shared is not None else "b'', b''"
    layout_code = "bytes(sizes)" + (f" + _history.write({events})" if events else "")
    plain_code = "".join(f"{value}, " for value, _ in plain)
    body = [
        *write,
        f"    config, summary = {shared_code}",
        f"    blob, layout = _card_bytes(cards), {layout_code}",
    ]
    returned = f"config, summary, blob, layout, ({plain_code})"
    source = [
        "def reduce(value):",
        *body,
        f"    return (_loader, ({returned}))",
        "",
        "def parts(value):",
        *body,
        f"    return ({returned})",
        "",
        "def loader(config, summary, blob, layout, plain):",
    ]
    if shared is not None:
        source.append("    config, summary = _shared.values(config, summary)")
    source += read
    if plain:
        source.append(f"    ({''.join(f'{local}, ' for _, local in plain)}) = plain")
    source.append(f"    return _make({', '.join(names)})")
    exec("\n".join(source) + "\n", namespace)
    # the loader is a function of the class's module, which pickle finds by name: a
    # process that loads the pickle imports that module, so its game, so this layout
    loader: Any = namespace["loader"]
    loader.__module__ = kind.__module__
    loader.__name__ = loader.__qualname__ = f"_{kind.__name__}_from_pickle"
    setattr(sys.modules[kind.__module__], loader.__name__, loader)
    namespace["_loader"] = loader
    return namespace["reduce"], namespace["parts"], loader  # type: ignore[return-value]


def register(
    *kinds: type,
    config: type,
    summary: type,
    events: Sequence[type] = (),
    groups: Sequence[type] = (),
) -> None:
    """Give a game's classes their compact pickles (and copies), laid out from their fields.

    ``kinds`` are the game's state and observation classes; ``config`` its
    config class and ``summary`` its round summary class, which pickle
    through :class:`LastShared`; ``events`` the event classes of its round
    histories (see :class:`History`); ``groups`` classes of card fields only
    that other fields hold in tuples (OFC's ``Board``). Every one of them
    but the config and the events pickles on its own too.
    """
    shared: LastShared[Any] = LastShared(config, summary)
    history = History(events) if events else None
    for kind in (*groups, summary, *kinds):
        fields = attrs.fields(kind)
        needs_shared = any(str(field.type) == config.__name__ for field in fields)
        reduce, parts, loader = _layout_functions(
            kind, shared if needs_shared else None, history, groups
        )
        _PARTS[kind] = parts
        _LOADERS[kind] = loader
        copyreg.pickle(kind, reduce)
