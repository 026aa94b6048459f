"""Mentok: Go Fish meets blackjack, played to exactly 21 game points.

Players ask each other for ranks in their sphere of influence and meld the
card given (or drawn from the deck) onto face-up table hands, building
blackjack values; at the end of a round each scores the table or the cards
still held. See :doc:`/games/mentok` for the rules as implemented.

>>> import random
>>> from tablerules import mentok
>>> state = mentok.new_game(mentok.Config(players=3), seed=7)
>>> rng = random.Random(7)
>>> while not state.is_over:
...     state = mentok.apply(state, mentok.random_action(state, rng))
>>> len(state.winners) >= 1
True
"""

from __future__ import annotations

from tablerules._pickling import register as register_pickles
from tablerules.mentok.actions import Action, Ask, Score, Stand
from tablerules.mentok.codec import Codec
from tablerules.mentok.config import Config
from tablerules.mentok.determinize import Sampler, determinize
from tablerules.mentok.log import GameLog, read_log, read_seat_log
from tablerules.mentok.notation import parse_action
from tablerules.mentok.observe import Observation, observe
from tablerules.mentok.rules import (
    apply,
    apply_unchecked,
    is_legal,
    legal_actions,
    new_game,
    random_action,
    sphere,
)
from tablerules.mentok.scoring import hand_points, hand_value, is_soft
from tablerules.mentok.serialize import (
    from_dict,
    observation_from_dict,
    observation_to_dict,
    to_dict,
)
from tablerules.mentok.state import (
    AskRecord,
    Event,
    HandState,
    Phase,
    RoundSummary,
    StandRecord,
    State,
)
from tablerules.mentok.validate import check_state

__all__ = [
    "Action",
    "Ask",
    "AskRecord",
    "Codec",
    "Config",
    "Event",
    "GameLog",
    "HandState",
    "Observation",
    "Phase",
    "RoundSummary",
    "Sampler",
    "Score",
    "Stand",
    "StandRecord",
    "State",
    "apply",
    "apply_unchecked",
    "check_state",
    "determinize",
    "from_dict",
    "hand_points",
    "hand_value",
    "is_legal",
    "is_soft",
    "legal_actions",
    "new_game",
    "observation_from_dict",
    "observation_to_dict",
    "observe",
    "parse_action",
    "random_action",
    "read_log",
    "read_seat_log",
    "sphere",
    "to_dict",
]

# Compact pickles (and copies) of the game's values, laid out from their fields.
register_pickles(
    State, Observation, config=Config, summary=RoundSummary, events=(AskRecord, StandRecord)
)
