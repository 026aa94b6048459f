"""The OFC board: :class:`Board`, one player's three rows, as a value.

A :class:`Board` holds three rows: top (3 cards), middle (5) and bottom (5).
Rows are sets, so each is stored sorted (lowest card first) and two boards
with the same cards in the same rows compare equal. Fouls, royalties and
points are in :mod:`tablerules.ofc.scoring`.

>>> from tablerules.ofc import Board
>>> board = Board.parse("Qs Qd 2c / 9h 9s 9c 8d 8s / Ah Kh Qh Jh Th")
>>> board.is_complete, board.room
(True, (0, 0, 0))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from tablerules._common import fast_init
from tablerules.cards import Card, cards_text, is_card, parse_cards
from tablerules.errors import CardError, show

__all__ = ["BOARD_SIZE", "EMPTY_BOARD", "ROW_NAMES", "ROW_SIZES", "Board", "make_board"]

ROW_SIZES: Final = (3, 5, 5)
"""Cards in a complete top, middle and bottom row."""
ROW_NAMES: Final = ("top", "middle", "bottom")
"""The rows' names, top first."""
BOARD_SIZE: Final = sum(ROW_SIZES)
"""Cards on a complete board (13)."""


def _row(value: Iterable[Card] | str) -> tuple[Card, ...]:
    """A row written as card text or cards, sorted (a row is a set).

    Anything that is not cards is kept as given, for ``Board.__attrs_post_init__``
    to name in its error.
    """
    if isinstance(value, str):
        return tuple(sorted(parse_cards(value))) if value.strip() else ()
    if isinstance(value, (bytes, bytearray)) or not isinstance(value, Iterable):
        return value  # type: ignore[return-value]
    row = tuple(value)
    if all(is_card(card) for card in row):
        return tuple(sorted(row))
    return row


@attrs.frozen
class Board:
    """One player's three rows; a board may be incomplete while it is built.

    Rows may be given as cards or card text and are stored sorted. Too many
    cards in a row, a card twice, or anything that is not a card raises
    :class:`~tablerules.CardError`.

    >>> from tablerules.ofc import Board
    >>> board = Board(top="As Ad", middle=(), bottom="2c 2d")
    >>> board.top
    (Card.parse('Ad'), Card.parse('As'))
    >>> print(board)
    As Ad / - / 2d 2c
    >>> board.size, board.is_complete
    (4, False)
    >>> Board(top="As Ad Ah Ac")
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: a top row holds at most 3 cards, not 4 (Ac Ad Ah As)
    """

    top: tuple[Card, ...] = attrs.field(default=(), converter=_row)
    """The top row, up to 3 cards."""
    middle: tuple[Card, ...] = attrs.field(default=(), converter=_row)
    """The middle row, up to 5 cards."""
    bottom: tuple[Card, ...] = attrs.field(default=(), converter=_row)
    """The bottom row, up to 5 cards."""

    def __attrs_post_init__(self) -> None:
        """Check the rows: cards only, not too many, no card twice."""
        seen: set[Card] = set()
        for name, row, size in zip(ROW_NAMES, self.rows, ROW_SIZES, strict=True):
            if not isinstance(row, tuple):
                raise CardError(
                    f"the {name} row must be cards or card text such as 'As Kd', not {show(row)}"
                )
            for item in row:
                if not is_card(item):
                    raise CardError(f"the {name} row holds {show(item)}, which is not a Card")
                if item in seen:
                    raise CardError(f"card {item} appears twice on the board")
                seen.add(item)
            if len(row) > size:
                raise CardError(
                    f"a {name} row holds at most {size} cards, not {len(row)} ({cards_text(row)})"
                )

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read a board written as ``"top / middle / bottom"`` (``-`` or nothing for an empty row).

        >>> from tablerules.ofc import Board
        >>> Board.parse("QsQd2c / 9h9s9c8d8s / AhKhQhJhTh").is_complete
        True
        >>> Board.parse("Qs Qd / -").size
        Traceback (most recent call last):
        ...
        tablerules.errors.CardError: a board is written 'top / middle / bottom', with 3 parts, not 2
        """
        if not isinstance(text, str):
            raise TypeError(f"Board.parse takes text such as 'As Kd / - / -', not {show(text)}")
        parts = text.split("/")
        if len(parts) != 3:
            raise CardError(
                f"a board is written 'top / middle / bottom', with 3 parts, not {len(parts)}"
            )
        rows = [() if part.strip() in ("", "-") else parse_cards(part) for part in parts]
        return cls(rows[0], rows[1], rows[2])

    @property
    def rows(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        """The three rows, top first.

        >>> from tablerules.ofc import Board
        >>> len(Board.parse("As / Kd / -").rows)
        3
        """
        return (self.top, self.middle, self.bottom)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card on the board, top row first.

        >>> from tablerules.ofc import Board
        >>> Board.parse("As / Kd / -").cards
        (Card.parse('As'), Card.parse('Kd'))
        """
        return self.top + self.middle + self.bottom

    @property
    def size(self) -> int:
        """How many cards are on the board (13 when complete).

        >>> from tablerules.ofc import Board
        >>> Board().size
        0
        """
        return len(self.top) + len(self.middle) + len(self.bottom)

    @property
    def is_complete(self) -> bool:
        """Whether all 13 cards are placed.

        >>> from tablerules.ofc import Board
        >>> Board.parse("As / Kd / -").is_complete
        False
        """
        return len(self.top) + len(self.middle) + len(self.bottom) == BOARD_SIZE

    @property
    def room(self) -> tuple[int, int, int]:
        """Free places in the top, middle and bottom rows.

        >>> from tablerules.ofc import Board
        >>> Board.parse("As / Kd Kc / -").room
        (2, 3, 5)
        """
        return (3 - len(self.top), 5 - len(self.middle), 5 - len(self.bottom))

    def __str__(self) -> str:
        return " / ".join(cards_text(reversed(row)) if row else "-" for row in self.rows)

    def _repr_svg_(self) -> str:
        """The board as SVG (notebooks show it); see :func:`tablerules.svg.board`."""
        from tablerules import svg  # noqa: PLC0415 - svg draws every game, so it imports them

        return svg.board(self)


make_board: Final = fast_init(Board)
"""Build a board from rows already sorted and checked: the engine's fast path (keywords only)."""

EMPTY_BOARD: Final = Board()
"""The board every seat starts a round with."""
