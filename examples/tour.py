"""A seeded tour of tablerules: cards, hand ranking, and a round of each game.

Run it with ``python examples/tour.py``. The seed is fixed, so every run
prints the same transcript.
"""

from __future__ import annotations

import random

import tablerules as tr
from tablerules import mentok

SEED = 2026


def tour_cards() -> None:
    """Parse, print and order cards."""
    print("== Cards ==")
    hand = tr.parse_cards("As Kd 7h 2c")
    print("parsed:", tr.cards_text(hand), "| sorted:", tr.cards_text(sorted(hand)))
    try:
        tr.parse_cards("As 1s")
    except tr.CardError as error:
        print("bad text is refused:", error)


def tour_ranking() -> None:
    """Rank a few hands, including the OFC foul test on the shared scale."""
    print("\n== Ranking ==")
    rng = random.Random(SEED)
    for _ in range(3):
        seven = tuple(rng.sample(tr.FULL_DECK, 7))
        best = tr.best_rank(seven)
        print(f"best of {tr.cards_text(seven)}: {tr.describe(best)}")
    top, middle = tr.parse_cards("As Ad Kc"), tr.parse_cards("Ah Ac Qs Jd 2c")
    verdict = "fouled" if tr.rank3(top) > tr.rank5(middle) else "fine"
    print(f"top {tr.cards_text(top)} over middle {tr.cards_text(middle)}: {verdict}")
    low = tr.rank_lowball27(tr.parse_cards("7c 5d 4h 3s 2c"))
    print("best 2-7 low:", tr.describe(tr.lowball27_as_high(low)))


def tour_ofc() -> None:
    """Play one seeded round of pineapple OFC and show how it was scored."""
    from tablerules import ofc  # noqa: PLC0415 - each tour imports only its game

    print("\n== Open Face Chinese Poker ==")
    rng = random.Random(253)  # random choices that happen to build two boards without a foul
    state = ofc.new_game(ofc.Config(max_rounds=1), seed=SEED)
    while not state.is_over:
        seat, street = state.to_act, state.street
        action = ofc.random_action(state, rng)
        print(f"street {street + 1}, seat {seat}: {action}")
        state = ofc.apply(state, action)
    summary = state.last_round
    assert summary is not None
    for seat, board in enumerate(summary.boards):
        verdict = "fouled" if summary.fouled[seat] else f"royalties {summary.royalties[seat]}"
        print(f"seat {seat}: {board}  ({verdict})")
    for pair in ofc.score_breakdown(summary.boards, state.config):
        first, second = pair.seats
        print(
            f"seat {first} vs seat {second}: lines {pair.lines}, scoop {pair.scoop}, royalties "
            f"{pair.royalties[0]} - {pair.royalties[1]}: {pair.points:+d} for seat {first}"
        )
    print("bankrolls:", state.scores, "winners:", state.winners)


def tour_mock() -> None:
    """Play one seeded round of Mock with random legal moves, one line per turn."""
    from tablerules import mock  # noqa: PLC0415 (each game's tour imports only its own module)

    print("\n== Mock ==")
    rng = random.Random(SEED)
    state = mock.new_game(mock.Config(players=4, max_rounds=1), seed=SEED)
    for dealt, hand in enumerate(state.hands):
        print(f"seat {dealt} is dealt {tr.cards_text(hand)}")
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        line = f"seat {seat}:"
        if state.step == "draw":
            draw = mock.random_action(state, rng)
            state = mock.apply(state, draw)
            taken = state.hands[seat][-1]
            line += f" takes {taken} from the {'discards' if state.took_discard else 'pile'},"
        meld = mock.random_action(state, rng)
        assert isinstance(meld, mock.Meld)
        state = mock.apply(state, meld)
        melded = state.last_round.melds[seat] if state.last_round else state.melds[seat]
        line += f" melds {tr.cards_text(meld.cards) or 'nothing'}"
        if meld.discards:
            line += f", discards {tr.cards_text(meld.discards)}"
        print(f"{line} -> melded {tr.cards_text(melded) or '-'}")
    summary = state.last_round
    assert summary is not None
    for player, cards in enumerate(summary.melds):
        value = tr.describe(mock.hand_value(cards)) if cards else "nothing"
        print(f"seat {player}: {tr.cards_text(cards)} ({value}) scores {summary.points[player]}")
    print(f"first complete hand: seat {summary.first_complete}; winners: {list(state.winners)}")


def _mentok_move(state: mentok.State, rng: random.Random) -> mentok.Action:
    """A simple player: stand at 17 or more, else ask at random; score the better set."""
    seat = state.to_act
    assert seat is not None
    if state.phase is mentok.Phase.SCORE:
        table = sum(mentok.hand_points(hand) for hand in state.tables[seat])
        return mentok.Score(use_hand=mentok.hand_points(state.hands[seat]) > table)
    for hand, cards in enumerate(state.tables[seat]):
        active = state.hand_states[seat][hand] is mentok.HandState.ACTIVE
        if active and mentok.hand_value(cards) >= 17:
            return mentok.Stand(hand)
    asks = [action for action in mentok.legal_actions(state) if isinstance(action, mentok.Ask)]
    return rng.choice(asks)


def _mentok_line(before: mentok.State, action: mentok.Action, after: mentok.State) -> str:
    """One line of the transcript for an action."""
    seat = before.to_act
    assert seat is not None
    if isinstance(action, mentok.Stand):
        value = mentok.hand_value(before.tables[seat][action.hand])
        return f"seat {seat} stands on hand {action.hand} at {value}"
    if isinstance(action, mentok.Score):
        return f"seat {seat} chooses what to score (hidden until all have chosen)"
    ended = after.last_round if after.round != before.round else None
    record = ended.history[-1] if ended is not None else after.history[-1]
    assert isinstance(record, mentok.AskRecord)
    how = "given" if record.given else "no; drew"
    hand = 1 if record.split and record.given else record.hand
    tables = ended.tables if ended is not None else after.tables
    cards = tables[seat][hand]
    split = " (split!)" if record.split and record.given else ""
    return (
        f"seat {seat} asks seat {record.target} for {record.rank.letter}: {how} {record.card}"
        f"{split} -> hand {hand} {tr.cards_text(cards)} = {mentok.hand_value(cards)}"
    )


def tour_mentok() -> None:
    """Play one seeded round of Mentok and show every ask, stand and score."""
    print("\n== Mentok ==")
    rng = random.Random(SEED)
    state = mentok.new_game(mentok.Config(players=4), seed=SEED)
    print(f"round {state.round}, dealer seat {state.dealer}, deck {len(state.deck)} cards")
    for seat in range(4):
        hand, base = tr.cards_text(state.hands[seat]), tr.cards_text(state.tables[seat][0])
        print(f"seat {seat}: hand {hand} | table {base}")
    while state.round == 0:
        action = _mentok_move(state, rng)
        following = mentok.apply(state, action)
        print(_mentok_line(state, action, following))
        state = following
    summary = state.last_round
    assert summary is not None
    for seat in range(4):
        choice = "held cards" if summary.choices[seat] else "table"
        print(
            f"seat {seat} scored the {choice}: {summary.points[seat]} "
            f"(kept {tr.cards_text(summary.hands[seat]) or 'nothing'})"
        )
    print("scores after round 0:", state.scores)


def main() -> None:
    """Run the whole tour."""
    tour_cards()
    tour_ranking()
    tour_ofc()
    tour_mock()
    tour_mentok()


if __name__ == "__main__":
    main()
