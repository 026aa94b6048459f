"""The environment classes behind :mod:`tablerules.integrations.pettingzoo` (needs the extra).

:class:`Table` is the game in play, in pure Python: the state, the codec, a
per-card fantasyland turn in progress and the step count. :class:`RawEnv`
(PettingZoo's ``AECEnv``) and :class:`SingleAgentEnv` (``gymnasium.Env``)
keep their ecosystems' books around it. The module imports without the extra
(so that tools which import every module can), but its classes need it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from tablerules._common import check_type
from tablerules.errors import ConfigError, IllegalActionError, StateError, show

if TYPE_CHECKING:
    import numpy as np
    from gymnasium import Env, spaces
    from numpy.typing import NDArray
    from pettingzoo import AECEnv
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from tablerules._protocol import Game
    from tablerules.integrations.pettingzoo import ObservationDict, Policy
    from tablerules.ofc.codec import FantasylandStep

    _EnvBase = Env[dict[str, Any], Any]
else:
    try:
        import numpy as np
        from gymnasium import Env as _EnvBase
        from gymnasium import spaces
        from pettingzoo import AECEnv
        from pettingzoo.utils.wrappers import OrderEnforcingWrapper
    except ModuleNotFoundError:  # pragma: no cover - the public functions name the extra first
        _EnvBase = AECEnv = OrderEnforcingWrapper = object

__all__ = ["OrderEnforcing", "RawEnv", "SingleAgentEnv", "Table"]

if AECEnv is not object:  # the extra is installed
    _UINT8 = np.dtype(np.uint8)
    _INT8 = np.dtype(np.int8)
    """The arrays' dtypes, made once (``frombuffer`` reads a dtype faster than a type)."""

RenderMode = Literal["ansi", "human"]


# --- the game in play ----------------------------------------------------------------------------


