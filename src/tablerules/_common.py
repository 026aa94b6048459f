"""What the three games share: decks, seat order, checks, state building and records.

Every game deals each round from a fresh deck shuffled by :func:`round_deck`,
so a game's seed fixes every shuffle; seats take turns in :func:`turn_order`.
States are built on hot paths by the constructor :func:`fast_init` makes from
a class's attrs fields. ``to_dict`` writes cards as text so records stay
readable, and starts with :func:`write_header`; ``from_dict`` reads it back
with :func:`read_header` and the ``read_*`` helpers, which raise
:class:`~tablerules.StateError` naming the field that is wrong (paths such as
``state.scores[1]``). Error messages show the offending value through
:func:`~tablerules.errors.show`, which stays short and never fails.
"""

from __future__ import annotations

import operator
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, TypeVar

import attrs
from typing_extensions import ParamSpec

from tablerules.cards import FULL_DECK, Card, cards_text, is_card, parse_cards
from tablerules.errors import (
    MAX_INT_BITS,
    CardError,
    ConfigError,
    RulesError,
    StateError,
    show,
    type_name,
)

_Item = TypeVar("_Item")
_T = TypeVar("_T")
_P = ParamSpec("_P")

Json = dict[str, Any]
"""A JSON-compatible record, as every ``to_dict`` returns."""


__all__ = [
    "Header",
    "Json",
    "Picker",
    "bool_item",
    "card_count_problems",
    "changer",
    "check_cards_once",
    "check_rng",
    "check_seat",
    "check_seed",
    "check_type",
    "check_view_is_playable",
    "config_to_dict",
    "fast_init",
    "int_item",
    "is_int",
    "parse_card_field",
    "picker",
    "plain_fields",
    "read_bool",
    "read_cards",
    "read_config",
    "read_header",
    "read_int",
    "read_list",
    "read_mapping",
    "read_observation_header",
    "read_optional_int",
    "read_optional_seat",
    "read_per_seat",
    "read_seats",
    "read_str",
    "round_deck",
    "seat_item",
    "stacked_deck",
    "turn_order",
    "with_fields",
    "write_cards",
    "write_header",
]


def turn_order(players: int, dealer: int) -> tuple[int, ...]:
    """The seats in turn order, starting left of the dealer.

    >>> turn_order(4, 2)
    (3, 0, 1, 2)
    """
    return tuple((dealer + 1 + step) % players for step in range(players))


def check_type(value: object, expected: type[_T], parameter: str) -> _T:
    """``value`` if it is an ``expected``, else a :class:`TypeError` naming ``parameter``.

    A seat's Observation where the State is needed (``apply(view, action)``)
    is told why: only the state holds what comes next.

    >>> import tablerules.ofc as ofc
    >>> check_type(5, ofc.State, "state")
    Traceback (most recent call last):
    ...
    TypeError: state must be a tablerules.ofc.State, not int
    >>> state = ofc.new_game(seed=1)
    >>> check_type(ofc.observe(state, 1), ofc.State, "state")
    Traceback (most recent call last):
    ...
    TypeError: state must be a tablerules.ofc.State, not tablerules.ofc.Observation: ...
    """
    if not isinstance(value, expected):
        package = expected.__module__.rsplit(".", 1)[0]
        found = type_name(value)
        hint = ""
        if expected.__name__ == "State" and found == f"{package}.Observation":
            hint = (
                ": the rules move the full State, which holds the deck and every hand; "
                "a seat's Observation is for choosing (legal_actions, random_action, the "
                "codec), and the game loop applies the chosen action to the State"
            )
        raise TypeError(f"{parameter} must be a {package}.{expected.__name__}, not {found}{hint}")
    return value


Picker = Callable[[Sequence[Card]], tuple[Card, ...]]
"""Takes the cards at some fixed positions of a hand, as a tuple (see :func:`picker`)."""


def _nothing(cards: Sequence[Card]) -> tuple[Card, ...]:
    return ()


def picker(positions: tuple[int, ...]) -> Picker:
    """A fast function taking the cards at ``positions``, in that order, as a tuple.

    The games list their actions by positions in a sorted hand and build each
    action's card fields with pickers made once.

    >>> hand = parse_cards("2c 5d 9h Ks")
    >>> [cards_text(picker(positions)(hand)) for positions in ((), (2,), (3, 0))]
    ['', '9h', 'Ks 2c']
    """
    if not positions:
        return _nothing
    if len(positions) == 1:
        position = positions[0]
        return lambda cards: (cards[position],)
    return operator.itemgetter(*positions)


