"""The single-agent Gymnasium environment: Gymnasium's checker, then what it does not check."""

from __future__ import annotations

import random
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "gymnasium", reason="needs the pettingzoo extra: pip install 'tablerules[pettingzoo]'"
)
pytest.importorskip(
    "pettingzoo", reason="needs the pettingzoo extra: pip install 'tablerules[pettingzoo]'"
)

import numpy as np
from gymnasium import Env
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode, SyncVectorEnv

import tablerules as tr
from tablerules import mentok, mock, ofc
from tablerules.integrations import pettingzoo as pz
from tests.helpers import random_state
from tests.ofc.helpers import fantasyland_round

AnyGame = tr.Game[Any, Any, Any, Any]

CONFIGS: list[tuple[str, Any, int]] = [
    ("ofc", ofc.Config(max_rounds=2), 0),
    ("ofc", ofc.Config(variant="classic", players=3, max_rounds=2), 2),
    ("mock", mock.Config(players=3, max_rounds=2), 1),
    ("mentok", mentok.Config(players=2, max_rounds=3), 0),
    ("mentok", mentok.Config(players=3, strict=False, max_rounds=2), 2),
]
IDS = [f"{name}-{index}" for index, (name, _, _) in enumerate(CONFIGS)]
# check_env cannot try other render modes without a registered spec, and says so.
NO_SPEC_WARNING = "Not able to test alternative render modes"


def learner_steps(env: pz.SingleAgentEnv, seed: int) -> list[Any]:
    """A random legal episode: what the learner saw and got at each step."""
    observation, _ = env.reset(seed=seed)
    rng = random.Random(seed)
    record = []
    while True:
        mask = env.action_masks()
        assert mask.dtype == np.bool_
        assert mask.tobytes() == observation["action_mask"].tobytes()
        action = int(rng.choice(np.flatnonzero(mask)))
        observation, reward, terminated, truncated, info = env.step(action)
        record.append((action, observation["observation"].tobytes(), reward, info))
        if terminated or truncated:
            return record


@pytest.mark.parametrize(("name", "config", "seat"), CONFIGS, ids=IDS)
def test_gymnasium_check_env(name: str, config: Any, seat: int) -> None:
    env = pz.single_agent_env(name, config, seat=seat, illegal_reward=-1.0, render_mode="ansi")
    assert isinstance(env, Env)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert [str(w.message) for w in caught if NO_SPEC_WARNING not in str(w.message)] == []


def test_check_env_samples_without_the_mask_so_the_default_raises() -> None:
    env = pz.single_agent_env("mock")
    with pytest.raises(tr.IllegalActionError):
        check_env(env)


@pytest.mark.parametrize(("name", "config", "seat"), CONFIGS, ids=IDS)
def test_the_learner_sees_its_codec_bytes_and_gets_its_score_changes(
    name: str, config: Any, seat: int
) -> None:
    game: AnyGame = tr.GAMES[name]
    env = pz.single_agent_env(name, config, seat=seat)
    codec = env.codec
    total = 0.0
    for seed in (1, 2, 3):
        observation, info = env.reset(seed=seed)
        assert info == {}
        initial = env.game_state.scores[seat]
        rng = random.Random(seed)
        while True:
            state = env.game_state
            assert state.to_act == seat
            view = game.observe(state, seat)
            assert observation["observation"].tobytes() == codec.observation(view)
            assert observation["action_mask"].tobytes() == codec.mask(view)
            assert env.action_masks().tolist() == [bool(bit) for bit in codec.mask(view)]
            legal = codec.legal_ids(view)
            before = state.scores[seat]
            observation, reward, terminated, truncated, _ = env.step(rng.choice(legal))
            assert reward == env.game_state.scores[seat] - before
            total += reward
            if terminated or truncated:
                break
        assert terminated
        assert env.game_state.is_over
        assert not env.action_masks().any()
        assert total == env.game_state.scores[seat] - initial
        total = 0.0


