"""The shape every game module has, as :class:`typing.Protocol` classes.

``tablerules.ofc``, ``tablerules.mock`` and ``tablerules.mentok`` each satisfy
:class:`Game` (mypy checks modules against protocols), so generic code, such
as a bot, a simulator or a test suite, is written once for all three:

>>> import random
>>> from typing import Any
>>> import tablerules.ofc as ofc
>>> from tablerules._protocol import Game
>>> def play_round(game: Game[Any, Any, Any, Any], seed: int) -> tuple[int, ...]:
...     rng = random.Random(seed)
...     state = game.new_game(game.Config(max_rounds=1), seed=seed)
...     while not state.is_over:
...         state = game.apply(state, game.random_action(state, rng))
...     return state.winners
>>> len(play_round(ofc, seed=1)) >= 1
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from tablerules.cards import Card

if TYPE_CHECKING:
    from tablerules._log import BaseLog

__all__ = ["Game", "GameCodec", "GameObservation", "GameState"]


class GameState(Protocol):
    """What every game's ``State`` offers (see each game for the rest)."""

    @property
    def to_act(self) -> int | None:
        """The seat that must act; ``None`` once the game is over."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's game points, the bankrolls in OFC."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over; empty before."""

    @property
    def round(self) -> int:
        """The round being played, from 0."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's private cards."""

    @property
    def deck(self) -> tuple[Card, ...]:
        """The undrawn cards, next first."""

    @property
    def last_round(self) -> object:
        """The public summary of the round just finished; ``None`` in round 0."""


class GameObservation(Protocol):
    """What every game's ``Observation`` offers."""

    @property
    def seat(self) -> int:
        """The observer."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """The observer's own private cards."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    def last_round(self) -> object:
        """The public summary of the round just finished; ``None`` in round 0."""


StateT = TypeVar("StateT", bound=GameState)
ActionT = TypeVar("ActionT")
ObservationT = TypeVar("ObservationT", bound=GameObservation)
ConfigT = TypeVar("ConfigT")


ViewT_contra = TypeVar("ViewT_contra", contravariant=True)


class GameCodec(Protocol[ActionT, ViewT_contra]):
    """A game's integer action space and observation vector for one config (``<game>.Codec``).

    Everything is computed from the acting seat's observation alone. Ids are
    ``0 .. num_actions - 1`` and their meaning is fixed for a config and a
    ``version``, so trained networks keep working.
    """

    @property
    def num_actions(self) -> int:
        """How many action ids there are."""

    @property
    def observation_size(self) -> int:
        """How many bytes :meth:`observation` returns."""

    @property
    def layout(self) -> Mapping[str, slice]:
        """The named parts of the observation vector, in order, adding up to its size."""

    @property
    def version(self) -> int:
        """The layout's version; it changes whenever an id or a feature changes meaning."""

    def legal_ids(self, view: ViewT_contra) -> tuple[int, ...]:
        """The ids of the legal actions, ascending; empty when the seat is not to act."""

    def mask(self, view: ViewT_contra) -> bytes:
        """One byte per id: 1 where the id is legal now, else 0."""

    def decode(self, view: ViewT_contra, action_id: int) -> ActionT:
        """The action an id stands for; :class:`~tablerules.IllegalActionError` if not legal."""

    def encode(self, view: ViewT_contra, action: ActionT) -> int:
        """The id of a legal action; :class:`~tablerules.IllegalActionError` if not legal."""

    def observation(self, view: ViewT_contra) -> bytes:
        """The observation as :attr:`observation_size` small-int features (0 to 255)."""

    def observation_and_mask(self, view: ViewT_contra) -> tuple[bytes, bytes]:
        """``(observation(view), mask(view))`` in one call (what an agent is shown on a turn)."""


class Game(Protocol[StateT, ActionT, ObservationT, ConfigT]):
    """A game module: its classes and its functions.

    The functions are pure: they never change their arguments, and their
    results depend only on them (chance comes from the state's seed or from
    the ``rng`` passed in). ``apply`` checks the action; ``apply_unchecked``
    trusts it, for actions taken from ``legal_actions`` or ``random_action``.
    """

    @property
    def Config(self) -> type[ConfigT]:  # noqa: N802 - the module attribute is a class
        """The game's configuration class."""

    def new_game(
        self, config: ConfigT | None = None, *, seed: int, deck: Sequence[Card] | None = None
    ) -> StateT:
        """A new game; the seed fixes every shuffle."""

    @property
    def Codec(self) -> Callable[[ConfigT], GameCodec[ActionT, ObservationT]]:  # noqa: N802
        """The codec class of the game, for integer actions and observation vectors."""

    def legal_actions(self, state: StateT | ObservationT) -> Sequence[ActionT]:
        """Every legal action of the seat to act, in a stable order, from a state or its view."""

    def is_legal(self, state: StateT | ObservationT, action: ActionT) -> bool:
        """Whether ``action`` is legal now."""

    def random_action(self, state: StateT | ObservationT, rng: random.Random) -> ActionT:
        """A legal action drawn with ``rng``, from a state or the acting seat's view."""

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after ``action``; the given state is unchanged."""

    def apply_unchecked(self, state: StateT, action: ActionT) -> StateT:
        """:meth:`apply` without the legality check, for actions known to be legal."""

    def check_state(self, state: StateT) -> None:
        """Raise :class:`~tablerules.StateError` if ``state`` breaks the rules' invariants."""

    def parse_action(self, text: str) -> ActionT:
        """The action that ``str(action)`` wrote as ``text``."""

    def observe(self, state: StateT, seat: int) -> ObservationT:
        """What ``seat`` may know."""

    def determinize(self, observation: ObservationT, rng: random.Random) -> StateT:
        """A full state consistent with ``observation``, unknown cards dealt by ``rng``."""

    def to_dict(self, state: StateT) -> dict[str, Any]:
        """A JSON-compatible record of the state."""

    def from_dict(self, data: Mapping[str, object]) -> StateT:
        """The state a record describes."""

    @property
    def GameLog(self) -> type[BaseLog[StateT, ActionT, ObservationT, ConfigT]]:  # noqa: N802
        """The game's log class, a whole game as the moves that made it."""

    def read_log(self, text: str) -> BaseLog[StateT, ActionT, ObservationT, ConfigT]:
        """The game log ``text`` holds, every move replayed through the rules."""

    def read_seat_log(self, text: str) -> tuple[ObservationT, ...]:
        """The observations a seat's log holds, in order."""
