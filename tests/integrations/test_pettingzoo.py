"""The PettingZoo AEC environments: PettingZoo's own suites, then what they do not check.

PettingZoo's ``max_cycles_test`` cannot pass as it is written for a game
whose turn goes from seat to seat: its parallel half expects ``max_cycles``
parallel steps, where ``turn_based_aec_to_parallel`` takes one step per
agent's turn, ``max_cycles`` times the players; and it samples ids without
the mask, which ends the episode at once. Its counts are checked here with
legal ids instead (``test_max_cycles_counts_cycles_as_max_cycles_test_does``).
"""

from __future__ import annotations

import copy
import pickle
import random
import re
import runpy
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "pettingzoo", reason="needs the pettingzoo extra: pip install 'tablerules[pettingzoo]'"
)

import attrs
import numpy as np
from pettingzoo.test import (
    api_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.env import AECEnv

import tablerules as tr
from tablerules import mentok, mock, ofc
from tablerules.integrations import pettingzoo as pz
from tablerules.integrations._pettingzoo_env import wrap
from tests.helpers import random_state
from tests.ofc.helpers import fantasyland_round

AnyGame = tr.Game[Any, Any, Any, Any]

CONFIGS: list[tuple[str, Any]] = [
    ("ofc", ofc.Config(max_rounds=2)),
    ("ofc", ofc.Config(variant="classic", players=3, max_rounds=1)),
    ("ofc", ofc.Config(players=3, progressive=True, max_rounds=2)),
    ("ofc", ofc.Config(lowball_middle=True, max_rounds=1)),
    ("mock", mock.Config(players=3, max_rounds=2)),
    ("mock", mock.Config(players=4, target=20)),
    ("mock", mock.Config(players=7, max_rounds=1)),
    ("mentok", mentok.Config(players=2, max_rounds=3)),
    ("mentok", mentok.Config(players=3)),
    ("mentok", mentok.Config(players=4, strict=False, max_rounds=3)),
    ("mentok", mentok.Config(players=7, decks=2, max_rounds=2)),
]
IDS = [f"{name}-{index}" for index, (name, _) in enumerate(CONFIGS)]

# Rounds that open with fantasyland turns: (config, cards each seat earned the round before).
FANTASYLAND_STARTS = [
    (ofc.Config(max_rounds=2), (15, 0)),
    (ofc.Config(players=3, progressive=True, max_rounds=2), (16, 0, 18)),
    (ofc.Config(variant="classic", players=3, max_rounds=2), (13, 13, 0)),
]
MODES: list[pz.FantasylandMode] = ["solver", "per_card"]

# Warnings PettingZoo's api_test gives every dict observation outside its own list of games.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


def run_pettingzoo_suites(make: Any) -> None:
    """PettingZoo's suites on AEC environments from ``make``, failing on other warnings.

    ``api_test`` and ``seed_test``, then ``parallel_api_test`` and
    ``parallel_seed_test`` on ``turn_based_aec_to_parallel`` of them
    (``parallel_seed_test`` samples ids without the mask, so the episode
    ends on its first illegal id).
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make(), num_cycles=400)
        seed_test(make, num_cycles=200)
        parallel_api_test(turn_based_aec_to_parallel(make()), num_cycles=400)
        parallel_seed_test(lambda: turn_based_aec_to_parallel(make()), num_cycles=200)
    others = [
        str(warning.message)
        for warning in caught
        if not str(warning.message).startswith(DICT_OBSERVATION_WARNINGS)
    ]
    assert others == []


class FromState(pz.RawEnv):
    """Every reset starts from one state, so PettingZoo's suites play from it."""

    def __init__(self, start: Any, **options: Any) -> None:
        super().__init__(
            ofc,
            start.config,
            fantasyland=options.get("fantasyland", "solver"),
            max_cycles=pz.DEFAULT_MAX_CYCLES,
            render_mode=None,
        )
        self.start = start

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().reset(seed=seed, options={"state": self.start})


# --- PettingZoo's suites -------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "config"), CONFIGS, ids=IDS)
def test_pettingzoo_suites(name: str, config: Any) -> None:
    run_pettingzoo_suites(lambda: pz.env(name, config))


@pytest.mark.parametrize("mode", MODES)
def test_pettingzoo_suites_with_per_card_fantasyland(mode: pz.FantasylandMode) -> None:
    config = ofc.Config(players=3, max_rounds=2)
    run_pettingzoo_suites(lambda: pz.env("ofc", config, fantasyland=mode))


@pytest.mark.parametrize(("config", "earned"), FANTASYLAND_STARTS)
@pytest.mark.parametrize("mode", MODES)
def test_pettingzoo_suites_from_fantasyland_turns(
    config: ofc.Config, earned: tuple[int, ...], mode: pz.FantasylandMode
) -> None:
    start = fantasyland_round(config, earned, "", seed=5)
    assert start.in_fantasyland_turn
    run_pettingzoo_suites(lambda: wrap(FromState(start, fantasyland=mode), "terminate"))


# --- what an agent sees --------------------------------------------------------------------------


def expected_bytes(
    env: pz.RawEnv, seat: int, choices: list[int]
) -> tuple[bytes, bytes]:  # the codec's observation and mask for seat
    game: AnyGame = env._table.game
    state = env.game_state
    codec = env.codec
    view = game.observe(state, seat)
    if seat == state.to_act and game is ofc and codec.card_ids and view.fantasyland[seat]:
        step = codec.fantasyland_step(view, choices)
        return step.observation, step.mask
    return codec.observation(view), codec.mask(view)


def random_steps(env: pz.RawEnv, seed: int, limit: int = 5_000) -> Iterator[tuple[str, int]]:
    """Reset with ``seed``, then yield (agent, id) for random legal ids until the game ends."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if env.game_state.is_over:
            return
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        action = int(rng.choice(np.flatnonzero(mask)))
        yield agent, action
        env.step(action)
    raise AssertionError("the game did not end")


def play_and_check_views(env: pz.RawEnv, seed: int) -> int:
    """Random play, checking every agent's observation against the codec at each step."""
    choices: list[int] = []
    per_card_steps = 0
    for agent, action in random_steps(env, seed):
        for other in env.agents:
            seat = int(other.split("_")[1])
            seen = env.observe(other)
            assert seen["observation"].dtype == np.uint8
            assert seen["action_mask"].dtype == np.int8
            observation, mask = expected_bytes(env, seat, choices if other == agent else [])
            assert seen["observation"].tobytes() == observation
            assert seen["action_mask"].tobytes() == mask
            assert bool(seen["action_mask"].any()) == (other == agent)
        state = env.game_state
        codec = env.codec
        if isinstance(codec, ofc.Codec) and codec.card_ids and state.fantasyland[state.to_act]:
            choices.append(action)
            per_card_steps += 1
            if len(choices) == len(state.hands[state.to_act]):
                choices = []
    return per_card_steps


@pytest.mark.parametrize(("name", "config"), CONFIGS[::2], ids=IDS[::2])
def test_observations_and_masks_are_the_codecs_bytes(name: str, config: Any) -> None:
    assert play_and_check_views(pz.raw_env(name, config), seed=11) == 0


@pytest.mark.parametrize(("config", "earned"), FANTASYLAND_STARTS)
def test_observations_through_per_card_fantasyland_turns(
    config: ofc.Config, earned: tuple[int, ...]
) -> None:
    start = fantasyland_round(config, earned, "", seed=13)

    class Start(pz.RawEnv):
        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            super().reset(seed=seed, options={"state": start})

    env = Start(ofc, config, fantasyland="per_card", max_cycles=10**6, render_mode=None)
    cards = sum(start.fantasyland)
    assert play_and_check_views(env, seed=13) == cards


@pytest.mark.parametrize(("config", "earned"), FANTASYLAND_STARTS[:2])
def test_per_card_fantasyland_takes_one_step_per_card(
    config: ofc.Config, earned: tuple[int, ...]
) -> None:
    start = fantasyland_round(config, earned, "", seed=9)
    env = pz.raw_env("ofc", config, fantasyland="per_card")
    env.reset(options={"state": start})
    seat = start.to_act
    assert seat is not None
    agent = f"player_{seat}"
    codec = env.codec
    view = ofc.observe(start, seat)
    solved = ofc.solve_fantasyland(view.hand, config)
    with pytest.raises(tr.IllegalActionError, match="not a per-card fantasyland id"):
        env.step(codec.fantasyland_id)
    with pytest.raises(tr.IllegalActionError, match="choice an integer of 16610 bits is not"):
        env.step(10**5000)
    choices = codec.fantasyland_choices(view, solved)
    for count, choice in enumerate(choices):
        assert env.agent_selection == agent
        step = codec.fantasyland_step(view, list(choices[:count]))
        seen = env.observe(agent)
        assert seen["observation"].tobytes() == step.observation
        assert seen["action_mask"].tobytes() == step.mask
        assert env.game_state == start
        env.step(choice)
    assert env.game_state == ofc.apply(start, solved)
    assert len(choices) == len(view.hand)


def test_other_seats_never_see_a_per_card_turn_in_progress() -> None:
    config, earned = FANTASYLAND_STARTS[1]
    start = fantasyland_round(config, earned, "", seed=9)
    env = pz.raw_env("ofc", config, fantasyland="per_card")
    env.reset(options={"state": start})
    others = [agent for agent in env.agents if agent != env.agent_selection]
    before = {agent: env.observe(agent)["observation"].tobytes() for agent in others}
    for _ in range(4):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert {agent: env.observe(agent)["observation"].tobytes() for agent in others} == before


@pytest.mark.parametrize(("name", "config"), CONFIGS[1::2], ids=IDS[1::2])
def test_hidden_cards_never_reach_an_observation(name: str, config: Any) -> None:
    game: AnyGame = tr.GAMES[name]
    env, other = pz.raw_env(name, config), pz.raw_env(name, config)
    rng = random.Random(3)
    checked = 0
    for steps in (0, 3, 9, 17):
        state = random_state(game, config, seed=steps, steps=steps)
        if state.is_over:
            continue
        env.reset(options={"state": state})
        for seat in range(config.players):
            guess = game.determinize(game.observe(state, seat), rng)
            assert guess != state  # the unseen cards were dealt again
            if guess.is_over:
                continue
            other.reset(options={"state": guess})
            for agent in env.agents:
                if agent != f"player_{seat}":
                    continue
                mine, theirs = env.observe(agent), other.observe(agent)
                assert mine["observation"].tobytes() == theirs["observation"].tobytes()
                assert mine["action_mask"].tobytes() == theirs["action_mask"].tobytes()
                checked += 1
    assert checked >= 3 * config.players  # most of the states went on


@pytest.mark.parametrize("name", ["ofc", "mock", "mentok"])
def test_render_shows_what_the_seat_to_act_sees(name: str) -> None:
    game: AnyGame = tr.GAMES[name]
    env = pz.raw_env(name, render_mode="ansi")
    env.reset(seed=4)
    state = env.game_state
    for _ in range(3):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[-1]))
    state = env.game_state
    text = env.render()
    assert text is not None
    assert f"player_{state.to_act} to act" in text
    hidden = set(state.deck)
    for seat, hand in enumerate(state.hands):
        if seat != state.to_act:
            hidden |= set(hand)
    shown = set(game.observe(state, state.to_act).hand)
    for card in shown:
        assert re.search(rf"\b{card}\b", text)
    for card in hidden - shown:
        assert not re.search(rf"\b{card}\b", text), f"{card} is hidden from the seat to act"
    assert pz.raw_env(name).render() is None


