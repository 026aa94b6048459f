"""The round's scoring: fouls, royalties, pairwise points, fantasyland counts, the card supply.

Every rule that turns finished boards into points lives here, once:
:func:`evaluate` ranks a complete board (foul, row values, royalties) into an
:class:`Evaluation`; :func:`round_points` scores every pair of seats;
:func:`fantasyland_count` says what a board earns for the next round, and
:func:`supply_counts` cuts those counts so the next deal fits in one deck.
:func:`score_round` puts them together into the round's
:class:`~tablerules.ofc.RoundSummary`: ``rules.apply_unchecked`` scores each
round with it, and ``validate.check_state`` recomputes a stored summary with
it. The checked public helpers (:func:`is_fouled`, :func:`royalties`,
:func:`fantasyland_cards`, :func:`score_boards`, :func:`score_breakdown`)
need no game in progress.

>>> from tablerules.ofc import Board, is_fouled, royalties, score_boards
>>> one = Board.parse("Qs Qd 2c / 9h 9s 9c 4d 5s / Ah Kh Qh Jh Th")
>>> two = Board.parse("Js Jd 3d / 8h 8s 8c 4c 6s / Kc Kd Ks 5c 5d")
>>> is_fouled(one), royalties(one), score_boards([one, two])
(False, (7, 2, 25), (26, -26))
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Final, NamedTuple

import attrs

from tablerules._common import fast_init
from tablerules.cards import FULL_DECK, Card, parse_cards
from tablerules.errors import CardError, type_name
from tablerules.ofc.board import BOARD_SIZE, Board
from tablerules.ofc.config import Config, config_or_default
from tablerules.ofc.state import RoundSummary
from tablerules.ranking import (
    CATEGORY_BASE,
    TOP_DIGIT,
    HandCategory,
    lowball27_as_high,
    rank3_unchecked,
    rank5_unchecked,
    rank_lowball27,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "BEST_LOW",
    "BOTTOM_ROYALTY",
    "FOULED",
    "MAX_PROGRESSIVE_STEP",
    "MIDDLE_ROYALTY",
    "Evaluation",
    "PairScore",
    "earnable_counts",
    "evaluate",
    "fantasyland_cards",
    "fantasyland_count",
    "is_fouled",
    "low_royalty",
    "round_points",
    "royalties",
    "score_boards",
    "score_breakdown",
    "score_round",
    "supply_counts",
    "top_royalty",
]

DECK_SIZE: Final = len(FULL_DECK)
"""Cards in the deck every round is dealt from (52)."""

_PAIR: Final = int(HandCategory.PAIR)
_TRIPS: Final = int(HandCategory.THREE_OF_A_KIND)
_FULL_HOUSE: Final = int(HandCategory.FULL_HOUSE)
_QUADS: Final = int(HandCategory.FOUR_OF_A_KIND)
_QUEEN: Final = 12
MAX_PROGRESSIVE_STEP: Final = 3
"""Progressive fantasyland's most extra cards on entry: QQ +0, KK +1, AA +2, trips +3."""

MIDDLE_ROYALTY: Final = (0, 0, 0, 2, 4, 8, 12, 20, 30, 50)
"""Middle-row royalties by hand category (index = ``HandCategory`` value)."""
BOTTOM_ROYALTY: Final = (0, 0, 0, 0, 2, 4, 6, 10, 15, 25)
"""Bottom-row royalties by hand category."""
BEST_LOW: Final = rank_lowball27(parse_cards("7c 5d 4h 3s 2c"))
"""The 2-7 value of 7-5-4-3-2, the best low."""


class Evaluation(NamedTuple):
    """A complete board ranked once: what scoring and fantasyland need to know of it."""

    fouled: bool
    """Whether the board is fouled (then every value below is 0)."""
    top: int
    """The top row's value (``rank3`` scale)."""
    middle: int
    """The middle row's value (``rank5``, or 2-7 lowball with a lowball middle)."""
    bottom: int
    """The bottom row's value (``rank5``)."""
    royalties: tuple[int, int, int]
    """The top, middle and bottom royalties."""


FOULED: Final = Evaluation(fouled=True, top=0, middle=0, bottom=0, royalties=(0, 0, 0))
"""The evaluation of every fouled board."""
_new_evaluation = tuple.__new__  # builds an Evaluation without NamedTuple's Python-level __new__


