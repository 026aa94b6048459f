"""Play every game as a PettingZoo environment, then one seat of Mock as a Gymnasium environment.

The AEC loop is PettingZoo's own: ``agent_iter``, ``last``, then ``step``
with an id the agent picked from its ``action_mask`` (here a seeded random
choice, where a network would go). Rewards are score changes, so each seat's
total over the episode is its final score minus its first. The Gymnasium
environment lets one learner play seat 0 against random opponents. Run
``python examples/pettingzoo_random.py``.
"""

# Needs: pettingzoo (the pettingzoo extra: pip install "tablerules[pettingzoo]")

from __future__ import annotations

import argparse
from collections.abc import Sequence

import tablerules as tr
from tablerules.integrations import pettingzoo


def play_aec(name: str, seed: int) -> None:
    """One seeded episode of ``name`` through PettingZoo's AEC loop."""
    config = tr.GAMES[name].Config(max_rounds=2)
    env = pettingzoo.env(name, config)
    env.reset(seed=seed)
    policies = {agent: pettingzoo.random_policy(seed + k) for k, agent in enumerate(env.agents)}
    totals = dict.fromkeys(env.agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(policies[agent](observation))
        steps += 1
    final = env.unwrapped.game_state
    print(
        f"{name:7} {steps:4} steps, rewards {[totals[a] for a in sorted(totals)]}, "
        f"final scores {final.scores}"
    )
    env.close()


def play_single_agent(seed: int) -> None:
    """One seat of Mock against random opponents; the learner is a seeded random policy too."""
    env = pettingzoo.single_agent_env("mock", tr.mock.Config(players=3, max_rounds=2), seat=0)
    learner = pettingzoo.random_policy(seed)
    observation, _ = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        action = learner(observation)  # reads observation["action_mask"], like env.action_masks()
        observation, reward, terminated, truncated, _ = env.step(action)
        total += reward
        steps += 1
        done = terminated or truncated
    print(f"single-agent mock: {steps} learner steps, reward {total}")


def main(argv: Sequence[str] | None = None) -> None:
    """One episode of each game, then the single-agent environment."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.parse_args(argv)
    for seed, name in enumerate(("ofc", "mock", "mentok"), start=1):
        play_aec(name, seed)
    play_single_agent(seed=4)


if __name__ == "__main__":
    main()
