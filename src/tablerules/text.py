"""The table as text: what ``str()`` of every game's State and Observation prints.

:func:`observation` writes the table as one seat sees it, for any of the
three games, and :func:`state` writes a whole state, every card face up (for
debugging). The text shows what :mod:`tablerules.svg` draws: a header with
the game, the round, whose turn it is, the options and the piles, then one
block per seat with its number, ``you``, the dealer, its score, what it is
doing, and its cards row by row. In an observation every card the seat
cannot see but knows of is written ``??`` (one per card); a state's text
also lists the deck, in order. Values (OFC royalties and fouls, Mock hand
names, Mentok hand values) come from the games' own functions.

The text is plain ASCII apart from card text (``As``, ``Td``), with lines
under 80 columns, and the same input always gives the same text.

>>> from tablerules import mock, text
>>> print(text.observation(mock.observe(mock.new_game(seed=5), 0)))
Mock, round 0: the table as seat 0 sees it
seat 1 to draw
4 players, to 50 points
draw pile 40 (opening 20, finish 20), discards 0
seat 0 (you, dealer): 0 points
  meld      -- -- -- -- --
  hand      5h Js 9c
seat 1: 0 points; to draw
  meld      -- -- -- -- --
  hand      ?? ?? ??
seat 2: 0 points
  meld      -- -- -- -- --
  hand      ?? ?? ??
seat 3: 0 points
  meld      -- -- -- -- --
  hand      ?? ?? ??
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from tablerules import mentok, mock, ofc
from tablerules.cards import Card
from tablerules.ofc.board import ROW_NAMES
from tablerules.ranking import describe

__all__ = ["observation", "state"]

_HIDDEN: Final = "??"
_EMPTY: Final = "--"
_WIDTH: Final = 78  # the longest line, cards wrapped to fit
_LABEL: Final = 10  # the width of a row's label ("  " before it)


class _Seat(NamedTuple):
    """One seat's block: its name line, then labelled rows of cards."""

    seat: int
    marks: tuple[str, ...]  # "you", "dealer"
    score: str
    status: tuple[str, ...]
    rows: tuple[tuple[str, str], ...]  # (label, the row's text)


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _row(label: str, tokens: Sequence[str], note: str = "") -> tuple[str, str]:
    """A labelled row: card tokens (wrapped under the first), then a note in brackets."""
    words = [*tokens, f"({note})"] if note else list(tokens)
    lines: list[str] = []
    line = ""
    room = _WIDTH - 2 - _LABEL
    for word in words:
        if line and len(line) + 1 + len(word) > room:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return label, ("\n" + " " * (2 + _LABEL)).join(lines)


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


def _over_line(winners: Sequence[int]) -> str:
    if len(winners) == 1:
        return f"game over: seat {winners[0]} wins"
    if not winners:
        return "game over: nobody wins"
    return f"game over: seats {', '.join(map(str, winners))} share the win"


def _points(points: Sequence[int]) -> str:
    return ", ".join(f"{point:+d}" for point in points)


def _write(head: Sequence[str], seats: Sequence[_Seat], tail: Sequence[str] = ()) -> str:
    lines = list(head)
    for seat in seats:
        marks = f" ({', '.join(seat.marks)})" if seat.marks else ""
        status = f"; {', '.join(seat.status)}" if seat.status else ""
        lines.append(f"seat {seat.seat}{marks}: {seat.score}{status}")
        lines.extend(f"  {label:<{_LABEL}}{cards}".rstrip() for label, cards in seat.rows)
    lines.extend(tail)
    return "\n".join(lines)


def _title(game: str, round_index: int, seat: int | None) -> str:
    if seat is None:
        return f"{game}, round {round_index}: the whole state"
    return f"{game}, round {round_index}: the table as seat {seat} sees it"


def _marks(seat: int, you: int | None, dealer: int) -> tuple[str, ...]:
    return (*(("you",) if seat == you else ()), *(("dealer",) if seat == dealer else ()))