@pytest.mark.parametrize("name", ["ofc", "mock", "mentok"])
def test_render_writes_the_seat_views_text_and_human_mode_prints_it(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game: AnyGame = tr.GAMES[name]
    ansi, human = pz.raw_env(name, render_mode="ansi"), pz.raw_env(name, render_mode="human")
    for env in (ansi, human):
        env.reset(seed=5)
    rng = random.Random(5)
    while not ansi.game_state.is_over:
        state = ansi.game_state
        text = ansi.render()
        assert text is not None
        assert text.endswith("\n" + str(game.observe(state, state.to_act)))
        assert human.render() is None
        assert capsys.readouterr().out == text + "\n"
        mask = ansi.observe(ansi.agent_selection)["action_mask"]
        action = int(rng.choice(np.flatnonzero(mask)))
        ansi.step(action)
        human.step(action)
    final = ansi.render()
    assert final is not None
    assert final.endswith("\n" + str(ansi.game_state))
    assert "game over" in final.splitlines()[0]
    single = pz.single_agent_env(name, render_mode="human")
    single.reset(seed=1)
    assert single.render() is None
    assert "to act" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["ofc", "mock", "mentok"])
def test_pettingzoos_render_test_passes(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    config = {"ofc": ofc.Config(max_rounds=1), "mock": mock.Config(max_rounds=1)}.get(name)
    render_test(lambda render_mode: pz.env(name, config, render_mode=render_mode))
    assert "seat 0" in capsys.readouterr().out  # "human" mode printed the tables


# --- rewards, termination, truncation ------------------------------------------------------------


@pytest.mark.parametrize(("name", "config"), CONFIGS, ids=IDS)
def test_rewards_are_score_changes_and_add_up(name: str, config: Any) -> None:
    env = pz.raw_env(name, config)
    scored_steps = 0
    for seed in (21, 22, 23):  # random OFC boards often all foul, scoring nothing
        env.reset(seed=seed)
        initial = env.game_state.scores
        totals = dict.fromkeys(env.agents, 0.0)
        rng = random.Random(seed)
        while env.agents:
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            before = env.game_state.scores
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            after = env.game_state.scores
            for seat, agent in enumerate(env.possible_agents):
                assert env.rewards[agent] == after[seat] - before[seat]
                totals[agent] += env.rewards[agent]
            scored_steps += after != before
        final = env.game_state
        assert final.is_over
        assert [totals[agent] for agent in env.possible_agents] == [
            new - old for new, old in zip(final.scores, initial, strict=True)
        ]
    assert scored_steps >= 1


def test_the_last_reward_is_what_accumulated_since_the_agent_acted() -> None:
    env = pz.raw_env("mock", mock.Config(players=3, max_rounds=2))
    env.reset(seed=2)
    owed = dict.fromkeys(env.agents, 0.0)
    rng = random.Random(2)
    while env.agents:
        agent = env.agent_selection
        observation, reward, terminated, truncated, _ = env.last()
        assert reward == owed[agent]
        owed[agent] = 0.0
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        for other, value in env.rewards.items():
            owed[other] += value


def test_terminations_when_the_game_is_over() -> None:
    env = pz.raw_env("ofc", ofc.Config(max_rounds=1))
    for _ in random_steps(env, seed=8):
        assert not any(env.terminations.values())
    assert env.game_state.is_over
    assert all(env.terminations.values())
    assert not any(env.truncations.values())
    seen = []
    while env.agents:
        seen.append(env.agent_selection)
        assert not env.observe(env.agent_selection)["action_mask"].any()
        env.step(None)
    assert sorted(seen) == env.possible_agents


def test_truncation_after_max_cycles_cycles_of_a_step_per_player() -> None:
    config = mentok.Config(players=3, strict=False)
    env = pz.env("mentok", config, max_cycles=57)
    env.reset(seed=1)
    rng = random.Random(1)
    steps = 0
    while not any(env.truncations.values()):
        assert not any(env.terminations.values())
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps == 57 * 3
    assert all(env.truncations.values())
    state = env.unwrapped.game_state
    assert not state.is_over
    seen = []
    while env.agents:  # each agent leaves, shown the unfinished game
        agent = env.agent_selection
        observation, _, terminated, truncated, _ = env.last()
        assert (terminated, truncated) == (False, True)
        seen.append(agent)
        assert not observation["action_mask"].any() or agent == f"player_{state.to_act}"
        env.step(None)
    assert sorted(seen) == env.possible_agents
    env.reset(options={"state": state})  # the game can go on from where it was cut
    assert env.unwrapped.game_state is state
    assert not any(env.truncations.values())


@pytest.mark.parametrize("name", ["ofc", "mock", "mentok"])
def test_max_cycles_counts_cycles_as_max_cycles_test_does(name: str) -> None:
    """What PettingZoo's ``max_cycles_test`` counts, with legal ids (see the module's docstring).

    Where the turn goes round the table (OFC, Mock), every agent acts
    ``max_cycles`` times, then steps once more to leave; Mentok's turn can
    stay with a seat, so only the total is ``max_cycles`` steps a player.
    """
    config = tr.GAMES[name].Config(players=3)
    env = pz.env(name, config, max_cycles=4)
    env.reset(seed=2)
    counts = dict.fromkeys(env.possible_agents, 0)
    rng = random.Random(2)
    for agent in env.agent_iter():
        counts[agent] += 1
        observation, _, terminated, truncated, _ = env.last()
        assert not terminated
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if truncated else int(rng.choice(legal)))
    assert sum(counts.values()) == 4 * 3 + 3
    if name != "mentok":
        assert set(counts.values()) == {4 + 1}
    parallel = turn_based_aec_to_parallel(pz.env(name, config, max_cycles=4))
    observations, _ = parallel.reset(seed=2)
    steps = 0
    while parallel.agents:
        actions = {
            agent: int(rng.choice(np.flatnonzero(seen["action_mask"])))
            for agent, seen in observations.items()
            if seen["action_mask"].any()
        }
        observations, _, _, truncations, _ = parallel.step(actions)
        steps += 1
    assert steps == 4 * 3
    assert all(truncations.values())


