"""A seeded tour of tablerules: cards, hand ranking, and a round of each game.

Run it with ``python examples/tour.py``. Each step prints the call (after
``>>>``, as Python would show it) and then its result; in the games, each
line is one action, written as ``str(action)``, and what it did; before
each game's first action it prints the table as the seat to act sees it
(``print(observe(state, seat))``). The seeds are fixed, so every run prints
the same transcript.

``python examples/tour.py --svg DIR`` also writes pictures into ``DIR``
(made by :mod:`tablerules.svg`): each game's table at the end as seat 0 sees
it, one finished OFC board, and the transcript itself as ``tour.txt``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
from collections.abc import Sequence
from pathlib import Path

import tablerules as tr
from tablerules import mentok, mock, ofc, svg

SEED = 2026
RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}  # fmt: skip


def show(code: str, *result: object) -> None:
    """Print a call as the Python prompt shows it, then its result (none for a statement)."""
    for line in code.splitlines():
        print(f"... {line}" if line.startswith(" ") else f">>> {line}")
    for value in result:
        print(repr(value))


def note(text: str) -> None:
    """Print an explanation, indented so it stands apart from calls and results."""
    for line in text.splitlines():
        print(f"  {line}")


def show_table(game: str, seat: int, view: object) -> None:
    """Print a seat's observation as ``print`` shows it: the table as that seat sees it."""
    show(f"print({game}.observe(state, {seat}))  # the table as seat {seat} sees it")
    print(view)


def cards(cards: Sequence[tr.Card]) -> str:
    """Card text, or a dash for no cards."""
    return tr.cards_text(cards) or "-"


def tour_cards() -> None:
    """Parse, print and order cards."""
    print("== Cards ==")
    hand = tr.parse_cards("As Kd 7h 2c")
    show('hand = tr.parse_cards("As Kd 7h 2c")', hand)
    show("tr.cards_text(hand), tr.cards_text(sorted(hand))", (cards(hand), cards(sorted(hand))))
    print('>>> tr.parse_cards("As 1s")')
    try:
        tr.parse_cards("As 1s")
    except tr.CardError as error:
        print(f"CardError: {error}")


def tour_ranking() -> None:
    """Rank a few hands, including the OFC foul test on the shared scale."""
    print("\n== Ranking ==")
    rng = random.Random(SEED)
    for _ in range(3):
        seven = tuple(rng.sample(tr.FULL_DECK, 7))
        show(
            f'tr.describe(tr.best_rank(tr.parse_cards("{cards(seven)}")))',
            tr.describe(tr.best_rank(seven)),
        )
    top, middle = tr.parse_cards("As Ad Kc"), tr.parse_cards("Ah Ac Qs Jd 2c")
    show(
        'tr.rank3(tr.parse_cards("As Ad Kc")) > tr.rank5(tr.parse_cards("Ah Ac Qs Jd 2c"))',
        tr.rank3(top) > tr.rank5(middle),
    )
    note("(a top row stronger than the middle: that OFC board is fouled)")
    low = tr.rank_lowball27(tr.parse_cards("7c 5d 4h 3s 2c"))
    show(
        'tr.describe(tr.lowball27_as_high(tr.rank_lowball27(tr.parse_cards("7c 5d 4h 3s 2c"))))',
        tr.describe(tr.lowball27_as_high(low)),
    )