def check_rng(rng: object, parameter: str = "rng") -> random.Random:
    """Return ``rng`` if it is a :class:`random.Random`, else raise :class:`TypeError`.

    >>> check_rng(7)
    Traceback (most recent call last):
    ...
    TypeError: rng must be a random.Random, such as random.Random(7), not int
    """
    if not isinstance(rng, random.Random):
        raise TypeError(
            f"{parameter} must be a random.Random, such as random.Random(7), not {type_name(rng)}"
        )
    return rng


def fast_init(cls: Callable[_P, _T]) -> Callable[_P, _T]:
    """A constructor for the frozen attrs class ``cls`` that skips attrs' ``__init__``.

    It takes the same arguments as ``cls`` (mypy sees the same signature) and
    sets each slot directly, without converters or validators: the engine's
    way to build states whose fields it knows are good. Call it with keywords
    (for a class of more than 15 fields, pass the first ones by position: CPython
    compiles a call of more than 15 keywords to build a dict of them first).

    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> make_point = fast_init(Point)
    >>> make_point(x=1) == Point(1, 0)
    True
    """
    klass: Any = cls  # an attrs class; typed as a callable so the signature carries over
    namespace: dict[str, object] = {"_new": object.__new__, "_cls": klass}
    parameters, body = [], []
    for field in attrs.fields(klass):
        if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            raise TypeError(f"fast_init does not support factory defaults ({field.name})")
        if field.default is attrs.NOTHING:
            parameters.append(field.name)
        else:
            namespace[f"_default_{field.name}"] = field.default
            parameters.append(f"{field.name}=_default_{field.name}")
        namespace[f"_set_{field.name}"] = klass.__dict__[field.name].__set__
        body.append(f"    _set_{field.name}(self, {field.name})")
    name = klass.__name__
    source = (
        f"def make_{name}({', '.join(parameters)}):\n"
        "    self = _new(_cls)\n" + "\n".join(body) + "\n    return self\n"
    )
    exec(source, namespace)
    made: Callable[_P, _T] = namespace[f"make_{name}"]  # type: ignore[assignment]
    made.__doc__ = f"Build a {name} from known-good fields, skipping attrs' checks."
    return made


_CHANGERS: Final[dict[tuple[type, tuple[str, ...]], Callable[..., Any]]] = {}
"""The copying functions :func:`with_fields` generated: one per class and set of changed names.

A template cache: its keys are the call sites' spellings, so it stays as small
as the code that calls it.
"""


def changer(klass: type[_T], *names: str) -> Callable[..., _T]:
    """The function that copies a ``klass`` value with the fields ``names`` replaced.

    It is what :func:`with_fields` calls, for hot paths to keep in a
    module constant: ``change(value, name=new, ...)`` takes exactly ``names``
    (by keyword, or in order) and costs no more than :func:`fast_init`'s
    constructor. It is generated once per class and set of names.

    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> move = changer(Point, "x")
    >>> point = Point(1, 2)
    >>> move(point, x=7), point
    (Point(x=7, y=2), Point(x=1, y=2))
    >>> move(point, x=7, y=3)
    Traceback (most recent call last):
    ...
    TypeError: change_Point() got an unexpected keyword argument 'y'
    >>> changer(Point, "z")
    Traceback (most recent call last):
    ...
    TypeError: Point has no field 'z'
    """
    made = _CHANGERS.get((klass, names))
    if made is not None:
        return made
    fields: tuple[attrs.Attribute[object], ...] = attrs.fields(klass)  # type: ignore[arg-type]
    unknown = [name for name in names if name not in {field.name for field in fields}]
    if unknown:
        raise TypeError(f"{klass.__name__} has no field {unknown[0]!r}")
    namespace: dict[str, object] = {"_new": object.__new__, "_cls": klass}
    body = []
    for field in fields:
        name = field.name
        namespace[f"_set_{name}"] = klass.__dict__[name].__set__
        body.append(f"    _set_{name}(self, {name if name in names else 'value.' + name})")
    source = (
        f"def change_{klass.__name__}(value, {', '.join(names)}):\n"
        "    self = _new(_cls)\n" + "\n".join(body) + "\n    return self\n"
    )
    exec(source, namespace)
    change: Callable[..., _T] = namespace[f"change_{klass.__name__}"]  # type: ignore[assignment]
    _CHANGERS[klass, names] = change
    return change


