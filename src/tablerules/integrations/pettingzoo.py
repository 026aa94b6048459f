"""PettingZoo AEC environments and a single-agent Gymnasium environment for every game.

Needs the ``pettingzoo`` extra (``pip install "tablerules[pettingzoo]"``:
numpy, gymnasium, pettingzoo); without it, making an environment raises
:class:`ModuleNotFoundError` naming that line. Everything an agent gets comes
from the game's codec (``<game>.Codec``) applied to ``observe(state, seat)``:

* agents ``player_0`` to ``player_{n-1}`` are the seats;
* an observation is ``{"observation": uint8 array, "action_mask": int8
  array}``: the codec's observation bytes and mask, the mask all zeros for a
  seat not to act (read-only arrays over the codec's bytes);
* actions are the codec's ids, ``Discrete(codec.num_actions)``; in
  :func:`env` an illegal id ends the episode with -1 to the agent that played
  it, as in PettingZoo's classic games (``illegal="raise"``, and
  :func:`raw_env`: it raises :class:`~tablerules.IllegalActionError` and
  changes nothing);
* the reward of a step is the change of each seat's ``state.scores`` (its
  points when a round is scored, 0 otherwise), summed PettingZoo's way until
  the seat acts;
* an episode terminates when the game is over and is truncated after
  ``max_cycles`` cycles, a step per player each (PettingZoo's cycles);
* environments pickle and deep-copy, and a copy plays on as the original.

The arguments are checked before the extra is needed:

>>> from tablerules.integrations import pettingzoo
>>> pettingzoo.env("chess")
Traceback (most recent call last):
...
tablerules.errors.ConfigError: game must be 'ofc', 'mock' or 'mentok' (or its module), not 'chess'

The page "Reinforcement learning and search" shows the environments at work.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias

import tablerules as tr
from tablerules._common import check_type
from tablerules.errors import ConfigError, show
from tablerules.integrations import require

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from tablerules.integrations._pettingzoo_env import RawEnv, SingleAgentEnv

__all__ = [
    "DEFAULT_MAX_CYCLES",
    "FantasylandMode",
    "GameModule",
    "ObservationDict",
    "Policy",
    "RawEnv",
    "SingleAgentEnv",
    "env",
    "random_policy",
    "raw_env",
    "single_agent_env",
]

DEFAULT_MAX_CYCLES: Final = 100_000
"""Cycles after which an episode is truncated by default (a cycle is a step per player).

Far more than a game with an end takes under random play (OFC's default
game, the longest, takes a few thousand steps), but some games need not
end: non-strict Mentok under random play once ran 15,548 rounds.
"""

FantasylandMode: TypeAlias = Literal["solver", "per_card"]
"""OFC fantasyland turns: one step with the solver's setting, or one step per card."""
ObservationDict: TypeAlias = "dict[str, NDArray[np.uint8] | NDArray[np.int8]]"
"""What an agent is shown: ``{"observation": uint8 array, "action_mask": int8 array}``."""
Policy: TypeAlias = "Callable[[ObservationDict], int]"
"""A fixed policy: the observation dict of the seat to act in, an id out."""
GameModule: TypeAlias = "tr.Game[Any, Any, Any, Any]"
"""A game module, ``tablerules.ofc``, ``tablerules.mock`` or ``tablerules.mentok``."""


def _game_and_config(game: object, config: object) -> tuple[Any, object]:
    """The game module and its config (the default for ``None``), or an error saying why not."""
    module: Any = None
    if isinstance(game, str):
        module = tr.GAMES.get(game)
    elif isinstance(game, ModuleType) and game in tr.GAMES.values():
        module = game
    elif not isinstance(game, ModuleType):
        kind = type(game).__name__
        raise TypeError(f"game must be a game's name or module, not {kind}")
    if module is None:
        raise ConfigError(
            f"game must be 'ofc', 'mock' or 'mentok' (or its module), not {show(game)}"
        )
    if config is None:
        return module, module.Config()
    return module, check_type(config, module.Config, "config")