class Table:
    """One game in play through its codec: the state, a per-card fantasyland turn, the steps.

    Everything a seat is shown comes from ``game.observe(state, seat)`` through
    the codec; :meth:`play` checks an id against the acting seat's view and
    changes nothing when it is illegal.
    """

    __slots__ = (
        "_choices",
        "_step",
        "_view",
        "_zeros",
        "codec",
        "config",
        "game",
        "per_card",
        "state",
        "steps",
    )

    def __init__(self, game: Game[Any, Any, Any, Any], config: object, fantasyland: str) -> None:
        self.game = game
        self.config = config
        if game.__name__ == "tablerules.ofc":  # type: ignore[attr-defined]
            self.codec: Any = game.Codec(config, fantasyland=fantasyland)  # type: ignore[call-arg]
        else:
            if fantasyland != "solver":
                raise ConfigError(
                    f"fantasyland={show(fantasyland)} is an OFC option; "
                    f"{game.__name__} has no fantasyland"  # type: ignore[attr-defined]
                )
            self.codec = game.Codec(config)
        self.per_card: bool = bool(getattr(self.codec, "card_ids", ()))
        self._zeros = bytes(self.codec.num_actions)
        self.state: Any = None
        self.steps = 0
        self._choices: list[int] = []
        self._view: Any = None
        self._step: FantasylandStep | None = None

    def start(self, state: object) -> None:
        """Play on from ``state`` (already checked), with the step count at 0."""
        self.state = state
        self.steps = 0
        self._choices = []
        self._view = None
        self._step = None

    @property
    def to_act(self) -> int | None:
        """The seat to act; ``None`` once the game is over."""
        seat: int | None = self.state.to_act
        return seat

    def _acting_view(self) -> Any:
        view = self._view
        if view is None:
            view = self._view = self.game.observe(self.state, self.state.to_act)
        return view

    def _fantasyland_step(self, view: Any) -> FantasylandStep | None:
        """The per-card step of the acting seat's fantasyland turn; ``None`` on any other turn."""
        if not self.per_card or not view.fantasyland[view.seat]:
            return None
        step = self._step
        if step is None:
            step = self._step = self.codec.fantasyland_step(view, self._choices)
        return step

    def mask(self, seat: int) -> bytes:
        """The codec's mask for ``seat`` now (on a per-card fantasyland turn, the step's)."""
        if seat != self.state.to_act:
            return self._zeros
        view = self._acting_view()
        step = self._fantasyland_step(view)
        return self.codec.mask(view) if step is None else step.mask

    def legal_ids(self) -> tuple[int, ...]:
        """The acting seat's legal ids now."""
        view = self._acting_view()
        step = self._fantasyland_step(view)
        return self.codec.legal_ids(view) if step is None else step.ids

    def observation(self, seat: int) -> bytes:
        """The codec's observation bytes for ``seat`` now."""
        return self.shown(seat)[0]

    def shown(self, seat: int) -> tuple[bytes, bytes]:
        """The codec's observation bytes and mask for ``seat`` now (what an agent is shown)."""
        if seat != self.state.to_act:
            view = self.game.observe(self.state, seat)
            return self.codec.observation(view), self._zeros
        view = self._view
        if view is None:
            view = self._view = self.game.observe(self.state, seat)
        if self.per_card:
            step = self._fantasyland_step(view)
            if step is not None:
                return step.observation, step.mask
        return self.codec.observation_and_mask(view)  # type: ignore[no-any-return]

    def play(self, action_id: object) -> None:
        """Play an id for the seat to act; if it is illegal, raise and change nothing."""
        state = self.state
        if state.to_act is None:
            raise IllegalActionError("the game is over: no id is legal")
        view = self._view
        if view is None:
            view = self._view = self.game.observe(state, state.to_act)
        step = self._fantasyland_step(view) if self.per_card else None
        if step is None:
            action = self.codec.decode(view, action_id)
        else:
            choices = [*self._choices, action_id]
            step = self.codec.fantasyland_step(view, choices)
            if step.place is None:
                self._choices = choices  # type: ignore[assignment] # read as ids by the codec
                self._step = step
                self.steps += 1
                return
            action = step.place
        self.state = self.game.apply_unchecked(state, action)
        self._view = None
        self._step = None
        self._choices = []
        self.steps += 1

    def text(self) -> str:
        """What the seat to act sees, as text; once the game is over, the final state.

        A head line names the agents (``player_1 to act``), then comes
        ``str()`` of the acting seat's observation (see :mod:`tablerules.text`);
        once the game is over nothing is left to play for, and the whole final
        state is shown, every card face up.
        """
        state = self.state
        name = self.game.__name__.rpartition(".")[2]  # type: ignore[attr-defined]
        scores = " ".join(str(score) for score in state.scores)
        if state.is_over:
            winners = ", ".join(f"player_{seat}" for seat in state.winners)
            head = f"{name}: game over after round {state.round}, scores {scores}, won by {winners}"
            return f"{head}\n{state}"
        head = f"{name} round {state.round}: player_{state.to_act} to act, scores {scores}"
        view = self._acting_view()
        step = self._fantasyland_step(view)
        if step is not None:
            head += f"; fantasyland card by card, next {step.card}"
        return f"{head}\n{view}"


def game_state(table: Table, options: Mapping[str, object] | None) -> object | None:
    """The start state ``options["state"]`` asks for, checked; ``None`` when it asks for none."""
    if options is None:
        return None
    if not isinstance(options, Mapping):
        raise TypeError(f"options must be a dict, not {type(options).__name__}")
    if "state" not in options:
        return None
    game = table.game
    state = check_type(options["state"], game.State, 'options["state"]')  # type: ignore[attr-defined]
    if state.config != table.config:
        raise ConfigError(
            f'options["state"] is a game played with {state.config!r}; '
            f"this environment is made for {table.config!r}"
        )
    if state.is_over:
        raise StateError('the game of options["state"] is over: there is nothing left to play')
    game.check_state(state)
    return state  # type: ignore[no-any-return] # the game's State class is typed Any here


