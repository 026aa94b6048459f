"""The pyspiel game, state and observer classes behind :mod:`tablerules.integrations.openspiel`.

It imports without pyspiel, so its doctests and the docs need no extra: the
pyspiel subclasses are made by :func:`game_classes`, which imports pyspiel and
numpy on its first call, from the plain classes that hold the methods.
Everything pyspiel hands over is untyped, so the ``Any`` stays in here.
"""

from __future__ import annotations

import collections
import functools
import json
import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import attrs

import tablerules as tr
from tablerules._codec import read_action_id
from tablerules._common import with_fields
from tablerules.errors import ConfigError, show, type_name
from tablerules.integrations import require
from tablerules.ofc.codec import CARD_CHOICES
from tablerules.ofc.scoring import MAX_PROGRESSIVE_STEP

__all__ = ["PREFIX", "PRIVATE", "game_classes", "game_type", "parameter_specification"]

PREFIX: Final = "python_tablerules_"
"""The start of each registered name: ``python_tablerules_ofc`` and so on."""
DEFAULT_MAX_ROUNDS: Final = 1
"""``max_rounds`` when the game string leaves it out: one round is one episode."""
TUPLE_SEPARATOR: Final = "/"
"""How a tuple-valued config field is written as a string parameter (``"1/2/4"``)."""
RESAMPLED: Final = "(resampled: the earlier observations of this seat are not known here)"
"""The first line of another seat's information state in a resampled state."""
_SAMPLER_SCALE: Final = 2**53
"""A probability sampler's float in [0, 1) becomes a seed of 53 bits."""
_CARDS: Final = tr.FULL_DECK
"""A chance outcome is a card's index in ``FULL_DECK``."""
_INDEX: Final = {card: index for index, card in enumerate(_CARDS)}


# --- what differs between the games ---------------------------------------------------------


def _ofc_round_length(config: Any) -> int:
    """Decisions in one OFC round: every seat plays its streets (a fantasyland seat plays one)."""
    return int(config.players * config.streets)


def _ofc_fantasyland_most(config: Any) -> int:
    """The most cards a fantasyland seat is dealt: the base count and the progressive steps."""
    return int(config.fantasyland_base + (MAX_PROGRESSIVE_STEP if config.progressive else 0))


def _ofc_round_points(config: Any) -> int:
    """The most points one OFC seat can win or lose in a round.

    Per opponent: three lines and the scoop (6), plus the seat's own
    royalties at most (AAA on top, a royal flush or the best lowball middle,
    a royal flush on the bottom).
    """
    middle = max(config.lowball_royalties) if config.lowball_middle else 50
    return int((config.players - 1) * (6 + 22 + middle + 25))


def _ofc_bounds(config: Any, rounds: int) -> tuple[float, float]:
    """Returns bound: each round moves at most a round's points, win or lose."""
    bound = rounds * _ofc_round_points(config)
    return -float(bound), float(bound)


def _mock_round_length(config: Any) -> int:
    """Decisions in one Mock round.

    A draw takes a card of the draw pile or the top discard, and taking the
    discard forces a meld (five melded cards a seat at most); every turn but a
    seat's last (when the draw pile is empty) starts with a draw, and each turn
    ends with one meld decision.
    """
    draws = config.pile_size + 5 * config.players
    return int(2 * draws + config.players)


def _mock_bounds(config: Any, rounds: int) -> tuple[float, float]:
    """A Mock seat scores 0 to ``MAX_ROUND_POINTS`` (12) a round."""
    return 0.0, float(rounds * tr.mock.scoring.MAX_ROUND_POINTS)


def _mentok_round_length(config: Any) -> int:
    """Decisions in a Mentok round: each ask melds a card; a seat stands twice and scores once."""
    return int(52 * config.decks + 3 * config.players)


_MENTOK_ROUND_MAX: Final = 12
"""The most a Mentok seat scores in a round: two table hands of 21 with a bonus (6 each)."""


