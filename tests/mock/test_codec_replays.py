"""The codec's replay of the public history, remembered from one observation to the next.

``_public`` extends the replay it made last when a history goes on from it;
whatever it remembers, its answer must be ``replay_public``'s.
"""

from __future__ import annotations

import random

from tablerules import Card, mock
from tablerules.mock import codec as mock_codec
from tablerules.mock.state import Drew, Event, Melded, replay_public


def public(history: tuple[Event, ...], players: int) -> tuple[object, ...]:
    """What the codec's replay says of ``history``: the pile, the held cards, the first seat."""
    _, pile, held, _, _, _, first, _, _ = mock_codec._public(history, players)
    return pile, held, first


def test_a_history_that_goes_on_from_another_start_is_replayed_afresh() -> None:
    nine, king, ace = (Card.parse(text) for text in ("9h", "Kd", "As"))
    last = Drew(2, False)
    one = (Melded(0, (), (nine,), 0, False), Drew(1, True, nine), last)
    other = (Melded(0, (), (king,), 0, False), Drew(1, True, king), last)
    more = Melded(2, (), (ace,), 0, False)
    for history in (one, (*other, more), (*one, more), (*other, more, Drew(3, True, ace)), one):
        assert public(history, 4) == tuple(replay_public(history, 4))


def test_the_same_history_at_other_table_sizes() -> None:
    nine = Card.parse("9h")
    history = (Melded(0, (), (nine,), 0, False), Drew(1, True, nine))
    for players in (3, 4, 3, 5, 5):
        assert public(history, players) == tuple(replay_public(history, players))
        assert public((*history, Drew(2, False)), players) == tuple(
            replay_public((*history, Drew(2, False)), players)
        )


def test_games_played_in_turn_get_the_direct_replay() -> None:
    # two games, one step each in turn, and now and then a step back
    rng = random.Random(4)
    games = [mock.new_game(mock.Config(players=3 + seed), seed=seed) for seed in range(2)]
    seen: list[mock.State] = []
    for _ in range(300):
        index = rng.randrange(2)
        state = games[index]
        if state.is_over:
            continue
        games[index] = state = mock.apply(state, mock.random_action(state, rng))
        seen.append(state)
        if rng.random() < 0.2:
            state = rng.choice(seen)
        players = state.config.players
        assert public(state.history, players) == tuple(replay_public(state.history, players))
