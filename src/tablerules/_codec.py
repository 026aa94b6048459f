"""What the games' codecs share: masks from ids, named layouts, card planes.

A codec (``ofc.Codec``, ``mock.Codec``, ``mentok.Codec``) turns an
observation into a fixed integer action space and a flat vector of small-int
features, the shape learning agents expect. The pieces here keep the three
codecs alike:

>>> import tablerules as tr
>>> layout = Layout.of(("hand", 52), ("scores", 2))
>>> layout.size, layout["scores"]
(54, slice(52, 54, None))
>>> features = bytearray(layout.size)
>>> add_cards(features, layout["hand"], tr.parse_cards("2c As"))
>>> features[0], features[51], sum(features)
(1, 1, 2)
>>> list(ids_mask((0, 3), 5))
[1, 0, 0, 1, 0]
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Mapping

import attrs

from tablerules.cards import Card
from tablerules.errors import ConfigError, type_name

__all__ = ["Layout", "add_cards", "clamp", "ids_mask", "read_action_id"]


def ids_mask(ids: Iterable[int], size: int) -> bytes:
    """One byte per id, 1 for the ids given and 0 for the rest."""
    mask = bytearray(size)
    for action_id in ids:
        mask[action_id] = 1
    return bytes(mask)


def read_action_id(value: object, parameter: str = "action_id") -> int:
    """``value`` as an id: an int or an integer such as ``numpy.int64``, never a bool.

    >>> read_action_id(True)
    Traceback (most recent call last):
    ...
    TypeError: action_id must be an int, not bool
    """
    if type(value) is int:
        return value
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise TypeError(f"{parameter} must be an int, not {type_name(value)}")


def config_mismatch(codec_config: object, view_config: object) -> ConfigError:
    """The error for a view of a game the codec is not laid out for, naming the fields that differ.

    >>> import tablerules.mock as mock
    >>> print(config_mismatch(mock.Config(players=3), mock.Config(players=4)))
    this codec is for games with players=3, but the observation's game has players=4
    """
    names = [field.name for field in attrs.fields(type(codec_config))]  # type: ignore[arg-type]
    differ = [
        name for name in names if getattr(codec_config, name) != getattr(view_config, name, None)
    ]
    ours = ", ".join(f"{name}={getattr(codec_config, name)!r}" for name in differ)
    theirs = ", ".join(f"{name}={getattr(view_config, name, None)!r}" for name in differ)
    return ConfigError(
        f"this codec is for games with {ours}, but the observation's game has {theirs}"
    )


def add_cards(features: bytearray, where: slice, cards: Iterable[Card]) -> None:
    """Add 1 at ``where.start + card.index`` for each card (a 52-byte plane; copies add up)."""
    start = where.start
    for card in cards:
        features[start + card.index] += 1


def clamp(value: int, high: int = 255) -> int:
    """``value`` limited to ``0..high``, so it fits a feature byte."""
    return 0 if value < 0 else high if value > high else value


@attrs.frozen
class Layout(Mapping[str, slice]):
    """Named, consecutive slices of an observation vector, in order.

    >>> layout = Layout.of(("a", 2), ("b", 3))
    >>> list(layout), layout["b"], layout.size
    (['a', 'b'], slice(2, 5, None), 5)
    """

    slices: tuple[tuple[str, slice], ...]
    """Each part's name and slice, in order."""

    @classmethod
    def of(cls, *parts: tuple[str, int]) -> Layout:
        """A layout of parts of these sizes, laid end to end."""
        slices, start = [], 0
        for name, size in parts:
            slices.append((name, slice(start, start + size)))
            start += size
        return cls(tuple(slices))

    @property
    def size(self) -> int:
        """The length of the whole vector."""
        return self.slices[-1][1].stop if self.slices else 0

    def __getitem__(self, name: str) -> slice:
        for part, where in self.slices:
            if part == name:
                return where
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self.slices)

    def __len__(self) -> int:
        return len(self.slices)
