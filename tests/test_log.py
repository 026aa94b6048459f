"""Game logs, one suite for every game: round trips, seat logs that hide, and bad lines refused."""

from __future__ import annotations

import pickle
import random
import re
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mock, ofc
from tablerules._common import round_deck
from tests.helpers import AnyGame, stacked
from tests.mentok.strategies import configs as mentok_configs
from tests.mock.strategies import configs as mock_configs
from tests.ofc.helpers import BOARDS_QUEENS_TOP, DISCARDS, scripted
from tests.ofc.strategies import configs as ofc_configs
from tests.strategies import seeds
from tests.test_protocol import CARD_TEXT, CONFIGS, reachable_cards

NAMES = sorted(tr.GAMES)
ANY_CONFIG = st.one_of(
    st.tuples(st.just("ofc"), ofc_configs),
    st.tuples(st.just("mock"), mock_configs()),
    st.tuples(st.just("mentok"), mentok_configs),
)


def played(game: AnyGame, config: object, seed: int, steps: int = 10**6, **start: Any) -> Any:
    """A log of random moves from a new game: ``steps`` of them, or to the end."""
    log = game.GameLog.start(config, seed=seed, **start)
    rng = random.Random(seed)
    while not log.final.is_over and len(log.actions) < steps:
        log = log.play(game.random_action(log.final, rng))
    return log


def fantasyland_log(players: int = 2) -> Any:
    """An OFC log in which seat 1 earns fantasyland in round 0 and plays it in round 1."""
    config = ofc.Config(players=players, max_rounds=2)
    boards = BOARDS_QUEENS_TOP if players == 2 else [*BOARDS_QUEENS_TOP, "", ""][:players]
    _, actions = scripted(config, boards, DISCARDS)
    deck = stacked(tr.cards_text([card for action in actions for card in action.cards]))
    log = ofc.GameLog.start(config, seed=4, deck=deck)
    for action in actions:
        log = log.play(action)
    rng = random.Random(4)
    while not log.final.is_over:
        log = log.play(ofc.random_action(log.final, rng))
    return log


def check_seat_logs(game: AnyGame, log: Any) -> None:
    """Every seat's log reads back as that seat's observations, state by state."""
    states = log.states()
    for seat in range(len(log.final.scores)):
        views = game.read_seat_log(log.to_text(seat=seat))
        assert views == tuple(game.observe(state, seat) for state in states)