def _require_extra() -> None:
    require("numpy", "pettingzoo")
    require("gymnasium", "pettingzoo")
    require("pettingzoo", "pettingzoo")


def raw_env(
    game: str | GameModule,
    config: object = None,
    *,
    fantasyland: Literal["solver", "per_card"] = "solver",
    max_cycles: int = DEFAULT_MAX_CYCLES,
    render_mode: Literal["ansi", "human"] | None = None,
) -> RawEnv:
    """The AEC environment of ``game`` (a name or the module) for ``config``, unwrapped.

    ``config`` is the game's ``Config`` (its defaults for ``None``).
    ``fantasyland`` (OFC only) plays a fantasyland turn as the solver's one id
    or card by card, ``"per_card"`` (one step per card of the sorted hand,
    the mask and observation from ``Codec.fantasyland_step``). The episode is
    truncated after ``max_cycles`` cycles, ``max_cycles`` times
    ``config.players`` steps: every agent is truncated, the game is left
    where it is, unscored, and each agent steps ``None`` to leave.

    Unwrapped, it does not do what :func:`env`'s wrappers do: an illegal id,
    or one outside the action space, raises
    :class:`~tablerules.IllegalActionError` (a non-integer a
    :class:`TypeError`) and changes nothing, and the episode goes on; and it
    keeps no order of calls, but ``step``, ``observe``, ``last`` and
    ``render`` before ``reset``, and ``step`` and ``last`` once every agent
    has left, raise :class:`~tablerules.StateError` saying to reset.
    ``render_mode="ansi"`` makes
    ``render()`` return the acting seat's view as text (``str()`` of its
    observation; the whole final state once the game is over);
    ``render_mode="human"`` prints that text and returns ``None``.

    ``reset(seed=s)`` deals ``new_game(config, seed=s)`` and seeds the
    environment's generator, from which every later ``reset()`` without a
    seed draws its game's seed; ``reset(options={"state": state})`` plays on
    from any state of this config that is not over (a saved game, a
    fantasyland turn), checked with ``check_state``. ``game_state`` is the
    full state, hidden cards included: for debugging and saving, never for an
    agent.

    >>> raw_env("ofc", tr.mock.Config())
    Traceback (most recent call last):
    ...
    TypeError: config must be a tablerules.ofc.Config, not tablerules.mock.Config
    """
    module, config = _game_and_config(game, config)
    _require_extra()
    from tablerules.integrations._pettingzoo_env import RawEnv  # noqa: PLC0415 - needs the extra

    return RawEnv(
        module, config, fantasyland=fantasyland, max_cycles=max_cycles, render_mode=render_mode
    )


def env(
    game: str | GameModule,
    config: object = None,
    *,
    illegal: Literal["terminate", "raise"] = "terminate",
    fantasyland: Literal["solver", "per_card"] = "solver",
    max_cycles: int = DEFAULT_MAX_CYCLES,
    render_mode: Literal["ansi", "human"] | None = None,
) -> Any:
    """:func:`raw_env` in PettingZoo's wrappers, as PettingZoo's classic games are.

    By default (``illegal="terminate"``) an illegal id ends the episode, -1
    to the agent that played it and 0 to the others, and a warning is logged
    (``TerminateIllegalWrapper(illegal_reward=-1)``); an id outside the action
    space fails an assertion (``AssertOutOfBoundsWrapper``); the calls are
    kept in order (``OrderEnforcingWrapper``: before ``reset`` they fail,
    and a step once every agent is done only warns). With ``illegal="raise"``
    only the last wraps it, and an illegal id raises
    :class:`~tablerules.IllegalActionError` and changes nothing. The wrappers
    are subclasses of PettingZoo's that read what a loop reads on every step
    (``agents``, ``agent_selection``, ``last()`` and the rest) straight from
    the environment, which ``.unwrapped`` is.

    >>> env("mock", tr.ofc.Config())
    Traceback (most recent call last):
    ...
    TypeError: config must be a tablerules.mock.Config, not tablerules.ofc.Config
    >>> env("mock", illegal="ignore")
    Traceback (most recent call last):
    ...
    tablerules.errors.ConfigError: illegal must be 'terminate' or 'raise', not 'ignore'
    """
    if illegal not in ("terminate", "raise"):
        raise ConfigError(f"illegal must be 'terminate' or 'raise', not {show(illegal)}")
    inner = raw_env(
        game, config, fantasyland=fantasyland, max_cycles=max_cycles, render_mode=render_mode
    )
    from tablerules.integrations._pettingzoo_env import wrap  # noqa: PLC0415 - needs the extra

    return wrap(inner, illegal)


