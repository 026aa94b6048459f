"""Pictures: every SVG parses as XML and shows what the seat may see, and nothing else.

Each face-up card is a ``<g data-card="As">``, each card back a
``<g class="back">``, each seat a ``<g class="seat" data-seat="N">`` and
each pile a ``<g class="pile" data-count="N">``; the tests read those. Over
seeded random playouts of every game (two decks and OFC fantasyland boards
face down included), the cards a picture shows are exactly the cards the
seat may see, computed from the state, and the backs are exactly the hidden
cards it knows of.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import tablerules as tr
from tablerules import mentok, mock, ofc, svg
from tests.helpers import DATA, AnyGame, load_golden, replay_golden

SVG = "{http://www.w3.org/2000/svg}"
CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")
TRANSLATE = re.compile(r"translate\(([-\d.]+) ([-\d.]+)\)")

CONFIGS: dict[str, list[object]] = {
    "ofc": [
        ofc.Config(max_rounds=2),
        ofc.Config(players=3, max_rounds=1),
        ofc.Config(variant="classic", players=4, max_rounds=1),
        ofc.Config(progressive=True, max_rounds=2),
        ofc.Config(lowball_middle=True, players=3, max_rounds=1),
    ],
    "mock": [
        mock.Config(players=3, max_rounds=1),
        mock.Config(max_rounds=1),
        mock.Config(players=10, max_rounds=1),
    ],
    "mentok": [
        mentok.Config(players=2, max_rounds=2),
        mentok.Config(max_rounds=1),
        mentok.Config(players=5, strict=False, max_rounds=2),
        mentok.Config(players=10, decks=2, max_rounds=1),
        mentok.Config(players=6, decks=2, strict=False, max_rounds=2),
    ],
}
CASES = [
    pytest.param(name, config, seed, id=f"{name}-{index}-{seed}")
    for name, configs in CONFIGS.items()
    for index, config in enumerate(configs)
    for seed in (1, 2, 3)
]


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return root


def groups(root: ET.Element, kind: str) -> list[ET.Element]:
    return [element for element in root.iter(f"{SVG}g") if element.get("class") == kind]


def shown_cards(element: ET.Element) -> Counter[tr.Card]:
    """The face-up cards drawn inside ``element``."""
    return Counter(
        tr.Card.parse(card) for item in element.iter() if (card := item.get("data-card"))
    )


def card_order(element: ET.Element) -> list[str]:
    return [card for item in element.iter() if (card := item.get("data-card"))]


def texts(element: ET.Element) -> str:
    """Everything written in ``element``: its text and the values of its attributes."""
    pieces: list[str] = []
    for item in element.iter():
        pieces.extend(item.attrib.values())
        pieces.append(item.text or "")
        pieces.extend(child.tail or "" for child in item)
    return " ".join(pieces)


def words(element: ET.Element) -> str:
    """The text the picture writes (not its attributes), tspans joined."""
    return " ".join("".join(item.itertext()) for item in element.iter(f"{SVG}text"))


def seat_group(root: ET.Element, seat: int) -> ET.Element:
    (group,) = [group for group in groups(root, "seat") if group.get("data-seat") == str(seat)]
    return group


def pile(root: ET.Element, name: str) -> ET.Element:
    (group,) = [group for group in groups(root, "pile") if group.get("data-pile") == name]
    return group


def check_document(picture: str) -> ET.Element:
    """A standalone SVG: a size and a viewBox, nothing fetched from outside, stable text."""
    root = parse(picture)
    width, height = int(root.get("width", "0")), int(root.get("height", "0"))
    assert width > 0
    assert height > 0
    assert root.get("viewBox") == f"0 0 {width} {height}"
    assert root.find(f"{SVG}title") is not None
    for forbidden in ("href", "<image", "<style", "url(", "@import", "<script", "<foreignObject"):
        assert forbidden not in picture
    for element in root.iter():
        assert not element.get("style"), "style sheets and style attributes are not used"
    return root


# Cards and boards.


def test_cards_draws_each_card_in_the_order_given() -> None:
    picture = svg.cards("As Kd 7h Tc")
    root = check_document(picture)
    assert card_order(root) == ["As", "Kd", "7h", "Tc"]
    drawn = {group.get("data-card"): group for group in groups(root, "card")}
    assert [text.text for text in drawn["Tc"].iter(f"{SVG}text")] == ["10", "♣"]
    assert {text.get("fill") for text in drawn["Kd"].iter(f"{SVG}text")} == {"#c62828"}
    assert {text.get("fill") for text in drawn["As"].iter(f"{SVG}text")} == {"#1f2328"}
    assert svg.cards(tr.parse_cards("As Kd 7h Tc")) == picture


def test_cards_wrap_and_an_empty_row_is_still_a_picture() -> None:
    root = check_document(svg.cards(tr.FULL_DECK))
    assert card_order(root) == [str(card) for card in tr.FULL_DECK]
    assert int(root.get("height", "0")) > 3 * int(
        check_document(svg.cards("As")).get("height", "0")
    )
    assert not card_order(check_document(svg.cards("")))


def test_cards_refuses_what_is_not_cards() -> None:
    with pytest.raises(TypeError, match="cards must be cards or card text"):
        svg.cards(7)  # type: ignore[arg-type]
    with pytest.raises(tr.CardError, match="Zz"):
        svg.cards("As Zz")
    with pytest.raises(tr.CardError):
        svg.cards([14])  # type: ignore[list-item]


def test_a_complete_board_shows_its_rows_highest_first_and_its_royalties() -> None:
    board = ofc.Board.parse("Qs Qd 4c / Ks Kh 7d 7c 2s / 9h 8h 6h 4h 2h")
    root = check_document(svg.board(board))
    assert card_order(root) == [
        "Qs",
        "Qd",
        "4c",
        "Ks",
        "Kh",
        "7d",
        "7c",
        "2s",
        "9h",
        "8h",
        "6h",
        "4h",
        "2h",
    ]
    assert not groups(root, "slot")
    assert [word for word in words(root).split() if word.startswith("+")] == ["+7", "+0", "+4"]
    assert "top Qs Qd 4c" in (root.findtext(f"{SVG}title") or "")


def test_an_incomplete_board_draws_its_empty_places() -> None:
    root = check_document(svg.board(ofc.Board.parse("As / - / Kd Kc")))
    assert card_order(root) == ["As", "Kd", "Kc"]
    assert len(groups(root, "slot")) == 10
    assert "+" not in words(root)
    assert len(groups(check_document(svg.board(ofc.Board())), "slot")) == 13


def test_a_fouled_board_says_so() -> None:
    board = ofc.Board.parse("As Ad Kc / Ah Ac Qs Jd 2c / 9h 8h 6h 4h 2h")
    root = check_document(svg.board(board))
    assert "foul" in words(root)
    assert "+" not in words(root)


def test_board_and_observation_refuse_other_types() -> None:
    with pytest.raises(TypeError, match=r"board must be a tablerules\.ofc\.Board, not str"):
        svg.board("As / - / -")  # type: ignore[arg-type]
    for value in (ofc.new_game(seed=1), mock.new_game(seed=1), None, "view"):
        with pytest.raises(TypeError, match="view must be an Observation"):
            svg.observation(value)  # type: ignore[arg-type]


# What each seat's picture shows, computed from the state.


def visible_and_backs(
    name: str, state: Any, view: Any
) -> tuple[Counter[tr.Card], dict[int, int], Counter[tr.Card]]:
    """The cards ``view.seat`` may see face up, the backs it knows of per seat, the hidden cards."""
    seat, players = view.seat, len(state.scores)
    visible: Counter[tr.Card] = Counter(state.hands[seat])
    hidden: Counter[tr.Card] = Counter(state.deck)
    backs = dict.fromkeys(range(players), 0)
    for other in range(players):
        if other != seat:
            hidden.update(state.hands[other])
    if name == "ofc":
        visible.update(state.discards[seat])
        for other, board in enumerate(state.boards):
            face_down = (
                not state.is_over and other != seat and state.fantasyland[other] > 0 and board.size
            )
            (hidden if face_down else visible).update(board.cards)
            if other != seat:
                hidden.update(state.discards[other])
                backs[other] = len(state.hands[other]) + len(state.discards[other])
                backs[other] += 13 if face_down else 0
    elif name == "mock":
        for meld in state.melds:
            visible.update(meld)
        if state.discard_pile:
            visible[state.discard_pile[-1]] += 1
        for other, known in enumerate(view.known_hands):
            if other != seat:
                assert not Counter(known) - Counter(state.hands[other])
                visible.update(known)
                hidden.subtract(known)
                backs[other] = len(state.hands[other]) - len(known)
    else:
        for tables in state.tables:
            for cards in tables:
                visible.update(cards)
        for other in range(players):
            if other == seat:
                continue
            if state.is_over:  # the last round's summary shows every hand held
                shown = view.last_round.hands[other]
                assert Counter(shown) == Counter(state.hands[other])
                visible.update(shown)
                hidden.subtract(shown)
            else:
                backs[other] = len(state.hands[other])
    return visible, backs, +hidden


def check_picture(name: str, state: Any, seat: int) -> None:
    game: AnyGame = tr.GAMES[name]
    view = game.observe(state, seat)
    picture = svg.observation(view)
    root = check_document(picture)
    visible, backs, hidden = visible_and_backs(name, state, view)
    shown = shown_cards(root)
    assert shown == visible, f"seat {seat} is shown {shown - visible}, misses {visible - shown}"
    decks = getattr(state.config, "decks", 1)
    if decks == 1:
        assert not set(shown) & set(state.deck), "a card of the deck is shown"
        assert not set(shown) & set(hidden), "another seat's hidden card is shown"
    for card, copies in shown.items():
        assert copies <= decks - hidden[card], f"more copies of {card} than seat {seat} can see"
    written = {tr.Card.parse(token) for token in CARD_TEXT.findall(texts(root))}
    assert written <= set(visible), f"the picture writes {written - set(visible)}"
    assert words(root).count("seat") >= len(state.scores)
    for other in range(len(state.scores)):
        group = seat_group(root, other)
        assert len(groups(group, "back")) == backs[other], f"backs of seat {other}"
        said = words(group)
        assert f"seat {other}" in said
        assert ("you" in said.split()) == (other == seat)
        assert bool(groups(group, "dealer")) == (other == state.round % len(state.scores))
        assert str(state.scores[other]) in said
        if other == state.to_act:
            assert "to " in said
    if state.is_over:
        assert "game over" in words(root)
    check_piles(name, state, view, root)
    check_layout(root)
    assert svg.observation(game.observe(state, seat)) == picture


def check_piles(name: str, state: Any, view: Any, root: ET.Element) -> None:
    said = words(root)
    if name == "mock":
        sizes = {
            "opening": view.opening_size,
            "finish": view.finish_size,
            "discards": len(state.discard_pile),
        }
        assert view.opening_size + view.finish_size == len(state.deck)
        for pile_name, size in sizes.items():
            assert pile(root, pile_name).get("data-count") == str(size)
            assert f"{pile_name} {size}" in said
        top = card_order(pile(root, "discards"))
        assert top == ([str(state.discard_pile[-1])] if state.discard_pile else [])
        assert f"draw pile {len(state.deck)}" in said
    else:
        assert pile(root, "deck").get("data-count") == str(len(state.deck))
        assert f"deck {len(state.deck)}" in said
        assert not card_order(pile(root, "deck"))
    if name == "mentok":
        for seat, tables in enumerate(state.tables):
            said = words(seat_group(root, seat))
            for cards, hand_state in zip(tables, view.hand_states[seat], strict=True):
                value = str(mentok.hand_value(cards))
                if hand_state is not mentok.HandState.ACTIVE:
                    value += f", {hand_state.value}"
                assert value in said


def boxes(root: ET.Element, kind: str, width: int, height: int) -> Iterator[tuple[float, ...]]:
    for group in groups(root, kind):
        match = TRANSLATE.fullmatch(group.get("transform", ""))
        assert match, group.attrib
        x, y = float(match[1]), float(match[2])
        yield (x, y, x + width, y + height)


def overlap(first: tuple[float, ...], second: tuple[float, ...]) -> bool:
    return (
        first[0] < second[2]
        and second[0] < first[2]
        and first[1] < second[3]
        and second[1] < first[3]
    )


def check_layout(root: ET.Element) -> None:
    """Face-up cards, places and panels never overlap, and everything is inside the picture."""
    width, height = int(root.get("width", "0")), int(root.get("height", "0"))
    cards = [*boxes(root, "card", 34, 48), *boxes(root, "slot", 34, 48)]
    for index, box in enumerate(cards):
        assert box[0] >= 0
        assert box[2] <= width
        assert box[1] >= 0
        assert box[3] <= height
        for other in cards[index + 1 :]:
            assert not overlap(box, other), f"cards at {box} and {other} overlap"
    panels = []
    for group in groups(root, "seat"):
        rect = group.find(f"{SVG}rect")
        assert rect is not None
        x, y = float(rect.get("x", "0")), float(rect.get("y", "0"))
        panels.append((x, y, x + float(rect.get("width", "0")), y + float(rect.get("height", "0"))))
    for index, box in enumerate(panels):
        assert box[2] <= width
        assert box[3] <= height
        for other in panels[index + 1 :]:
            assert not overlap(box, other)
        for card in cards:
            if overlap(card, box):
                assert box[0] <= card[0]
                assert card[2] <= box[2]
                assert box[1] <= card[1]
                assert card[3] <= box[3]
    for back in boxes(root, "back", 34, 48):
        assert back[0] >= 0
        assert back[2] <= width
        assert back[3] <= height


@pytest.mark.parametrize(("name", "config", "seed"), CASES)
def test_pictures_show_what_the_seat_sees_and_nothing_more(
    name: str, config: object, seed: int
) -> None:
    game: AnyGame = tr.GAMES[name]
    state = game.new_game(config, seed=seed)
    rng = random.Random(seed)
    players = len(state.scores)
    step = 0
    while True:
        if step % 3 == 0 or state.is_over:
            for seat in range(players) if step % 9 == 0 or state.is_over else (step % players,):
                check_picture(name, state, seat)
        if state.is_over:
            break
        state = game.apply(state, game.random_action(state, rng))
        step += 1


def test_fantasyland_boards_set_face_down_are_backs_for_the_others() -> None:
    final, states = replay_golden(load_golden(DATA / "ofc_fantasyland_3p.json"))
    face_down = 0
    for state in [*states, final]:
        for seat in range(state.config.players):
            view = ofc.observe(state, seat)
            face_down += sum(view.hidden_boards)
            check_picture("ofc", state, seat)
    assert face_down > 0


def test_the_players_own_fantasyland_hand_is_face_up() -> None:
    _, states = replay_golden(load_golden(DATA / "ofc_fantasyland_3p.json"))
    state = next(s for s in states if s.to_act is not None and s.fantasyland[s.to_act])
    seat = state.to_act
    root = parse(svg.observation(ofc.observe(state, seat)))
    mine = seat_group(root, seat)
    assert set(shown_cards(mine)) >= set(state.hands[seat])
    assert f"fantasyland {state.fantasyland[seat]}" in words(mine)
    assert not groups(mine, "back")


def test_a_mock_card_taken_from_the_discards_shows_in_the_takers_hand() -> None:
    state = mock.apply(mock.new_game(seed=5), mock.Draw())
    state = mock.apply(state, mock.Meld(discards=state.hands[1][-1:]))
    taken = state.discard_pile[-1]
    state = mock.apply(state, mock.Draw(from_discard=True))
    root = parse(svg.observation(mock.observe(state, 0)))
    taker = seat_group(root, 2)
    assert taken in shown_cards(taker)
    assert len(groups(taker, "back")) == len(state.hands[2]) - 1
    assert "1 known" in words(taker)
    check_picture("mock", state, 0)


def test_ten_seats_are_laid_out_in_rows() -> None:
    views = (
        mock.observe(mock.new_game(mock.Config(players=10), seed=3), 0),
        mentok.observe(mentok.new_game(mentok.Config(players=10, decks=2), seed=3), 0),
    )
    for view in views:
        root = parse(svg.observation(view))
        tops = set()
        for seat in range(10):
            rect = seat_group(root, seat).find(f"{SVG}rect")
            assert rect is not None
            tops.add(rect.get("y"))
        assert len(tops) == 4
        assert int(root.get("width", "0")) < 900
        check_layout(root)


def test_the_same_view_gives_the_same_text() -> None:
    for name, configs in CONFIGS.items():
        game: AnyGame = tr.GAMES[name]
        first = game.new_game(configs[0], seed=11)
        again = game.new_game(configs[0], seed=11)
        assert svg.observation(game.observe(first, 1)) == svg.observation(game.observe(again, 1))
        assert svg.observation(game.observe(first, 0)) != svg.observation(game.observe(first, 1))


def test_a_finished_mentok_game_shows_the_hands_and_choices_its_last_round_reveals() -> None:
    state, rng = mentok.new_game(mentok.Config(players=3, max_rounds=1), seed=4), random.Random(4)
    while state.to_act is not None:
        state = mentok.apply(state, mentok.random_action(state, rng))
    summary = state.last_round
    assert summary is not None
    root = parse(svg.observation(mentok.observe(state, 0)))
    for seat in range(3):
        group = seat_group(root, seat)
        assert set(summary.hands[seat]) <= set(shown_cards(group))
        assert not groups(group, "back")
        chose = summary.choices[seat]
        assert chose is not None
        assert ("scored the hand" if chose else "scored the table") in words(group)
    check_picture("mentok", state, 0)
