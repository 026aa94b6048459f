"""The record readers and writers the three games' ``to_dict`` and ``from_dict`` share.

``to_dict`` writes cards as text so records stay readable, and starts with
:func:`write_header`; ``from_dict`` reads it back with :func:`read_header` and
the ``read_*`` helpers, which raise :class:`~tablerules.StateError` naming the
field that is wrong (paths such as ``state.scores[1]``). Error messages show
the offending value through :func:`~tablerules.errors.show`, which stays
short and never fails.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

import attrs

from tablerules.cards import FULL_DECK, Card, cards_text, parse_cards
from tablerules.errors import MAX_INT_BITS, CardError, ConfigError, RulesError, StateError, show

_Item = TypeVar("_Item")
_T = TypeVar("_T")

Json = dict[str, Any]
"""A JSON-compatible record, as every ``to_dict`` returns."""


__all__ = [
    "CARD_OF_TEXT",
    "Header",
    "Json",
    "bool_item",
    "cards_item",
    "check_view_is_playable",
    "config_to_dict",
    "int_item",
    "parse_card_field",
    "per_seat_item",
    "read_bool",
    "read_cards",
    "read_config",
    "read_header",
    "read_int",
    "read_list",
    "read_mapping",
    "read_observation_header",
    "read_optional_seat",
    "read_per_seat",
    "read_seats",
    "read_str",
    "seat_item",
    "write_cards",
    "write_header",
]


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
    if record.get("kind") == "observation":
        raise StateError(
            "this is an observation record (what one seat may see), not a state record: "
            f"read it with tablerules.{game}.observation_from_dict"
        )
    _check_game(record, "state", game, version)
    config = read_config(record, "state", config_class)
    players: int = config.players  # type: ignore[attr-defined]
    header = Header(
        config=config,
        seed=read_int(record, "seed", "state"),
        round=read_int(record, "round", "state", minimum=0),
        scores=read_seats(record, "scores", "state", players, int_item),
    )
    return record, header


def _check_game(record: Mapping[str, object], where: str, game: str, version: int) -> None:
    if record.get("game") != game:
        raise StateError(f"{where}.game must be {game!r}, not {show(record.get('game'))}")
    given = record.get("version")
    if given != version or isinstance(given, bool):
        raise StateError(
            f"{where}.version must be {version} (this library writes and reads version "
            f"{version}), not {show(given)}"
        )


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
    _check_game(record, where, game, version)
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
    return int_item(_field(data, key, where), f"{where}.{key}", minimum)


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


def int_item(value: object, where: str, minimum: int | None = None) -> int:
    """``value`` if it is an int (not a bool, at least ``minimum``), or :class:`StateError`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise StateError(f"{where} must be an integer, not {show(value)}")
    if value.bit_length() > MAX_INT_BITS:
        raise StateError(f"{where} is too large: {show(value)} (at most {MAX_INT_BITS} bits)")
    if minimum is not None and value < minimum:
        raise StateError(f"{where} must be at least {minimum}, not {value}")
    return value


def per_seat_item(value: object, where: str, players: int) -> tuple[object, ...]:
    """``value`` if it is a tuple with one entry per seat, or :class:`StateError` naming ``where``.

    >>> per_seat_item((1, 2), "state.scores", 3)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state.scores must be a tuple with one entry per seat (3), not ...
    """
    if type(value) is not tuple or len(value) != players:
        raise StateError(
            f"{where} must be a tuple with one entry per seat ({players}), not {show(value)}"
        )
    return value


_CARD_IDS: Final = frozenset(map(id, FULL_DECK))


def cards_item(value: object, where: str) -> None:
    """Nothing if ``value`` is a tuple of the 52 card objects, else :class:`StateError`."""
    if type(value) is not tuple or not _CARD_IDS.issuperset(map(id, value)):
        raise StateError(f"{where} must be a tuple of cards, not {show(value)}")


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