def with_fields(value: _T, **changes: object) -> _T:
    """A copy of the frozen attrs ``value`` with the fields named in ``changes`` replaced.

    The engine's ``attrs.evolve`` for the values it builds on hot paths: like
    :func:`fast_init`, it sets each slot directly, without converters or
    validators, so the new fields must already be good. The copying function
    for a class and a set of changed names is generated on first use and kept.
    An unknown field name is a :class:`TypeError`, as in ``attrs.evolve``.

    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> point = Point(1, 2)
    >>> with_fields(point, y=5), with_fields(point), point
    (Point(x=1, y=5), Point(x=1, y=2), Point(x=1, y=2))
    >>> with_fields(point, z=5)
    Traceback (most recent call last):
    ...
    TypeError: Point has no field 'z'
    """
    change: Callable[..., _T] | None = _CHANGERS.get((type(value), tuple(changes)))
    if change is None:
        change = changer(type(value), *changes)
    return change(value, **changes)


def is_int(value: object) -> bool:
    """Whether ``value`` is an int and not a bool (``True`` is an ``int`` to Python).

    >>> [is_int(value) for value in (3, True, 3.0, "3")]
    [True, False, False, False]
    """
    return isinstance(value, int) and not isinstance(value, bool)


def _plain(value: object) -> object:
    """``value``, an int or str subclass (an ``IntEnum`` member, say) made a plain int or str."""
    kind = type(value)
    if kind is int or kind is str or kind is bool or value is None:
        return value
    if isinstance(value, tuple):
        items = [_plain(item) for item in value]
        same = kind is tuple and all(new is old for new, old in zip(items, value, strict=True))
        return value if same else tuple(items)
    if isinstance(value, int):  # bool is final: an int subclass here is never a bool
        return int.__int__(value)  # the plain value, whatever the subclass's __int__ says
    if isinstance(value, str):
        return str.__str__(value)  # the characters, not the subclass's str() ('Rule.CLASSIC')
    return value


def plain_fields(config: object) -> None:
    """Make each field of a game's ``Config`` that is an int or str subclass a plain int or str.

    Each ``Config`` calls it first thing after attrs sets its fields, so a
    config given ``players=Seats.TWO`` (an ``IntEnum``) holds the plain ``2``:
    equal configs are the same values, write the same records and pickles,
    and load without the enum's class. Tuples are made plain item by item.
    Other values are left for the config's checks to refuse.

    >>> import enum
    >>> import tablerules.mock as mock
    >>> class Seats(enum.IntEnum):
    ...     FIVE = 5
    >>> type(mock.Config(players=Seats.FIVE).players)
    <class 'int'>
    """
    fields: tuple[attrs.Attribute[object], ...] = type(config).__attrs_attrs__  # type: ignore[attr-defined]
    for field in fields:
        value = getattr(config, field.name)
        kind = type(value)
        if kind is int or kind is bool or kind is str or value is None:
            continue
        plain = _plain(value)
        if plain is not value:
            object.__setattr__(config, field.name, plain)  # frozen, but still being built


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is an int (not a bool), else raise :class:`ConfigError`.

    >>> check_seed(2**300)
    Traceback (most recent call last):
    ...
    tablerules.errors.ConfigError: seed must fit in 256 bits, not an integer of 301 bits
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigError(f"seed must be an int, not {type_name(seed)}")
    if seed.bit_length() > MAX_INT_BITS:
        raise ConfigError(f"seed must fit in {MAX_INT_BITS} bits, not {show(seed)}")
    return seed


def check_seat(seat: object, players: int) -> int:
    """Return ``seat`` if it is a seat at a table of ``players``.

    A seat that is not an int (a bool, text such as ``"1"``) is a
    :class:`TypeError`; an int that is not a seat is a :class:`RulesError`.

    >>> check_seat(4, 4)
    Traceback (most recent call last):
    ...
    tablerules.errors.RulesError: seat must be 0 to 3, not 4
    >>> check_seat("1", 4)
    Traceback (most recent call last):
    ...
    TypeError: seat must be an int, not str
    """
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise TypeError(f"seat must be an int, not {type_name(seat)}")
    if not 0 <= seat < players:
        raise RulesError(f"seat must be 0 to {players - 1}, not {show(seat)}")
    return seat


