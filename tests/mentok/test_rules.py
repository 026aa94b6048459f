"""One test per Mentok rule, on stacked decks (dealer 0: seat 1 is dealt first)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import tablerules as tr
from tablerules import mentok
from tablerules.mentok import Ask, HandState, Phase, Score, Stand
from tests.mentok.strategies import cards, game, play

# Two players: seat 1 holds 2c 3c 4c 5c with 9h on the table; seat 0 holds
# 2d 9c Kd 9s with Ts on the table; the deck then starts 7d 6h.
TWO = "2c 3c 4c 5c 9h  2d 9c Kd 9s Ts  7d 6h"


def test_deal_gives_blocks_of_four_then_one_from_the_dealers_left() -> None:
    state = game("2c 3c 4c 5c 6c  2d 3d 4d 5d 6d  2h 3h 4h 5h 6h", players=3)
    assert state.hands == (cards("2h 3h 4h 5h"), cards("2c 3c 4c 5c"), cards("2d 3d 4d 5d"))
    assert state.tables == ((cards("6h"),), (cards("6c"),), (cards("6d"),))
    assert len(state.deck) == 52 - 15
    assert state.deck[0] == tr.Card.parse("2s")
    assert state.dealer == 0
    assert state.to_act == 1
    assert state.phase is Phase.PLAY
    assert state.last_round is None


def test_two_decks_deal_duplicates() -> None:
    state = game("As As Ad Ad Kh  Kh 2c 2c 3c 3c", players=2, decks=2)
    assert state.hands[1] == cards("As As Ad Ad")
    assert state.tables[1] == (cards("Kh"),)
    assert len(state.deck) == 104 - 10


def test_give_takes_the_earliest_received_card_of_that_rank() -> None:
    state = play(game(TWO, players=2), Ask(0, "9"))
    assert state.tables[1] == (cards("9h 9c"),)
    assert state.hands[0] == cards("2d Kd 9s")
    assert len(state.deck) == 52 - 10
    assert state.history == (
        mentok.AskRecord(1, 0, tr.Rank.NINE, 0, False, True, tr.Card.parse("9c"), False),
    )
    assert state.to_act == 0, "a successful ask earns no extra turn"


def test_go_fish_draws_the_top_card_and_melds_it() -> None:
    state = play(game(TWO, players=2), Ask(0, "5"))
    assert state.tables[1] == (cards("9h 7d"),)
    assert state.hands[0] == cards("2d 9c Kd 9s")
    assert state.deck[0] == tr.Card.parse("6h")
    record = state.history[-1]
    assert isinstance(record, mentok.AskRecord)
    assert not record.given
    assert record.card == tr.Card.parse("7d")
    assert state.to_act == 0


def test_sphere_of_influence_covers_hand_and_table_ranks() -> None:
    state = game(TWO, players=2)
    assert mentok.sphere(state, 1) == {2, 3, 4, 5, 9}
    assert mentok.is_legal(state, Ask(0, "9")), "9h on the table is in the sphere"
    with pytest.raises(tr.IllegalActionError, match="outside its sphere of influence"):
        mentok.apply(state, Ask(0, "A"))


def test_legal_actions_list_every_ask_and_stand() -> None:
    state = game(TWO, players=2)
    expected = (
        Ask(0, 2),
        Ask(0, 3),
        Ask(0, 4),
        Ask(0, 5),
        Ask(0, 9),
        Ask(0, 9, split=True),
        Stand(0),
    )
    assert mentok.legal_actions(state) == expected


def test_cheating_asks_are_listed_after_the_sphere_when_not_strict() -> None:
    state = game(TWO, players=2, strict=False)
    actions = mentok.legal_actions(state)
    cheats = tuple(Ask(0, rank) for rank in (6, 7, 8, 10, 11, 12, 13, 14))
    assert actions == (*mentok.legal_actions(game(TWO, players=2))[:-1], *cheats, Stand(0))


def test_targets_any_other_seat_in_the_round() -> None:
    state = game(TWO, players=2)
    with pytest.raises(tr.IllegalActionError, match="cannot ask itself"):
        mentok.apply(state, Ask(1, "9"))
    with pytest.raises(tr.IllegalActionError, match="target must be a seat from 0 to 1"):
        mentok.apply(state, Ask(2, "9"))


def test_a_done_player_and_an_empty_hand_can_still_be_asked() -> None:
    # Seat 1 stands at once (done); seat 0 asks it for ranks it holds until it is empty.
    state = play(game("2c 3c 4c 5c 9h  2d 3d 4d 5d As  6h", players=2), Stand(0))
    state = play(state, Ask(1, "2"), Ask(1, "3"), Ask(1, "4"), Ask(1, "5"))
    assert state.hands[1] == ()
    assert state.tables[0] == (cards("As 2c 3c 4c 5c"),)
    state = play(state, Ask(1, "2"))
    assert state.tables[0] == (cards("As 2c 3c 4c 5c 6h"),), "go fish against an empty hand"


def test_turn_order_skips_players_who_are_done() -> None:
    state = game("2c 3c 4c 5c 6c  2d 3d 4d 5d 6d  2h 3h 4h 5h 6h", players=3)
    state = play(state, Stand(0))
    assert state.to_act == 2
    state = play(state, Ask(0, "2"))
    assert state.to_act == 0
    state = play(state, Ask(2, "3"))
    assert state.to_act == 2, "seat 1 is done and is skipped"
    assert state.done == (False, True, False)


def test_a_player_left_alone_keeps_taking_turns() -> None:
    state = play(game(TWO, players=2), Stand(0), Stand(0))
    assert state.phase is Phase.SCORE
    state = play(game(TWO, players=2), Ask(0, "2"), Stand(0))
    assert state.to_act == 1
    state = play(state, Ask(0, "3"))
    assert state.to_act == 1


def test_stand_on_the_base_card_alone_ends_the_players_round() -> None:
    state = play(game(TWO, players=2), Stand(0))
    assert state.stood[1] == (True,)
    assert state.hand_states[1] == (HandState.STOOD,)
    assert state.history[-1] == mentok.StandRecord(1, 0)
    with pytest.raises(tr.IllegalActionError, match="table hand 1"):
        mentok.apply(state, Stand(1))


def test_split_starts_a_second_table_hand_and_both_are_played() -> None:
    front = "2c 3c 4c Kc 9h  2d 9c Kd 9s Ts  7d"
    state = play(game(front, players=2), Ask(0, "9", split=True))
    assert state.tables[1] == (cards("9h"), cards("9c"))
    assert state.stood[1] == (False, False)
    assert state.has_split == (False, True)
    state = play(state, Stand(0))
    state = play(state, Ask(0, "K", hand=1))
    assert state.tables[1] == (cards("9h"), cards("9c Kd"))
    assert state.to_act == 1
    with pytest.raises(tr.IllegalActionError, match="only on its first turn"):
        mentok.apply(state, Ask(0, "9", split=True))
    state = play(state, Ask(0, "2", hand=0), Stand(1))
    assert state.tables[1] == (cards("9h 2d"), cards("9c Kd"))
    with pytest.raises(tr.IllegalActionError, match="already stood"):
        mentok.apply(state, Ask(0, "9", hand=1))
    state = play(state, Stand(0))
    assert state.phase is Phase.SCORE


def test_split_needs_the_first_turn_and_the_base_rank() -> None:
    state = game(TWO, players=2)
    with pytest.raises(tr.IllegalActionError, match="rank of the base card"):
        mentok.apply(state, Ask(0, "2", split=True))
    later = play(state, Ask(0, "2"), Stand(0))
    with pytest.raises(tr.IllegalActionError, match="first turn"):
        mentok.apply(later, Ask(0, "9", split=True))


def test_a_drawn_card_of_the_same_rank_never_splits() -> None:
    state = play(game("2c 3c 4c 5c 9h  2d 3d Kd 4s Ts  9d", players=2), Ask(0, "9", split=True))
    assert state.tables[1] == (cards("9h 9d"),)
    assert not state.has_split[1]


def test_blackjack_after_a_split_scores_twelve() -> None:
    front = "Kc Qc 2c 3c As  Ad Kd 4d 5d Ts  Qh"
    state = play(
        game(front, players=2),
        Ask(0, "A", split=True),
        Stand(0),
        Ask(0, "K", hand=0),
        Ask(0, "Q", hand=1),
    )
    assert state.tables[1] == (cards("As Kd"), cards("Ad Qh"))
    assert state.hand_states[1] == (HandState.ACTIVE, HandState.ACTIVE), "21 does not close"
    state = play(state, Stand(0), Stand(1))
    assert state.phase is Phase.SCORE
    assert state.to_act == 1, "choices start left of the dealer"
    state = play(state, Score(), Score())
    assert state.last_round is not None
    assert state.last_round.points == (0, 12)
    assert state.scores == (0, 12)


def test_a_hand_over_21_busts_and_closes() -> None:
    front = "2c 3c 4c Kc Th  2d 9c Kd 9s Ts  Qh 5d"
    state = play(game(front, players=2), Ask(0, "4"), Stand(0))
    assert state.tables[1] == (cards("Th Qh"),)
    state = play(state, Ask(0, "3"))
    assert state.tables[1] == (cards("Th Qh 5d"),)
    assert state.hand_states[1] == (HandState.BUST,)
    assert state.phase is Phase.SCORE
    state = play(state, Score(), Score())
    assert state.last_round is not None
    assert state.last_round.points == (0, 0)


def test_a_player_may_play_on_at_21_and_bust_on_purpose() -> None:
    state = play(game("5s 6s 3c 4c Th  5d 6d 9s Kd Ts  Qh", players=2), Ask(0, "5"), Stand(0))
    state = play(state, Ask(0, "6"))
    assert mentok.hand_value(state.tables[1][0]) == 21
    assert state.to_act == 1
    state = play(state, Ask(0, "3"))
    assert state.hand_states[1] == (HandState.BUST,)


def test_five_and_under_at_16_scores_one() -> None:
    front = "2c 2d 3c 3d 2h  4c 4d 5c 5d Ts  2s 3h 3s 6h"
    state = play(game(front, players=2), Ask(0, "2"), Stand(0))
    state = play(state, Ask(0, "3"), Ask(0, "3"), Ask(0, "2"), Stand(0))
    assert state.tables[1] == (cards("2h 2s 3h 3s 6h"),)
    state = play(state, Score(), Score())
    assert state.last_round is not None
    assert state.last_round.points == (0, 1)


# Held-cards round (two players): seat 1 stands and keeps Ac Kc (a blackjack in
# hand); seat 0 takes 3c and 6c from seat 1 for Ts 3c 6c = 19.
HELD = "Ac Kc 3c 6c 2h  3d 4d 5d 6d Ts"


def held_round(**options: Any) -> mentok.State:
    state = play(game(HELD, players=2, **options), Stand(0), Ask(1, "3"), Ask(1, "6"), Stand(0))
    assert state.phase is Phase.SCORE
    return state


def test_choosing_the_held_cards_scores_them_like_a_table_hand() -> None:
    state = play(held_round(), Score(use_hand=True), Score(use_hand=False))
    summary = state.last_round
    assert summary is not None
    assert summary.hands == (cards("3d 4d 5d 6d"), cards("Ac Kc"))
    assert summary.choices == (False, True)
    assert summary.points == (3, 6)
    assert not summary.abandoned
    assert state.scores == (3, 6)
    assert state.round == 1
    assert state.dealer == 1
    assert state.to_act == 0


def test_score_choices_are_made_in_turn_order_and_only_then() -> None:
    state = held_round()
    with pytest.raises(tr.IllegalActionError, match="being scored"):
        mentok.apply(state, Stand(0))
    assert mentok.legal_actions(state) == (Score(use_hand=False), Score(use_hand=True))
    assert state.to_act == 1
    state = play(state, Score(use_hand=True))
    assert state.to_act == 0
    assert state.choices == (None, True)
    with pytest.raises(tr.IllegalActionError, match="every player is done"):
        mentok.apply(game(TWO, players=2), Score())


def test_the_round_is_abandoned_when_the_deck_runs_out_and_a_cheat_still_scores_minus_5() -> None:
    start = game("Kc Qc 2c 3c Th  Ad 4d 5d 6d Ts", players=2, strict=False)
    start = attrs.evolve(start, deck=())  # as if the deck had just run out
    state = play(start, Ask(0, "A"))  # a cheat: no ace in seat 1's sphere, but given
    assert state.tables[1] == (cards("Th Ad"),)
    state = play(state, Ask(1, "4"))  # seat 1 has no 4 and the deck is empty
    summary = state.last_round
    assert summary is not None
    assert summary.abandoned
    assert summary.cheated == (False, True)
    assert summary.points == (0, -5)
    assert summary.choices == (None, None)
    assert summary.history[-1] == mentok.AskRecord(0, 1, tr.Rank.FOUR, 0, False, False, None, False)
    assert state.scores == (0, -5)
    assert state.round == 1, "an abandoned round counts as a round"
    assert state.dealer == 1


def test_a_cheat_scores_minus_5_whatever_the_table() -> None:
    state = game("Kc Qc 2c 3c Th  Ad 4d 5d 6d Ts", players=2, strict=False)
    state = play(state, Ask(0, "A"), Stand(0), Stand(0), Score(), Score())
    summary = state.last_round
    assert summary is not None
    assert summary.tables[1] == (cards("Th Ad"),), "a blackjack, worth 6 without the cheat"
    assert summary.cheated == (False, True)
    assert summary.points == (0, -5)


def with_scores(state: mentok.State, *scores: int) -> mentok.State:
    return attrs.evolve(state, scores=scores)


def test_reaching_exactly_21_wins_and_ties_share() -> None:
    state = play(with_scores(held_round(), 18, 15), Score(use_hand=True), Score())
    assert state.scores == (21, 21)
    assert state.is_over
    assert state.winners == (0, 1)
    assert state.to_act is None
    assert mentok.legal_actions(state) == ()
    with pytest.raises(tr.IllegalActionError, match="game is over"):
        mentok.apply(state, Score())


def test_going_past_21_busts_out_and_the_last_player_left_wins() -> None:
    state = play(with_scores(held_round(), 15, 16), Score(use_hand=True), Score())
    assert state.scores == (18, 22)
    assert state.in_game == (True, False)
    assert state.winners == (0,)


def test_when_everybody_busts_out_the_lowest_score_wins() -> None:
    state = play(with_scores(held_round(), 19, 17), Score(use_hand=True), Score())
    assert state.scores == (22, 23)
    assert state.in_game == (False, False)
    assert state.winners == (0,)


def test_without_exact_target_the_highest_score_at_21_or_more_wins() -> None:
    state = held_round(exact_target=False)
    assert play(with_scores(state, 19, 16), Score(use_hand=True), Score()).winners == (0, 1)
    assert play(with_scores(state, 18, 16), Score(use_hand=True), Score()).winners == (1,)
    assert not play(with_scores(state, 10, 10), Score(use_hand=True), Score()).is_over


def test_max_rounds_ends_the_game_with_the_highest_score() -> None:
    state = play(held_round(max_rounds=1), Score(use_hand=True), Score())
    assert state.is_over
    assert state.winners == (1,)
    assert state.round == 0
    mentok.check_state(state)


def test_a_player_out_of_the_game_is_dealt_no_more_rounds_and_cannot_be_asked() -> None:
    # Three players: seat 1 holds Ac Kc 3c 6c, seat 2 stands, seat 0 takes 3c and 6c.
    front = "Ac Kc 3c 6c 2h  7c 8c 9c Tc 2s  3d 4d 5d 6d Ts"
    state = play(game(front, players=3), Stand(0), Stand(0), Ask(1, "3"), Ask(1, "6"), Stand(0))
    state = with_scores(state, 0, 16, 0)
    state = play(state, Score(use_hand=True), Score(), Score())
    assert state.scores == (3, 22, 0)
    assert state.in_game == (True, False, True)
    assert not state.is_over
    assert state.round == 1
    assert state.dealer == 1, "the dealer moves on past a player out of the game"
    assert state.to_act == 2, "play starts with the first player in the game left of the dealer"
    assert state.hands[1] == ()
    assert state.tables[1] == ()
    assert len(state.deck) == 52 - 10
    with pytest.raises(tr.IllegalActionError, match="out of the game"):
        mentok.apply(state, Ask(1, state.tables[2][0][0].rank))
    state = play(state, Stand(0))
    assert state.to_act == 0, "seat 1 is skipped"


def forged(kind: type[Any], **fields: object) -> Any:
    """An action built past its constructor's checks, with any field values."""
    action = object.__new__(kind)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def test_illegal_action_kinds_are_rejected_with_reasons() -> None:
    state = game(TWO, players=2)
    for bad, reason in [
        ("Ask", "not a Mentok action"),
        (None, "not a Mentok action"),
        (Ask(0, "9", hand=1), "table hand 1"),
        (Ask(0, "9", hand=-1), "table hand -1"),
        (forged(Stand, hand="0"), "index of a table hand"),
        (forged(Ask, target=0.0, rank=tr.Rank.NINE, hand=0, split=False), "target must be"),
        (forged(Ask, target=0, rank=tr.Rank.NINE, hand=0, split=1), "split must be True or False"),
        (forged(Ask, target=0, rank="9", hand=0, split=False), "rank must be a Rank"),
        (forged(Ask, target=0, rank=9, hand=0, split=False), "rank must be a Rank"),
        (forged(Ask, target=2**300, rank=tr.Rank.NINE, hand=0, split=False), "target must be"),
        (forged(Ask, target=0, rank=tr.Rank.NINE, hand=10**400, split=False), "table hand"),
        (forged(Ask, target=0), "lacks a field"),
        (forged(Stand), "lacks a field"),
        (forged(Score, use_hand=1), "every player is done"),
        (Score(), "every player is done"),
    ]:
        assert not mentok.is_legal(state, bad)
        with pytest.raises(tr.IllegalActionError, match=reason) as info:
            mentok.apply(state, bad)
        assert info.value.action is bad
    scoring = play(state, Stand(0), Stand(0))
    with pytest.raises(tr.IllegalActionError, match="use_hand must be True or False"):
        mentok.apply(scoring, forged(Score, use_hand=1))


