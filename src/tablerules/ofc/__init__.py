"""Open Face Chinese Poker: pineapple and classic, fantasyland and the 2-7 lowball middle.

>>> import random
>>> import tablerules.ofc as ofc
>>> state = ofc.new_game(ofc.Config(max_rounds=1), seed=11)
>>> rng = random.Random(11)
>>> while not state.is_over:
...     state = ofc.apply(state, ofc.random_action(state, rng))
>>> sum(state.scores), sum(state.last_round.points)
(200, 0)
"""

from __future__ import annotations

from tablerules._pickling import register as register_pickles
from tablerules.ofc.actions import Action, Place
from tablerules.ofc.board import Board
from tablerules.ofc.codec import Codec
from tablerules.ofc.config import Config
from tablerules.ofc.determinize import determinize
from tablerules.ofc.fantasyland import (
    FantasylandSettings,
    count_fantasyland_settings,
    fantasyland_settings,
    solve_fantasyland,
)
from tablerules.ofc.log import GameLog, read_log, read_seat_log
from tablerules.ofc.notation import parse_action
from tablerules.ofc.observe import Observation, observe
from tablerules.ofc.rules import (
    apply,
    apply_unchecked,
    is_legal,
    legal_actions,
    new_game,
    random_action,
)
from tablerules.ofc.scoring import (
    PairScore,
    fantasyland_cards,
    is_fouled,
    royalties,
    score_boards,
    score_breakdown,
)
from tablerules.ofc.serialize import (
    from_dict,
    observation_from_dict,
    observation_to_dict,
    to_dict,
)
from tablerules.ofc.state import RoundSummary, State
from tablerules.ofc.validate import check_state

__all__ = [
    "Action",
    "Board",
    "Codec",
    "Config",
    "FantasylandSettings",
    "GameLog",
    "Observation",
    "PairScore",
    "Place",
    "RoundSummary",
    "State",
    "apply",
    "apply_unchecked",
    "check_state",
    "count_fantasyland_settings",
    "determinize",
    "fantasyland_cards",
    "fantasyland_settings",
    "from_dict",
    "is_fouled",
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
    "royalties",
    "score_boards",
    "score_breakdown",
    "solve_fantasyland",
    "to_dict",
]

# Compact pickles (and copies) of the game's values, laid out from their fields.
register_pickles(State, Observation, config=Config, summary=RoundSummary, groups=(Board,))
