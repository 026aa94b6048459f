"""Pieces shared by the three games: seeded decks and reading serialized states.

Every game deals each round from a fresh deck shuffled by :func:`round_deck`,
so a game's seed fixes every shuffle, and writes cards as text in
``to_dict`` so records stay readable. ``from_dict`` reads its input with the
``read_*`` helpers, which raise :class:`~tablerules.StateError` naming the
field that is wrong.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from tablerules.cards import FULL_DECK, Card, cards_text, parse_cards
from tablerules.errors import CardError, ConfigError, RulesError, StateError

_Item = TypeVar("_Item")

__all__ = [
    "bool_item",
    "card_count_problems",
    "check_cards_once",
    "check_seat",
    "check_seed",
    "int_item",
    "parse_card_field",
    "read_bool",
    "read_cards",
    "read_int",
    "read_list",
    "read_mapping",
    "read_optional_int",
    "read_per_seat",
    "read_seats",
    "read_str",
    "round_deck",
    "stacked_deck",
    "write_cards",
]


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is an int (not a bool), else raise :class:`ConfigError`."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigError(f"seed must be an int, not {type(seed).__name__}")
    return seed


def check_seat(seat: object, players: int) -> int:
    """Return ``seat`` if it is a seat at a table of ``players``, else raise :class:`RulesError`.

    >>> check_seat(4, 4)
    Traceback (most recent call last):
    ...
    tablerules.errors.RulesError: seat must be 0 to 3, not 4
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise RulesError(f"seat must be 0 to {players - 1}, not {seat!r}")
    return seat


def round_deck(seed: int, round_index: int, decks: int = 1) -> tuple[Card, ...]:
    """The shuffled deck of one round of a game with this seed.

    The same seed and round always give the same order, on every machine and
    Python version (string seeds are hashed with SHA-512 by :mod:`random`).

    >>> round_deck(7, 0) == round_deck(7, 0) != round_deck(7, 1)
    True
    """
    cards = list(FULL_DECK) * decks
    random.Random(f"tablerules/{seed}/{round_index}").shuffle(cards)
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
    cards = tuple(deck)
    for card in cards:
        if not isinstance(card, Card):
            raise ConfigError(f"a stacked deck holds Card values, not {card!r}")
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
        raise StateError(f"{where} must be an integer, not {value!r}")
    return value


def bool_item(value: object, where: str) -> bool:
    """``value`` if it is a bool, or :class:`StateError` naming ``where``."""
    if not isinstance(value, bool):
        raise StateError(f"{where} must be true or false, not {value!r}")
    return value


def read_str(data: Mapping[str, object], key: str, where: str) -> str:
    """Field ``key`` as a str, or :class:`StateError`."""
    value = _field(data, key, where)
    if not isinstance(value, str):
        raise StateError(f"{where}.{key} must be a string, not {value!r}")
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


def parse_card_field(value: object, where: str) -> tuple[Card, ...]:
    """Card text written by :func:`write_cards` read back, or :class:`StateError`."""
    if not isinstance(value, str):
        raise StateError(f"{where} must be card text such as 'As Kd', not {value!r}")
    if not value.strip():
        return ()
    try:
        return parse_cards(value)
    except CardError as error:
        raise StateError(f"{where}: {error}") from None