def test_actions_check_their_fields_when_built() -> None:
    with pytest.raises(tr.CardError, match="must be a rank"):
        Ask(0, 1)
    with pytest.raises(tr.CardError, match="must be a rank"):
        Ask(0, "X")
    with pytest.raises(tr.CardError, match="must be a rank"):
        Ask(0, "1")
    assert Ask(0, "10") == Ask(0, "T") == Ask(0, "t") == Ask(0, tr.Rank.TEN) == Ask(0, 10)
    assert Ask(1, "q").rank is tr.Rank.QUEEN
    builds: list[tuple[Callable[[], object], str]] = [
        (lambda: Ask("x", "K"), "Ask.target"),  # type: ignore[arg-type]
        (lambda: Ask(True, "K"), "Ask.target"),
        (lambda: Ask(0.0, "K"), "Ask.target"),  # type: ignore[arg-type]
        (lambda: Ask(2**300, "K"), "Ask.target"),
        (lambda: Ask(0, "K", hand="0"), "Ask.hand"),  # type: ignore[arg-type]
        (lambda: Ask(0, "K", split=1), "Ask.split"),  # type: ignore[arg-type]
        (lambda: Stand(hand=True), "Stand.hand"),
        (lambda: Stand(hand=None), "Stand.hand"),  # type: ignore[arg-type]
        (lambda: Score(use_hand=1), "Score.use_hand"),  # type: ignore[arg-type]
        (lambda: Score(use_hand="yes"), "Score.use_hand"),  # type: ignore[arg-type]
    ]
    for build, field in builds:
        with pytest.raises(tr.CardError, match=field):
            build()