def _mentok_bounds(config: Any, rounds: int) -> tuple[float, float]:
    """A Mentok seat scores the cheat's -5 to 12 a round."""
    return float(rounds * tr.mentok.scoring.CHEAT_PENALTY), float(rounds * _MENTOK_ROUND_MAX)


@attrs.frozen(kw_only=True)
class _Spec:
    """How one tablerules game becomes an OpenSpiel game."""

    key: str
    long_name: str
    utility: str
    """The name of its ``pyspiel.GameType.Utility``."""
    min_players: int
    max_players: int
    round_length: Callable[[Any], int]
    bounds: Callable[[Any, int], tuple[float, float]]

    @property
    def module(self) -> Any:
        return tr.GAMES[self.key]

    @property
    def short_name(self) -> str:
        return PREFIX + self.key


_SPECS: Final = {
    "ofc": _Spec(
        key="ofc",
        long_name="tablerules Open Face Chinese Poker",
        utility="ZERO_SUM",
        min_players=2,
        max_players=4,
        round_length=_ofc_round_length,
        bounds=_ofc_bounds,
    ),
    "mock": _Spec(
        key="mock",
        long_name="tablerules Mock",
        utility="GENERAL_SUM",
        min_players=3,
        max_players=10,
        round_length=_mock_round_length,
        bounds=_mock_bounds,
    ),
    "mentok": _Spec(
        key="mentok",
        long_name="tablerules Mentok",
        utility="GENERAL_SUM",
        min_players=2,
        max_players=10,
        round_length=_mentok_round_length,
        bounds=_mentok_bounds,
    ),
}


_OWN_BOARD: Final = ("board0.top", "board0.middle", "board0.bottom")
PRIVATE: Final = {
    "ofc": (frozenset({"hand", "discards"}), _OWN_BOARD, "fantasyland"),
    "mock": (frozenset({"hand"}), (), None),
    "mentok": (frozenset({"hand", "unseen", "sphere", "choice", "cheated"}), (), None),
}
"""Each game's private codec parts: always private, private while a flag is set, the flag.

Everything else in the observation is public. An OFC seat's own board is
private while the seat plays a fantasyland round (its board is shown at the
round's end): the first byte of ``fantasyland`` is the observer's own.
Whether a Mentok seat cheated depends on its hand, so it is private too.
"""


# --- parameters -----------------------------------------------------------------------------


def parameter_specification(key: str) -> dict[str, Any]:
    """The game parameters of game ``key`` and their defaults: the config fields, then ``rewards``.

    ``None`` defaults become 0 (``max_rounds`` becomes 1) and tuples become
    ``"/"``-separated strings, since OpenSpiel parameters are int, float, bool
    or str. OFC also has ``fantasyland_mode``, the codec's fantasyland mode.
    """
    params: dict[str, Any] = {}
    for field in attrs.fields(_SPECS[key].module.Config):
        default = field.default
        if field.name == "max_rounds":
            default = DEFAULT_MAX_ROUNDS
        elif default is None:
            default = 0
        elif isinstance(default, tuple):
            default = TUPLE_SEPARATOR.join(str(item) for item in default)
        params[field.name] = default
    if key == "ofc":
        params["fantasyland_mode"] = "solver"
    params["rewards"] = "steps"
    return params


def _read_tuple(name: str, value: object) -> tuple[int, ...]:
    if not isinstance(value, str):
        raise ConfigError(f"{name} must be a string such as '1/2/4', not {show(value)}")
    try:
        return tuple(int(part) for part in value.split(TUPLE_SEPARATOR))
    except ValueError:
        raise ConfigError(
            f"{name} must be integers separated by {TUPLE_SEPARATOR!r} (such as '1/2/4'), "
            f"not {show(value)}"
        ) from None


def _read_mode(key: str, params: Mapping[str, Any]) -> str:
    """The OFC fantasyland mode the parameters ask for (``"solver"`` for the other games)."""
    mode = params.get("fantasyland_mode", "solver") if key == "ofc" else "solver"
    if mode not in ("solver", "per_card"):
        raise ConfigError(f"fantasyland_mode must be 'solver' or 'per_card', not {show(mode)}")
    return str(mode)