def _status(*pieces: str | None) -> tuple[str, ...]:
    return tuple(piece for piece in pieces if piece)


# The three games. Each writes an observation; given the state it was taken
# from (``full``), it writes every card of that state instead of ``??``.


def _ofc(view: ofc.Observation, full: ofc.State | None) -> str:
    config = view.config
    you = None if full is not None else view.seat
    seats: list[_Seat] = []
    for seat in range(config.players):
        hidden = view.hidden_boards[seat] and full is None
        seat_board = full.boards[seat] if full is not None else view.boards[seat]
        notes: tuple[str, str, str] = ("", "", "")
        result = None
        if seat_board.is_complete:
            if ofc.is_fouled(seat_board, config):
                result = "fouled"
            else:
                points = ofc.royalties(seat_board, config)
                notes = (f"+{points[0]}", f"+{points[1]}", f"+{points[2]}")
                if any(points):
                    result = "royalties " + "/".join(map(str, points))
        rows = []
        for name, row, places, note in zip(
            ROW_NAMES, seat_board.rows, (3, 5, 5), notes, strict=True
        ):
            if hidden:
                tokens = [_HIDDEN] * places
            else:
                tokens = [*_cards(reversed(row)), *[_EMPTY] * (places - len(row))]
            rows.append(_row(name, tokens, note))
        if full is not None:
            rows.append(_row("hand", _cards(full.hands[seat])))
            rows.append(_row("discards", _cards(full.discards[seat])))
        elif seat == view.seat:
            rows.append(_row("hand", _cards(view.hand)))
            rows.append(_row("discards", _cards(view.discards)))
        else:
            rows.append(_row("hand", [_HIDDEN] * view.hand_sizes[seat]))
            rows.append(_row("discards", [_HIDDEN] * view.discard_counts[seat]))
        fantasy = view.fantasyland[seat]
        seats.append(
            _Seat(
                seat,
                _marks(seat, you, view.dealer),
                f"bankroll {view.scores[seat]}",
                _status(
                    "to act" if seat == view.to_act else None,
                    "wins" if seat in view.winners else None,
                    f"fantasyland {fantasy}" if fantasy else None,
                    "board face down" if hidden else None,
                    result,
                ),
                tuple(rows),
            )
        )
    if view.to_act is None:
        turn = _over_line(view.winners)
    else:
        turn = f"seat {view.to_act} to act on street {view.street}"
    options = [config.variant, _count(config.players, "player")]
    if config.fantasyland:
        options.append("progressive fantasyland" if config.progressive else "fantasyland")
    if config.lowball_middle:
        options.append("2-7 lowball middle")
    head = [
        _title("Open Face Chinese Poker", view.round, you),
        turn,
        ", ".join(options),
        f"deck {view.deck_size}",
    ]
    tail = []
    if full is not None:
        tail.append(_join_row("deck", _cards(full.deck)))
    if view.last_round is not None:
        tail.append(f"last round: points {_points(view.last_round.points)}")
    return _write(head, seats, tail)


def _join_row(label: str, tokens: Sequence[str]) -> str:
    name, cards = _row(label, tokens)
    return f"{name:<{_LABEL + 2}}{cards}".rstrip()