def read_seed(seed: object) -> int | None:
    """``seed`` if it is an int or ``None``, else a :class:`TypeError`."""
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        return seed
    raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")


def spaces_of(table: Table) -> tuple[spaces.Dict, spaces.Discrete]:
    """A fresh observation space and action space for the table's codec."""
    codec = table.codec
    observation = spaces.Dict(
        {
            "observation": spaces.Box(0, 255, (codec.observation_size,), np.uint8),
            "action_mask": spaces.Box(0, 1, (codec.num_actions,), np.int8),
        }
    )
    return observation, spaces.Discrete(codec.num_actions)


def check_render_mode(render_mode: object) -> RenderMode | None:
    """``render_mode`` if it is ``None``, ``"ansi"`` or ``"human"``, else a :class:`ConfigError`."""
    if render_mode is None or render_mode in ("ansi", "human"):
        return render_mode
    raise ConfigError(f"render_mode must be None, 'ansi' or 'human', not {show(render_mode)}")


def rendered(text: str, render_mode: str | None) -> str | None:
    """What ``render()`` gives: the text for ``"ansi"``; ``"human"`` prints it and gives None."""
    if render_mode == "human":
        print(text)
        return None
    return text


def check_max_cycles(max_cycles: object) -> int:
    """``max_cycles`` if it is a positive int."""
    if not isinstance(max_cycles, int) or isinstance(max_cycles, bool):
        raise TypeError(f"max_cycles must be an int, not {type(max_cycles).__name__}")
    if max_cycles < 1:
        raise ConfigError(f"max_cycles must be at least 1, not {max_cycles}")
    return max_cycles


# --- PettingZoo ----------------------------------------------------------------------------------