def test_apply_never_changes_its_input() -> None:
    state = game(TWO, players=2)
    before = mentok.to_dict(state)
    play(state, Ask(0, "9"))
    with pytest.raises(tr.IllegalActionError):
        mentok.apply(state, Ask(0, "A"))
    assert mentok.to_dict(state) == before


def test_config_is_validated() -> None:
    for options, message in [
        ({"players": 1}, "players must be 2 to 5"),
        ({"players": 6}, "use decks=2"),
        ({"players": 11, "decks": 2}, "2 to 10 with two decks"),
        ({"decks": 3}, "decks must be 1 or 2"),
        ({"strict": 1}, "strict must be True or False"),
        ({"target": 0}, "target must be a positive int"),
        ({"max_rounds": 0}, "max_rounds"),
    ]:
        with pytest.raises(tr.ConfigError, match=message):
            mentok.Config(**options)  # type: ignore[arg-type]
    more: list[tuple[dict[str, object], str]] = [
        ({"players": []}, "players must be an int"),
        ({"decks": []}, "decks must be 1 or 2"),
        ({"target": [21]}, "target must be a positive int"),
        ({"target": 2**300}, "target must be a positive int"),
        ({"max_rounds": 2.5}, "max_rounds"),
        ({"exact_target": None}, "exact_target must be True or False"),
    ]
    for bad, message in more:
        with pytest.raises(tr.ConfigError, match=message):
            mentok.Config(**bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"config must be a tablerules\.mentok\.Config"):
        mentok.new_game("config", seed=1)  # type: ignore[arg-type]
    with pytest.raises(tr.ConfigError, match="seed"):
        mentok.new_game(seed="1")  # type: ignore[arg-type]
    for deck in (5, "As Kd", None.__class__):
        with pytest.raises(tr.ConfigError, match="deck"):
            mentok.new_game(seed=1, deck=deck)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        mentok.random_action(mentok.new_game(seed=1), 7)  # type: ignore[arg-type]