def _mock(view: mock.Observation, full: mock.State | None) -> str:
    config = view.config
    you = None if full is not None else view.seat
    known = view.known_hands
    seats: list[_Seat] = []
    for seat in range(config.players):
        meld, finished = view.melds[seat], view.finished[seat]
        places = 0 if finished else 5 - len(meld)
        note = describe(mock.hand_value(meld)) if meld else ""
        rows = [_row("meld", [*_cards(meld), *[_EMPTY] * places], note)]
        if full is not None:
            rows.append(_row("hand", _cards(full.hands[seat])))
        elif seat == view.seat:
            rows.append(_row("hand", _cards(view.hand)))
        else:
            seen = known[seat]
            hidden = [_HIDDEN] * (view.hand_sizes[seat] - len(seen))
            rows.append(
                _row("hand", [*_cards(seen), *hidden], f"{len(seen)} known" if seen else "")
            )
        seats.append(
            _Seat(
                seat,
                _marks(seat, you, view.dealer),
                _count(view.scores[seat], "point"),
                _status(
                    f"to {view.step}" if seat == view.to_act else None,
                    "wins" if seat in view.winners else None,
                    "finished" if finished and not view.is_over else None,
                ),
                tuple(rows),
            )
        )
    if view.to_act is None:
        turn = _over_line(view.winners)
    else:
        turn = f"seat {view.to_act} to {view.step}"
        if view.step == "meld" and view.must_meld:
            turn += f" (at least {_count(view.must_meld, 'card')})"
    top = view.top_discard
    piles = (
        f"draw pile {view.deck_size} (opening {view.opening_size}, finish {view.finish_size}), "
        f"discards {view.discard_size}" + (f", top {top}" if top is not None else "")
    )
    head = [
        _title("Mock", view.round, you),
        turn,
        f"{_count(config.players, 'player')}, to {config.target} points",
        piles,
    ]
    tail = []
    if full is not None:
        tail.append(_join_row("draw pile", _cards(full.deck)))
        tail.append(_join_row("discards", _cards(full.discard_pile)))
    if view.last_round is not None:
        tail.append(f"last round: points {_points(view.last_round.points)}")
    return _write(head, seats, tail)


def _mentok_row(
    label: str, cards: tuple[Card, ...], hand_state: mentok.HandState
) -> tuple[str, str]:
    """A Mentok table hand: its cards, its value, and whether it stood or went bust."""
    note = str(mentok.hand_value(cards))
    if hand_state is not mentok.HandState.ACTIVE:
        note += f", {hand_state.value}"
    return _row(label, _cards(cards), note)


def _mentok(view: mentok.Observation, full: mentok.State | None) -> str:
    config = view.config
    you = None if full is not None else view.seat
    states, in_game, done = view.hand_states, view.in_game, view.done
    # once the game is over, the last round's summary reveals every hand and choice
    revealed = view.last_round if view.is_over else None
    seats: list[_Seat] = []
    for seat in range(config.players):
        tables = view.tables[seat]
        rows = [
            _mentok_row(
                "table" if len(tables) == 1 else f"table {index}", cards, states[seat][index]
            )
            for index, cards in enumerate(tables)
        ]
        in_hand = view.hand_sizes[seat]
        chose = None
        if full is not None:
            rows.append(_row("hand", _cards(full.hands[seat])))
            chose = full.choices[seat]
            cheated = full.cheated[seat]
        else:
            cheated = seat == view.seat and view.cheated
            if seat == view.seat:
                rows.append(_row("hand", _cards(view.hand)))
                chose = view.choice
            elif revealed is not None and revealed.hands[seat]:
                rows.append(_row("hand", _cards(revealed.hands[seat]), "shown"))
            elif tables or in_hand:
                rows.append(_row("hand", [_HIDDEN] * in_hand))
        if revealed is not None:
            chose = revealed.choices[seat]
        choice = None
        if chose is not None:
            scores = "scored" if view.is_over else "scores"
            choice = f"{scores} the " + ("hand" if chose else "table")
        elif view.chosen[seat] and not view.is_over:
            choice = "has chosen what to score"
        seats.append(
            _Seat(
                seat,
                _marks(seat, you, view.dealer),
                _count(view.scores[seat], "point"),
                _status(
                    "to act" if seat == view.to_act else None,
                    "wins" if seat in view.winners else None,
                    "out of the game" if not in_game[seat] else None,
                    "split" if len(tables) == 2 else None,
                    "done" if tables and done[seat] and not view.is_over else None,
                    "cheated: -5" if cheated else None,
                    choice,
                ),
                tuple(rows),
            )
        )
    if view.to_act is None:
        turn = _over_line(view.winners)
    elif view.phase is mentok.Phase.SCORE:
        turn = f"seat {view.to_act} to choose what to score"
    else:
        turn = f"seat {view.to_act} to ask or stand"
    options = [_count(config.players, "player"), f"to {config.target} points"]
    if config.decks == 2:
        options.append("two decks")
    if not config.strict:
        options.append("cheating allowed")
    head = [_title("Mentok", view.round, you), turn, ", ".join(options), f"deck {view.deck_size}"]
    tail = []
    if full is not None:
        tail.append(_join_row("deck", _cards(full.deck)))
    if view.last_round is not None:
        tail.append(f"last round: points {_points(view.last_round.points)}")
    return _write(head, seats, tail)