@settings(max_examples=max(10, settings().max_examples // 4), deadline=None)
@given(ANY_CONFIG, seeds, st.integers(0, 400))
def test_a_log_reads_back_equal_whole_or_stopped_mid_game(
    choice: tuple[str, object], seed: int, steps: int
) -> None:
    name, config = choice
    game: AnyGame = tr.GAMES[name]
    log = played(game, config, seed, steps)
    text = log.to_text()
    read = game.read_log(text)
    assert read == log
    assert read.final == log.final == log.states()[-1]
    assert read.to_text() == text
    seat = seed % len(log.final.scores)
    views = game.read_seat_log(log.to_text(seat=seat))
    assert views == tuple(game.observe(state, seat) for state in log.states())


def test_a_fantasyland_game_reads_back_with_every_seats_log() -> None:
    log = fantasyland_log()
    assert any(state.in_fantasyland_turn for state in log.states())
    assert ofc.read_log(log.to_text()) == log
    check_seat_logs(ofc, log)


@pytest.mark.parametrize("name", NAMES)
def test_reading_resumes_a_log_that_stopped_mid_game(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    whole = played(game, CONFIGS[name][0], 3)
    half = game.GameLog.start(whole.config, seed=3)
    for action in whole.actions[: len(whole.actions) // 2]:
        half = half.play(action)
    text = half.to_text()
    assert text.endswith("; result: *\n")
    resumed = game.read_log(text)
    for action in whole.actions[len(half.actions) :]:
        resumed = resumed.play(action)
    assert resumed == whole
    assert resumed.final == whole.final


@pytest.mark.parametrize("name", NAMES)
def test_the_text_has_the_header_rounds_scores_and_result(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    config = CONFIGS[name][-1]
    log = played(game, config, 8, tags=[("Event", 'Club "night" \\ 1'), ("White", "alice")])
    lines = log.to_text().splitlines()
    assert lines[:2] == [f'[Game "{name}"]', '[Format "1"]']
    assert lines[2].startswith('[Config "')
    assert "max_rounds=" in lines[2]
    assert lines[3] == '[Seed "8"]'
    assert lines[4:7] == ['[Event "Club \\"night\\" \\\\ 1"]', '[White "alice"]', ""]
    assert game.read_log(log.to_text()).tags == (("Event", 'Club "night" \\ 1'), ("White", "alice"))
    moves = [line for line in lines if line.startswith("seat ")]
    assert len(moves) == len(log.actions)
    assert moves[0] == f"seat {log.states()[0].to_act}: {log.actions[0]}"
    ends = [line for line in lines if re.fullmatch(r"; round \d+: points .*, scores .*", line)]
    assert len(ends) == log.final.round + 1
    scores = " ".join(map(str, log.final.scores))
    assert ends[-1].endswith(f", scores {scores}")
    assert lines[-1].startswith("; result: seat")


def test_a_stacked_deck_is_written_and_read() -> None:
    deck = stacked("As Kd Qh")
    log = played(mock, mock.Config(players=3, max_rounds=1), 2, 6, deck=deck)
    assert f'[Deck "{tr.cards_text(deck)}"]' in log.to_text().splitlines()
    assert mock.read_log(log.to_text()) == log
    assert mock.read_log(log.to_text()).deck == deck


def test_logs_are_under_sixty_bytes_a_move() -> None:
    for name in NAMES:
        game: AnyGame = tr.GAMES[name]
        sizes = [played(game, config, seed) for config in CONFIGS[name] for seed in (1, 2)]
        size = sum(len(log.to_text()) for log in sizes) / sum(len(log.actions) for log in sizes)
        assert size < 60, f"{name}: {size:.1f} bytes a move"


@pytest.mark.parametrize("name", NAMES)
def test_play_checks_as_apply_does_and_keeps_the_log(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    log = played(game, CONFIGS[name][0], 5, 3)
    rng = random.Random(1)
    other = next(
        action
        for action in (game.random_action(state, rng) for state in played(game, None, 9).states())
        if not game.is_legal(log.final, action)
    )
    with pytest.raises(tr.IllegalActionError) as caught:
        log.play(other)
    with pytest.raises(tr.IllegalActionError) as direct:
        game.apply(log.final, other)
    assert str(caught.value) == str(direct.value)
    assert len(log.actions) == 3
    assert log.final == log.states()[-1]


def test_tags_must_be_pgn_names_of_one_line() -> None:
    assert mock.GameLog.start(seed=1, tags={"Date": "2026.01.02"}).tags == (("Date", "2026.01.02"),)
    for tags in ([("Seat 0", "x")], [("Seed", "3")], [("Event", "two\nlines")]):
        with pytest.raises(tr.LogError, match="tag"):
            mock.GameLog.start(seed=1, tags=tags)
    with pytest.raises(TypeError, match="pairs of str"):
        mock.GameLog.start(seed=1, tags=[("Round", 3)])  # type: ignore[list-item]
    with pytest.raises(tr.ConfigError):
        mock.GameLog.start(seed=True)


def test_the_log_error_is_a_rules_error_naming_its_line() -> None:
    error = tr.LogError("no such move", 7)
    assert isinstance(error, tr.RulesError)
    assert (str(error), error.line) == ("line 7: no such move", 7)
    assert str(tr.LogError("bad tag")) == "bad tag"


# --- seat logs: only what the seat saw ---------------------------------------------------------


def seen_cards(text: str) -> set[tr.Card]:
    """Cards a seat's log shows for the round being played (not in a finished round's summary)."""
    items = re.split(r" (?=[a-z_][a-z_0-9.]*\+?=)", text)
    shown = " ".join(item for item in items if not item.startswith("last_round"))
    return {tr.Card.parse(token) for token in CARD_TEXT.findall(shown)}


@settings(max_examples=max(10, settings().max_examples // 4), deadline=None)
@given(st.sampled_from(NAMES), seeds, st.integers(1, 200))
def test_a_seat_log_shows_only_what_the_seat_sees(name: str, seed: int, steps: int) -> None:
    game: AnyGame = tr.GAMES[name]
    log = played(game, CONFIGS[name][seed % len(CONFIGS[name])], seed, steps)
    decks = int(getattr(log.config, "decks", 1))
    states = log.states()
    for seat in range(len(log.final.scores)):
        text = log.to_text(seat=seat)
        assert "Seed" not in text
        assert "Deck" not in text
        moves = [line for line in text.splitlines() if line.startswith(("start", "seat "))]
        for state, line in zip(states, moves, strict=True):
            shown = seen_cards(line.split(" > ", 1)[1])
            deck = {card for card, copies in Counter(state.deck).items() if copies == decks}
            assert not shown & deck
            assert shown <= set(reachable_cards(game.observe(state, seat)))


def twins(game: AnyGame, config: object, seed: int) -> tuple[Any, Any]:
    """Two one-round games alike but for two cards that stay in the deck the whole round."""
    first = played(game, config, seed, deck=round_deck(seed, 0))
    deck = list(first.deck)
    left = [card for card in first.final.deck if first.final.deck.count(card) < 2]
    if len(set(left)) < 2:
        pytest.skip("the round dealt all but one card")
    one, two = deck.index(left[-1]), deck.index(left[-2])
    deck[one], deck[two] = deck[two], deck[one]
    second = game.GameLog.start(config, seed=seed, deck=deck)
    for action in first.actions:
        second = second.play(action)
    return first, second


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_games_a_seat_cannot_tell_apart_give_it_the_same_log(name: str, seed: int) -> None:
    game: AnyGame = tr.GAMES[name]
    config = attrs.evolve(CONFIGS[name][0], max_rounds=1)  # type: ignore[misc]
    first, second = twins(game, config, seed)
    assert first.to_text() != second.to_text()  # the deck line differs
    for seat in range(len(first.final.scores)):
        assert first.to_text(seat=seat) == second.to_text(seat=seat)


# --- bad logs --------------------------------------------------------------------------------


def mock_text() -> str:
    text: str = played(mock, mock.Config(players=3, max_rounds=1), 11).to_text()
    return text


def refused(text: str, line: int, reason: str, read: Any = mock.read_log) -> None:
    with pytest.raises(tr.LogError, match=reason) as caught:
        read(text)
    assert caught.value.line == line
    assert str(caught.value).startswith(f"line {line}: ")


def test_bad_headers_are_refused_naming_the_line() -> None:
    text = mock_text()
    refused("", 1, "starts with its game")
    refused(text.replace('"mock"', '"chess"', 1), 1, "no game is named 'chess'")
    refused(text.replace('"mock"', '"ofc"', 1), 1, r"a log of ofc: read it with tablerules\.ofc")
    refused(text.replace('[Format "1"]', '[Format "2"]'), 2, "Format must be '1'")
    refused(text.replace('[Format "1"]\n', ""), 2, "Format must be")
    refused(text.replace('[Seed "11"]', '[Seed "eleven"]'), 4, "seed")
    refused(text.replace('[Seed "11"]', "[Seed 11]"), 4, r"a tag is written \[Name")
    refused(text.replace('[Seed "11"]', '[Seed "11"]\n[Seed "12"]'), 5, "a second Seed")
    refused(text.replace("players=3", "players=3 colour=red"), 3, "'colour=red' is not")
    refused(text.replace("players=3", "players=2"), 3, "players")
    refused(text.replace('[Seed "11"]', '[Seed "11"]\n[Deck "As Kd"]'), 5, "stacked deck")


def test_bad_moves_are_refused_with_the_rules_reason() -> None:
    text = mock_text()
    lines = text.splitlines()
    first = next(index for index, line in enumerate(lines) if line.startswith("seat "))
    number = first + 1

    def changed(new: str, at: int = first) -> str:
        return "\n".join([*lines[:at], new, *lines[at + 1 :]])

    actor = lines[first].split(":")[0]
    refused(changed(f"{actor}: draw the top card"), number, "not a Mock action")
    refused(changed(f"{actor}: meld Zz"), number, "bad card 'Zz'")
    refused(changed(f"{actor}: meld As Ks Qs"), number, f"{actor} cannot play 'meld As Ks Qs'")
    refused(changed("seat 9: draw"), number, "seat 9 moves, but seat . is to act")
    refused(changed("draw"), number, "a move is written 'seat N: <action>'")
    refused(changed("; round 3", first - 1), first, "the log says '; round 3', but the rules")


def test_a_wrong_score_comment_is_refused() -> None:
    text = mock_text()
    lines = text.splitlines()
    at = next(index for index, line in enumerate(lines) if ": points " in line)
    wrong = re.sub(r"scores (-?\d+)", lambda m: f"scores {int(m[1]) + 1}", lines[at])
    refused(text.replace(lines[at], wrong), at + 1, f"the log says {re.escape(repr(wrong))}")
    refused(text.replace(lines[at] + "\n", ""), at + 1, "a move where|the log says")


def test_a_log_cut_short_or_run_on_is_refused() -> None:
    text = mock_text()
    lines = text.splitlines()
    refused("\n".join(lines[:-1]) + "\n", len(lines), "cut short")
    refused(
        text[: text.rindex("\nseat ") + 10],
        len(lines) - 2,
        "not a Mock action|a move is written|cannot play",
    )
    refused(text + "seat 0: draw\n", len(lines) + 1, "nothing may follow the result")
    refused(text.replace("; result: seat", "; result: seats"), len(lines), "the log says")


def test_seat_logs_and_whole_logs_are_not_mixed_up() -> None:
    log = played(mock, mock.Config(players=3, max_rounds=1), 11)
    refused(log.to_text(seat=1), 3, r"one seat's log: read it with tablerules\.mock\.read_seat_log")
    refused(log.to_text(), 4, "a seat's log never holds the seed", mock.read_seat_log)
    text = log.to_text(seat=1)
    lines = text.splitlines()
    refused(text.replace('[Seat "1"]', '[Seat "7"]'), 3, "names its seat", mock.read_seat_log)
    at = next(index for index, line in enumerate(lines) if line.startswith("seat "))
    bad = (
        lines[at].replace("to_act=", "to_act=x", 1) if "to_act=" in lines[at] else lines[at] + " x"
    )
    refused(text.replace(lines[at], bad), at + 1, "JSON|path=value", mock.read_seat_log)
    refused(
        text.replace(lines[at], lines[at] + " nothing.here=1"),
        at + 1,
        "no field",
        mock.read_seat_log,
    )
    refused(
        text.replace(lines[at], lines[at] + " deck_size=-5"),
        at + 1,
        "deck_size",
        mock.read_seat_log,
    )
    refused(text.replace("start >", "seat 1 >"), 6, "start > ...", mock.read_seat_log)


@pytest.mark.parametrize("name", NAMES)
def test_logs_played_on_from_one_log_stay_apart_and_pickle(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    base = played(game, CONFIGS[name][0], 6, 4)
    rng = random.Random(2)
    one = base.play(game.random_action(base.final, rng))
    two = base.play(game.legal_actions(base.final)[-1])
    assert (len(base.actions), len(one.actions), len(two.actions)) == (4, 5, 5)
    assert one.actions[:4] == two.actions[:4] == base.actions
    assert one.final == game.apply(base.final, one.actions[-1])
    assert two.final == game.apply(base.final, two.actions[-1])
    for log in (base, one, two):
        copied = pickle.loads(pickle.dumps(log))
        assert copied == log
        assert hash(copied) == hash(log)
        assert copied.final == log.final
    with pytest.raises(AttributeError, match="immutable"):
        base.seed = 3