def tour_ofc() -> ofc.State:
    """Play one seeded round of pineapple OFC and show how it was scored."""
    print("\n== Open Face Chinese Poker ==")
    show(
        "state = ofc.new_game(ofc.Config(max_rounds=1), seed=2026)\n"
        "rng = random.Random(253)  # random moves that happen to build two boards without a foul",
    )
    rng = random.Random(253)
    state = ofc.new_game(ofc.Config(max_rounds=1), seed=SEED)
    show(
        "state.to_act, state.street, len(state.deck)", (state.to_act, state.street, len(state.deck))
    )
    note(
        "Streets are numbered as State.street numbers them: street 0 deals five cards,\n"
        "streets 1 to 4 deal three each (place two, discard one)."
    )
    show_table("ofc", 1, ofc.observe(state, 1))
    show(
        "while not state.is_over:\n    state = ofc.apply(state, ofc.random_action(state, rng))",
    )
    while not state.is_over:
        seat, street = state.to_act, state.street
        assert seat is not None
        dealt = state.hands[seat]
        action = ofc.random_action(state, rng)
        state = ofc.apply(state, action)
        board = state.last_round.boards[seat] if state.last_round else state.boards[seat]
        print(f"street {street}, seat {seat} (dealt {cards(dealt)}): {action}  ->  {board}")
    summary = state.last_round
    assert summary is not None
    note("The round is over: state.last_round holds the final boards and the scores.")
    for board in summary.boards:
        show(
            f'board = ofc.Board.parse("{board}")\nofc.is_fouled(board), ofc.royalties(board)',
            (ofc.is_fouled(board), ofc.royalties(board)),
        )
    pairs = ofc.score_breakdown(summary.boards, state.config)
    show(
        "[pair.points for pair in ofc.score_breakdown(state.last_round.boards)]",
        [pair.points for pair in pairs],
    )
    for pair in pairs:
        first, second = pair.seats
        note(
            f"seat {first} against seat {second}: lines {pair.lines}, scoop {pair.scoop}, "
            f"royalties {pair.royalties[0]} to {pair.royalties[1]}: "
            f"{pair.points:+d} for seat {first}"
        )
    show("state.scores, state.winners  # bankrolls after the round", (state.scores, state.winners))
    return state


def _mock_draw(before: mock.State, after: mock.State) -> str:
    """What a draw did: the card, and where it came from (the discards, the opening, the finish)."""
    seat = before.to_act
    assert seat is not None
    taken = after.hands[seat][-1]
    if after.took_discard:
        return f"takes {taken} from the discard pile (so must meld this turn)"
    part = "opening" if before.opening else "finish"
    return f"draws {taken} from the {part}"


def _mock_meld(before: mock.State, meld: mock.Meld, after: mock.State) -> str:
    """What a meld did: melded, discarded, refilled to three, finished."""
    seat = before.to_act
    assert seat is not None
    record = after.history[-1] if after.history else None
    if after.last_round is not None and after.round != before.round:
        record = None
    melded = after.melds[seat] if after.round == before.round else ()
    parts = [f"melds {cards(meld.cards)}" if meld.cards else "melds nothing"]
    if len(meld.discards) > 1:
        parts.append(f"discards {cards(meld.discards)} ({meld.discards[-1]} on top)")
    elif meld.discards:
        parts.append(f"discards {meld.discards[0]}")
    drawn = record.drawn if isinstance(record, mock.Melded) else 0
    if drawn:
        refill = before.deck[:drawn]
        from_opening = min(drawn, before.opening)
        where = (
            "the opening"
            if from_opening == drawn
            else "the finish"
            if not from_opening
            else f"the opening ({from_opening}) and the finish ({drawn - from_opening})"
        )
        parts.append(f"refills to three with {cards(refill)} from {where}")
    finished = isinstance(record, mock.Melded) and record.finished
    if finished:
        parts.append("has finished the round")
    text = "; ".join(parts)
    if melded:
        text += f"; meld now {cards(melded)}"
    return text


def tour_mock() -> mock.State:
    """Play one seeded round of Mock with random legal moves, one line per action."""
    print("\n== Mock ==")
    show(
        "state = mock.new_game(mock.Config(players=4, max_rounds=1), seed=2026)\n"
        "rng = random.Random(2026)",
    )
    rng = random.Random(SEED)
    state = mock.new_game(mock.Config(players=4, max_rounds=1), seed=SEED)
    show("[tr.cards_text(hand) for hand in state.hands]", [cards(hand) for hand in state.hands])
    show(
        "state.opening, len(state.deck) - state.opening  # the draw pile: opening, then finish",
        (state.opening, len(state.deck) - state.opening),
    )
    note(
        "A turn is two actions: draw (from the pile, or the top discard), then meld and\n"
        "discard down to three cards in hand; with fewer than three, the hand refills\n"
        "from the draw pile by itself. Five cards melded finish the round.\n"
        "An observation prints as the table its seat sees: ?? for each card it cannot see."
    )
    show_table("mock", 1, mock.observe(state, 1))
    show(
        "while not state.is_over:\n    state = mock.apply(state, mock.random_action(state, rng))",
    )
    while not state.is_over:
        seat = state.to_act
        action = mock.random_action(state, rng)
        following = mock.apply(state, action)
        if isinstance(action, mock.Draw):
            said = _mock_draw(state, following)
        else:
            said = _mock_meld(state, action, following)
        print(f"seat {seat}: {action}  ->  {said}")
        state = following
    summary = state.last_round
    assert summary is not None
    note("Every seat has finished; state.last_round scores the melds.")
    for meld in summary.melds:
        value = tr.describe(mock.hand_value(meld)) if meld else "nothing"
        show(
            f'mock.hand_points(tr.parse_cards("{cards(meld)}"))  # {value}', mock.hand_points(meld)
        )
    note(
        f"first complete hand (+1): seat {summary.first_complete}; highest hand (+2): "
        + ", ".join(f"seat {seat}" for seat in summary.highest_hand)
    )
    show("state.last_round.points, state.winners", (summary.points, state.winners))
    return state