_SHUFFLE_STEPS: Final = {
    decks: tuple(
        (index, index + 1, (index + 1).bit_length()) for index in range(52 * decks - 1, 0, -1)
    )
    for decks in (1, 2)
}
"""For each swap of a shuffle of one or two decks: the position, how many cards it chooses from,
and how many random bits a draw takes (what ``random.Random._randbelow`` computes per call)."""


def round_deck(seed: int, round_index: int, decks: int = 1) -> tuple[Card, ...]:
    """The shuffled deck of one round of a game with this seed.

    The same seed and round always give the same order, on every machine and
    Python version (string seeds are hashed with SHA-512 by :mod:`random`).

    >>> round_deck(7, 0) == round_deck(7, 0) != round_deck(7, 1)
    True
    """
    cards = list(FULL_DECK) * decks
    getrandbits = random.Random(f"tablerules/{seed}/{round_index}").getrandbits
    # random.shuffle's own Fisher-Yates draws, with its per-card call to
    # _randbelow inlined: the same decks, about a third quicker
    for index, size, bits in _SHUFFLE_STEPS[decks]:
        other = getrandbits(bits)
        while other >= size:
            other = getrandbits(bits)
        cards[index], cards[other] = cards[other], cards[index]
    return tuple(cards)


def stacked_deck(deck: Sequence[Card], decks: int = 1) -> tuple[Card, ...]:
    """Check a deck given to ``new_game(deck=...)``: every card exactly ``decks`` times.

    >>> len(stacked_deck(FULL_DECK))
    52
    >>> stacked_deck(FULL_DECK[:51])
    Traceback (most recent call last):
    ...
    tablerules.errors.ConfigError: a stacked deck must hold all 52 cards once each; missing As
    """
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Iterable):
        raise ConfigError(
            f"deck must be a sequence of Card values such as tablerules.FULL_DECK, not {show(deck)}"
        )
    cards = tuple(deck)
    for card in cards:
        if not is_card(card):
            raise ConfigError(f"a stacked deck holds Card values, not {show(card)}")
    problem = card_count_problems(cards, decks)
    if problem:
        what = "once each" if decks == 1 else f"{decks} times each"
        raise ConfigError(f"a stacked deck must hold all 52 cards {what}; {problem}")
    return cards


def card_count_problems(cards: Iterable[Card], decks: int = 1) -> str:
    """What keeps ``cards`` from being exactly ``decks`` full decks; ``""`` if nothing.

    >>> card_count_problems(FULL_DECK[1:] + FULL_DECK[-1:])
    'missing 2c and too many As'
    >>> card_count_problems(FULL_DECK * 2, decks=2)
    ''
    """
    counts = Counter(cards)
    missing = [card for card in FULL_DECK if counts[card] < decks]
    extra = [card for card in FULL_DECK if counts[card] > decks]
    problems = []
    if missing:
        problems.append(f"missing {cards_text(missing)}")
    if extra:
        problems.append(f"too many {cards_text(extra)}")
    return " and ".join(problems)


def check_cards_once(cards: Iterable[Card]) -> None:
    """Raise :class:`~tablerules.StateError` unless a one-deck state holds every card once."""
    problem = card_count_problems(cards)
    if problem:
        raise StateError(
            f"state: cards appear more than once or are missing: {problem}"
            " (every card must be in exactly one place)"
        )


def write_cards(cards: Sequence[Card]) -> str:
    """Cards as one string of card text, ``""`` for none (see :func:`read_cards`)."""
    return cards_text(cards)


def write_header(game: str, version: int, state: Any) -> Json:
    """The fields every state record starts with: game, version, config, seed, round, scores.

    >>> import tablerules.mock as mock
    >>> sorted(write_header("mock", 1, mock.new_game(seed=1)))
    ['config', 'game', 'round', 'scores', 'seed', 'version']
    """
    return {
        "game": game,
        "version": version,
        "config": config_to_dict(state.config),
        "seed": state.seed,
        "round": state.round,
        "scores": list(state.scores),
    }


