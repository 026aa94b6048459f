"""Pictures of cards, OFC boards and every game's observations, as SVG text.

:func:`cards` draws a row of cards, :func:`board` one OFC board (empty places
as outlines) and :func:`observation` the table as one seat sees it, for any
of the three games: that seat's own cards face up, every card it cannot see
as a card back (as many as it knows of), the piles with their sizes, and each
seat labelled with its number, the dealer button, whose turn it is and the
scores. An observation holds only what its seat may know, and the picture
reads nothing else, so it cannot show more.

Each picture is one self-contained SVG document (no fonts, images or style
sheets from outside), with a ``viewBox`` and a size; the same input always
gives the same text. Each face-up card is a ``<g>`` element with a
``data-card`` attribute holding its text (``data-card="As"``), each card back
a ``<g class="back">``, each pile a ``<g class="pile">`` with ``data-count``,
so programs (and tests) can read what a picture shows.

>>> from tablerules import ofc, svg
>>> picture = svg.board(ofc.Board.parse("Qs Qd 4c / Ks Kh 7d 7c 2s / 9h 8h 6h 4h 2h"))
>>> picture[:4], picture.count("data-card=")
('<svg', 13)
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Final, Literal, NamedTuple

from tablerules import mentok, mock, ofc
from tablerules.cards import Card, Suit, card_tuple, cards_text
from tablerules.errors import show, type_name
from tablerules.ofc.board import ROW_NAMES
from tablerules.ranking import describe

__all__ = ["board", "cards", "observation"]

# Colours: a green felt, white cards, red hearts and diamonds, blue backs.
_FELT: Final = "#1e6b45"
_EDGE: Final = "#0d3b25"
_PANEL: Final = "#185c3b"
_PANEL_YOU: Final = "#237a4f"
_INK: Final = "#1f2328"
_RED: Final = "#c62828"
_LABEL: Final = "#d7eadf"
_BRIGHT: Final = "#ffffff"
_GOLD: Final = "#f2c94c"
_WARN: Final = "#ffb4a8"
_BACK: Final = "#2b4c8c"
_BACK_LINE: Final = "#c9d6f0"
_SLOT: Final = "#9cc7ae"
_FONT: Final = "DejaVu Sans, Helvetica, Arial, sans-serif"

_SUIT_SYMBOLS: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_RED_SUITS: Final = frozenset((Suit.DIAMONDS, Suit.HEARTS))


class _Size(NamedTuple):
    """How large cards are drawn: width, height, gap, corner radius and font sizes."""

    width: int
    height: int
    gap: int
    radius: int
    rank_font: int
    suit_font: int

    @property
    def step(self) -> int:
        return self.width + self.gap


_LARGE: Final = _Size(46, 64, 8, 6, 22, 20)
_SMALL: Final = _Size(34, 48, 5, 4, 16, 15)
_FAN_STEP: Final = 9  # the least a back shows of itself in a fan of backs

_Slot = Literal["slot", "back"]
_Item = Card | _Slot


class _Row(NamedTuple):
    """One labelled row of a seat: cards, empty places or backs in a grid, then a fan of backs."""

    label: str
    note: str  # small text under the label, lines separated by newlines
    items: tuple[_Item, ...] = ()
    fan: int = 0
    indent: int = 0
    warn: bool = False  # the note in the warning colour (a bust hand)


class _Panel(NamedTuple):
    """One seat's part of a table picture."""

    seat: int
    is_you: bool
    is_dealer: bool
    to_act: bool
    score: str
    status: tuple[tuple[str, str], ...]  # (text, colour) pieces of the line under the name
    rows: tuple[_Row, ...]


class _Pile(NamedTuple):
    """A pile in the table's top bar: its name, size, and the face-up top card if any."""

    name: str
    label: str
    size: int
    top: Card | None = None


# Drawing: SVG text built from small pieces.


def _repeat(kind: _Slot, times: int) -> tuple[_Item, ...]:
    return tuple(kind for _ in range(times))


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _num(value: float) -> str:
    """A coordinate as short, stable text."""
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"