def simple_player(state: mentok.State, rng: random.Random) -> mentok.Action:
    """A simple player: stand at 17 or more, else ask at random; score the better set."""
    seat = state.to_act
    assert seat is not None
    if state.phase is mentok.Phase.SCORE:
        table = sum(mentok.hand_points(hand) for hand in state.tables[seat])
        return mentok.Score(use_hand=mentok.hand_points(state.hands[seat]) > table)
    for hand, hand_cards in enumerate(state.tables[seat]):
        active = state.hand_states[seat][hand] is mentok.HandState.ACTIVE
        if active and mentok.hand_value(hand_cards) >= 17:
            return mentok.Stand(hand)
    asks = [action for action in mentok.legal_actions(state) if isinstance(action, mentok.Ask)]
    return rng.choice(asks)


def _a(rank: tr.Rank) -> str:
    name = RANK_NAMES[rank.letter]
    return f"an {name}" if name[0] in "ae" else f"a {name}"


def _mentok_line(before: mentok.State, action: mentok.Action, after: mentok.State) -> str:
    """What an action did, in words."""
    seat = before.to_act
    assert seat is not None
    ended = after.last_round if after.round != before.round or after.is_over else None
    tables = ended.tables if ended is not None else after.tables
    if isinstance(action, mentok.Stand):
        hand = before.tables[seat][action.hand]
        name = "its table" if len(before.tables[seat]) == 1 else f"table hand {action.hand}"
        return f"stands on {name}, {cards(hand)} = {mentok.hand_value(hand)}"
    if isinstance(action, mentok.Score):
        what = "its hand" if action.use_hand else "its table"
        return f"chooses to score {what} (kept from the others until every seat has chosen)"
    history = ended.history if ended is not None else after.history
    record = history[-1]
    assert isinstance(record, mentok.AskRecord)
    target, rank = f"seat {record.target}", _a(record.rank)
    if record.given and record.split:
        hand_cards = tables[seat][1]
        return (
            f"asks for {rank} and splits: {target} gives {record.card}, which starts a second "
            f"table hand: table hand 1 {cards(hand_cards)} = {mentok.hand_value(hand_cards)}"
        )
    hand_cards = tables[seat][record.hand]
    name = "table" if len(tables[seat]) == 1 else f"table hand {record.hand}"
    got = (
        f"{target} gives {record.card}"
        if record.given
        else f"{target} has no {RANK_NAMES[record.rank.letter]}, so seat {seat} draws {record.card}"
    )
    value = mentok.hand_value(hand_cards)
    bust = " (bust)" if value > 21 else ""
    return f"asks for {rank}: {got}; {name} {cards(hand_cards)} = {value}{bust}"