def _read_config(key: str, params: Mapping[str, Any]) -> tuple[Any, bool]:
    """The config, and whether rewards come only at the end, that parameters describe."""
    module = _SPECS[key].module
    values: dict[str, object] = {}
    for field in attrs.fields(module.Config):
        if field.name not in params:
            continue
        value = params[field.name]
        if field.name == "max_rounds":
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ConfigError(
                    f"max_rounds must be a positive integer, not {show(value)}: an OpenSpiel game "
                    "needs a bound on its length, so it cannot play without a round limit"
                )
        elif field.default is None and value == 0:
            value = None
        elif isinstance(field.default, tuple):
            value = _read_tuple(field.name, value)
        values[field.name] = value
    values.setdefault("max_rounds", DEFAULT_MAX_ROUNDS)
    rewards = params.get("rewards", "steps")
    if rewards not in ("steps", "terminal"):
        raise ConfigError(f"rewards must be 'steps' or 'terminal', not {show(rewards)}")
    return module.Config(**values), rewards == "terminal"


def game_type(key: str, *, terminal_rewards: bool = False) -> Any:
    """The ``pyspiel.GameType`` of game ``key`` (imports pyspiel)."""
    pyspiel: Any = require("pyspiel", "openspiel")
    spec = _SPECS[key]
    return pyspiel.GameType(
        short_name=spec.short_name,
        long_name=spec.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=getattr(pyspiel.GameType.Utility, spec.utility),
        reward_model=getattr(
            pyspiel.GameType.RewardModel, "TERMINAL" if terminal_rewards else "REWARDS"
        ),
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(key),
    )


# --- what every state of one game shares -----------------------------------------------------


class _Shared:
    """The game module, config, codec and the provisional first deal; copies of a state share it."""

    def __init__(
        self, spec: _Spec, config: Any, *, mode: str, terminal_rewards: bool, ids: tuple[int, int]
    ) -> None:
        self.spec = spec
        self.terminal, self.chance = ids
        self.terminal_rewards = terminal_rewards
        self.mode = mode
        self.module = spec.module
        self.config = config
        options = {"fantasyland": mode} if spec.key == "ofc" else {}
        self.codec = spec.module.Codec(config, **options)
        self.per_card = bool(spec.key == "ofc" and self.codec.card_ids)
        self.players: int = config.players
        self.full = tr.FULL_DECK * getattr(config, "decks", 1)
        start = spec.module.new_game(config, seed=0)  # its cards are provisional: chance picks them
        self.opening = _Chance(None, None, start, (), len(self.full) - len(start.deck))

    def choosing(self, state: Any) -> bool:
        """Whether the seat to act sets a fantasyland board card by card now."""
        return self.per_card and bool(state.in_fantasyland_turn)

    def record(self, state: Any, pending: tuple[int, ...], seat: int) -> dict[str, Any]:
        """The seat's observation record, with its own per-card choices so far if it has any."""
        record = _record(self.module, self.module.observe(state, seat))
        if pending and seat == state.to_act:
            record["pending"] = list(pending)
        return record

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (a Python state serializes its attributes) as what it is made from."""
        options = {"mode": self.mode, "terminal_rewards": self.terminal_rewards}
        return (_shared, (self.spec.key, self.config, options, (self.terminal, self.chance)))


def _shared(key: str, config: Any, options: dict[str, Any], ids: tuple[int, int]) -> _Shared:
    return _Shared(_SPECS[key], config, ids=ids, **options)


class _Chance(NamedTuple):
    """Cards being dealt, one chance node each, in the order the rules deal them.

    Either ``action`` deals cards of ``before``'s deck, or (``before`` is
    ``None``) ``result`` starts a round, dealt from a provisional deck that
    :func:`redeal <tablerules.ofc.rules.redeal>` replaces. ``need`` is how
    many cards the rules took from the deck when asked with the cards chosen
    so far in front of it. Values only: copies of a state share it.
    """

    before: Any
    action: Any
    result: Any
    chosen: tuple[tr.Card, ...]
    need: int

    def pool(self, shared: _Shared) -> tuple[tr.Card, ...]:
        """The cards this deal draws from (chosen ones included): the deck, or every card."""
        return shared.full if self.before is None else self.before.deck

    def stacked(self, shared: _Shared, chosen: tuple[tr.Card, ...]) -> tuple[tr.Card, ...]:
        """The pool with ``chosen`` in front, the rest in the pool's order."""
        rest = list(self.pool(shared))
        for card in chosen:
            rest.remove(card)
        return (*chosen, *rest)

    def __deepcopy__(self, memo: dict[int, object]) -> _Chance:
        return self


