"""Boards and everything that needs no game in progress: fouls, royalties, scoring.

A :class:`Board` holds three rows: top (3 cards), middle (5) and bottom (5).
Rows are sets, so each is stored sorted (lowest card first) and two boards
with the same cards in the same rows compare equal.

>>> from tablerules.ofc import Board, is_fouled, royalties
>>> board = Board.parse("Qs Qd 2c / 9h 9s 9c 8d 8s / Ah Kh Qh Jh Th")
>>> is_fouled(board), royalties(board)
(False, (7, 12, 25))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs

from tablerules.cards import Card, cards_text, parse_cards
from tablerules.ranking import (
    CATEGORY_BASE,
    lowball27_as_high,
    rank3_unchecked,
    rank5_unchecked,
    rank_lowball27,
)

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from tablerules.ofc.config import Config

__all__ = [
    "Board",
    "PairScore",
    "fantasyland_cards",
    "is_fouled",
    "royalties",
    "score_boards",
    "score_breakdown",
]

ROW_SIZES: Final = (3, 5, 5)
"""Cards in a complete top, middle and bottom row."""
ROW_NAMES: Final = ("top", "middle", "bottom")

_TOP_DIGIT: Final = 14**4
_PAIR, _TRIPS, _STRAIGHT, _FULL_HOUSE, _QUADS = 1, 3, 4, 6, 7
# Royalties by category (index = HandCategory value).
_MIDDLE_ROYALTY: Final = (0, 0, 0, 2, 4, 8, 12, 20, 30, 50)
_BOTTOM_ROYALTY: Final = (0, 0, 0, 0, 2, 4, 6, 10, 15, 25)
_BEST_LOW: Final = rank_lowball27(parse_cards("7c 5d 4h 3s 2c"))


def _row(value: Iterable[Card] | str) -> tuple[Card, ...]:
    """A row written as card text or cards, sorted (a row is a set)."""
    cards = parse_cards(value) if isinstance(value, str) and value.strip() else value
    if isinstance(cards, str):
        return ()
    row = tuple(cards)
    if all(isinstance(card, Card) for card in row):
        return tuple(sorted(row))
    return row  # Board.__attrs_post_init__ names the bad item


@attrs.frozen
class Board:
    """One player's three rows; a board may be incomplete while it is built.

    Rows may be given as cards or card text and are stored sorted.

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
    ValueError: a top row holds at most 3 cards, not 4 (Ac Ad Ah As)
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
        for name, row, size in zip(ROW_NAMES, self.rows, ROW_SIZES, strict=False):
            for item in row:
                if not isinstance(item, Card):
                    raise ValueError(f"the {name} row holds {item!r}, which is not a Card")
                if item in seen:
                    raise ValueError(f"card {item} appears twice on the board")
                seen.add(item)
            if len(row) > size:
                raise ValueError(
                    f"a {name} row holds at most {size} cards, not {len(row)} ({cards_text(row)})"
                )

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read a board written as ``"top / middle / bottom"`` (``-`` or nothing for an empty row).

        >>> Board.parse("QsQd2c / 9h9s9c8d8s / AhKhQhJhTh").is_complete
        True
        >>> Board.parse("Qs Qd / -").size
        Traceback (most recent call last):
        ...
        ValueError: a board is written 'top / middle / bottom', with 3 parts, not 2
        """
        parts = text.split("/")
        if len(parts) != 3:
            raise ValueError(
                f"a board is written 'top / middle / bottom', with 3 parts, not {len(parts)}"
            )
        rows = [() if part.strip() in ("", "-") else parse_cards(part) for part in parts]
        return cls(rows[0], rows[1], rows[2])

    @property
    def rows(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        """The three rows, top first.

        >>> len(Board.parse("As / Kd / -").rows)
        3
        """
        return (self.top, self.middle, self.bottom)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card on the board, top row first.

        >>> Board.parse("As / Kd / -").cards
        (Card.parse('As'), Card.parse('Kd'))
        """
        return self.top + self.middle + self.bottom

    @property
    def size(self) -> int:
        """How many cards are on the board (13 when complete).

        >>> Board().size
        0
        """
        return len(self.top) + len(self.middle) + len(self.bottom)

    @property
    def is_complete(self) -> bool:
        """Whether all 13 cards are placed.

        >>> Board.parse("As / Kd / -").is_complete
        False
        """
        return len(self.top) + len(self.middle) + len(self.bottom) == 13

    @property
    def room(self) -> tuple[int, int, int]:
        """Free places in the top, middle and bottom rows.

        >>> Board.parse("As / Kd Kc / -").room
        (2, 3, 5)
        """
        return (3 - len(self.top), 5 - len(self.middle), 5 - len(self.bottom))

    def __str__(self) -> str:
        return " / ".join(cards_text(reversed(row)) if row else "-" for row in self.rows)