# --- seeds and starts ----------------------------------------------------------------------------


def episode(env: pz.RawEnv, seed: int) -> list[Any]:
    """Everything the agents were shown in a random episode, with the ids played."""
    record: list[Any] = []
    for agent, action in random_steps(env, seed):
        seen = env.observe(agent)
        record.append((agent, seen["observation"].tobytes(), action, dict(env.rewards)))
    return record


@pytest.mark.parametrize("name", ["ofc", "mock", "mentok"])
def test_the_same_seed_plays_the_same_episode(name: str) -> None:
    config = tr.GAMES[name].Config(max_rounds=1)
    first, second = pz.raw_env(name, config), pz.raw_env(name, config)
    assert episode(first, 5) == episode(second, 5)
    assert episode(first, 5) != episode(first, 6)
    first.reset(seed=5)
    assert first.game_state == tr.GAMES[name].new_game(config, seed=5)


@pytest.mark.parametrize("name", ["ofc", "mock", "mentok"])
def test_resets_without_a_seed_draw_from_the_environments_generator(name: str) -> None:
    first, second = pz.raw_env(name), pz.raw_env(name)
    first.reset(seed=3)
    second.reset(seed=3)
    deals = []
    for _ in range(3):
        first.reset()
        second.reset()
        assert first.game_state == second.game_state
        deals.append(first.game_state)
    assert len({id(state) for state in deals}) == 3
    assert deals[0] != deals[1] != deals[2]
    game = tr.GAMES[name]
    drawn = random.Random(3)
    assert deals == [game.new_game(game.Config(), seed=drawn.getrandbits(63)) for _ in range(3)]
    first.reset(seed=8)
    first.reset(seed=4)  # the generator follows the last seed given
    first.reset()
    assert first.game_state == game.new_game(game.Config(), seed=random.Random(4).getrandbits(63))
    unseeded = [pz.raw_env(name) for _ in range(2)]
    for each in unseeded:
        each.reset()
    assert unseeded[0].game_state != unseeded[1].game_state