def test_an_abandoned_round_counts_towards_max_rounds() -> None:
    start = game("Kc Qc 2c 3c Th  Ad 4d 5d 6d Ts", players=2, max_rounds=1)
    state = play(attrs.evolve(start, deck=()), Ask(0, "K"))
    assert state.is_over
    assert state.last_round is not None
    assert state.last_round.abandoned
    assert state.scores == (0, 0)
    assert state.winners == (0, 1), "a tie on the highest score is shared"


def test_without_exact_target_nobody_busts_out() -> None:
    state = play(with_scores(held_round(exact_target=False), 1, 10), Score(use_hand=True), Score())
    assert state.scores == (4, 16)
    assert not state.is_over
    state = play(with_scores(held_round(exact_target=False, target=30), 20, 20), Score(), Score())
    assert state.scores == (23, 20)
    assert state.in_game == (True, True)


def test_a_game_to_21_needs_at_least_two_rounds() -> None:
    # The most one round can bring is 12 (two blackjacks after a split).
    state = play(
        game("Kc Qc 2c 3c As  Ad Kd 4d 5d Ts  Qh", players=2),
        Ask(0, "A", split=True),
        Stand(0),
        Ask(0, "K", hand=0),
        Ask(0, "Q", hand=1),
        Stand(0),
        Stand(1),
        Score(),
        Score(),
    )
    assert state.scores == (0, 12)
    assert not state.is_over