@attrs.frozen
class Header:
    """The common fields of a state record, read and checked by :func:`read_header`."""

    config: Any
    """The game's ``Config``."""
    seed: int
    """The game's seed."""
    round: int
    """The round being played (0-based)."""
    scores: tuple[int, ...]
    """Each seat's score."""


def read_header(
    data: object, game: str, version: int, config_class: type[object]
) -> tuple[Mapping[str, object], Header]:
    """Check a record's game and version and read the fields :func:`write_header` wrote.

    Returns the record as a mapping and its :class:`Header`.

    >>> import tablerules.mock as mock
    >>> read_header({"game": "ofc"}, "mock", 1, mock.Config)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state.game must be 'mock', not 'ofc'
    """
    record = read_mapping(data, "state")
    if record.get("game") != game:
        raise StateError(f"state.game must be {game!r}, not {show(record.get('game'))}")
    if record.get("version") != version or isinstance(record.get("version"), bool):
        raise StateError(
            f"state.version must be {version} (this library writes and reads version {version}), "
            f"not {show(record.get('version'))}"
        )
    config = read_config(record, "state", config_class)
    players: int = config.players  # type: ignore[attr-defined]
    header = Header(
        config=config,
        seed=read_int(record, "seed", "state"),
        round=read_int(record, "round", "state", minimum=0),
        scores=read_seats(record, "scores", "state", players, int_item),
    )
    return record, header


def read_observation_header(
    data: object, game: str, version: int, fields: Sequence[str], config_class: type[_T]
) -> tuple[Mapping[str, object], _T]:
    """Check an observation record's game, version, kind and field names; read its config.

    ``fields`` are every field the record must hold, and the only ones it
    may. Returns the record as a mapping and its ``Config``.

    >>> import tablerules.mock as mock
    >>> record = mock.to_dict(mock.new_game(seed=1))
    >>> read_observation_header(record, "mock", 1, (), mock.Config)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: observation.kind must be 'observation', not None ...
    """
    where = "observation"
    record = read_mapping(data, where)
    if record.get("game") != game:
        raise StateError(f"{where}.game must be {game!r}, not {show(record.get('game'))}")
    given = record.get("version")
    if given != version or isinstance(given, bool):
        raise StateError(
            f"{where}.version must be {version} (this library writes and reads version "
            f"{version}), not {show(given)}"
        )
    if record.get("kind") != "observation":
        hint = " (a state record, with the seed and every hidden card, is never for a player)"
        raise StateError(
            f"{where}.kind must be 'observation', not {show(record.get('kind'))}"
            + (hint if "seed" in record else "")
        )
    unknown = sorted(set(record) - {"game", "version", "kind", "config", *fields})
    if unknown:
        raise StateError(f"{where} has unknown fields: {', '.join(map(show, unknown))}")
    missing = [name for name in fields if name not in record]
    if missing:
        raise StateError(f"{where} has no field {missing[0]!r}")
    return record, read_config(record, where, config_class)


def check_view_is_playable(
    view: Any,
    determinize: Callable[[Any, random.Random], Any],
    check_state: Callable[[Any], None],
    observe: Callable[[Any, int], Any],
) -> None:
    """Raise :class:`StateError` unless a game shows ``view`` (an observation record's last check).

    A state dealt from the view by ``determinize`` must pass the game's
    ``check_state`` and look the same to the seat, so every record that
    ``observation_from_dict`` accepts can be determinized and played on.
    """
    try:
        guess = determinize(view, random.Random(0))
        check_state(guess)
    except RulesError as error:
        inner = str(error).replace("state.hands", "state.hand_sizes")  # others' hands: sizes
        inner = inner.replace("state.", "observation.")  # the fields they share
        raise StateError(f"observation: no game shows this view ({inner})") from None
    if observe(guess, view.seat) != view:
        raise StateError(
            "observation: no game shows this view (a state dealt from it looks different)"
        )


def config_to_dict(config: object) -> Json:
    """A ``Config`` as a JSON-compatible dict, one entry per attrs field (tuples as lists).

    >>> import tablerules.mentok as mentok
    >>> config_to_dict(mentok.Config(players=2))["players"]
    2
    """
    values = attrs.asdict(config, recurse=False)  # type: ignore[arg-type]
    return {
        name: list(value) if isinstance(value, tuple) else value for name, value in values.items()
    }