def tour_mentok() -> mentok.State:
    """Play one seeded round of Mentok and show every ask, stand and score."""
    print("\n== Mentok ==")
    show(
        "state = mentok.new_game(mentok.Config(players=4, max_rounds=1), seed=2026)\n"
        "rng = random.Random(2026)",
    )
    rng = random.Random(SEED)
    state = mentok.new_game(mentok.Config(players=4, max_rounds=1), seed=SEED)
    show(
        "state.dealer, state.to_act, len(state.deck)", (state.dealer, state.to_act, len(state.deck))
    )
    show("[tr.cards_text(hand) for hand in state.hands]", [cards(hand) for hand in state.hands])
    show(
        "[tr.cards_text(table[0]) for table in state.tables]  # each table hand's base card",
        [cards(table[0]) for table in state.tables],
    )
    note(
        "Each seat asks another for a rank it holds or shows; the card (given, or drawn\n"
        "from the deck) goes face up on its table hand, a blackjack hand. This player\n"
        "stands at 17 or more and at the end scores the better of table and hand."
    )
    show_table("mentok", 1, mentok.observe(state, 1))
    show(
        "while not state.is_over:\n    state = mentok.apply(state, simple_player(state, rng))",
    )
    while not state.is_over:
        seat = state.to_act
        action = simple_player(state, rng)
        following = mentok.apply(state, action)
        print(f"seat {seat}: {action}  ->  {_mentok_line(state, action, following)}")
        state = following
    summary = state.last_round
    assert summary is not None
    note("Everyone has chosen; state.last_round shows the choices and the held cards.")
    for seat in range(4):
        if summary.choices[seat]:
            scored = f"scored the hand, {cards(summary.hands[seat])}"
        else:
            table = " and ".join(cards(hand) for hand in summary.tables[seat])
            scored = f"scored the table, {table}"
        held = f"held {cards(summary.hands[seat])}" if summary.hands[seat] else "held nothing"
        note(f"seat {seat} {scored}: {summary.points[seat]} points ({held})")
    show("state.scores, state.winners", (state.scores, state.winners))
    return state


def tour_log() -> None:
    """Keep a log beside a short game and print it: the moves, round by round."""
    print("\n== A game log ==")
    show(
        "rng = random.Random(2026)\n"
        "log = mentok.GameLog.start(mentok.Config(players=2, max_rounds=1), seed=2026,\n"
        '                           tags={"White": "ann", "Black": "bob"})\n'
        "while not log.final.is_over:\n"
        "    log = log.play(mentok.random_action(log.final, rng))\n"
        "print(log.to_text())",
    )
    config = mentok.Config(players=2, max_rounds=1)
    log = mentok.GameLog.start(config, seed=SEED, tags={"White": "ann", "Black": "bob"})
    rng = random.Random(SEED)
    while not log.final.is_over:
        log = log.play(mentok.random_action(log.final, rng))
    print(log.to_text(), end="")
    show("mentok.read_log(log.to_text()) == log  # replayed through the rules", True)
    assert mentok.read_log(log.to_text()) == log


def write_pictures(
    directory: Path, states: tuple[ofc.State, mock.State, mentok.State]
) -> list[Path]:
    """Each game's last table as seat 0 sees it, and seat 0's finished OFC board."""
    ofc_state, mock_state, mentok_state = states
    assert ofc_state.last_round is not None
    pictures = {
        "ofc-board.svg": svg.board(ofc_state.last_round.boards[0], config=ofc_state.config),
        "ofc.svg": svg.observation(ofc.observe(ofc_state, 0)),
        "mock.svg": svg.observation(mock.observe(mock_state, 0)),
        "mentok.svg": svg.observation(mentok.observe(mentok_state, 0)),
    }
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, picture in pictures.items():
        path = directory / name
        path.write_text(picture, encoding="utf-8")
        paths.append(path)
    return paths


def tour() -> tuple[ofc.State, mock.State, mentok.State]:
    """Print the whole tour; returns each game's final state."""
    tour_cards()
    tour_ranking()
    states = tour_ofc(), tour_mock(), tour_mentok()
    tour_log()
    return states


def main(argv: Sequence[str] | None = None) -> None:
    """Run the whole tour; with ``--svg DIR``, write the pictures and the transcript there too."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--svg",
        metavar="DIR",
        type=Path,
        help="also write SVG pictures of each table into DIR, with the transcript as DIR/tour.txt",
    )
    options = parser.parse_args(argv)
    if options.svg is None:
        tour()
        return
    transcript = io.StringIO()
    with contextlib.redirect_stdout(transcript):
        states = tour()
    print(transcript.getvalue(), end="")
    paths = write_pictures(options.svg, states)
    text = options.svg / "tour.txt"
    text.write_text(transcript.getvalue(), encoding="utf-8")
    print("\n== Pictures ==")
    for path in [*paths, text]:
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
