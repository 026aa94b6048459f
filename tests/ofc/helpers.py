"""Building OFC situations on stacked decks for the tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

import tablerules as tr
from tablerules import ofc
from tablerules.ofc.rules import _start_round

if TYPE_CHECKING:
    from collections.abc import Sequence


# A worked round for two seats (checked by hand in test_rules.py): seat 0
# scoops and seat 1 plays a king-high top, or a queens top that earns
# fantasyland. DISCARDS are each seat's pineapple discards, street by street.
BOARDS_KINGS_TOP = [
    "8s 8d 2c / 2h 5h 7h 9h Jh / 4s 4c 4d Tc Td",
    "Ks Qd 3c / Js Jd 9s 9d 3d / 5s 6c 7c 8c 9c",
]
BOARDS_QUEENS_TOP = [
    "8s 8d 2c / 2h 5h 7h 9h Jh / 4s 4c 4d Tc Td",
    "Qs Qd 3c / Js Jd 9s 9d 3d / 5s 6c 7c 8c 9c",
]
DISCARDS = ["Ah Ad Ac As", "Kh Kd Kc 2d"]


def stacked(text: str) -> tuple[tr.Card, ...]:
    """A full deck starting with ``text``'s cards, the rest in FULL_DECK order."""
    first = tr.parse_cards(text) if text.strip() else ()
    rest = tuple(card for card in tr.FULL_DECK if card not in set(first))
    return first + rest


def street_plan(
    config: ofc.Config, board: ofc.Board, discards: Sequence[tr.Card] = ()
) -> list[ofc.Place]:
    """Split a target board into the Place of each street (first street first)."""
    rows = [
        (card, name)
        for name, row in zip(("top", "middle", "bottom"), board.rows, strict=False)
        for card in row
    ]
    per = 2 if config.variant == "pineapple" else 1
    chunks = [rows[:5]] + [rows[5 + i * per : 5 + (i + 1) * per] for i in range(config.streets - 1)]
    plan = []
    for street, chunk in enumerate(chunks):
        fields: dict[str, list[tr.Card]] = {"top": [], "middle": [], "bottom": [], "discard": []}
        for card, name in chunk:
            fields[name].append(card)
        if street and config.variant == "pineapple":
            fields["discard"].append(discards[street - 1])
        plan.append(ofc.Place(**{name: tuple(cards) for name, cards in fields.items()}))
    return plan


def scripted(
    config: ofc.Config,
    boards: Sequence[str],
    discards: Sequence[str] | None = None,
    *,
    seed: int = 1,
) -> tuple[ofc.State, list[ofc.Place]]:
    """Round 0 stacked so each seat can build its board; returns the start and the actions."""
    parsed = [ofc.Board.parse(text) for text in boards]
    thrown = [tr.parse_cards(text) for text in discards] if discards else [()] * len(boards)
    plans = [
        street_plan(config, board, cards) for board, cards in zip(parsed, thrown, strict=False)
    ]
    order = [(1 + step) % config.players for step in range(config.players)]
    deck: list[tr.Card] = []
    actions = []
    for street in range(config.streets):
        for seat in order:
            deck.extend(plans[seat][street].cards)
            actions.append(plans[seat][street])
    state = ofc.new_game(config, seed=seed, deck=stacked(tr.cards_text(deck)))
    return state, actions


def play(state: ofc.State, actions: Sequence[ofc.Place]) -> ofc.State:
    """Apply actions in order."""
    for action in actions:
        state = ofc.apply(state, action)
    return state


def fantasyland_round(
    config: ofc.Config,
    counts: Sequence[int],
    deck_text: str,
    *,
    round_index: int = 1,
    seed: int = 1,
) -> ofc.State:
    """A round dealt from a stacked deck with these fantasyland counts."""
    players = config.players
    return _start_round(
        config,
        seed,
        round_index,
        (config.starting_points,) * players,
        stacked(deck_text),
        tuple(counts),
        None,
    )