def observation(view: ofc.Observation | mock.Observation | mentok.Observation) -> str:
    """The table as one seat sees it, as text, for an observation of any game.

    The seat's own cards are written out; every card it knows of but cannot
    see is ``??``; empty places are ``--``. ``str(view)`` is this text.

    >>> from tablerules import ofc, text
    >>> view = ofc.observe(ofc.new_game(seed=1), 1)
    >>> print(text.observation(view))
    Open Face Chinese Poker, round 0: the table as seat 1 sees it
    seat 1 to act on street 0
    pineapple, 2 players, fantasyland
    deck 47
    seat 0 (dealer): bankroll 100
      top       -- -- --
      middle    -- -- -- -- --
      bottom    -- -- -- -- --
      hand
      discards
    seat 1 (you): bankroll 100; to act
      top       -- -- --
      middle    -- -- -- -- --
      bottom    -- -- -- -- --
      hand      7h 8c 6h 8s 7c
      discards
    >>> text.observation(ofc.new_game(seed=1))
    Traceback (most recent call last):
    ...
    TypeError: view must be an Observation of tablerules.ofc, mock or mentok, not State
    """
    if isinstance(view, ofc.Observation):
        return _ofc(view, None)
    if isinstance(view, mock.Observation):
        return _mock(view, None)
    if isinstance(view, mentok.Observation):
        return _mentok(view, None)
    raise TypeError(
        f"view must be an Observation of tablerules.ofc, mock or mentok, not {type(view).__name__}"
    )


def state(state: ofc.State | mock.State | mentok.State) -> str:
    """A whole state as text, every card face up and the deck in order, for any game.

    ``str(state)`` is this text. It shows what no seat may see: print an
    observation to show a seat's view.

    >>> from tablerules import mentok, text
    >>> print(text.state(mentok.new_game(mentok.Config(players=2), seed=3)))
    Mentok, round 0: the whole state
    seat 1 to ask or stand
    2 players, to 21 points
    deck 42
    seat 0 (dealer): 0 points
      table     Ks (10)
      hand      4s 5c Jc 7s
    seat 1: 0 points; to act
      table     7c (7)
      hand      3d 4c 2h 9d
    deck        Qd 2d 2c 6h 8c 3s Jh 8d 8h 3h 6s 8s 6d 7h Kh 9s As 7d Qs Jd Tc 5s
                Ac Js 4h 4d Qc Kd 9c 5d Ad 6c Ah Kc Ts 5h Th Qh 2s 9h 3c Td
    >>> text.state(mentok.observe(mentok.new_game(seed=3), 0))
    Traceback (most recent call last):
    ...
    TypeError: state must be a State of tablerules.ofc, mock or mentok, not Observation
    """
    if isinstance(state, ofc.State):
        return _ofc(ofc.observe(state, 0), state)
    if isinstance(state, mock.State):
        return _mock(mock.observe(state, 0), state)
    if isinstance(state, mentok.State):
        return _mentok(mentok.observe(state, 0), state)
    raise TypeError(
        f"state must be a State of tablerules.ofc, mock or mentok, not {type(state).__name__}"
    )