_new = object.__new__
_SET_TOP = Board.__dict__["top"].__set__
_SET_MIDDLE = Board.__dict__["middle"].__set__
_SET_BOTTOM = Board.__dict__["bottom"].__set__


def _make_board(top: tuple[Card, ...], middle: tuple[Card, ...], bottom: tuple[Card, ...]) -> Board:
    """A board from rows already sorted and checked: the engine's fast path."""
    board = _new(Board)
    _SET_TOP(board, top)
    _SET_MIDDLE(board, middle)
    _SET_BOTTOM(board, bottom)
    return board


EMPTY_BOARD: Final = Board()


# --- evaluation -------------------------------------------------------------

# (fouled, top value, middle value, bottom value, royalties (top, middle, bottom))
Evaluation = tuple[bool, int, int, int, tuple[int, int, int]]
_FOULED: Final[Evaluation] = (True, 0, 0, 0, (0, 0, 0))


def _top_royalty(value: int) -> int:
    kind = value // CATEGORY_BASE
    if kind == _PAIR:
        rank = value % CATEGORY_BASE // _TOP_DIGIT + 1
        return rank - 5 if rank >= 6 else 0
    if kind == _TRIPS:
        return value % CATEGORY_BASE // _TOP_DIGIT + 9
    return 0


def _low_royalty(value: int, config: Config) -> int:
    """Middle royalty of a lowball middle that is not fouled (ten-low or better)."""
    high = lowball27_as_high(value)
    top_card = high % CATEGORY_BASE // _TOP_DIGIT + 1
    if top_card > 9:
        return 0
    return config.lowball_royalties[9 - top_card] if top_card >= 7 else 0