def test_the_opponent_policy_plays_every_other_seat() -> None:
    config = mentok.Config(players=3, max_rounds=2)
    calls: list[pz.ObservationDict] = []
    pick = pz.random_policy(5)

    def opponent(observation: pz.ObservationDict) -> int:
        calls.append(observation)
        return pick(observation)

    env = pz.single_agent_env("mentok", config, seat=1, opponent=opponent)
    learner_steps(env, seed=4)
    assert len(calls) > 10
    codec = env.codec
    for observation in calls:
        assert observation["observation"].shape == (codec.observation_size,)
        assert observation["action_mask"].any()


def test_a_policy_can_be_a_trained_network_reading_the_observation() -> None:
    def lowest(observation: pz.ObservationDict) -> int:
        return int(np.flatnonzero(observation["action_mask"])[0])

    env = pz.single_agent_env("mock", mock.Config(players=3, max_rounds=1), opponent=lowest)
    other = pz.single_agent_env("mock", mock.Config(players=3, max_rounds=1), opponent=lowest)
    assert learner_steps(env, seed=2) == learner_steps(other, seed=2)


@pytest.mark.parametrize("name", ["ofc", "mock", "mentok"])
def test_the_same_seed_plays_the_same_episode(name: str) -> None:
    config = tr.GAMES[name].Config(max_rounds=1)
    first, second = pz.single_agent_env(name, config), pz.single_agent_env(name, config)
    assert learner_steps(first, 8) == learner_steps(second, 8)
    assert learner_steps(first, 8) != learner_steps(first, 9)
    first.reset(seed=8)
    second.reset(seed=8)
    for _ in range(3):  # later resets draw their games from the seeded generator
        first.reset()
        second.reset()
        assert first.game_state == second.game_state


def test_an_illegal_id_raises_and_changes_nothing() -> None:
    env = pz.single_agent_env("ofc")
    observation, _ = env.reset(seed=3)
    state = env.game_state
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(tr.IllegalActionError):
        env.step(illegal)
    with pytest.raises(TypeError):
        env.step("7")  # type: ignore[arg-type]
    assert env.game_state is state
    legal = int(np.flatnonzero(observation["action_mask"])[0])
    env.step(legal)
    assert env.game_state != state


def test_an_illegal_reward_ends_the_episode_instead() -> None:
    env = pz.single_agent_env("mock", illegal_reward=-5)
    observation, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info) == (-5.0, True, False, {"illegal": True})
    with pytest.raises(tr.IllegalActionError, match="reset"):
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))


def test_truncation_after_max_cycles_cycles_of_a_step_per_player() -> None:
    env = pz.single_agent_env("mentok", mentok.Config(players=3, strict=False), max_cycles=40)
    record = learner_steps(env, seed=1)
    assert env.game_state is not None
    assert not env.game_state.is_over
    assert env._table.steps == 40 * 3  # every seat's steps, the learner's and the others'
    assert 40 * 3 // 3 // 2 <= len(record) <= 40 * 3 // 2


def test_calls_before_reset_say_to_reset() -> None:
    env = pz.single_agent_env("mock", render_mode="ansi")
    with pytest.raises(tr.IllegalActionError, match=r"no episode began: call reset\(\)"):
        env.step(0)
    for call, name in ((env.action_masks, "action_masks()"), (env.render, "render()")):
        with pytest.raises(tr.StateError, match=re.escape(f"{name} before reset(): no game")):
            call()