def test_reset_starts_from_a_saved_game() -> None:
    config = mock.Config(players=3, max_rounds=2)
    state = random_state(mock, config, seed=4, steps=25)
    saved = mock.from_dict(mock.to_dict(state))
    env = pz.env(mock, config)
    env.reset(options={"state": saved})
    assert env.unwrapped.game_state is saved
    assert env.agent_selection == f"player_{state.to_act}"
    assert all(value == 0 for value in env.rewards.values())


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"state": "a state"}, TypeError, r'options\["state"\] must be a tablerules.ofc.State'),
        (
            {"state": mock.new_game(seed=1)},
            TypeError,
            r"tablerules.ofc.State, not tablerules.mock.State",
        ),
        (
            {"state": ofc.new_game(ofc.Config(players=3), seed=1)},
            tr.ConfigError,
            "this environment is made for",
        ),
        ({"state": random_state(ofc, ofc.Config(max_rounds=1), 1, 10_000)}, tr.StateError, "over"),
        ("state", TypeError, "options must be a dict"),
    ],
)
def test_reset_refuses_a_start_it_cannot_play(options: Any, error: type, message: str) -> None:
    env = pz.raw_env("ofc", ofc.Config(max_rounds=1))
    env.reset(seed=1)
    before = env.game_state
    with pytest.raises(error, match=message):
        env.reset(options=options)
    assert env.game_state is before