def _evaluate(board: Board, lowball: bool, config: Config | None) -> Evaluation:
    """Foul, row values and royalties of a complete board (not checked)."""
    top = rank3_unchecked(board.top)
    bottom = rank5_unchecked(board.bottom)
    if lowball:
        middle = rank_lowball27(board.middle)
        high = lowball27_as_high(middle)
        if (
            top > bottom
            or high >= CATEGORY_BASE  # a pair, straight or flush
            or high % CATEGORY_BASE // _TOP_DIGIT + 1 > 10
        ):
            return _FOULED
        assert config is not None
        middle_royalty = _low_royalty(middle, config)
    else:
        middle = rank5_unchecked(board.middle)
        if top > middle or middle > bottom:
            return _FOULED
        middle_royalty = _MIDDLE_ROYALTY[middle // CATEGORY_BASE]
    return (
        False,
        top,
        middle,
        bottom,
        (_top_royalty(top), middle_royalty, _BOTTOM_ROYALTY[bottom // CATEGORY_BASE]),
    )


def _config(config: Config | None) -> Config:
    if config is None:
        from tablerules.ofc.config import Config  # noqa: PLC0415

        return _DEFAULT_CONFIG.setdefault("config", Config())
    return config


_DEFAULT_CONFIG: dict[str, Config] = {}


def _check_complete(board: object, what: str) -> Board:
    if not isinstance(board, Board):
        raise ValueError(f"{what} takes a Board, not {type(board).__name__}")
    if not board.is_complete:
        raise ValueError(
            f"{what} needs a complete board of 13 cards; this one has {board.size} ({board})"
        )
    return board


def is_fouled(board: Board, config: Config | None = None) -> bool:
    """Whether a complete board is fouled (rows out of order; or a bad lowball middle).

    >>> is_fouled(Board.parse("As Ad Kc / Ah Ac Qs Jd 2c / 3s 3d 3c 7h 7s"))
    True
    >>> is_fouled(Board.parse("As Ad Kc / 2s 3h 4c 5h 6s / 8s 8d 8c 7h 7c"))
    False
    >>> is_fouled(Board.parse("As Ad / - / -"))
    Traceback (most recent call last):
    ...
    ValueError: is_fouled needs a complete board of 13 cards; this one has 2 (As Ad / - / -)
    """
    config = _config(config)
    return _evaluate(_check_complete(board, "is_fouled"), config.lowball_middle, config)[0]


def royalties(board: Board, config: Config | None = None) -> tuple[int, int, int]:
    """The royalties of a complete board's top, middle and bottom rows (zeros if fouled).

    >>> royalties(Board.parse("6s 6d 2c / 7h 8s 9c Td Jd / 4h 4s 4d 4c 2h"))
    (1, 4, 10)
    >>> royalties(Board.parse("Ks Kd 2c / 7h 8s 9c Td Jd / 4h 4s 4d 3c 2h"))
    (0, 0, 0)
    """
    config = _config(config)
    return _evaluate(_check_complete(board, "royalties"), config.lowball_middle, config)[4]


def fantasyland_cards(
    board: Board, config: Config | None = None, *, in_fantasyland: bool = False
) -> int:
    """How many cards this complete board earns for a fantasyland next round; 0 for none.

    ``in_fantasyland`` says whether the board was set in fantasyland, where the
    stricter stay rule applies. The count is before the card-supply rule.

    >>> from tablerules.ofc import Config
    >>> aces = Board.parse("As Ad 2c / 8h 8s 8c 4d 5s / Ah Kh Qh Jh 9h")
    >>> fantasyland_cards(aces), fantasyland_cards(aces, Config(progressive=True))
    (15, 17)
    >>> fantasyland_cards(aces, in_fantasyland=True)  # staying needs trips, full house or quads
    0
    """
    config = _config(config)
    _check_complete(board, "fantasyland_cards")
    return _fantasyland_count(
        _evaluate(board, config.lowball_middle, config), config, in_fantasyland=in_fantasyland
    )


def _fantasyland_count(evaluation: Evaluation, config: Config, *, in_fantasyland: bool) -> int:
    if not config.fantasyland or evaluation[0]:
        return 0
    _, top, middle, bottom, _ = evaluation
    top_kind = top // CATEGORY_BASE
    top_rank = top % CATEGORY_BASE // _TOP_DIGIT + 1
    if in_fantasyland:
        if config.lowball_middle:
            middle_keeps = middle == _BEST_LOW
        else:
            middle_keeps = middle // CATEGORY_BASE >= _FULL_HOUSE
        stays = (
            top_kind == _TRIPS
            or (config.fantasyland_stay_middle and middle_keeps)
            or bottom // CATEGORY_BASE >= _QUADS
        )
        return config.fantasyland_base if stays else 0
    if config.lowball_middle:
        top_ok = top_kind == _TRIPS or (top_kind == _PAIR and top_rank >= 13)
        middle_ok = middle == _BEST_LOW
        enters = (
            top_ok and middle_ok if config.lowball_fantasyland == "both" else top_ok or middle_ok
        )
        return config.fantasyland_base if enters else 0
    if top_kind == _TRIPS:
        step = 3
    elif top_kind == _PAIR and top_rank >= 12:
        step = top_rank - 12
    else:
        return 0
    return config.fantasyland_base + (step if config.progressive else 0)


# --- scoring ----------------------------------------------------------------


@attrs.frozen
class PairScore:
    """The itemised result between two players, from the first seat's side.

    The second seat's result is ``-points``.

    >>> from tablerules.ofc import score_breakdown
    >>> one = Board.parse("Qs Qd 2c / 9h 9s 9c 4d 5s / Ah Kh Qh Jh Th")
    >>> two = Board.parse("Js Jd 3d / 8h 8s 8c 4c 6s / Kc Kd Ks 5c 5d")
    >>> pair = score_breakdown([one, two])[0]
    >>> pair.lines, pair.scoop, pair.royalties, pair.points
    ((1, 1, 1), 3, (34, 14), 26)
    """

    seats: tuple[int, int]
    """The two seats compared (lower first)."""
    lines: tuple[int, int, int]
    """The top, middle and bottom lines, each +1 if the first seat won, -1 if it lost, 0 if tied."""
    scoop: int
    """+3 if the first seat won all three lines, -3 if it lost all three, else 0."""
    royalties: tuple[int, int]
    """Each seat's total royalties (0 for a fouled board)."""
    fouled: tuple[bool, bool]
    """Whether each seat's board is fouled."""

    @property
    def points(self) -> int:
        """What the first seat wins from the second (negative when it loses)."""
        return sum(self.lines) + self.scoop + self.royalties[0] - self.royalties[1]


def _line(mine: int, theirs: int) -> int:
    return (mine > theirs) - (mine < theirs)


def _pair(first: int, second: int, a: Evaluation, b: Evaluation) -> PairScore:
    if a[0] or b[0]:
        sign = (b[0] and not a[0]) - (a[0] and not b[0])
        lines = (sign, sign, sign)
    else:
        lines = (_line(a[1], b[1]), _line(a[2], b[2]), _line(a[3], b[3]))
    total = sum(lines)
    return PairScore(
        seats=(first, second),
        lines=lines,
        scoop=3 if total == 3 else -3 if total == -3 else 0,
        royalties=(sum(a[4]), sum(b[4])),
        fouled=(a[0], b[0]),
    )


def _points(evaluations: Sequence[Evaluation]) -> list[int]:
    """Each seat's zero-sum result: the engine's fast path of :func:`score_boards`."""
    count = len(evaluations)
    points = [0] * count
    totals = [sum(evaluation[4]) for evaluation in evaluations]
    for first in range(count):
        a = evaluations[first]
        for second in range(first + 1, count):
            b = evaluations[second]
            if a[0] or b[0]:
                if a[0] == b[0]:
                    continue
                net = -6 if a[0] else 6
            else:
                lines = (
                    (a[1] > b[1])
                    - (a[1] < b[1])
                    + (a[2] > b[2])
                    - (a[2] < b[2])
                    + (a[3] > b[3])
                    - (a[3] < b[3])
                )
                net = lines * 2 if lines in (3, -3) else lines
            net += totals[first] - totals[second]
            points[first] += net
            points[second] -= net
    return points


def _evaluate_all(boards: Sequence[Board], config: Config | None, what: str) -> list[Evaluation]:
    config = _config(config)
    seen: set[Card] = set()
    evaluations = []
    for seat, board in enumerate(boards):
        _check_complete(board, what)
        for card in board.cards:
            if card in seen:
                raise ValueError(f"{what}: card {card} is on two boards (seat {seat} and another)")
            seen.add(card)
        evaluations.append(_evaluate(board, config.lowball_middle, config))
    if len(evaluations) < 2:
        raise ValueError(f"{what} needs the boards of at least 2 players, got {len(evaluations)}")
    return evaluations


def score_boards(boards: Sequence[Board], config: Config | None = None) -> tuple[int, ...]:
    """Each player's zero-sum result for one round of complete boards.

    >>> one = Board.parse("Qs Qd 2c / 9h 9s 9c 4d 5s / Ah Kh Qh Jh Th")
    >>> two = Board.parse("Js Jd 3d / 8h 8s 8c 4c 6s / Kc Kd Ks 5c 5d")
    >>> score_boards([one, two])
    (26, -26)
    """
    return tuple(_points(_evaluate_all(boards, config, "score_boards")))


def score_breakdown(boards: Sequence[Board], config: Config | None = None) -> tuple[PairScore, ...]:
    """The itemised result of every pair of players: lines, scoop, royalties, fouls.

    Pairs come in order (0, 1), (0, 2), (1, 2), ...; a seat's total in
    :func:`score_boards` is the sum of its side of every pair.

    >>> fouled = Board.parse("As Ad Kc / Ah Ac Qs Jd 2c / 3s 3d 3c 7h 7s")
    >>> plain = Board.parse("2s 3h 4c / 5h 5s 7c 8d 9s / Tc Td Jc Jh Kd")
    >>> [pair.points for pair in score_breakdown([fouled, plain])]
    [-6]
    """
    evaluations = _evaluate_all(boards, config, "score_breakdown")
    return tuple(
        _pair(first, second, evaluations[first], evaluations[second])
        for first in range(len(evaluations))
        for second in range(first + 1, len(evaluations))
    )