_CONFIGS: dict[tuple[object, ...], object] = {}
"""The configs :func:`read_config` read, by class and each field's name, type and value.

Records of one game all carry the same config: reading it once and sharing
the ``Config`` buys about a tenth of ``from_dict`` (a config's own checks cost
5 to 15 us). Bounded: cleared when it holds :data:`_CONFIGS_KEPT`.
"""
_CONFIGS_KEPT: Final = 64


def _config_key(name: str, value: object) -> tuple[object, ...]:
    """A config field as a key: name, type and value (True and 1 differ), lists as tuples."""
    if type(value) is list:
        return (name, list, tuple(value), tuple(map(type, value)))
    return (name, type(value), value)


def read_config(data: Mapping[str, object], where: str, config_class: type[_T]) -> _T:
    """Field ``config`` of a record, read with ``config_class``'s own checks.

    Every attrs field must be present and no other; values must be JSON
    scalars (lists become tuples); what ``config_class`` refuses becomes a
    :class:`StateError` saying why.

    >>> import tablerules.mock as mock
    >>> read_config({"config": {"players": 4}}, "state", mock.Config)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state.config has no field 'target'
    """
    where = f"{where}.config"
    raw = read_mapping(_field(data, "config", where.rsplit(".", 1)[0]), where)
    key: tuple[object, ...] | None = (config_class, *map(_config_key, raw, raw.values()))
    try:
        known = _CONFIGS.get(key)  # type: ignore[arg-type]
    except TypeError:  # lists in lists: not hashable, and never a config
        known = key = None
    if known is not None:
        return known  # type: ignore[return-value]
    config = _read_config(raw, where, config_class)
    if key is not None:
        if len(_CONFIGS) >= _CONFIGS_KEPT:
            _CONFIGS.clear()
        _CONFIGS[key] = config
    return config


def _read_config(raw: Mapping[str, object], where: str, config_class: type[_T]) -> _T:
    """Read and check a record's config fields (see :func:`read_config`)."""
    names = [field.name for field in attrs.fields(config_class)]  # type: ignore[arg-type]
    unknown = sorted(set(raw) - set(names))
    if unknown:
        raise StateError(f"{where} has unknown fields: {', '.join(map(show, unknown))}")
    values: dict[str, object] = {}
    for name in names:
        value = _field(raw, name, where)
        if isinstance(value, list):
            value = tuple(value)
            items: tuple[object, ...] = value
            if not all(_is_scalar(item) for item in items):
                raise StateError(f"{where}.{name} must be a list of numbers, not {show(value)}")
        elif not _is_scalar(value):
            raise StateError(
                f"{where}.{name} must be a number, string, bool or null, not {show(value)}"
            )
        if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
            raise StateError(f"{where}.{name} is too large: {show(value)}")
        values[name] = value
    try:
        return config_class(**values)
    except ConfigError as error:
        raise StateError(f"{where}: {error}") from None


def _is_scalar(value: object) -> bool:
    return value is None or isinstance(value, (bool, int, str))


def seat_item(value: object, where: str, players: int) -> int:
    """``value`` if it is a seat at a table of ``players``, or :class:`StateError` naming ``where``.

    >>> seat_item(3, "state.to_act", 3)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state.to_act must be a seat from 0 to 2, not 3
    """
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise StateError(f"{where} must be a seat from 0 to {players - 1}, not {show(value)}")
    return value


def read_optional_seat(
    data: Mapping[str, object], key: str, where: str, players: int
) -> int | None:
    """Field ``key`` as a seat or ``None``, or :class:`StateError`."""
    value = _field(data, key, where)
    return None if value is None else seat_item(value, f"{where}.{key}", players)


def read_mapping(data: object, where: str) -> Mapping[str, object]:
    """``data`` as a mapping with str keys, or :class:`StateError`."""
    if not isinstance(data, Mapping) or not all(isinstance(key, str) for key in data):
        raise StateError(f"{where} must be an object with string keys, not {type(data).__name__}")
    return data


def _field(data: Mapping[str, object], key: str, where: str) -> object:
    if key not in data:
        raise StateError(f"{where} has no field {key!r}")
    return data[key]


def read_int(
    data: Mapping[str, object], key: str, where: str, *, minimum: int | None = None
) -> int:
    """Field ``key`` as an int (at least ``minimum``), or :class:`StateError`."""
    value = int_item(_field(data, key, where), f"{where}.{key}")
    if minimum is not None and value < minimum:
        raise StateError(f"{where}.{key} must be at least {minimum}, not {value}")
    return value


