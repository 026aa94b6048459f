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
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import tablerules as tr
from tablerules._common import check_type
from tablerules.errors import ConfigError, IllegalActionError, StateError, show

if TYPE_CHECKING:
    import numpy as np
    from gymnasium import Env, spaces
    from numpy.typing import NDArray
    from pettingzoo import AECEnv
    from pettingzoo.utils.wrappers import (
        AssertOutOfBoundsWrapper,
        OrderEnforcingWrapper,
        TerminateIllegalWrapper,
    )

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
        from pettingzoo.utils.wrappers import (
            AssertOutOfBoundsWrapper,
            OrderEnforcingWrapper,
            TerminateIllegalWrapper,
        )
    except ModuleNotFoundError:  # pragma: no cover - the public functions name the extra first
        _EnvBase = AECEnv = OrderEnforcingWrapper = object

__all__ = ["OrderEnforcing", "RawEnv", "SingleAgentEnv", "Table", "wrap"]

if AECEnv is not object:  # the extra is installed
    _UINT8 = np.dtype(np.uint8)
    _INT8 = np.dtype(np.int8)
    """The arrays' dtypes, made once (``frombuffer`` reads a dtype faster than a type)."""

RenderMode = Literal["ansi", "human"]


# --- the game in play ----------------------------------------------------------------------------


# Some Gymnasium releases make Discrete generic, others do not.
ActionSpace: TypeAlias = "spaces.Discrete[Any]"  # type: ignore[type-arg, unused-ignore]


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

    def __getstate__(self) -> dict[str, Any]:
        """The fields, the game by its name: a module does not pickle."""
        fields = {name: getattr(self, name) for name in self.__slots__}
        fields["game"] = self.game.__name__.rpartition(".")[2]  # type: ignore[attr-defined]
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """The fields back, the game found again by its name."""
        for name, value in fields.items():
            setattr(self, name, tr.GAMES[value] if name == "game" else value)

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