def _record(module: Any, view: Any) -> dict[str, Any]:
    """An observation's JSON record without its config (a game parameter, the same everywhere)."""
    record: dict[str, Any] = module.observation_to_dict(view)
    record.pop("config", None)
    return record


_MISSING: Final = object()
"""A key absent from the previous record."""


def _text(record: Mapping[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"))


def _change(previous: Mapping[str, Any] | None, record: Mapping[str, Any]) -> dict[str, Any]:
    """What changed from one observation record to the next: enough to rebuild the next one.

    A list that grew by appending (a round's public history) gives only the
    new items, under the key with a ``+``; a key that went away is listed
    under ``"-"``.
    """
    if previous is None:
        return dict(record)
    change: dict[str, Any] = {}
    for name, value in record.items():
        old = previous.get(name, _MISSING)
        if old == value:
            continue
        if isinstance(value, list) and isinstance(old, list) and value[: len(old)] == old:
            change[name + "+"] = value[len(old) :]
        else:
            change[name] = value
    gone = sorted(name for name in previous if name not in record)
    if gone:
        change["-"] = gone
    return change


class _Track:
    """The states since this state's start, and each seat's observation lines, filled lazily.

    ``pending[i]`` holds the per-card fantasyland choices made by step ``i``
    (empty except in the middle of a per-card setting, when ``states`` repeats).
    ``lines[seat]`` holds one line per state in ``states`` (after what came
    before them) once ``done[seat]`` reaches ``len(states)``; ``records[seat]``
    is the seat's record of the last state with a line, for the next change.
    """

    __slots__ = (
        "base",
        "done",
        "joined",
        "lines",
        "pending",
        "previous_scores",
        "records",
        "scores",
        "states",
    )

    def __init__(
        self,
        states: list[Any],
        pending: list[tuple[int, ...]],
        *,
        lines: list[list[str]],
        done: list[int],
        records: list[dict[str, Any] | None],
        scores: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]],
    ) -> None:
        self.states = states
        self.pending = pending
        self.lines = lines
        self.done = done
        self.records = records
        self.base, self.previous_scores, self.scores = scores
        """Where returns count from, the scores before the last action, and the scores now."""
        self.joined: list[tuple[int, str] | None] = [None] * len(lines)

    @classmethod
    def start(cls, state: Any, players: int) -> _Track:
        """A track that starts at ``state``: returns and rewards count from its scores."""
        lines: list[list[str]] = [[] for _ in range(players)]
        scores = (state.scores, state.scores, state.scores)
        return cls(
            [state], [()], lines=lines, done=[0] * players, records=[None] * players, scores=scores
        )

    def __deepcopy__(self, memo: dict[int, object]) -> _Track:
        copy = _Track(
            list(self.states),
            list(self.pending),
            lines=[list(lines) for lines in self.lines],
            done=list(self.done),
            records=list(self.records),
            scores=(self.base, self.previous_scores, self.scores),
        )
        copy.joined = list(self.joined)
        return copy

    def information_state(self, shared: _Shared, seat: int) -> str:
        lines = self.lines[seat]
        states = self.states
        done = self.done[seat]
        if done < len(states):
            record = self.records[seat]
            for state, pending in zip(states[done:], self.pending[done:], strict=True):
                current = shared.record(state, pending, seat)
                lines.append(_text(_change(record, current)))
                record = current
            self.records[seat] = record
            self.done[seat] = len(states)
        joined = self.joined[seat]
        if joined is None or joined[0] != len(lines):
            joined = (len(lines), "\n".join(lines))
            self.joined[seat] = joined
        return joined[1]


