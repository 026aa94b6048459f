"""The game: scores add up, the 50-point end, tie-break rounds, max_rounds and last_round."""

from __future__ import annotations

import attrs

from tablerules import mock
from tests.mock.strategies import advance, end_of_round, random_policy


def last_meld(seed: int = 3, config: mock.Config | None = None) -> tuple[mock.State, mock.Action]:
    """A state one action before the end of round 0, and that action."""
    policy = random_policy(seed)
    state = advance(mock.new_game(config or mock.Config(), seed=seed), end_of_round, policy)
    # the last player may play on alone: find the action that ends the round
    while True:
        action = policy(state)
        after = mock.apply(state, action)
        if after.round == 1 or after.is_over:
            return state, action
        state = after


def round_points(state: mock.State, action: mock.Action) -> tuple[int, ...]:
    summary = mock.apply(state, action).last_round
    assert summary is not None
    return summary.points


def test_the_round_points_are_added_and_shown_after_the_next_deal() -> None:
    state, action = last_meld()
    after = mock.apply(state, action)
    summary = after.last_round
    assert summary is not None
    assert summary.round == 0
    assert summary.dealer == 0
    seat = state.to_act
    assert seat is not None
    assert isinstance(action, mock.Meld)
    for other in range(4):
        expected = state.melds[other] + (action.cards if other == seat else ())
        assert summary.melds[other] == expected
    category, highest, points = mock.score_round(
        summary.melds, summary.first_complete, state.config.highest_hand_ties
    )
    assert (summary.hand_points, summary.highest_hand, summary.points) == (
        category,
        highest,
        points,
    )
    assert after.scores == points
    assert after.round == 1
    assert after.dealer == 1
    assert not after.is_over
    assert mock.observe(after, 2).last_round == summary


def test_a_player_alone_at_the_top_with_the_target_wins() -> None:
    state, action = last_meld()
    points = round_points(state, action)
    leader = max(range(4), key=lambda seat: points[seat])
    scores = tuple(50 - points[seat] if seat == leader else 0 for seat in range(4))
    state = attrs.evolve(state, scores=scores)
    over = mock.apply(state, action)
    assert over.is_over
    assert over.to_act is None
    assert over.step == "over"
    assert over.winners == (leader,)
    assert over.scores[leader] == 50
    assert over.round == 0
    assert over.last_round is not None
    assert over.last_round.round == 0
    assert mock.legal_actions(over) == ()


def test_below_the_target_the_game_goes_on() -> None:
    state, action = last_meld()
    points = round_points(state, action)
    scores = tuple(49 - max(points) for _ in range(4))
    after = mock.apply(attrs.evolve(state, scores=scores), action)
    assert not after.is_over
    assert after.round == 1


def test_the_highest_score_wins_when_several_pass_the_target() -> None:
    state, action = last_meld()
    points = round_points(state, action)
    scores = tuple(60 + seat - points[seat] for seat in range(4))  # ends at 60, 61, 62, 63
    over = mock.apply(attrs.evolve(state, scores=scores), action)
    assert over.winners == (3,)
    assert over.scores == (60, 61, 62, 63)


def test_a_tie_for_the_lead_plays_more_rounds_until_one_leads_alone() -> None:
    state, action = last_meld()
    points = round_points(state, action)
    scores = tuple((55 if seat < 2 else 10) - points[seat] for seat in range(4))
    after = mock.apply(attrs.evolve(state, scores=scores), action)
    assert after.scores == (55, 55, 10, 10)
    assert after.to_act is not None  # not over
    assert after.round == 1
    # Play on: the game ends the first time one player alone has the top score.
    policy = random_policy(8)
    for _ in range(100_000):
        if after.is_over:
            break
        before_round = after.round
        after = mock.apply(after, policy(after))
        if not after.is_over and after.round != before_round:
            top = max(after.scores)
            assert sum(score == top for score in after.scores) > 1
    top = max(after.scores)
    assert after.winners == tuple(seat for seat in range(4) if after.scores[seat] == top)
    assert len(after.winners) == 1


def test_max_rounds_ends_the_game_and_ties_share() -> None:
    config = mock.Config(max_rounds=1)
    state, action = last_meld(config=config)
    points = round_points(state, action)
    tied = tuple(20 - points[seat] if seat in (0, 2) else 0 for seat in range(4))
    over = mock.apply(attrs.evolve(state, scores=tied), action)
    assert over.is_over
    assert over.scores[0] == over.scores[2] == 20
    assert over.winners == (0, 2)


def test_max_rounds_counts_rounds() -> None:
    policy = random_policy(2)
    state = advance(mock.new_game(mock.Config(max_rounds=3), seed=5), lambda s: s.is_over, policy)
    assert state.round == 2
    assert state.last_round is not None
    assert state.last_round.round == 2


def test_a_whole_game_reaches_the_target() -> None:
    policy = random_policy(4)
    state = advance(mock.new_game(seed=9), lambda s: s.is_over, policy)
    top = max(state.scores)
    assert top >= 50
    assert state.winners == (state.scores.index(top),)
    assert sum(score == top for score in state.scores) == 1


def test_incomplete_hands_score_by_the_small_hand_ranking() -> None:
    import tablerules as tr

    # In this seeded ten-player round the cards run out before seat 6 melds five.
    state = mock.new_game(mock.Config(players=10), seed=0)
    state = advance(state, lambda s: s.round == 1, random_policy(0))
    summary = state.last_round
    assert summary is not None
    assert [len(meld) for meld in summary.melds] == [5, 5, 5, 5, 5, 5, 4, 5, 5, 5]
    for seat, meld in enumerate(summary.melds):
        assert summary.hand_points[seat] == tr.category(tr.rank_cards(meld))
    assert summary.first_complete is not None
    assert len(summary.melds[summary.first_complete]) == 5