def read_optional_int(data: Mapping[str, object], key: str, where: str) -> int | None:
    """Field ``key`` as an int or ``None``, or :class:`StateError`."""
    if _field(data, key, where) is None:
        return None
    return read_int(data, key, where)


def read_per_seat(data: Mapping[str, object], key: str, where: str, players: int) -> list[object]:
    """Field ``key`` as a list with one entry per seat, or :class:`StateError`."""
    values = read_list(data, key, where)
    if len(values) != players:
        raise StateError(
            f"{where}.{key} must have one entry per seat ({players}), not {len(values)}"
        )
    return values


def read_bool(data: Mapping[str, object], key: str, where: str) -> bool:
    """Field ``key`` as a bool, or :class:`StateError`."""
    return bool_item(_field(data, key, where), f"{where}.{key}")


def read_seats(
    data: Mapping[str, object],
    key: str,
    where: str,
    players: int,
    read_item: Callable[[object, str], _Item],
) -> tuple[_Item, ...]:
    """Field ``key`` with one entry per seat, each read by ``read_item(value, its_place)``.

    >>> read_seats({"scores": [3, -3]}, "scores", "state", 2, int_item)
    (3, -3)
    >>> read_seats({"scores": [3, "x"]}, "scores", "state", 2, int_item)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state.scores[1] must be an integer, not 'x'
    """
    values = read_per_seat(data, key, where, players)
    return tuple(read_item(value, f"{where}.{key}[{seat}]") for seat, value in enumerate(values))


def int_item(value: object, where: str) -> int:
    """``value`` if it is an int (not a bool), or :class:`StateError` naming ``where``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise StateError(f"{where} must be an integer, not {show(value)}")
    if value.bit_length() > MAX_INT_BITS:
        raise StateError(f"{where} is too large: {show(value)} (at most {MAX_INT_BITS} bits)")
    return value


def bool_item(value: object, where: str) -> bool:
    """``value`` if it is a bool, or :class:`StateError` naming ``where``."""
    if not isinstance(value, bool):
        raise StateError(f"{where} must be true or false, not {show(value)}")
    return value


def read_str(data: Mapping[str, object], key: str, where: str) -> str:
    """Field ``key`` as a str, or :class:`StateError`."""
    value = _field(data, key, where)
    if not isinstance(value, str):
        raise StateError(f"{where}.{key} must be a string, not {show(value)}")
    return value


def read_list(data: Mapping[str, object], key: str, where: str) -> list[object]:
    """Field ``key`` as a list, or :class:`StateError`."""
    value = _field(data, key, where)
    if not isinstance(value, list):
        raise StateError(f"{where}.{key} must be a list, not {type(value).__name__}")
    return value


def read_cards(data: Mapping[str, object], key: str, where: str) -> tuple[Card, ...]:
    """Field ``key`` as card text (``""`` for none), or :class:`StateError`."""
    return parse_card_field(_field(data, key, where), f"{where}.{key}")


CARD_OF_TEXT: Final[dict[str, Card]] = {cards_text((card,)): card for card in FULL_DECK}
"""Each card by the text :func:`write_cards` writes for it (``"As"``)."""


def parse_card_field(value: object, where: str) -> tuple[Card, ...]:
    """Card text read back (any spelling that ``parse_cards`` reads), or :class:`StateError`.

    Text as :func:`write_cards` writes it is looked up card by card; any other
    text goes to :func:`~tablerules.parse_cards`, which reads it or names the
    bad card.

    >>> cards_text(parse_card_field("As Kd", "state.deck")), parse_card_field("", "state.deck")
    ('As Kd', ())
    >>> parse_card_field("As Kx", "state.deck")
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state.deck: bad card 'Kx': 'x' is not a suit ...
    """
    if type(value) is str:
        if not value:
            return ()
        try:
            return tuple(map(CARD_OF_TEXT.__getitem__, value.split(" ")))
        except KeyError:
            pass
    elif not isinstance(value, str):
        raise StateError(f"{where} must be card text such as 'As Kd', not {show(value)}")
    if not value.strip():
        return ()
    try:
        return parse_cards(value)
    except CardError as error:
        raise StateError(f"{where}: {error}") from None