# --- the state --------------------------------------------------------------------------------


class StateMethods:
    """The methods of the pyspiel state class (:func:`game_classes` adds ``pyspiel.State``).

    A state is made by its game's ``new_initial_state`` (or ``state_from``).
    """

    _shared: _Shared
    _chance: _Chance | None
    _track: _Track | None

    def _setup(self, shared: _Shared) -> None:
        self._shared = shared
        self._chance = shared.opening
        self._track = None

    if TYPE_CHECKING:  # pyspiel.State's, which mypy cannot see

        def get_game(self) -> Any: ...

    # the tablerules state

    @property
    def table_state(self) -> Any:
        """The tablerules ``State`` of the last decision (``None`` before the first deal).

        At a chance node it is the state before the cards being dealt.
        """
        track = self._track
        return None if track is None else track.states[-1]

    # OpenSpiel's state API

    def current_player(self) -> int:
        if self._chance is not None:
            return self._shared.chance
        state = self.table_state
        if state.is_over:
            return self._shared.terminal
        return int(state.to_act)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card the next chance node can deal (its ``FULL_DECK`` index), by copies left."""
        chance = self._chance
        if chance is None:
            raise tr.IllegalActionError("chance_outcomes: this is not a chance node")
        left = list(map(_INDEX.__getitem__, chance.pool(self._shared)))
        for card in chance.chosen:
            left.remove(_INDEX[card])
        share = 1 / len(left)
        if len(self._shared.full) == len(_CARDS):  # one deck: every card left once
            return [(index, share) for index in sorted(left)]
        return sorted((index, count * share) for index, count in collections.Counter(left).items())

    def _legal_actions(self, player: int) -> list[int]:
        track = self._track
        if self._chance is not None or track is None:
            return []
        state = track.states[-1]
        shared = self._shared
        view = shared.module.observe(state, player)
        if shared.choosing(state):
            return list(shared.codec.fantasyland_step(view, track.pending[-1]).ids)
        return list(shared.codec.legal_ids(view))

    def _apply_action(self, action: int) -> None:
        if self._chance is not None:
            self._deal(self._chance, int(action))
            return
        track = self._track
        assert track is not None
        state = track.states[-1]
        shared = self._shared
        if state.is_over:
            raise tr.IllegalActionError(f"the game is over: action {action} cannot be applied")
        view = shared.module.observe(state, state.to_act)
        if shared.choosing(state):
            pending = (*track.pending[-1], read_action_id(action))
            step = shared.codec.fantasyland_step(view, pending)  # IllegalActionError if closed
            track.previous_scores = track.scores
            if step.place is None:
                track.states.append(state)
                track.pending.append(pending)
            else:
                self._play(state, step.place)
            return
        move = shared.codec.decode(view, int(action))
        track.previous_scores = track.scores  # rewards: since the last decision, chance included
        self._play(state, move)

    def _play(self, state: Any, move: Any) -> None:
        """Apply a decision; the cards it deals become chance nodes."""
        after = self._shared.module.apply_unchecked(state, move)
        dealt = len(state.deck) - len(after.deck) if after.round == state.round else 0
        if dealt:
            self._chance = _Chance(state, move, None, (), dealt)
        else:
            self._settle(state, after)

    def _deal(self, chance: _Chance, action: int) -> None:
        """Deal one card by chance; the step ends once every card it deals is chosen."""
        shared = self._shared
        card = _CARDS[action] if 0 <= action < len(_CARDS) else None
        if card is None or chance.pool(shared).count(card) <= chance.chosen.count(card):
            raise tr.IllegalActionError(f"chance outcome {action} is not a card left to deal")
        chosen = (*chance.chosen, card)
        if len(chosen) < chance.need:
            self._chance = chance._replace(chosen=chosen)
            return
        deck = chance.stacked(shared, chosen)
        before = chance.before
        if before is None:
            after = shared.module.rules.redeal(chance.result, deck)
        else:
            after = shared.module.apply_unchecked(with_fields(before, deck=deck), chance.action)
        dealt = len(deck) - len(after.deck)
        if dealt > len(chosen):  # the cards chosen made the rules deal more
            self._chance = chance._replace(chosen=chosen, need=dealt)
            return
        self._chance = None
        self._settle(before, after)

    def _settle(self, before: Any, after: Any) -> None:
        """Take ``after`` as the next state, unless it starts a round: then chance deals that."""
        track = self._track
        if before is not None and after.round != before.round and not after.is_over:
            self._chance = _Chance(None, None, after, (), len(self._shared.full) - len(after.deck))
            assert track is not None
            track.scores = after.scores
        elif track is None:
            self._track = _Track.start(after, self._shared.players)
        else:
            track.states.append(after)
            track.pending.append(())
            track.scores = after.scores

    def _action_to_string(self, player: int, action: int) -> str:
        if player == self._shared.chance:
            return f"deal {_CARDS[action]}" if 0 <= action < len(_CARDS) else f"id {action}"
        state = self.table_state
        track = self._track
        shared = self._shared
        if self._chance is None and track is not None and player == state.to_act:
            view = shared.module.observe(state, player)
            try:
                if shared.choosing(state):
                    step = shared.codec.fantasyland_step(view, track.pending[-1])
                    if action in step.ids:
                        slot = action - shared.codec.card_ids.start
                        return f"{step.card} to the {CARD_CHOICES[slot]} (id {action})"
                else:
                    return f"{shared.codec.decode(view, int(action))} (id {action})"
            except tr.RulesError:
                pass
        return f"id {action}"

    def is_terminal(self) -> bool:
        return self._chance is None and bool(self.table_state.is_over)

    def returns(self) -> list[float]:
        track = self._track
        if track is None or (self._shared.terminal_rewards and not self.is_terminal()):
            return [0.0] * self._shared.players
        return [float(now - start) for now, start in zip(track.scores, track.base, strict=True)]

    def rewards(self) -> list[float]:
        track = self._track
        if self._shared.terminal_rewards or track is None:
            return self.returns()
        return [
            float(now - then) for now, then in zip(track.scores, track.previous_scores, strict=True)
        ]

    def __str__(self) -> str:
        track = self._track
        if track is None:
            return "(dealing the first round)"
        record = self._shared.module.to_dict(track.states[-1])
        if track.pending[-1]:
            record["pending"] = list(track.pending[-1])
        text = _text(record)
        chance = self._chance
        if chance is not None:
            text += f"\n(dealing: {tr.cards_text(chance.chosen) or 'no card'} chosen so far)"
        return text

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state that ``player_id`` cannot tell from this one, the unseen cards dealt anew.

        ``probability_sampler()`` gives one float in [0, 1) that seeds the
        deal (the game's ``determinize``). The new state keeps the seat's
        information state; its history starts empty. Only at a decision.
        """
        player = int(player_id)
        if not 0 <= player < self._shared.players:
            raise ValueError(f"player_id must be a seat from 0 to {self._shared.players - 1}")
        track = self._track
        if track is None or self._chance is not None:
            raise ValueError("resample_from_infostate needs a decision node, not a chance node")
        shared = self._shared
        module = shared.module
        track.information_state(shared, player)
        seed = int(float(probability_sampler()) * _SAMPLER_SCALE)
        rng = random.Random(seed)
        state = track.states[-1]
        world = module.determinize(module.observe(state, player), rng)
        pending = track.pending[-1]
        if pending and player != state.to_act:  # as many choices, at random, for the hand dealt
            view = module.observe(world, world.to_act)
            pending = ()
            for _ in track.pending[-1]:
                ids = shared.codec.fantasyland_step(view, pending).ids
                pending = (*pending, rng.choice(ids))
        lines: list[list[str]] = [[RESAMPLED] for _ in range(shared.players)]
        done = [0] * shared.players
        records: list[dict[str, Any] | None] = [None] * shared.players
        lines[player] = list(track.lines[player])
        done[player] = 1
        records[player] = track.records[player]
        resampled = self.get_game().new_initial_state()
        scores = (track.base, track.previous_scores, track.scores)
        resampled._chance = None
        resampled._track = _Track(
            [world], [pending], lines=lines, done=done, records=records, scores=scores
        )
        return resampled

    # what the observer reads

    def information_state_text(self, player: int) -> str:
        """The seat's observations so far, one line each: the first in full, then what changed."""
        track = self._track
        return "" if track is None else track.information_state(self._shared, player)

    def observation_text(self, player: int) -> str:
        """The seat's current observation record as compact JSON (without the config)."""
        track = self._track
        if track is None:
            return ""
        return _text(self._shared.record(track.states[-1], track.pending[-1], player))

    def observation_bytes(self, player: int) -> bytes:
        """The codec's observation vector of the seat (with its per-card choices so far)."""
        track = self._track
        shared = self._shared
        if track is None:
            return bytes(shared.codec.observation_size)
        state = track.states[-1]
        view = shared.module.observe(state, player)
        data: bytes
        if player == state.to_act and shared.choosing(state):
            data = shared.codec.fantasyland_step(view, track.pending[-1]).observation
        else:
            data = shared.codec.observation(view)
        return data