def test_the_final_observation_under_next_step_autoreset() -> None:
    """Gymnasium's vector envs step once more after the end: that step only resets.

    The final observation's mask is all zeros (the learner has no legal id
    once the episode is over), and the id given for it is never played, so
    any id does; the step returns the next episode's first observation.
    """
    config = mock.Config(players=3, max_rounds=1)
    envs = SyncVectorEnv(
        [lambda: pz.single_agent_env("mock", config)], autoreset_mode=AutoresetMode.NEXT_STEP
    )
    # Gymnasium releases differ in how they type a vector env's results.
    observations: Any
    rewards: Any
    terminations: Any
    truncations: Any
    observations, _ = envs.reset(seed=5)
    rng = random.Random(5)
    ended = 0
    for _ in range(400):
        mask = observations["action_mask"][0]
        assert mask.tobytes() == envs.call("action_masks")[0].tobytes()
        if not mask.any():  # the final observation
            observations, rewards, terminations, truncations, _ = envs.step(np.array([0]))
            assert (rewards[0], terminations[0], truncations[0]) == (0.0, False, False)
            assert observations["action_mask"][0].any()  # the next episode's first turn
            ended += 1
            continue
        action = int(rng.choice(np.flatnonzero(mask)))
        observations, _, terminations, truncations, _ = envs.step(np.array([action]))
        assert bool(observations["action_mask"][0].any()) != (terminations[0] or truncations[0])
    assert ended >= 2


def test_reset_starts_from_a_fantasyland_turn() -> None:
    config = ofc.Config(players=3, progressive=True, max_rounds=2)
    start = fantasyland_round(config, (16, 0, 18), "", seed=2)
    seat = start.to_act
    assert seat is not None
    env = pz.single_agent_env("ofc", config, seat=seat, fantasyland="per_card")
    observation, _ = env.reset(options={"state": start})
    codec = env.codec
    assert env.action_masks().tolist() == [
        bool(bit) for bit in codec.fantasyland_step(ofc.observe(start, seat), []).mask
    ]
    assert observation["action_mask"][codec.card_ids.start :].any()
    steps = 0
    while env.game_state.round == 1 and env.game_state.fantasyland[seat]:
        env.step(int(np.flatnonzero(env.action_masks())[0]))
        steps += 1
        if env.game_state.boards[seat].is_complete:
            break
    assert steps == len(start.hands[seat])


def test_reset_refuses_a_start_where_the_learner_never_acts() -> None:
    config = mock.Config(players=3, max_rounds=1)
    state = random_state(mock, config, seed=1, steps=0)
    env = pz.single_agent_env("mock", config, seat=0, max_cycles=1)
    assert state.to_act == 1  # seat 1 draws, then melds: two steps
    with pytest.raises(tr.StateError, match="before seat 0 is to act"):
        env.reset(options={"state": state})


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"seat": 3}, tr.ConfigError, "seat must be 0 to 2"),
        ({"seat": True}, TypeError, "seat must be an int"),
        ({"opponent": 3}, TypeError, "opponent must be callable"),
        ({"illegal_reward": "-1"}, TypeError, "illegal_reward must be a number"),
        ({"max_cycles": 0}, tr.ConfigError, "at least 1"),
    ],
)
def test_bad_arguments_are_refused(options: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        pz.single_agent_env("mock", mock.Config(players=3), **options)


def test_render_shows_the_learners_view() -> None:
    env = pz.single_agent_env("mock", render_mode="ansi", seat=2)
    env.reset(seed=1)
    text = env.render()
    assert text is not None
    assert "player_2 to act" in text
    assert pz.single_agent_env("mock").render() is None


def test_maskable_ppo_learns_and_predicts_legal_ids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SB3_LOGDIR", str(tmp_path))  # Stable-Baselines3 logs there, not in /tmp
    sb3_contrib = pytest.importorskip(
        "sb3_contrib", reason="MaskablePPO needs sb3-contrib (and torch): pip install sb3-contrib"
    )
    env = pz.single_agent_env("mock", mock.Config(players=3, max_rounds=1), seat=0)
    model = sb3_contrib.MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=64,
        batch_size=32,
        n_epochs=1,
        policy_kwargs={"net_arch": [32]},
        seed=0,
        device="cpu",
    )
    model.learn(total_timesteps=256)
    observation, _ = env.reset(seed=11)
    for _ in range(20):
        mask = env.action_masks()
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        assert mask[int(action)]
        observation, _, terminated, truncated, _ = env.step(int(action))
        if terminated or truncated:
            observation, _ = env.reset()