def _text(
    x: float,
    y: float,
    content: str,
    *,
    size: int,
    fill: str = _LABEL,
    anchor: str = "start",
    bold: bool = False,
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    align = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}"{align} font-size="{size}"{weight} '
        f'fill="{fill}">{_esc(content)}</text>'
    )


def _rank_text(card: Card) -> str:
    letter = card.rank.letter
    return "10" if letter == "T" else letter


def _card(card: Card, x: float, y: float, size: _Size) -> str:
    colour = _RED if card.suit in _RED_SUITS else _INK
    middle = _num(size.width / 2)
    rank_y, suit_y = round(size.height * 0.44), round(size.height * 0.81)
    return (
        f'<g class="card" data-card="{card}" transform="translate({_num(x)} {_num(y)})">'
        f'<rect width="{size.width}" height="{size.height}" rx="{size.radius}" fill="#fff" '
        f'stroke="{_EDGE}" stroke-width="1"/>'
        f'<text x="{middle}" y="{rank_y}" text-anchor="middle" font-size="{size.rank_font}" '
        f'font-weight="bold" fill="{colour}">{_rank_text(card)}</text>'
        f'<text x="{middle}" y="{suit_y}" text-anchor="middle" font-size="{size.suit_font}" '
        f'fill="{colour}">{_SUIT_SYMBOLS[card.suit]}</text></g>'
    )


def _back_body(size: _Size) -> str:
    w, h, r = size.width, size.height, size.radius
    inset = 3
    return (
        f'<rect width="{w}" height="{h}" rx="{r}" fill="{_BACK}" stroke="{_EDGE}" '
        f'stroke-width="1"/><rect x="{inset}" y="{inset}" width="{w - 2 * inset}" '
        f'height="{h - 2 * inset}" rx="{max(r - 2, 1)}" fill="none" stroke="{_BACK_LINE}" '
        f'stroke-width="1"/><path d="M{_num(w / 2)} {inset + 5}L{w - inset - 5} {_num(h / 2)}'
        f'L{_num(w / 2)} {h - inset - 5}L{inset + 5} {_num(h / 2)}Z" fill="none" '
        f'stroke="{_BACK_LINE}" stroke-width="1"/>'
    )


def _back(x: float, y: float, size: _Size) -> str:
    return f'<g class="back" transform="translate({_num(x)} {_num(y)})">{_back_body(size)}</g>'


def _slot(x: float, y: float, size: _Size) -> str:
    return (
        f'<g class="slot" transform="translate({_num(x)} {_num(y)})"><rect width="{size.width}" '
        f'height="{size.height}" rx="{size.radius}" fill="#fff" fill-opacity="0.07" '
        f'stroke="{_SLOT}" stroke-width="1" stroke-dasharray="4 3"/></g>'
    )


def _item(item: _Item, x: float, y: float, size: _Size) -> str:
    if item == "slot":
        return _slot(x, y, size)
    if item == "back":
        return _back(x, y, size)
    return _card(item, x, y, size)


def _document(width: int, height: int, title: str, body: Iterable[str]) -> str:
    """A whole SVG document on a rounded felt background."""
    return "\n".join(
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{_esc(title)}">',
            f"<title>{_esc(title)}</title>",
            f'<rect width="{width}" height="{height}" rx="14" fill="{_FELT}"/>',
            f'<g font-family="{_FONT}">',
            *body,
            "</g>",
            "</svg>",
            "",
        )
    )


# Public pictures of cards and boards.