def test_reset_checks_the_states_invariants() -> None:
    state = ofc.new_game(seed=1)
    broken = attrs.evolve(state, scores=(100, 101))
    with pytest.raises(tr.StateError):
        ofc.check_state(broken)
    env = pz.raw_env("ofc")
    with pytest.raises(tr.StateError):
        env.reset(options={"state": broken})


def test_reset_ignores_other_options() -> None:
    env = pz.raw_env("mentok")
    env.reset(seed=2, options={"options": 1})
    assert env.game_state == mentok.new_game(seed=2)


# --- illegal ids and bad arguments ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["ofc", "mock", "mentok"])
def test_an_illegal_id_ends_the_episode_as_in_pettingzoos_classic_games(
    name: str, caplog: pytest.LogCaptureFixture
) -> None:
    env = pz.env(name)
    env.reset(seed=6)
    rng = random.Random(6)
    for _ in range(15):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    state = env.unwrapped.game_state
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    for outside in (len(mask), -1, 1.5):
        with pytest.raises(AssertionError, match="not in action space"):
            env.step(outside)
    assert env.agent_selection == agent
    assert not any(env.terminations.values())
    owed = dict(env.unwrapped._cumulative_rewards)
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert "Illegal move made" in caplog.text
    assert env.unwrapped.game_state is state
    assert all(env.terminations.values())
    assert all(env.truncations.values())
    rewards = {}
    for each in env.agent_iter():
        rewards[each] = env.last()[1]
        env.step(None)
    assert rewards == {**owed, agent: -1.0}
    env.reset(seed=6)
    assert env.agents == env.possible_agents
    assert not any(env.terminations.values())


