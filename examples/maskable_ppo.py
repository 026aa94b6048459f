"""Train sb3-contrib's MaskablePPO on one seat of Mock, against random opponents, for a moment.

The single-agent environment gives ``action_masks()``, which ``MaskablePPO``
reads at every step, so the policy only ever samples legal ids. A real run
trains for millions of steps; this one takes a few hundred, then plays a few
games with the masked greedy policy and prints the learner's mean reward.
Run ``python examples/maskable_ppo.py``. It needs sb3-contrib, which needs
torch. A plain ``pip install torch`` on Linux brings the CUDA build (gigabytes
of GPU libraries); for this example the CPU build is enough::

    pip install torch --index-url https://download.pytorch.org/whl/cpu
    pip install sb3-contrib "tablerules[pettingzoo]"
"""

# Needs: sb3_contrib (pip install sb3-contrib, which brings torch)
# Needs: pettingzoo (the pettingzoo extra: pip install "tablerules[pettingzoo]")

from __future__ import annotations

import argparse
from collections.abc import Sequence

try:
    from sb3_contrib import MaskablePPO

    HAS_SB3_CONTRIB = True
except ModuleNotFoundError:  # said in main(), so that --help works without it
    HAS_SB3_CONTRIB = False

import tablerules as tr
from tablerules.integrations import pettingzoo


def main(argv: Sequence[str] | None = None) -> None:
    """Train briefly, then evaluate the masked greedy policy."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.parse_args(argv)
    if not HAS_SB3_CONTRIB:
        raise SystemExit(
            "maskable_ppo.py needs sb3-contrib: pip install sb3-contrib "
            "(the top of examples/maskable_ppo.py says how to get torch's CPU build)"
        )
    env = pettingzoo.single_agent_env("mock", tr.mock.Config(players=3, max_rounds=1), seat=0)
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=128,
        batch_size=64,
        n_epochs=2,
        policy_kwargs={"net_arch": [64]},
        seed=0,
        device="cpu",
    )
    model.learn(total_timesteps=256)
    rewards = []
    observation, _ = env.reset(seed=100)
    for _ in range(5):
        total, done = 0.0, False
        while not done:
            masks = env.action_masks()
            action, _ = model.predict(observation, action_masks=masks, deterministic=True)
            assert masks[int(action)], "a masked policy plays legal ids only"
            observation, reward, terminated, truncated, _ = env.step(int(action))
            total += reward
            done = terminated or truncated
        rewards.append(total)
        observation, _ = env.reset()
    print(f"learner rewards over 5 games: {rewards}, mean {sum(rewards) / len(rewards):.1f}")


if __name__ == "__main__":
    main()