def test_legal_actions_after_a_split_cover_both_hands() -> None:
    front = "2c 3c 4c Kc 9h  2d 9c Kd 9s Ts  7d"
    state = play(game(front, players=2), Ask(0, "9", split=True), Stand(0))
    ranks = (2, 3, 4, 9, 13)
    expected = tuple(Ask(0, rank, hand) for rank in ranks for hand in (0, 1))
    assert mentok.legal_actions(state) == (*expected, Stand(0), Stand(1))
    state = play(state, Stand(1))
    assert mentok.legal_actions(state) == (*(Ask(0, rank, 0) for rank in ranks), Stand(0))


def test_legal_actions_never_target_a_player_out_of_the_game() -> None:
    front = "Ac Kc 3c 6c 2h  7c 8c 9c Tc 2s  3d 4d 5d 6d Ts"
    state = play(game(front, players=3), Stand(0), Stand(0), Ask(1, "3"), Ask(1, "6"), Stand(0))
    state = play(with_scores(state, 0, 16, 0), Score(use_hand=True), Score(), Score())
    assert state.in_game == (True, False, True)
    targets = {action.target for action in mentok.legal_actions(state) if isinstance(action, Ask)}
    assert targets == {0}
    rng = random.Random(0)
    for _ in range(20):
        action = mentok.random_action(state, rng)
        assert not isinstance(action, Ask) or action.target == 0


def test_reprs_are_readable_and_do_not_list_the_deck() -> None:
    state = game(TWO, players=2)
    text = repr(state)
    assert "deck=42 cards" in text
    assert "7d" not in text
    assert "hands=('2d 9c Kd 9s', '2c 3c 4c 5c')" in text
    finished = play(held_round(), Score(use_hand=True), Score())
    assert finished.last_round is not None
    summary = repr(finished.last_round)
    assert "points=(3, 6)" in summary
    assert "hands=('3d 4d 5d 6d', 'Ac Kc')" in summary
    assert "deck_size=42" in repr(mentok.observe(state, 0))


def test_derived_properties() -> None:
    state = play(game("Kc Qc 2c 3c Th  Ad 4d 5d 6d Ts", players=2, strict=False), Ask(0, "A"))
    assert state.cheated == (False, True)
    assert state.in_round == (True, True)
    assert state.done == (False, False)
    seen = mentok.observe(state, 0)
    assert seen.hand_states == state.hand_states
    assert seen.done == state.done
    assert seen.has_split == (False, False)
    assert seen.in_round == state.in_round
