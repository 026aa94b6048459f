"""Train RLlib's PPO on Mock through RLlib's PettingZooEnv, with action masking, for a moment.

RLlib's action-masking module (``ActionMaskingTorchRLModule``) reads an
observation dict with the keys ``"observations"`` and ``"action_mask"``, both
float arrays, where the environments give ``"observation"`` (uint8) and
``"action_mask"`` (int8): :class:`RLlibObservations`, a PettingZoo wrapper,
renames and casts them, and is all the glue there is. Every seat plays the
one shared policy. RLlib checks a new environment with an id sampled without
the mask, which ``pettingzoo.env``'s default answers as PettingZoo's classic
games do, ending that episode (``illegal="raise"`` would stop the run). A
real run trains for millions of steps; this one trains two short
iterations on one CPU and prints what RLlib measured. Run
``python examples/rllib_masking.py``; it needs RLlib and torch::

    pip install torch --index-url https://download.pytorch.org/whl/cpu
    pip install "ray[rllib]" "tablerules[pettingzoo]"
"""

# Needs: ray.rllib (pip install "ray[rllib]", and torch)
# Needs: tree (dm-tree, which RLlib imports: pip install "ray[rllib]")
# Needs: pettingzoo (the pettingzoo extra: pip install "tablerules[pettingzoo]")

from __future__ import annotations

import argparse
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo.utils.wrappers import BaseWrapper

import tablerules as tr
from tablerules.integrations import pettingzoo

CONFIG = tr.mock.Config(players=3, max_rounds=1)


class RLlibObservations(BaseWrapper):  # type: ignore[misc] # pettingzoo ships no types
    """An environment's observations as RLlib's action-masking module reads them.

    ``{"observations": float32 array, "action_mask": float32 array}``: the
    same values under RLlib's key and dtype, in spaces to match.
    """

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._spaces = {}
        for agent in env.possible_agents:
            space = env.observation_space(agent)
            self._spaces[agent] = spaces.Dict(
                {
                    "observations": spaces.Box(0, 255, space["observation"].shape, np.float32),
                    "action_mask": spaces.Box(0, 1, space["action_mask"].shape, np.float32),
                }
            )

    def observation_space(self, agent: str) -> spaces.Dict:
        """The agent's space, RLlib's keys and dtype."""
        return self._spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation, RLlib's keys and dtype."""
        seen = self.env.observe(agent)
        return {
            "observations": seen["observation"].astype(np.float32),
            "action_mask": seen["action_mask"].astype(np.float32),
        }


def make_env(_: object = None) -> Any:
    """RLlib's ``PettingZooEnv`` over three-seat Mock, one round a game."""
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv  # noqa: PLC0415

    return PettingZooEnv(RLlibObservations(pettingzoo.env("mock", CONFIG)))  # type: ignore[no-untyped-call]


def main(argv: Sequence[str] | None = None) -> None:
    """Train two short PPO iterations with the masking module; print RLlib's measures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--iterations", type=int, default=2, help="training iterations")
    arguments = parser.parse_args(argv)
    import ray  # noqa: PLC0415 - after --help
    from ray.rllib.algorithms.ppo import PPOConfig  # noqa: PLC0415
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec  # noqa: PLC0415
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec  # noqa: PLC0415
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (  # noqa: PLC0415
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env  # noqa: PLC0415

    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        register_env("tablerules_mock", make_env)
        module = RLModuleSpec(
            module_class=ActionMaskingTorchRLModule,
            model_config={"head_fcnet_hiddens": [32], "vf_share_layers": True},
        )
        config = (
            PPOConfig()  # type: ignore[no-untyped-call]
            .environment("tablerules_mock")
            .multi_agent(policies={"shared"}, policy_mapping_fn=lambda *_, **__: "shared")
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={"shared": module}))
            .env_runners(num_env_runners=0)
            .training(train_batch_size_per_learner=128, minibatch_size=64, num_epochs=1)
            .debugging(seed=0)
        )
        with warnings.catch_warnings():  # a second build in one process registers it again
            warnings.filterwarnings("ignore", ".*Overriding environment rllib-multi-agent-env")
            algorithm = config.build_algo()
        for iteration in range(arguments.iterations):
            result = algorithm.train()  # type: ignore[no-untyped-call]
            runners = result["env_runners"]
            print(
                f"iteration {iteration + 1}: {runners['num_env_steps_sampled_lifetime']:.0f} "
                f"steps, {runners['num_episodes_lifetime']:.0f} episodes, "
                f"mean return of an episode (all seats) {runners['episode_return_mean']:.2f}"
            )
        algorithm.stop()  # type: ignore[no-untyped-call]
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
