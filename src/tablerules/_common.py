"""What the three games share: decks, seat order, checks and state building.

Every game deals each round from a fresh deck shuffled by :func:`round_deck`,
so a game's seed fixes every shuffle; seats take turns in :func:`turn_order`.
States are built on hot paths by the constructor :func:`fast_init` makes from
a class's attrs fields. The record readers and writers live in
:mod:`tablerules._records`.
"""

from __future__ import annotations

import operator
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeVar

import attrs
from typing_extensions import ParamSpec

from tablerules.cards import FULL_DECK, Card, cards_text, is_card
from tablerules.errors import MAX_INT_BITS, ConfigError, RulesError, StateError, show, type_name

_T = TypeVar("_T")
_P = ParamSpec("_P")

__all__ = [
    "TURN_ORDERS",
    "Picker",
    "card_count_problems",
    "changer",
    "check_cards_once",
    "check_rng",
    "check_seat",
    "check_seed",
    "check_type",
    "fast_init",
    "is_int",
    "picker",
    "plain_fields",
    "round_deck",
    "stacked_deck",
    "turn_order",
    "with_fields",
]


def turn_order(players: int, dealer: int) -> tuple[int, ...]:
    """The seats in turn order, starting left of the dealer.

    >>> turn_order(4, 2)
    (3, 0, 1, 2)
    """
    return tuple((dealer + 1 + step) % players for step in range(players))


TURN_ORDERS: Final = {
    (players, seat): turn_order(players, seat) for players in range(11) for seat in range(players)
}
"""``turn_order(players, seat)`` for every table size: the seats from ``seat``'s left."""


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

    >>> from tablerules.cards import parse_cards
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
