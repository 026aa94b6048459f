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
    tour_mentok()


if __name__ == "__main__":
    main()