def spaces_of(table: Table) -> tuple[spaces.Dict, ActionSpace]:
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
        if self._table.state is None:
            raise self._no_game("render()")
        return rendered(self._table.text(), self.render_mode)

    def _no_game(self, call: str) -> StateError:
        """The error for ``call`` made with no game in play: before ``reset``, or after the end."""
        if self._table.state is None:
            return StateError(f"{call} before reset(): no game is dealt yet; call reset() first")
        return StateError(
            f"{call} after every agent is done: the episode is over; call reset() to play again"
        )

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
        players: int = config.players  # type: ignore[attr-defined]
        self.max_cycles = check_max_cycles(max_cycles)
        self._limit = self.max_cycles * players
        """The steps after which the episode is truncated: a cycle is a step per player."""
        self.render_mode = check_render_mode(render_mode)
        name = game.__name__.rpartition(".")[2]  # type: ignore[attr-defined]
        self.metadata = {**RawEnv.metadata, "name": f"tablerules_{name}_v0"}
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_spaces: dict[str, spaces.Dict] = {}
        self._action_spaces: dict[str, ActionSpace] = {}
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

    def action_space(self, agent: str) -> ActionSpace:
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
            if self._table.state is None:
                raise self._no_game("observe()")
            observation, mask = self._table.shown(self._seats[agent])
            seen = self._seen[agent] = {
                "observation": np.frombuffer(observation, _UINT8),
                "action_mask": np.frombuffer(mask, _INT8),
            }
        return seen

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``: the agent to act's observation, reward, ends and info."""
        try:
            agent = self.agent_selection
            reward = self._cumulative_rewards[agent]
        except (AttributeError, KeyError):  # before reset, or every agent has left
            raise self._no_game("last()") from None
        observation = self.observe(agent) if observe else None
        return (
            observation,
            reward,
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        """Play the id ``action`` for the agent to act (``None`` for an agent whose episode ended).

        An illegal id raises :class:`~tablerules.IllegalActionError` and changes nothing.
        """
        try:
            agent = self.agent_selection
            done = self.terminations[agent] or self.truncations[agent]
        except (AttributeError, KeyError):  # before reset, or every agent has left
            raise self._no_game("step()") from None
        if done:
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
        elif table.steps >= self._limit:
            for name in self.agents:
                self.truncations[name] = True
        else:
            self.agent_selection = self.possible_agents[state.to_act]


class OrderEnforcing(OrderEnforcingWrapper):  # type: ignore[misc] # pettingzoo ships no types
    """PettingZoo's ``OrderEnforcingWrapper`` (made by ``env``), with the loop's calls made direct.

    The checks are the wrappers' own. What a loop reads on every step goes
    straight to the raw environment instead of through each wrapper's
    ``__getattr__``, which costs more than a Mock step (while the raw
    environment has none, before ``reset``, the wrapper's own lookup
    answers). ``step`` plays an id on the raw environment at once: one it
    refuses changes nothing, and goes through the wrappers inside, which say
    what follows (the episode ends, or an assertion fails, or the error
    stands); one it plays would pass them.
    """

    terminations = property(attrgetter("_raw.terminations"))
    truncations = property(attrgetter("_raw.truncations"))
    rewards = property(attrgetter("_raw.rewards"))
    infos = property(attrgetter("_raw.infos"))
    agent_selection = property(attrgetter("_raw.agent_selection"))

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._raw: RawEnv = env.unwrapped

    @property
    def agents(self) -> list[str]:
        """The environment's live agents (an AttributeError before ``reset``)."""
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self._raw.agents

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The environment's ``last()`` (an AttributeError before ``reset``).

        The wrappers inside would show the same: the raw environment's.
        """
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self._raw.last(observe)

    def step(self, action: int | None) -> None:
        """The environment's ``step``, after the wrappers' checks."""
        raw = self._raw
        if not (self._has_reset and raw.agents):
            super().step(action)  # the wrapper's error or warning
            return
        self._has_updated = True
        try:
            raw.step(action)
        except (ValueError, TypeError):  # refused, nothing changed
            if self.env is raw:
                raise
            self.observe(raw.agent_selection)  # what TerminateIllegalWrapper reads the mask from
            self.env.step(action)

    def __str__(self) -> str:
        """The environment's name, as PettingZoo's wrapper shows it."""
        return str(self.env)


def wrap(env: RawEnv, illegal: str) -> OrderEnforcing:
    """``env`` in PettingZoo's wrappers, as its classic games are (``illegal="terminate"``).

    An illegal id ends the episode, -1 to the agent that played it
    (``TerminateIllegalWrapper``), an id outside the action space fails an
    assertion (``AssertOutOfBoundsWrapper``), and the calls are kept in order
    (``OrderEnforcingWrapper``); with ``illegal="raise"``, only the last.
    """
    inner: Any = env
    if illegal == "terminate":
        inner = AssertOutOfBoundsWrapper(TerminateIllegalWrapper(env, illegal_reward=-1))
    return OrderEnforcing(inner)


# --- Gymnasium -----------------------------------------------------------------------------------


class SingleAgentEnv(_TableEnv, _EnvBase):  # type: ignore[misc, unused-ignore]
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
        self._limit = self.max_cycles * players
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
        if self._table.state is None:
            raise self._no_game("action_masks()")
        return np.frombuffer(bytearray(self._table.mask(self.seat)), np.bool_)

    def _play_others(self) -> None:
        """Let the fixed policy play every other seat until the learner is to act or it ends."""
        table = self._table
        seat = self.seat
        opponent = self.opponent
        rng = self._opponent_rng
        limit = self._limit
        while table.steps < limit:
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
            over = "no episode began" if table.state is None else "the episode is over"
            raise IllegalActionError(f"{over}: call reset() to play")
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
        truncated = not terminated and table.steps >= self._limit
        self._done = terminated or truncated
        return self._observation(seat), reward, terminated, truncated, {}