@pytest.mark.parametrize("name", ["ofc", "mock", "mentok"])
def test_an_illegal_id_raises_and_changes_nothing(name: str) -> None:
    env = pz.env(name, illegal="raise")
    env.reset(seed=6)
    rng = random.Random(6)
    for _ in range(15):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    agent = env.agent_selection
    state = env.unwrapped.game_state
    seen = {other: env.observe(other)["observation"].tobytes() for other in env.agents}
    rewards = dict(env.unwrapped._cumulative_rewards)  # what last() reports
    mask = env.observe(agent)["action_mask"]
    illegal = [int(i) for i in np.flatnonzero(mask == 0)]
    for action in [*rng.sample(illegal, min(5, len(illegal))), len(mask), -1]:
        with pytest.raises(tr.IllegalActionError):
            env.step(action)
    for huge in (10**5000, -(10**5000)):  # past Python's 4,300 digits for int-to-str
        with pytest.raises(tr.IllegalActionError, match="an integer of 16610 bits"):
            env.step(huge)
    with pytest.raises(TypeError, match="must be an int"):
        env.step(1.5)
    assert env.agent_selection == agent
    assert env.unwrapped.game_state is state
    assert {other: env.observe(other)["observation"].tobytes() for other in env.agents} == seen
    assert env.unwrapped._cumulative_rewards == rewards
    env.step(np.int64(np.flatnonzero(mask)[0]))
    assert env.unwrapped.game_state != state


def test_env_enforces_the_call_order_and_unwraps_to_the_raw_env() -> None:
    wrapped = pz.env("mock")
    assert isinstance(wrapped, AECEnv)
    assert isinstance(wrapped.unwrapped, pz.RawEnv)
    with pytest.raises(AttributeError, match="before reset"):
        _ = wrapped.agent_selection
    with pytest.raises(AttributeError, match="before reset"):
        _ = wrapped.agents
    with pytest.raises(AttributeError, match="before reset"):
        wrapped.last()
    with pytest.raises(AssertionError, match="reset"):
        wrapped.step(0)
    wrapped.reset(seed=1)
    assert str(wrapped) == "tablerules_mock_v0"