def random_policy(seed: int) -> Policy:
    """A policy that plays a legal id drawn uniformly with ``random.Random(seed)``.

    It reads only the observation's ``action_mask``:

    >>> import numpy as np
    >>> policy = random_policy(7)
    >>> mask = np.array([0, 1, 1, 0, 1], np.int8)
    >>> picks = [policy({"action_mask": mask}) for _ in range(200)]
    >>> sorted(set(picks))
    [1, 2, 4]
    >>> policy({"action_mask": np.zeros(3, np.int8)})
    Traceback (most recent call last):
    ...
    tablerules.errors.IllegalActionError: the mask has no legal id: this seat is not to act
    """
    rng = random.Random(seed)

    def policy(observation: ObservationDict) -> int:
        legal = observation["action_mask"].nonzero()[0]
        if not len(legal):
            raise tr.IllegalActionError("the mask has no legal id: this seat is not to act")
        return int(legal[rng.randrange(len(legal))])

    return policy


def single_agent_env(
    game: str | GameModule,
    config: object = None,
    *,
    seat: int = 0,
    opponent: Policy | None = None,
    illegal_reward: float | None = None,
    fantasyland: Literal["solver", "per_card"] = "solver",
    max_cycles: int = DEFAULT_MAX_CYCLES,
    render_mode: Literal["ansi", "human"] | None = None,
) -> SingleAgentEnv:
    """A ``gymnasium.Env`` where the learner plays ``seat`` and a fixed policy every other seat.

    Observations, ids and spaces are those of :func:`raw_env`. ``opponent``
    takes the observation dict of the seat to act and returns an id; the
    default plays a uniformly random legal id, from a generator seeded by
    ``reset``. ``step`` plays the learner's id, then the others up to the
    learner's next turn (or the end), and returns the learner's score change
    over all of it as the reward. ``action_masks()`` is the learner's mask
    as bools, what sb3-contrib's ``MaskablePPO`` reads. The episode is
    truncated after ``max_cycles`` cycles of a step per player, as in
    :func:`raw_env`. The observation that ends an episode has an all-zero
    mask: under Gymnasium's ``NEXT_STEP`` autoreset, the id a vector
    environment is given for it is never played (any id does).

    An illegal id raises :class:`~tablerules.IllegalActionError` and changes
    nothing, unless ``illegal_reward`` is a number: then it ends the episode
    with that reward (and ``{"illegal": True}`` in the info), for trainers
    that sample ids without the mask, such as Gymnasium's ``check_env``.

    >>> single_agent_env("mentok", seat=True)
    Traceback (most recent call last):
    ...
    TypeError: seat must be an int, not bool
    """
    module, config = _game_and_config(game, config)
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise TypeError(f"seat must be an int, not {type(seat).__name__}")
    _require_extra()
    from tablerules.integrations._pettingzoo_env import (  # noqa: PLC0415 - needs the extra
        SingleAgentEnv,
    )

    return SingleAgentEnv(
        module,
        config,
        seat=seat,
        opponent=opponent,
        illegal_reward=illegal_reward,
        fantasyland=fantasyland,
        max_cycles=max_cycles,
        render_mode=render_mode,
    )


def __getattr__(name: str) -> Any:
    """:class:`RawEnv` and :class:`SingleAgentEnv`, imported on first use."""
    if name in ("RawEnv", "SingleAgentEnv"):
        from tablerules.integrations import _pettingzoo_env  # noqa: PLC0415 - on first use

        return getattr(_pettingzoo_env, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