def cards(cards: Iterable[Card] | str) -> str:
    """A picture of cards in a row, in the order given (13 to a line).

    ``cards`` may be card text such as ``"As Kd"``.

    >>> from tablerules import svg
    >>> picture = svg.cards("As Kd 7h")
    >>> picture.startswith("<svg"), picture.count('class="card"')
    (True, 3)
    >>> svg.cards(7)
    Traceback (most recent call last):
    ...
    TypeError: cards must be cards or card text such as 'As Kd', not 7
    """
    if isinstance(cards, (bytes, bytearray)) or not isinstance(cards, (str, Iterable)):
        raise TypeError(f"cards must be cards or card text such as 'As Kd', not {show(cards)}")
    shown = card_tuple(cards, "cards")
    size, margin, per_line = _LARGE, 16, 13
    lines = max(1, -(-len(shown) // per_line))
    columns = max(1, min(len(shown), per_line))
    width = 2 * margin + columns * size.step - size.gap
    height = 2 * margin + lines * (size.height + size.gap) - size.gap
    body = [
        _card(
            card,
            margin + (index % per_line) * size.step,
            margin + (index // per_line) * (size.height + size.gap),
            size,
        )
        for index, card in enumerate(shown)
    ]
    return _document(width, height, f"Cards: {cards_text(shown) or 'none'}", body)


def _row_items(row: tuple[Card, ...], places: int, hidden: bool = False) -> tuple[_Item, ...]:
    """A board row as drawn: its cards highest first, then empty places (or all backs)."""
    if hidden:
        return _repeat("back", places)
    return (*reversed(row), *_repeat("slot", places - len(row)))


def board(board: ofc.Board, *, config: ofc.Config | None = None) -> str:
    """A picture of an OFC board: top, middle and bottom rows, empty places as outlines.

    A complete board shows each row's royalties under ``config`` (the
    default rules when ``None``), or that it is fouled.

    >>> from tablerules import ofc, svg
    >>> picture = svg.board(ofc.Board.parse("Qs Qd / - / 2h 3h"))
    >>> picture.count('class="card"'), picture.count('class="slot"')
    (4, 9)
    >>> svg.board("Qs Qd / - / -")
    Traceback (most recent call last):
    ...
    TypeError: board must be a tablerules.ofc.Board, not str
    """
    if not isinstance(board, ofc.Board):
        raise TypeError(f"board must be a tablerules.ofc.Board, not {type_name(board)}")
    size = _LARGE
    left, top, row_gap = 78, 16, 12
    width, height = 404, 3 * size.height + 2 * row_gap + 2 * top
    notes: tuple[str, str, str] = ("", "", "")
    fouled = False
    if board.is_complete:
        fouled = ofc.is_fouled(board, config)
        if not fouled:
            top_points, middle_points, bottom_points = ofc.royalties(board, config)
            notes = (f"+{top_points}", f"+{middle_points}", f"+{bottom_points}")
    body: list[str] = []
    rows = board.rows
    for index, (name, places) in enumerate(zip(ROW_NAMES, (3, 5, 5), strict=True)):
        y = top + index * (size.height + row_gap)
        middle = y + size.height / 2 + 5
        body.append(_text(left - 14, middle, name, size=14, anchor="end"))
        indent = 1 if places == 3 else 0
        for column, item in enumerate(_row_items(rows[index], places)):
            body.append(_item(item, left + (indent + column) * size.step, y, size))
        if notes[index]:
            body.append(_text(left + 5 * size.step, middle, notes[index], size=14))
        if fouled and index == 1:
            body.append(_text(left + 5 * size.step, middle, "foul", size=14, fill=_WARN))
    parts = "; ".join(
        f"{name} {cards_text(reversed(row)) or 'empty'}"
        for name, row in zip(ROW_NAMES, rows, strict=True)
    )
    title = f"An Open Face Chinese Poker board: {parts}" + ("; fouled" if fouled else "")
    return _document(width, height, title, body)


# Table pictures: a top bar with the game and its piles, then one panel per seat.

_MARGIN: Final = 12
_PAD: Final = 10
_LABEL_WIDTH: Final = 64
_ROW_GAP: Final = 6
_PANEL_GAP: Final = 10
_PER_LINE: Final = 5
_GRID_WIDTH: Final = _PER_LINE * _SMALL.step - _SMALL.gap
_PANEL_WIDTH: Final = 2 * _PAD + _LABEL_WIDTH + _GRID_WIDTH
_HEADER: Final = 40  # the name line and the status line above a panel's rows
_PILE_WIDTH: Final = 76
_TOP_BAR: Final = 92


def _layout_row(row: _Row, size: _Size) -> tuple[list[tuple[_Item, float, float]], int]:
    """Where each item of ``row`` goes (relative to the row's grid) and the row's height."""
    step, line_height = size.step, size.height + size.gap
    placed: list[tuple[_Item, float, float]] = []
    column, line = row.indent, 0
    for item in row.items:
        if column >= _PER_LINE:
            column, line = 0, line + 1
        placed.append((item, column * step, line * line_height))
        column += 1
    left = row.fan
    start = column * step if row.items else 0
    if left and row.items and _GRID_WIDTH - start < size.width + _FAN_STEP * min(left - 1, 3):
        start, line = 0, line + 1
    while left > 0:
        room = _GRID_WIDTH - start - size.width
        fits = 1 + room // _FAN_STEP
        count = min(left, fits)
        fan_step = min(step, room / (count - 1)) if count > 1 else 0
        placed.extend(
            ("back", start + index * fan_step, line * line_height) for index in range(count)
        )
        left -= count
        if left:
            start, line = 0, line + 1
    text_height = 18 + 12 * len(row.note.splitlines())
    if not placed:
        return placed, text_height
    lines = 1 + max(int(y) for _, _, y in placed) // line_height
    return placed, max(lines * line_height - size.gap, text_height)


def _text_width(text: str, size: int) -> float:
    """About how wide ``text`` is drawn in a sans-serif font of ``size`` pixels."""
    return 0.6 * size * len(text)


def _status_lines(panel: _Panel) -> list[list[tuple[str, str]]]:
    """The status pieces of a panel, wrapped into lines that fit its width."""
    room = _PANEL_WIDTH - 2 * _PAD
    lines: list[list[tuple[str, str]]] = []
    used = 0.0
    for piece, colour in panel.status:
        text, width = piece, _text_width(piece, 11)
        if lines and used + width > room:
            text = piece.removeprefix(" · ")
            width = _text_width(text, 11)
            lines.append([])
            used = 0.0
        if not lines:
            lines.append([])
        lines[-1].append((text, colour))
        used += width
    return lines


def _header_height(panel: _Panel) -> int:
    return _HEADER + 14 * max(len(_status_lines(panel)) - 1, 0)


def _panel_height(panel: _Panel) -> int:
    rows = [_layout_row(row, _SMALL)[1] for row in panel.rows]
    return 2 * _PAD + _header_height(panel) + sum(rows) + _ROW_GAP * max(len(rows) - 1, 0)


def _draw_panel(panel: _Panel, x: float, y: float, height: int) -> list[str]:
    fill = _PANEL_YOU if panel.is_you else _PANEL
    stroke = (
        f'stroke="{_GOLD}" stroke-width="2.5"'
        if panel.to_act
        else f'stroke="{_EDGE}" stroke-width="1"'
    )
    parts = [
        f'<g class="seat" data-seat="{panel.seat}">',
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_PANEL_WIDTH}" height="{height}" rx="10" '
        f'fill="{fill}" {stroke}/>',
    ]
    name_x = x + _PAD
    if panel.is_dealer:
        parts.append(
            f'<g class="dealer"><circle cx="{_num(x + _PAD + 8)}" cy="{_num(y + _PAD + 8)}" '
            f'r="8" fill="#fff" stroke="{_EDGE}" stroke-width="1"/>'
            + _text(
                x + _PAD + 8, y + _PAD + 12, "D", size=10, fill=_INK, anchor="middle", bold=True
            )
            + "</g>"
        )
        name_x += 22
    name = f"seat {panel.seat}" + (" · you" if panel.is_you else "")
    parts.append(_text(name_x, y + _PAD + 13, name, size=13, fill=_BRIGHT, bold=True))
    parts.append(
        _text(
            x + _PANEL_WIDTH - _PAD, y + _PAD + 13, panel.score, size=12, fill=_BRIGHT, anchor="end"
        )
    )
    for line, pieces in enumerate(_status_lines(panel)):
        spans = "".join(f'<tspan fill="{colour}">{_esc(piece)}</tspan>' for piece, colour in pieces)
        parts.append(
            f'<text x="{_num(x + _PAD)}" y="{_num(y + _PAD + 31 + 14 * line)}" '
            f'font-size="11">{spans}</text>'
        )
    row_y = y + _PAD + _header_height(panel)
    grid_x = x + _PAD + _LABEL_WIDTH
    for row in panel.rows:
        placed, row_height = _layout_row(row, _SMALL)
        parts.append(_text(x + _PAD, row_y + 14, row.label, size=12))
        for line, note in enumerate(row.note.splitlines()):
            colour = _WARN if row.warn else _SLOT
            parts.append(_text(x + _PAD, row_y + 28 + 12 * line, note, size=10, fill=colour))
        parts.extend(_item(item, grid_x + dx, row_y + dy, _SMALL) for item, dx, dy in placed)
        row_y += row_height + _ROW_GAP
    parts.append("</g>")
    return parts


def _draw_pile(pile: _Pile, x: float, y: float) -> str:
    size = _SMALL
    layers = min(pile.size, 3)
    left = x + (_PILE_WIDTH - size.width) / 2
    parts = [f'<g class="pile" data-pile="{pile.name}" data-count="{pile.size}">']
    if not layers:
        parts.append(_slot(left, y + 4, size).replace('class="slot"', 'class="empty"'))
    for layer in range(layers):
        shift = 2 * (layers - 1 - layer)
        top_layer = layer == layers - 1
        if top_layer and pile.top is not None:
            parts.append(_card(pile.top, left + shift, y + 4 - shift, size))
        elif pile.top is not None:
            parts.append(
                f'<rect x="{_num(left + shift)}" y="{_num(y + 4 - shift)}" width="{size.width}" '
                f'height="{size.height}" rx="{size.radius}" fill="#fff" stroke="{_EDGE}"/>'
            )
        else:
            parts.append(
                f'<g transform="translate({_num(left + shift)} {_num(y + 4 - shift)})">'
                f"{_back_body(size)}</g>"
            )
    label = f"{pile.label} {pile.size}"
    parts.append(_text(x + _PILE_WIDTH / 2, y + size.height + 20, label, size=11, anchor="middle"))
    parts.append("</g>")
    return "".join(parts)


def _table(
    game: str,
    view: ofc.Observation | mock.Observation | mentok.Observation,
    lines: tuple[str, str],
    piles: Sequence[_Pile],
    panels: Sequence[_Panel],
) -> str:
    """The whole table picture: the top bar (the game and round over ``lines``), then the panels."""
    title = f"{game}, round {view.round}: the table as seat {view.seat} sees it"
    heading = f"{game} · round {view.round}"
    players = len(panels)
    columns = 2 if players <= 6 else 3  # narrow enough for a phone, ten seats in four rows
    width = 2 * _MARGIN + columns * _PANEL_WIDTH + (columns - 1) * _PANEL_GAP
    width = max(width, 2 * _MARGIN + 300 + len(piles) * _PILE_WIDTH)
    body = [
        _text(_MARGIN + 4, _MARGIN + 16, heading, size=16, fill=_BRIGHT, bold=True),
        _text(_MARGIN + 4, _MARGIN + 38, lines[0], size=13, fill=_GOLD),
        _text(_MARGIN + 4, _MARGIN + 58, lines[1], size=11),
    ]
    for index, pile in enumerate(piles):
        pile_x = width - _MARGIN - (len(piles) - index) * _PILE_WIDTH
        body.append(_draw_pile(pile, pile_x, _MARGIN - 2))
    y = _MARGIN + _TOP_BAR
    for start in range(0, players, columns):
        line = panels[start : start + columns]
        height = max(_panel_height(panel) for panel in line)
        for column, panel in enumerate(line):
            body.extend(
                _draw_panel(panel, _MARGIN + column * (_PANEL_WIDTH + _PANEL_GAP), y, height)
            )
        y += height + _PANEL_GAP
    return _document(width, y - _PANEL_GAP + _MARGIN, title, body)


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


def _seats(seats: Iterable[int]) -> str:
    listed = [f"seat {seat}" for seat in seats]
    return ", ".join(listed) if listed else "nobody"


def _over_line(winners: Sequence[int]) -> str:
    if len(winners) == 1:
        return f"game over: seat {winners[0]} wins"
    return f"game over: {_seats(winners)} share the win"


def _status(*pieces: tuple[str, str] | None) -> tuple[tuple[str, str], ...]:
    """The pieces of a status line that apply, separated by dots."""
    kept = [piece for piece in pieces if piece is not None]
    spaced: list[tuple[str, str]] = []
    for index, (text, colour) in enumerate(kept):
        spaced.append((text if index == 0 else f" · {text}", colour))
    return tuple(spaced)


def _seat_panel(
    view: ofc.Observation | mock.Observation | mentok.Observation,
    seat: int,
    score: str,
    acting: str,
    *,
    others: Sequence[tuple[str, str] | None],
    rows: tuple[_Row, ...],
) -> _Panel:
    """A seat's panel: its name marks, its score, ``acting`` and "wins" first on its status line."""
    to_act = seat == view.to_act
    return _Panel(
        seat=seat,
        is_you=seat == view.seat,
        is_dealer=seat == view.dealer,
        to_act=to_act,
        score=score,
        status=_status(
            (acting, _GOLD) if to_act else None,
            ("wins", _GOLD) if seat in view.winners else None,
            *others,
        ),
        rows=rows,
    )


# The three games.


def _ofc_picture(view: ofc.Observation) -> str:
    config = view.config
    panels: list[_Panel] = []
    for seat in range(config.players):
        you, hidden = seat == view.seat, view.hidden_boards[seat]
        seat_board = view.boards[seat]
        rows = [
            _Row(name, "", _row_items(row, places, hidden), indent=1 if places == 3 else 0)
            for name, row, places in zip(ROW_NAMES, seat_board.rows, (3, 5, 5), strict=True)
        ]
        in_hand, discarded = view.hand_sizes[seat], view.discard_counts[seat]
        if you:
            rows.append(_Row("hand", _count(in_hand, "card"), view.hand))
            rows.append(_Row("discards", _count(discarded, "card"), view.discards))
        else:
            rows.append(_Row("hand", _count(in_hand, "card"), fan=in_hand))
            rows.append(_Row("discards", _count(discarded, "card"), fan=discarded))
        result: tuple[str, str] | None = None
        if seat_board.is_complete:
            if ofc.is_fouled(seat_board, config):
                result = ("fouled", _WARN)
            else:
                points = ofc.royalties(seat_board, config)
                if any(points):
                    result = ("royalties " + "/".join(map(str, points)), _LABEL)
        fantasy = view.fantasyland[seat]
        others = (
            (f"fantasyland {fantasy}", _LABEL) if fantasy else None,
            ("board face down", _LABEL) if hidden else None,
            result,
        )
        panels.append(
            _seat_panel(
                view,
                seat,
                f"bankroll {view.scores[seat]}",
                "to act",
                others=others,
                rows=tuple(rows),
            )
        )
    if view.to_act is None:
        turn = _over_line(view.winners)
    else:
        turn = f"street {view.street}: seat {view.to_act} to act"
    options = [config.variant, _count(config.players, "player")]
    if config.fantasyland:
        options.append("progressive fantasyland" if config.progressive else "fantasyland")
    if config.lowball_middle:
        options.append("2-7 lowball middle")
    return _table(
        "Open Face Chinese Poker",
        view,
        (turn, " · ".join(options)),
        (_Pile("deck", "deck", view.deck_size),),
        panels,
    )


def _mock_picture(view: mock.Observation) -> str:
    config = view.config
    known = view.known_hands
    panels: list[_Panel] = []
    for seat in range(config.players):
        you, meld, finished = seat == view.seat, view.melds[seat], view.finished[seat]
        places = 0 if finished else 5 - len(meld)
        in_hand = view.hand_sizes[seat]
        meld_note = _count(len(meld), "card")
        if you:
            hand = _Row("hand", _count(in_hand, "card"), view.hand)
        else:
            seen = known[seat]
            note = _count(in_hand, "card") + (f"\n{len(seen)} known" if seen else "")
            hand = _Row("hand", note, seen, fan=in_hand - len(seen))
        others = (
            ("finished", _LABEL) if finished and not view.is_over else None,
            (describe(mock.hand_value(meld)), _LABEL) if meld else None,
        )
        rows = (_Row("meld", meld_note, (*meld, *_repeat("slot", places))), hand)
        score = _count(view.scores[seat], "point")
        panels.append(_seat_panel(view, seat, score, f"to {view.step}", others=others, rows=rows))
    if view.to_act is None:
        turn = _over_line(view.winners)
    else:
        turn = f"seat {view.to_act} to {view.step}"
        if view.step == "meld" and view.must_meld:
            turn += f" (at least {_count(view.must_meld, 'card')})"
    return _table(
        "Mock",
        view,
        (
            turn,
            f"{_count(config.players, 'player')} · to {config.target} points · "
            f"draw pile {view.deck_size}",
        ),
        (
            _Pile("opening", "opening", view.opening_size),
            _Pile("finish", "finish", view.finish_size),
            _Pile("discards", "discards", view.discard_size, view.top_discard),
        ),
        panels,
    )


def _mentok_row(label: str, cards: tuple[Card, ...], state: mentok.HandState) -> _Row:
    """A Mentok table hand: its cards, its value, and whether it stood or went bust."""
    note = str(mentok.hand_value(cards))
    if state is not mentok.HandState.ACTIVE:
        note += f", {state.value}"
    return _Row(label, note, cards, warn=state is mentok.HandState.BUST)


def _mentok_picture(view: mentok.Observation) -> str:
    config = view.config
    states, in_game, done = view.hand_states, view.in_game, view.done
    # once the game is over, the last round's summary reveals every hand and choice
    revealed = view.last_round if view.is_over else None
    panels: list[_Panel] = []
    for seat in range(config.players):
        you, tables = seat == view.seat, view.tables[seat]
        rows = [
            _mentok_row(
                "table" if len(tables) == 1 else f"table {index}", cards, states[seat][index]
            )
            for index, cards in enumerate(tables)
        ]
        in_hand = view.hand_sizes[seat]
        if you:
            rows.append(_Row("hand", _count(in_hand, "card"), view.hand))
        elif revealed is not None and revealed.hands[seat]:
            shown = revealed.hands[seat]
            rows.append(_Row("hand", f"{len(shown)} shown", shown))
        elif tables or in_hand:
            rows.append(_Row("hand", _count(in_hand, "card"), fan=in_hand))
        choice: tuple[str, str] | None = None
        chose = view.choice if you else None
        if revealed is not None:
            chose = revealed.choices[seat]
        if chose is not None:
            scores = "scored" if view.is_over else "scores"
            choice = (f"{scores} the " + ("hand" if chose else "table"), _LABEL)
        elif view.chosen[seat] and not view.is_over:
            choice = ("has chosen what to score", _LABEL)
        others = (
            ("out of the game", _WARN) if not in_game[seat] else None,
            ("split", _LABEL) if len(tables) == 2 else None,
            ("done", _LABEL) if tables and done[seat] and not view.is_over else None,
            ("cheated: -5", _WARN) if you and view.cheated else None,
            choice,
        )
        score = _count(view.scores[seat], "point")
        panels.append(_seat_panel(view, seat, score, "to act", others=others, rows=tuple(rows)))
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
    return _table(
        "Mentok",
        view,
        (turn, " · ".join(options)),
        (_Pile("deck", "deck", view.deck_size),),
        panels,
    )


def observation(view: ofc.Observation | mock.Observation | mentok.Observation) -> str:
    """A picture of the table as one seat sees it, for an observation of any game.

    The seat's own cards are face up; every card it knows of but cannot see
    (other hands, other seats' OFC discards, a fantasyland board set face
    down) is a card back; the deck and the other piles show their sizes.
    Each seat is labelled with its number, "you", the dealer button, whose
    turn it is and its score; Mentok table hands show their value and
    whether they stood or went bust. The picture reads only the observation.

    >>> from tablerules import mock, svg
    >>> view = mock.observe(mock.new_game(seed=5), 0)
    >>> picture = svg.observation(view)
    >>> picture.count('class="card"'), picture.count('class="back"')
    (3, 9)
    >>> svg.observation(mock.new_game(seed=5))
    Traceback (most recent call last):
    ...
    TypeError: view must be an Observation of tablerules.ofc, mock or mentok, not ...State
    """
    if isinstance(view, ofc.Observation):
        return _ofc_picture(view)
    if isinstance(view, mock.Observation):
        return _mock_picture(view)
    if isinstance(view, mentok.Observation):
        return _mentok_picture(view)
    raise TypeError(
        f"view must be an Observation of tablerules.ofc, mock or mentok, not {type_name(view)}"
    )