# --- the observer -----------------------------------------------------------------------------


class TablerulesObserver:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``.

    The observation (``perfect_recall=False``) is the codec's vector, one
    piece per part of the codec's layout, with the observation record as its
    string; the public-only and private-only observations keep the public
    and the private parts of it (:data:`PRIVATE`), with those pieces as text.
    The information state (``perfect_recall=True``) is a string only.
    """

    def __init__(self, shared: _Shared, iig_obs_type: Any, params: Mapping[str, Any]) -> None:
        pyspiel: Any = require("pyspiel", "openspiel")
        self._np: Any = require("numpy", "openspiel")
        if params:
            raise ValueError(f"observation parameters are not supported; passed {dict(params)}")
        recall = bool(iig_obs_type.perfect_recall)
        public = bool(iig_obs_type.public_info)
        private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if (
            not (public or private)
            or (recall and not (public and private))
            or (iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS)
        ):
            raise ValueError(
                "tablerules games observe for one seat: its public and private information "
                "(with or without perfect recall), or one of them without it"
            )
        self.perfect_recall = recall
        self.tensor: Any = None
        self.dict: dict[str, Any] = {}
        self._whole = public and private
        layout = shared.codec.layout
        always, hidden, self._flag = PRIVATE[shared.spec.key]
        self._hidden = hidden
        self._private = private
        self._parts = [
            name for name in layout if self._whole or name in hidden or (name in always) == private
        ]
        self._layout = layout
        if not recall:
            size = sum(layout[name].stop - layout[name].start for name in self._parts)
            self.tensor = self._np.zeros(size, self._np.float32)
            start = 0
            for name in self._parts:
                end = start + layout[name].stop - layout[name].start
                self.dict[name] = self.tensor[start:end]
                start = end

    def set_from(self, state: StateMethods, player: int) -> None:
        if self.tensor is None:
            pyspiel: Any = require("pyspiel", "openspiel")
            raise pyspiel.SpielError(
                "tablerules games have no information-state tensor: use observation_tensor "
                "(the codec's vector) or information_state_string (every observation in order)"
            )
        features = self._np.frombuffer(state.observation_bytes(player), self._np.uint8)
        if self._whole:
            self.tensor[:] = features
            return
        layout = self._layout
        flag = layout[self._flag].start if self._flag else None
        shown = flag is not None and bool(features[flag])  # the observer's board is hidden
        for name in self._parts:
            if name in self._hidden and shown != self._private:
                self.dict[name][:] = 0
            else:
                self.dict[name][:] = features[layout[name]]

    def string_from(self, state: StateMethods, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_text(player)
        if self._whole:
            return state.observation_text(player)
        self.set_from(state, player)
        return " | ".join(
            f"{name}: "
            + " ".join(f"{index}={int(value)}" for index, value in enumerate(piece) if value)
            for name, piece in self.dict.items()
            if piece.any()
        )


# --- the game ---------------------------------------------------------------------------------


class GameMethods:
    """The methods of the pyspiel game classes (:func:`game_classes` adds ``pyspiel.Game``)."""

    shared: _Shared
    state_class: Any

    @property
    def config(self) -> Any:
        """The tablerules ``Config`` the parameters describe."""
        return self.shared.config

    def new_initial_state(self, *args: Any) -> Any:
        """A new game, before its first card: chance deals every card."""
        return self.state_class(self)

    def state_from(self, table_state: object) -> Any:
        """An OpenSpiel state standing for a tablerules ``State`` of this config, to start anywhere.

        A saved game or a fantasyland turn, say; returns and rewards count from
        its scores, and its history starts empty.
        """
        shared = self.shared
        if not isinstance(table_state, shared.module.State):
            raise TypeError(
                f"table_state must be a tablerules.{shared.spec.key}.State, "
                f"not {type_name(table_state)}"
            )
        if table_state.config != shared.config:
            raise ConfigError(
                f"this game is played with {shared.config!r}; the state's game with "
                f"{table_state.config!r}"
            )
        state = self.new_initial_state()
        state._chance = None
        state._track = _Track.start(table_state, shared.players)
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> TablerulesObserver:
        """An observer for ``iig_obs_type`` (the observation when ``None``)."""
        if isinstance(iig_obs_type, Mapping):  # OpenSpiel passes only params when it has no type
            iig_obs_type, params = None, iig_obs_type
        if iig_obs_type is None:
            pyspiel = require("pyspiel", "openspiel")
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return TablerulesObserver(self.shared, iig_obs_type, params or {})


def _game_info(pyspiel: Any, shared: _Shared) -> Any:
    """The ``pyspiel.GameInfo`` of a game: sizes and true bounds."""
    spec = shared.spec
    config = shared.config
    rounds = config.max_rounds
    low, high = spec.bounds(config, rounds)
    round_length = spec.round_length(config)
    if shared.per_card:  # a fantasyland turn takes a decision per card
        round_length = config.players * max(config.streets, _ofc_fantasyland_most(config))
    return pyspiel.GameInfo(
        num_distinct_actions=shared.codec.num_actions,
        max_chance_outcomes=len(_CARDS),
        num_players=config.players,
        min_utility=low,
        max_utility=high,
        utility_sum=0.0 if spec.utility == "ZERO_SUM" else None,
        max_game_length=rounds * (round_length + len(shared.full)),  # chance nodes included
    )


@functools.cache
def game_classes() -> dict[str, Any]:
    """The pyspiel game class of each game, by ``tablerules.GAMES`` key (imports pyspiel)."""
    pyspiel: Any = require("pyspiel", "openspiel")
    require("numpy", "openspiel")
    ids = (int(pyspiel.PlayerId.TERMINAL), int(pyspiel.PlayerId.CHANCE))

    class TablerulesState(StateMethods, pyspiel.State):  # type: ignore[misc] # untyped base
        __doc__ = StateMethods.__doc__

        def __init__(self, game: Any) -> None:
            pyspiel.State.__init__(self, game)
            self._setup(game.shared)

    def game_class(key: str) -> Any:
        class TablerulesGame(GameMethods, pyspiel.Game):  # type: ignore[misc] # untyped base
            __doc__ = f"``{PREFIX}{key}``: {_SPECS[key].long_name} as an OpenSpiel game."
            state_class = TablerulesState

            def __init__(self, params: Mapping[str, Any] | None = None) -> None:
                params = dict(params or {})
                config, terminal_rewards = _read_config(key, params)
                mode = _read_mode(key, params)
                shared = _Shared(
                    _SPECS[key], config, mode=mode, terminal_rewards=terminal_rewards, ids=ids
                )
                kind = game_type(key, terminal_rewards=terminal_rewards)
                pyspiel.Game.__init__(self, kind, _game_info(pyspiel, shared), params)
                self.shared = shared

        TablerulesGame.__name__ = TablerulesGame.__qualname__ = f"{key.capitalize()}Game"
        return TablerulesGame

    return {key: game_class(key) for key in _SPECS}
