"""Mock: a draw-and-meld game in which three to ten players build poker hands.

Every turn a player draws (from the draw pile or the top of the discard
pile), melds cards face up, and equalises the hand back to three cards. Five
melded cards finish a player's round; each round pays the melded hand's
poker category (0 to 9), +1 for the first complete hand and +2 for the
highest hand. The first player alone at the top with 50 points wins.

>>> import random
>>> import tablerules.mock as mock
>>> state = mock.new_game(seed=2026)
>>> rng = random.Random(1)
>>> while not state.is_over:
...     state = mock.apply(state, mock.random_action(state, rng))
>>> max(state.scores) >= 50, len(state.winners)
(True, 1)
"""

from __future__ import annotations

from tablerules._pickling import register as register_pickles
from tablerules.mock.actions import Action, Draw, Meld
from tablerules.mock.codec import Codec
from tablerules.mock.config import Config, TieRule
from tablerules.mock.determinize import determinize
from tablerules.mock.log import GameLog, read_log, read_seat_log
from tablerules.mock.notation import parse_action
from tablerules.mock.observe import Observation, observe
from tablerules.mock.rules import (
    apply,
    apply_unchecked,
    is_legal,
    legal_actions,
    new_game,
    random_action,
)
from tablerules.mock.scoring import hand_points, hand_value, highest_hands, score_round
from tablerules.mock.serialize import (
    from_dict,
    observation_from_dict,
    observation_to_dict,
    to_dict,
)
from tablerules.mock.state import Drew, Event, Melded, RoundSummary, State, Step
from tablerules.mock.validate import check_state

__all__ = [
    "Action",
    "Codec",
    "Config",
    "Draw",
    "Drew",
    "Event",
    "GameLog",
    "Meld",
    "Melded",
    "Observation",
    "RoundSummary",
    "State",
    "Step",
    "TieRule",
    "apply",
    "apply_unchecked",
    "check_state",
    "determinize",
    "from_dict",
    "hand_points",
    "hand_value",
    "highest_hands",
    "is_legal",
    "legal_actions",
    "new_game",
    "observation_from_dict",
    "observation_to_dict",
    "observe",
    "parse_action",
    "random_action",
    "read_log",
    "read_seat_log",
    "score_round",
    "to_dict",
]

# Compact pickles (and copies) of the game's values, laid out from their fields.
register_pickles(State, Observation, config=Config, summary=RoundSummary, events=(Drew, Melded))
