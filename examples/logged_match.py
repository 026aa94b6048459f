"""Play a seeded OFC match between two bots and write its game log.

A bot sees only its own observation. The match is kept as a ``GameLog``
beside the game: each move goes through ``log.play``, which checks it as
``apply`` does. The whole log (every move, with the seed) is what a referee
keeps; each seat's log holds only what that seat saw, so a bot can be
reviewed from its own log. Run ``python examples/logged_match.py`` to print
the log, or ``--out match.log`` to write it (and each seat's log beside it,
as ``match.seat0.log`` and so on).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from pathlib import Path

from tablerules import ofc

SEED = 2026


def greedy(view: ofc.Observation, rng: random.Random) -> ofc.Action:
    """Places the cards so the middle and bottom get the highest cards (a simple human style)."""
    if view.fantasyland[view.seat]:  # a fantasyland turn: set all the cards at once
        return ofc.solve_fantasyland(view.hand, view.config)
    actions = list(ofc.legal_actions(view))
    rng.shuffle(actions)
    return max(actions, key=lambda place: sum(card.rank for card in place.bottom + place.middle))


def random_bot(view: ofc.Observation, rng: random.Random) -> ofc.Action:
    """Any legal action."""
    return ofc.random_action(view, rng)


def play_match(rounds: int, seed: int = SEED) -> ofc.GameLog:
    """Seat 0 (greedy) against seat 1 (random) for ``rounds`` rounds, kept as a log."""
    bots = (greedy, random_bot)
    rngs = [random.Random(seed * 10 + seat) for seat in range(2)]
    tags = {"Event": "examples/logged_match.py", "Seat0": "greedy", "Seat1": "random"}
    log = ofc.GameLog.start(ofc.Config(max_rounds=rounds), seed=seed, tags=tags)
    while not log.final.is_over:
        seat = log.final.to_act
        assert seat is not None
        log = log.play(bots[seat](ofc.observe(log.final, seat), rngs[seat]))
    return log


def main(argv: Sequence[str] | None = None) -> None:
    """Play the match; print its log, or write it and each seat's log with ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=2, help="rounds to play (default 2)")
    parser.add_argument("--out", type=Path, help="write the log here instead of printing it")
    options = parser.parse_args(argv)
    log = play_match(options.rounds)
    text = log.to_text()
    assert ofc.read_log(text) == log  # every move replays through the rules
    if options.out is None:
        print(text, end="")
        return
    options.out.write_text(text, encoding="utf-8")
    print(f"wrote {options.out}: {len(log.actions)} moves, {len(text)} bytes")
    for seat in range(log.config.players):
        path = options.out.with_suffix(f".seat{seat}{options.out.suffix}")
        path.write_text(log.to_text(seat=seat), encoding="utf-8")
        print(f"wrote {path}: what seat {seat} saw")


if __name__ == "__main__":
    main()
