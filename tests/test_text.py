"""Text of the table: ``str()`` of every State and Observation, and the reprs.

Over seeded random playouts of every game (two decks and OFC fantasyland
boards face down included), every state's text and every seat's view of it
are checked: the view's text never names a card the seat cannot see (a card
token is a whole word such as ``As``), it writes ``??`` once for each hidden
card the seat knows of, and a state dealt from the view by ``determinize``
gives the same text. The state's text names every card of the state.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok, mock, ofc, text
from tests.helpers import AnyGame, playout, random_state
from tests.ofc.helpers import fantasyland_round

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9?])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")
HIDDEN_TOKEN = re.compile(r"(?<!\S)\?\?(?!\S)")

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
    for seed in (1, 2)
]
games_and_configs = st.sampled_from(sorted(CONFIGS)).flatmap(
    lambda name: st.tuples(st.just(name), st.sampled_from(CONFIGS[name]))
)


def card_tokens(written: str) -> Counter[tr.Card]:
    return Counter(tr.Card.parse(token) for token in CARD_TOKEN.findall(written))


def check_layout(written: str) -> None:
    """Multi-line, plain ASCII, no line of 80 columns or more, no trailing spaces."""
    assert isinstance(written, str)
    lines = written.splitlines()
    assert len(lines) >= 4
    assert written.isascii()
    for line in lines:
        assert line.strip(), "no blank lines"
        assert len(line) < 80, line
        assert line == line.rstrip()


def hidden_from(state: Any, seat: int) -> tuple[Counter[tr.Card], int]:
    """The cards ``seat`` cannot see in ``state``, and how many of them it knows of (``??``)."""
    players = state.config.players
    hidden: Counter[tr.Card] = Counter(state.deck)
    known_of = 0
    others = [other for other in range(players) if other != seat]
    if isinstance(state, ofc.State):
        view = ofc.observe(state, seat)
        for other in others:
            hidden.update(state.hands[other])
            hidden.update(state.discards[other])
            known_of += len(state.hands[other]) + len(state.discards[other])
            if view.hidden_boards[other]:
                hidden.update(state.boards[other].cards)
                known_of += 13
    elif isinstance(state, mock.State):
        known = mock.observe(state, seat).known_hands
        for other in others:
            rest = Counter(state.hands[other]) - Counter(known[other])
            hidden.update(rest)
            known_of += rest.total()
    else:
        summary = state.last_round if state.is_over else None
        for other in others:
            if summary is not None and summary.hands[other]:
                continue  # the game is over: the last round's summary shows the hand
            hidden.update(state.hands[other])
            known_of += len(state.hands[other])
    return hidden, known_of


def seen_by(view: Any) -> Counter[tr.Card]:
    """The cards the observation shows face up (a hidden card may be their twin, two decks)."""
    shown: Counter[tr.Card] = Counter(view.hand)
    if isinstance(view, ofc.Observation):
        shown.update(view.discards)
        for board in view.boards:
            shown.update(board.cards)
    elif isinstance(view, mock.Observation):
        for seat, cards in enumerate(view.known_hands):
            if seat != view.seat:
                shown.update(cards)
        for meld in view.melds:
            shown.update(meld)
        shown.update(view.discard_pile)
    else:
        for tables in view.tables:
            for cards in tables:
                shown.update(cards)
        if view.is_over and view.last_round is not None:
            for seat, cards in enumerate(view.last_round.hands):
                if seat != view.seat:
                    shown.update(cards)
    return shown


def state_cards(state: Any) -> Counter[tr.Card]:
    """Every card a state holds in play: the deck, hands, and what lies on the table."""
    cards: Counter[tr.Card] = Counter(state.deck)
    for hand in state.hands:
        cards.update(hand)
    if isinstance(state, ofc.State):
        for board, discards in zip(state.boards, state.discards, strict=True):
            cards.update(board.cards)
            cards.update(discards)
    elif isinstance(state, mock.State):
        for meld in state.melds:
            cards.update(meld)
        cards.update(state.discard_pile)
    else:
        for tables in state.tables:
            for table in tables:
                cards.update(table)
    return cards


def check_state(state: Any) -> None:
    written = str(state)
    check_layout(written)
    assert written == text.state(state)
    assert "??" not in written
    assert card_tokens(written) >= state_cards(state), "a state's text names every card"
    for seat in range(state.config.players):
        view = tr.GAMES[state_game(state)].observe(state, seat)
        seen = str(view)
        check_layout(seen)
        assert seen == text.observation(view)
        assert f"seat {seat} (you" in seen
        hidden, known_of = hidden_from(state, seat)
        for card in (card_tokens(seen) & hidden).elements():
            assert card in seen_by(view), f"seat {seat} is shown {card}, hidden from it"
        assert len(HIDDEN_TOKEN.findall(seen)) == known_of
        for card in view.hand:
            assert re.search(rf"(?<!\S){card}(?!\S)", seen)


def state_game(state: Any) -> str:
    return type(state).__module__.split(".")[1]


@pytest.mark.parametrize(("name", "config", "seed"), CASES)
def test_every_text_of_a_playout_shows_what_the_seat_may_see(
    name: str, config: object, seed: int
) -> None:
    game: AnyGame = tr.GAMES[name]
    final, _ = playout(game, config, seed, lambda state, _action: check_state(state))
    check_state(final)


def test_a_fantasyland_board_set_face_down_is_written_as_hidden_cards() -> None:
    config = ofc.Config(players=3, max_rounds=2)
    deck = list(tr.FULL_DECK)
    random.Random(3).shuffle(deck)
    state = fantasyland_round(config, (0, 15, 0), tr.cards_text(deck), round_index=1)
    state = ofc.apply(state, ofc.random_action(state, random.Random(9)))  # seat 1 sets its board
    view = ofc.observe(state, 2)
    assert view.hidden_boards == (False, True, False)
    seen = str(view)
    block = seen.split("\nseat 1 ")[1].split("\nseat 2", maxsplit=1)[0]
    assert "board face down" in block
    assert "fantasyland 15" in block
    assert len(HIDDEN_TOKEN.findall(block)) == 13 + len(state.discards[1])
    assert not card_tokens(block)
    check_state(state)
    whole = str(state)
    for card in state.boards[1].cards:
        assert re.search(rf"(?<!\S){card}(?!\S)", whole)


@settings(max_examples=max(20, settings().max_examples // 3), deadline=None)
@given(games_and_configs, st.integers(0, 10_000), st.integers(0, 120), st.integers(0, 2**16))
def test_states_a_seat_cannot_tell_apart_give_it_the_same_text(
    choice: tuple[str, object], seed: int, steps: int, twin_seed: int
) -> None:
    name, config = choice
    game: AnyGame = tr.GAMES[name]
    state = random_state(game, config, seed, steps)
    for seat in range(len(state.scores)):
        view = game.observe(state, seat)
        twin = game.determinize(view, random.Random(twin_seed))
        assert str(game.observe(twin, seat)) == str(view)
        assert repr(game.observe(twin, seat)) == repr(view)


def test_the_text_of_a_view_is_its_seats_table() -> None:
    state = mock.new_game(seed=5)
    for _ in range(2):
        state = mock.apply(state, mock.random_action(state, random.Random(1)))
    view = mock.observe(state, 0)
    lines = str(view).splitlines()
    assert lines[0] == "Mock, round 0: the table as seat 0 sees it"
    assert lines[4] == "seat 0 (you, dealer): 0 points"
    assert str(state).splitlines()[0] == "Mock, round 0: the whole state"
    assert "(you" not in str(state)


def test_finished_games_show_the_winners_and_the_last_round() -> None:
    for name, configs in CONFIGS.items():
        game: AnyGame = tr.GAMES[name]
        final, _ = playout(game, configs[0], 4)
        for written in (str(final), str(game.observe(final, 0))):
            assert written.splitlines()[1].startswith("game over: ")
            assert written.splitlines()[-1].startswith("last round: points ")


def test_text_refuses_what_is_not_a_view_or_a_state() -> None:
    with pytest.raises(TypeError, match="view must be an Observation"):
        text.observation(ofc.new_game(seed=1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state must be a State"):
        text.state(mock.observe(mock.new_game(seed=1), 0))  # type: ignore[arg-type]


# --- reprs: one constructor form for the three games ----------------------------------------------

STATE_REPR = re.compile(
    r"^(ofc|mock|mentok)\.State\(round=\d+, dealer=\d+, to_act=(\d+|None), "
    r"(street=\d+|step='\w+'|phase='\w+'), scores=\([-\d, ]*\), hands=\(.*\), "
    r".*deck=\d+ cards, .*winners=\([\d, ]*\)\)$"
)
VIEW_REPR = re.compile(
    r"^(ofc|mock|mentok)\.Observation\(seat=\d+, hand='[2-9TJQKAcdhs ]*', round=\d+, "
    r"to_act=(\d+|None), (street=\d+|step='\w+'|phase='\w+'), scores=\([-\d, ]*\), "
    r".*hand_sizes=\([\d, ]*\), deck_size=\d+, .*\)$"
)


@pytest.mark.parametrize("name", ["ofc", "mock", "mentok"])
def test_reprs_are_short_constructor_forms_alike_in_every_game(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    seen: list[Any] = []
    final, _ = playout(game, CONFIGS[name][1], 3, lambda state, _action: seen.append(state))
    for state in [*seen[::7], final]:
        written = repr(state)
        assert STATE_REPR.match(written), written
        assert f"{name}.State(" in written
        assert f"deck={len(state.deck)} cards" in written
        if len(state.deck) >= 5:
            assert tr.cards_text(state.deck[:5]) not in written, "no deck dump"
        assert len(written) < 400
        for seat in range(state.config.players):
            view = game.observe(state, seat)
            shown = repr(view)
            assert VIEW_REPR.match(shown), shown
            assert f"hand={tr.cards_text(view.hand)!r}" in shown
            hidden, _ = hidden_from(state, seat)
            assert not (card_tokens(shown) & hidden) - seen_by(view)
            assert len(shown) < 400