class _TableEnv:
    """What both environments show of their :class:`Table`: the codec, the state, the text."""

    _table: Table
    render_mode: str | None

    @property
    def codec(self) -> Any:
        """The game's codec the ids and observations come from."""
        return self._table.codec

    @property
    def game_state(self) -> Any:
        """The full tablerules ``State``, with every hidden card (for debugging and saving only)."""
        return self._table.state

    def render(self) -> str | None:
        """What the seat to act sees, as text: returned (``"ansi"``) or printed (``"human"``).

        ``None`` without a render mode, or when ``"human"`` has printed it.
        """
        if self.render_mode is None:
            return None
        return rendered(self._table.text(), self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


class RawEnv(_TableEnv, AECEnv):  # type: ignore[misc] # pettingzoo ships no type information
    """A tablerules game as a PettingZoo AEC environment (made by ``raw_env`` and ``env``)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": "tablerules_v0",
        "render_modes": ["ansi", "human"],
        "render_fps": 1,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        config: object,
        *,
        fantasyland: str,
        max_cycles: int,
        render_mode: Literal["ansi", "human"] | None,
    ) -> None:
        super().__init__()
        self._table = Table(game, config, fantasyland)
        self.max_cycles = check_max_cycles(max_cycles)
        self.render_mode = check_render_mode(render_mode)
        name = game.__name__.rpartition(".")[2]  # type: ignore[attr-defined]
        self.metadata = {**RawEnv.metadata, "name": f"tablerules_{name}_v0"}
        players: int = config.players  # type: ignore[attr-defined]
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_spaces: dict[str, spaces.Dict] = {}
        self._action_spaces: dict[str, spaces.Discrete] = {}
        for agent in self.possible_agents:
            self._observation_spaces[agent], self._action_spaces[agent] = spaces_of(self._table)
        self._rng = random.Random()
        self._rng_seed: int | None = None
        """A seed ``reset`` was given, for ``_rng`` before it is next used (seeding costs)."""
        self._seen: dict[str, ObservationDict] = {}
        self._rewarded = False
        self.agents: list[str] = []

    # --- spaces ---

    def observation_space(self, agent: str) -> spaces.Dict:
        """The agent's observation space: the codec's observation and mask.

        The observation is a uint8 box, the mask an int8 box (Gymnasium
        samples with int8 masks).
        """
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The agent's action space: ``Discrete(codec.num_actions)``."""
        return self._action_spaces[agent]

    # --- the game ---

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode from ``new_game(config, seed=seed)``, or from ``options["state"]``.

        Without a seed, the game's seed is drawn from the environment's own
        generator (which ``reset(seed=...)`` seeds).
        """
        seed = read_seed(seed)
        table = self._table
        state = game_state(table, options)
        if seed is not None:
            self._rng_seed = game_seed = seed
        else:
            if self._rng_seed is not None:
                self._rng.seed(self._rng_seed)
                self._rng_seed = None
            game_seed = self._rng.getrandbits(63)
        if state is None:
            state = table.game.new_game(table.config, seed=game_seed)
        table.start(state)
        self._seen = {}
        agents = self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        self.agent_selection = agents[table.to_act]  # type: ignore[index] # not over: checked

    def observe(self, agent: str) -> ObservationDict:
        """``{"observation", "action_mask"}`` for ``agent`` now, as read-only arrays."""
        seen = self._seen.get(agent)
        if seen is None:
            observation, mask = self._table.shown(self._seats[agent])
            seen = self._seen[agent] = {
                "observation": np.frombuffer(observation, _UINT8),
                "action_mask": np.frombuffer(mask, _INT8),
            }
        return seen

    def step(self, action: int | None) -> None:
        """Play the id ``action`` for the agent to act (``None`` for an agent whose episode ended).

        An illegal id raises :class:`~tablerules.IllegalActionError` and changes nothing.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._table
        before = table.state.scores
        table.play(action)
        self._seen = {}
        self._cumulative_rewards[agent] = 0.0
        state = table.state
        rewards = self.rewards
        after = state.scores
        if after != before:
            for name, old, new in zip(self.agents, before, after, strict=True):
                rewards[name] = float(new - old)
            self._accumulate_rewards()
            self._rewarded = True
        elif self._rewarded:  # zero rewards add nothing: only clear the last ones
            for name in rewards:
                rewards[name] = 0.0
            self._rewarded = False
        if state.to_act is None:
            for name in self.agents:
                self.terminations[name] = True
        elif table.steps >= self.max_cycles:
            for name in self.agents:
                self.truncations[name] = True
        else:
            self.agent_selection = self.possible_agents[state.to_act]


class OrderEnforcing(OrderEnforcingWrapper):  # type: ignore[misc] # pettingzoo ships no types
    """PettingZoo's ``OrderEnforcingWrapper`` (made by ``env``), with the loop's calls made direct.

    The checks are the wrapper's own. What a loop calls on every step
    (``agents``, ``agent_selection``, ``last`` and ``step``) goes straight to
    the environment instead of through the wrapper's ``__getattr__``, which
    would otherwise cost more than a Mock step.
    """

    @property
    def agents(self) -> list[str]:
        """The environment's live agents (an AttributeError before ``reset``)."""
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        agents: list[str] = self.env.agents
        return agents

    @property
    def agent_selection(self) -> str:
        """The agent to act (an AttributeError before ``reset``)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        agent: str = self.env.agent_selection
        return agent

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The environment's ``last()`` (an AttributeError before ``reset``)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: int | None) -> None:
        """The environment's ``step``, after the wrapper's checks."""
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def __str__(self) -> str:
        """The environment's name, as PettingZoo's wrapper shows it."""
        return str(self.env)


# --- Gymnasium -----------------------------------------------------------------------------------


class SingleAgentEnv(_TableEnv, _EnvBase):
    """One seat of a tablerules game as a Gymnasium environment (made by ``single_agent_env``)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        config: object,
        *,
        seat: int,
        opponent: Policy | None,
        illegal_reward: float | None,
        fantasyland: str,
        max_cycles: int,
        render_mode: Literal["ansi", "human"] | None,
    ) -> None:
        self._table = Table(game, config, fantasyland)
        players: int = config.players  # type: ignore[attr-defined]
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError(f"seat must be an int, not {type(seat).__name__}")
        if not 0 <= seat < players:
            raise ConfigError(f"seat must be 0 to {players - 1} for {players} players, not {seat}")
        if opponent is not None and not callable(opponent):
            raise TypeError(f"opponent must be callable or None, not {type(opponent).__name__}")
        if illegal_reward is not None:
            if not isinstance(illegal_reward, (int, float)) or isinstance(illegal_reward, bool):
                kind = type(illegal_reward).__name__
                raise TypeError(f"illegal_reward must be a number or None, not {kind}")
            illegal_reward = float(illegal_reward)
        self.seat = seat
        self.opponent = opponent
        self.illegal_reward = illegal_reward
        self.max_cycles = check_max_cycles(max_cycles)
        self.render_mode = check_render_mode(render_mode)
        self.observation_space, self.action_space = spaces_of(self._table)
        self._rng = random.Random()
        self._opponent_rng = random.Random()
        self._done = True

    def _observation(self, seat: int) -> ObservationDict:
        table = self._table
        return {
            "observation": np.frombuffer(bytearray(table.observation(seat)), np.uint8),
            "action_mask": np.frombuffer(bytearray(table.mask(seat)), np.int8),
        }

    def action_masks(self) -> NDArray[np.bool_]:
        """The learner's legal ids now as a bool array (what ``MaskablePPO`` reads)."""
        return np.frombuffer(bytearray(self._table.mask(self.seat)), np.bool_)

    def _play_others(self) -> None:
        """Let the fixed policy play every other seat until the learner is to act or it ends."""
        table = self._table
        seat = self.seat
        opponent = self.opponent
        rng = self._opponent_rng
        max_cycles = self.max_cycles
        while table.steps < max_cycles:
            to_act = table.to_act
            if to_act is None or to_act == seat:
                return
            if opponent is None:
                table.play(rng.choice(table.legal_ids()))
            else:
                table.play(opponent(self._observation(to_act)))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObservationDict, dict[str, Any]]:
        """Start an episode and play the other seats up to the learner's first turn."""
        seed = read_seed(seed)
        super().reset(seed=seed)
        table = self._table
        state = game_state(table, options)
        if seed is not None:
            self._rng.seed(seed)
            game_seed = seed
        else:
            game_seed = self._rng.getrandbits(63)
        self._opponent_rng.seed(self._rng.getrandbits(64))
        if state is None:
            state = table.game.new_game(table.config, seed=game_seed)
        table.start(state)
        self._play_others()
        if table.to_act != self.seat:
            raise StateError(
                f"the game ends (or reaches max_cycles={self.max_cycles}) before seat "
                f"{self.seat} is to act: there is nothing to learn"
            )
        self._done = False
        return self._observation(self.seat), {}

    def step(self, action: int) -> tuple[ObservationDict, float, bool, bool, dict[str, Any]]:
        """Play the learner's id, then the others' up to its next turn; the learner's reward.

        An illegal id raises :class:`~tablerules.IllegalActionError` and changes
        nothing, or ends the episode with ``illegal_reward`` when that is set.
        """
        table = self._table
        seat = self.seat
        if self._done:
            raise IllegalActionError("the episode is over: reset the environment")
        before = table.state.scores[seat]
        try:
            table.play(action)
        except IllegalActionError:
            if self.illegal_reward is None:
                raise
            self._done = True
            return self._observation(seat), self.illegal_reward, True, False, {"illegal": True}
        self._play_others()
        state = table.state
        reward = float(state.scores[seat] - before)
        terminated = bool(state.is_over)
        truncated = not terminated and table.steps >= self.max_cycles
        self._done = terminated or truncated
        return self._observation(seat), reward, terminated, truncated, {}