def top_royalty(value: int) -> int:
    """The royalty of a top row of this ``rank3`` value (66: 1 ... AA: 9, 222: 10 ... AAA: 22).

    >>> top_royalty(rank3_unchecked(parse_cards("Qs Qd 2c")))
    7
    """
    kind = value // CATEGORY_BASE
    if kind == _PAIR:
        rank = value % CATEGORY_BASE // TOP_DIGIT + 1
        return rank - 5 if rank >= 6 else 0
    if kind == _TRIPS:
        return value % CATEGORY_BASE // TOP_DIGIT + 9
    return 0


def low_royalty(value: int, config: Config) -> int:
    """The middle royalty of a 2-7 lowball middle of this value that is not fouled.

    >>> low_royalty(BEST_LOW, Config(lowball_middle=True))
    4
    """
    high = lowball27_as_high(value)
    top_card = high % CATEGORY_BASE // TOP_DIGIT + 1
    if top_card > 9:
        return 0
    return config.lowball_royalties[9 - top_card] if top_card >= 7 else 0


def is_low_fouled(value: int) -> bool:
    """Whether a 2-7 lowball middle of this value fouls: a pair, straight or flush, or above ten.

    >>> is_low_fouled(BEST_LOW)
    False
    """
    high = lowball27_as_high(value)
    return high >= CATEGORY_BASE or high % CATEGORY_BASE // TOP_DIGIT + 1 > 10