def iterated_episode(env: Any, seed: int) -> list[tuple[Any, ...]]:
    """Every ``last()`` of a random episode through ``agent_iter``, as plain values."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    seen = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        seen.append((agent, observation["observation"].tobytes(), reward, terminated, truncated))
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if terminated or truncated else int(rng.choice(legal)))
    return seen


@pytest.mark.parametrize("name", ["ofc", "mock", "mentok"])
def test_env_plays_the_raw_envs_episodes(name: str, caplog: pytest.LogCaptureFixture) -> None:
    config = tr.GAMES[name].Config(max_rounds=1)
    wrapped = pz.env(name, config)
    for seed in range(3):
        assert iterated_episode(wrapped, seed) == iterated_episode(pz.raw_env(name, config), seed)
    assert wrapped.agents == []
    wrapped.step(None)
    assert "step() called after all agents are terminated" in caplog.text


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"game": "chess"}, tr.ConfigError, "game must be 'ofc', 'mock' or 'mentok'"),
        ({"game": sys}, tr.ConfigError, "game must be"),
        ({"game": 3}, TypeError, "game must be a game's name or module, not int"),
        ({"game": "mock", "config": ofc.Config()}, TypeError, "tablerules.mock.Config"),
        ({"game": "mock", "fantasyland": "per_card"}, tr.ConfigError, "OFC option"),
        ({"game": "ofc", "fantasyland": "card"}, tr.ConfigError, "'solver' or 'per_card'"),
        ({"game": "ofc", "max_cycles": 0}, tr.ConfigError, "at least 1"),
        ({"game": "ofc", "max_cycles": 2.0}, TypeError, "max_cycles must be an int"),
        ({"game": "ofc", "render_mode": "rgb_array"}, tr.ConfigError, "render_mode"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        pz.raw_env(**arguments)
    with pytest.raises(error, match=message):
        pz.env(**arguments)
    with pytest.raises(tr.ConfigError, match="illegal must be 'terminate' or 'raise'"):
        pz.env("ofc", illegal=None)  # type: ignore[arg-type]


# --- calls out of order --------------------------------------------------------------------------


def test_raw_env_calls_before_reset_say_to_reset() -> None:
    env = pz.raw_env("mock", render_mode="ansi")
    calls: dict[str, Callable[[], object]] = {
        "step()": lambda: env.step(0),
        "observe()": lambda: env.observe("player_0"),
        "last()": env.last,
        "render()": env.render,
    }
    for name, call in calls.items():
        with pytest.raises(tr.StateError, match=re.escape(f"{name} before reset(): no game")):
            call()
    assert env.agents == []
    env.reset(seed=1)
    assert env.render() is not None


def test_raw_env_calls_after_every_agent_is_done_say_the_episode_is_over() -> None:
    env = pz.raw_env("mock", mock.Config(players=3, max_rounds=1), render_mode="ansi")
    for _ in random_steps(env, seed=3):
        pass
    final = env.observe("player_0")
    while env.agents:
        env.step(None)
    for call in (lambda: env.step(None), lambda: env.step(0), env.last):
        with pytest.raises(tr.StateError, match="after every agent is done: the episode is over"):
            call()
    assert env.observe("player_0") is final  # the final views stay
    text = env.render()
    assert text is not None
    assert "game over" in text


def test_env_calls_before_reset_and_after_the_end_get_pettingzoos_answers(
    caplog: pytest.LogCaptureFixture,
) -> None:
    env = pz.env("ofc", ofc.Config(max_rounds=1), render_mode="ansi")
    for attribute in ("agents", "agent_selection", "terminations", "rewards", "infos"):
        with pytest.raises(AttributeError, match=f"{attribute} cannot be accessed before reset"):
            getattr(env, attribute)
    with pytest.raises(AttributeError, match="before reset"):
        env.last()
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.render):
        with pytest.raises(AssertionError, match="reset"):
            call()
    iterated_episode(env, seed=1)
    assert env.agents == []
    env.step(None)
    assert "step() called after all agents are terminated" in caplog.text
    with pytest.raises(tr.StateError, match="after every agent is done"):
        env.last()


# --- copies --------------------------------------------------------------------------------------


def play_on(env: Any, rng: random.Random, steps: int | None = None) -> list[Any]:
    """``steps`` random steps (to the end for ``None``): what each ``last()`` and step gave."""
    record: list[Any] = []
    while env.agents and (steps is None or len(record) < steps):
        observation, reward, terminated, truncated, _ = env.last()
        mask = observation["action_mask"]
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(mask)))
        env.step(action)
        seen = (observation["observation"].tobytes(), mask.tobytes(), reward, terminated)
        record.append((env.agent_selection, *seen, truncated, dict(env.rewards), action))
    return record


COPIES = {
    "pickle": lambda env: pickle.loads(pickle.dumps(env)),
    "deepcopy": copy.deepcopy,
}


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize(("name", "config"), CONFIGS[::3], ids=IDS[::3])
def test_a_copied_environment_plays_on_identically(name: str, config: Any, how: str) -> None:
    env = pz.env(name, config, max_cycles=30)
    env.reset(seed=4)
    play_on(env, random.Random(4), steps=12)
    twin = COPIES[how](env)
    assert twin.unwrapped is not env.unwrapped
    assert twin.unwrapped.game_state == env.unwrapped.game_state
    assert play_on(twin, random.Random(5)) == play_on(env, random.Random(5))
    for _ in range(2):  # their generators go on alike too
        twin.reset()
        env.reset()
        assert twin.unwrapped.game_state == env.unwrapped.game_state
    assert COPIES[how](pz.raw_env(name, config)).agents == []  # before reset too


@pytest.mark.parametrize("how", COPIES)
def test_a_copy_made_in_a_per_card_fantasyland_turn_plays_on_identically(how: str) -> None:
    config, earned = FANTASYLAND_STARTS[0]
    start = fantasyland_round(config, earned, "", seed=9)
    env = pz.env("ofc", config, fantasyland="per_card")
    env.reset(options={"state": start})
    play_on(env, random.Random(1), steps=3)
    assert env.unwrapped.game_state is start  # the turn is under way
    twin = COPIES[how](env)
    assert play_on(twin, random.Random(2)) == play_on(env, random.Random(2))


@pytest.mark.parametrize("how", COPIES)
def test_a_copied_single_agent_env_plays_on_identically(how: str) -> None:
    env = pz.single_agent_env("mentok", mentok.Config(players=3, max_rounds=2), seat=1)
    env.reset(seed=3)
    twin = COPIES[how](env)
    rng, twin_rng = random.Random(3), random.Random(3)
    done = False
    while not done:
        mask, twin_mask = env.action_masks(), twin.action_masks()
        assert mask.tobytes() == twin_mask.tobytes()
        action = int(rng.choice(np.flatnonzero(mask)))
        assert action == int(twin_rng.choice(np.flatnonzero(twin_mask)))
        observation, reward, terminated, truncated, _ = env.step(action)
        twin_observation, *twin_rest, _ = twin.step(action)
        assert observation["observation"].tobytes() == twin_observation["observation"].tobytes()
        assert [reward, terminated, truncated] == twin_rest
        done = terminated or truncated


def test_a_missing_extra_names_the_install_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    with pytest.raises(
        ModuleNotFoundError, match=re.escape('pip install "tablerules[pettingzoo]"')
    ):
        pz.env("ofc")


def test_the_spaces_are_the_codecs_sizes() -> None:
    config = ofc.Config(players=3)
    env = pz.raw_env(ofc, config, fantasyland="per_card")
    codec = ofc.Codec(config, fantasyland="per_card")
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert space["observation"].shape == (codec.observation_size,)
        assert space["observation"].dtype == np.uint8
        assert space["action_mask"].shape == (codec.num_actions,)
        assert env.action_space(agent).n == codec.num_actions
    assert env.observation_space("player_0") is not env.observation_space("player_1")


def test_the_module_imports_its_extra_only_when_an_environment_is_made() -> None:
    code = (
        "import sys\n"
        "from tablerules.integrations import pettingzoo\n"
        "assert not {'numpy', 'gymnasium', 'pettingzoo'} & set(sys.modules), sorted(sys.modules)\n"
        "pettingzoo.raw_env('mock')\n"
        "assert {'gymnasium', 'pettingzoo'} <= set(sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- RLlib ---------------------------------------------------------------------------------------


def rllib_example() -> dict[str, Any]:
    """The globals of ``examples/rllib_masking.py`` (its glue), without running ``main``."""
    return runpy.run_path(str(Path(__file__).parents[2] / "examples" / "rllib_masking.py"))


def test_the_rllib_glue_gives_rllibs_keys_and_float_dtype() -> None:
    glue = rllib_example()["RLlibObservations"]
    env = glue(pz.env("mock", mock.Config(players=3, max_rounds=1)))
    env.reset(seed=1)
    rng = random.Random(1)
    while env.agents:
        for agent in env.agents:
            seen, plain = env.observe(agent), env.unwrapped.observe(agent)
            assert set(seen) == {"observations", "action_mask"}
            assert seen["observations"].dtype == seen["action_mask"].dtype == np.float32
            assert env.observation_space(agent).contains(seen)
            assert seen["observations"].tolist() == plain["observation"].tolist()
            assert seen["action_mask"].tolist() == plain["action_mask"].tolist()
        observation, _, terminated, truncated, _ = env.last()
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if terminated or truncated else int(rng.choice(legal)))
    assert env.unwrapped.game_state.is_over


def test_rllibs_pettingzoo_env_plays_through_the_glue() -> None:
    pytest.importorskip("tree", reason='RLlib needs its extra: pip install "ray[rllib]"')
    pytest.importorskip("ray.rllib", reason='RLlib needs its extra: pip install "ray[rllib]"')
    env = rllib_example()["make_env"]()
    observations, _ = env.reset(seed=2)
    rng = random.Random(2)
    episodes = steps = 0
    while episodes < 2:
        ((agent, seen),) = observations.items()
        action = int(rng.choice(np.flatnonzero(seen["action_mask"])))
        observations, _, terminateds, truncateds, _ = env.step({agent: action})
        steps += 1
        if terminateds["__all__"] or truncateds["__all__"]:
            assert terminateds["__all__"]
            episodes += 1
            observations, _ = env.reset()
    assert steps > 20