def evaluate(board: Board, config: Config) -> Evaluation:
    """Foul, row values and royalties of a complete board (not checked: the engine's path).

    >>> evaluate(Board.parse("Qs Qd 2c / 9h 9s 9c 4d 5s / Ah Kh Qh Jh Th"), Config()).royalties
    (7, 2, 25)
    """
    top = rank3_unchecked(board.top)
    bottom = rank5_unchecked(board.bottom)
    if config.lowball_middle:
        middle = rank_lowball27(board.middle)
        if top > bottom or is_low_fouled(middle):
            return FOULED
        middle_royalty = low_royalty(middle, config)
    else:
        middle = rank5_unchecked(board.middle)
        if top > middle or middle > bottom:
            return FOULED
        middle_royalty = MIDDLE_ROYALTY[middle // CATEGORY_BASE]
    royalty = (top_royalty(top), middle_royalty, BOTTOM_ROYALTY[bottom // CATEGORY_BASE])
    return _new_evaluation(Evaluation, (False, top, middle, bottom, royalty))


def fantasyland_count(evaluation: Evaluation, config: Config, *, in_fantasyland: bool) -> int:
    """Cards a board with this evaluation earns for a fantasyland next round; 0 for none.

    ``in_fantasyland`` says whether the board was set in fantasyland (the
    stay rule) or not (the entry rule). The count is before :func:`supply_counts`.

    >>> aces = evaluate(Board.parse("As Ad 2c / 8h 8s 8c 4d 5s / Ah Kh Qh Jh 9h"), Config())
    >>> fantasyland_count(aces, Config(), in_fantasyland=False)
    15
    """
    if not config.fantasyland or evaluation.fouled:
        return 0
    top, middle, bottom = evaluation.top, evaluation.middle, evaluation.bottom
    top_kind = top // CATEGORY_BASE
    top_rank = top % CATEGORY_BASE // TOP_DIGIT + 1
    if in_fantasyland:
        if config.lowball_middle:
            middle_keeps = middle == BEST_LOW
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
        middle_ok = middle == BEST_LOW
        enters = (
            top_ok and middle_ok if config.lowball_fantasyland == "both" else top_ok or middle_ok
        )
        return config.fantasyland_base if enters else 0
    if top_kind == _TRIPS:
        step = MAX_PROGRESSIVE_STEP
    elif top_kind == _PAIR and top_rank >= _QUEEN:
        step = top_rank - _QUEEN
    else:
        return 0
    return config.fantasyland_base + (step if config.progressive else 0)


def earnable_counts(config: Config) -> tuple[int, ...]:
    """Every count :func:`fantasyland_count` can give under ``config``, 0 first.

    >>> earnable_counts(Config()), earnable_counts(Config(progressive=True))
    ((0, 15), (0, 15, 16, 17, 18))
    """
    if not config.fantasyland:
        return (0,)
    steps = MAX_PROGRESSIVE_STEP if config.progressive else 0
    return (0, *range(config.fantasyland_base, config.fantasyland_base + steps + 1))


def supply_counts(counts: Sequence[int], order: Sequence[int], config: Config) -> tuple[int, ...]:
    """Fantasyland card counts cut so that every player's cards fit in one deck.

    While the fantasyland counts plus 17 (classic 13) cards for each other
    player exceed 52, one card is cut from the largest count (among equal
    counts, from the seat later in turn order ``order``), never below 13.

    >>> supply_counts((18, 18, 0), (1, 2, 0), Config(players=3, progressive=True))
    (17, 18, 0)
    """
    result = list(counts)
    others = sum(1 for count in result if count == 0) * config.cards_per_player
    while sum(result) + others > DECK_SIZE:
        cut = None
        for seat in order:
            if result[seat] > BOARD_SIZE and (cut is None or result[seat] >= result[cut]):
                cut = seat
        if cut is None:  # pragma: no cover - Config rules this out
            break
        result[cut] -= 1
    return tuple(result)


@attrs.frozen
class PairScore:
    """The itemised result between two players, from the first seat's side.

    The second seat's result is ``-points``.

    >>> from tablerules.ofc import Board, score_breakdown
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
    if a.fouled or b.fouled:
        sign = (b.fouled and not a.fouled) - (a.fouled and not b.fouled)
        lines = (sign, sign, sign)
    else:
        lines = (_line(a.top, b.top), _line(a.middle, b.middle), _line(a.bottom, b.bottom))
    total = sum(lines)
    return PairScore(
        seats=(first, second),
        lines=lines,
        scoop=3 if total == 3 else -3 if total == -3 else 0,
        royalties=(sum(a.royalties), sum(b.royalties)),
        fouled=(a.fouled, b.fouled),
    )


def round_points(evaluations: Sequence[Evaluation]) -> list[int]:
    """Each seat's zero-sum result from every pair of evaluated boards (see :func:`score_boards`).

    >>> round_points([FOULED, FOULED])
    [0, 0]
    """
    points = [0] * len(evaluations)
    for first, second in itertools.combinations(range(len(evaluations)), 2):
        net = _pair(first, second, evaluations[first], evaluations[second]).points
        points[first] += net
        points[second] -= net
    return points


_make_summary: Final = fast_init(RoundSummary)


def score_round(
    round_index: int, boards: tuple[Board, ...], fantasyland: tuple[int, ...], config: Config
) -> RoundSummary:
    """The summary of a finished round: fouls, royalties, points and fantasyland earned.

    ``boards`` are complete (not checked); ``fantasyland`` holds the cards
    each seat was dealt in fantasyland this round (0 for none).
    ``next_fantasyland`` is before :func:`supply_counts`.

    >>> one = Board.parse("Qs Qd 2c / 9h 9s 9c 4d 5s / Ah Kh Qh Jh Th")
    >>> two = Board.parse("Js Jd 3d / 8h 8s 8c 4c 6s / Kc Kd Ks 5c 5d")
    >>> summary = score_round(0, (one, two), (0, 0), Config())
    >>> summary.points, summary.next_fantasyland
    ((26, -26), (15, 0))
    """
    evaluations = [evaluate(board, config) for board in boards]
    if config.fantasyland:
        earned = tuple(
            [
                fantasyland_count(evaluation, config, in_fantasyland=count > 0)
                for evaluation, count in zip(evaluations, fantasyland, strict=True)
            ]
        )
    else:
        earned = (0,) * len(boards)
    return _make_summary(
        round=round_index,
        boards=boards,
        fouled=tuple([evaluation.fouled for evaluation in evaluations]),
        royalties=tuple([evaluation.royalties for evaluation in evaluations]),
        points=tuple(round_points(evaluations)),
        fantasyland=fantasyland,
        next_fantasyland=earned,
    )


# --- the checked helpers ------------------------------------------------------------------


def _complete(board: object, what: str) -> Board:
    if not isinstance(board, Board):
        raise CardError(f"{what} takes a Board, not {type_name(board)}")
    if not board.is_complete:
        raise CardError(
            f"{what} needs a complete board of 13 cards; this one has {board.size} ({board})"
        )
    return board


def is_fouled(board: Board, config: Config | None = None) -> bool:
    """Whether a complete board is fouled (rows out of order; or a bad lowball middle).

    >>> from tablerules.ofc import Board, is_fouled
    >>> is_fouled(Board.parse("As Ad Kc / Ah Ac Qs Jd 2c / 3s 3d 3c 7h 7s"))
    True
    >>> is_fouled(Board.parse("As Ad Kc / 2s 3h 4c 5h 6s / 8s 8d 8c 7h 7c"))
    False
    >>> is_fouled(Board.parse("As Ad / - / -"))
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: is_fouled needs a complete board of 13 cards; this one has 2 ...
    """
    config = config_or_default(config)
    return evaluate(_complete(board, "is_fouled"), config).fouled


def royalties(board: Board, config: Config | None = None) -> tuple[int, int, int]:
    """The royalties of a complete board's top, middle and bottom rows (zeros if fouled).

    >>> from tablerules.ofc import Board, royalties
    >>> royalties(Board.parse("6s 6d 2c / 7h 8s 9c Td Jd / 4h 4s 4d 4c 2h"))
    (1, 4, 10)
    >>> royalties(Board.parse("Ks Kd 2c / 7h 8s 9c Td Jd / 4h 4s 4d 3c 2h"))
    (0, 0, 0)
    """
    config = config_or_default(config)
    return evaluate(_complete(board, "royalties"), config).royalties


def fantasyland_cards(
    board: Board, config: Config | None = None, *, in_fantasyland: bool = False
) -> int:
    """How many cards this complete board earns for a fantasyland next round; 0 for none.

    ``in_fantasyland`` says whether the board was set in fantasyland, where the
    stricter stay rule applies. The count is before the card-supply rule.

    >>> from tablerules.ofc import Board, Config, fantasyland_cards
    >>> aces = Board.parse("As Ad 2c / 8h 8s 8c 4d 5s / Ah Kh Qh Jh 9h")
    >>> fantasyland_cards(aces), fantasyland_cards(aces, Config(progressive=True))
    (15, 17)
    >>> fantasyland_cards(aces, in_fantasyland=True)  # staying needs trips, full house or quads
    0
    """
    config = config_or_default(config)
    evaluation = evaluate(_complete(board, "fantasyland_cards"), config)
    return fantasyland_count(evaluation, config, in_fantasyland=bool(in_fantasyland))


def _evaluate_all(boards: Sequence[Board], config: Config | None, what: str) -> list[Evaluation]:
    config = config_or_default(config)
    seen: set[Card] = set()
    evaluations = []
    for seat, board in enumerate(boards):
        _complete(board, what)
        for card in board.cards:
            if card in seen:
                raise CardError(f"{what}: card {card} is on two boards (seat {seat} and another)")
            seen.add(card)
        evaluations.append(evaluate(board, config))
    if len(evaluations) < 2:
        raise CardError(f"{what} needs the boards of at least 2 players, got {len(evaluations)}")
    return evaluations


def score_boards(boards: Sequence[Board], config: Config | None = None) -> tuple[int, ...]:
    """Each player's zero-sum result for one round of complete boards.

    >>> from tablerules.ofc import Board, score_boards
    >>> one = Board.parse("Qs Qd 2c / 9h 9s 9c 4d 5s / Ah Kh Qh Jh Th")
    >>> two = Board.parse("Js Jd 3d / 8h 8s 8c 4c 6s / Kc Kd Ks 5c 5d")
    >>> score_boards([one, two])
    (26, -26)
    """
    return tuple(round_points(_evaluate_all(boards, config, "score_boards")))


def score_breakdown(boards: Sequence[Board], config: Config | None = None) -> tuple[PairScore, ...]:
    """The itemised result of every pair of players: lines, scoop, royalties, fouls.

    Pairs come in order (0, 1), (0, 2), (1, 2), ...; a seat's total in
    :func:`score_boards` is the sum of its side of every pair.

    >>> from tablerules.ofc import Board, score_breakdown
    >>> fouled = Board.parse("As Ad Kc / Ah Ac Qs Jd 2c / 3s 3d 3c 7h 7s")
    >>> plain = Board.parse("2s 3h 4c / 5h 5s 7c 8d 9s / Tc Td Jc Jh Kd")
    >>> [pair.points for pair in score_breakdown([fouled, plain])]
    [-6]
    """
    evaluations = _evaluate_all(boards, config, "score_breakdown")
    pairs = itertools.combinations(range(len(evaluations)), 2)
    return tuple(_pair(a, b, evaluations[a], evaluations[b]) for a, b in pairs)
