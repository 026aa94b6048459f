"""The rules' invariants of a Mentok state: :func:`check_state`.

A state holds the current round's cards, history and choices, and the
summary of the round before; both rounds are rebuilt from them and played
again through the rules themselves (:mod:`tablerules.mentok._replay`):

- the round's deal is reconstructed (hands only give cards away, so a hand
  as dealt is the cards it gave, in the order given, then the cards it
  holds; the deck is the go-fish draws, in order, then the cards left) and
  dealt with :func:`~tablerules.mentok.rounds.deal_round`;
- every entry of the history is played again as
  :func:`~tablerules.mentok.apply` plays it (the rules' ``why_illegal``
  checks turn order, the sphere of influence, splits and closed hands, then
  ``apply_unchecked`` plays it), and must produce the very record the state
  holds (given or drawn, the card, the cheat flag); then the score choices
  made so far, in turn order. The first event at fault is named;
- the replay must end where the state is: the same tables, stood flags,
  turn, winners, and for a finished round the same summary, scored by
  :func:`~tablerules.mentok.scoring.round_points`, and the same game scores
  (the round before the state's is scored from its last choice with
  :func:`~tablerules.mentok.rules.round_end_unchecked`: what comes of it is
  compared, so the round after it is not dealt);
- the scores a round starts from decide who is dealt in and whether the game
  should already have ended (:func:`~tablerules.mentok.scoring.game_winners`);
  after round 0 they are the scores before the last round plus its points.

What a record says on its own (its fields' kinds, a summary's points and
cheats) is checked before the replay, in that order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final

from tablerules._common import card_count_problems, check_type
from tablerules._replays import Passed
from tablerules.cards import FULL_DECK, Rank, cards_text, is_card
from tablerules.errors import StateError, show, type_name
from tablerules.mentok._replay import replay
from tablerules.mentok.config import Config
from tablerules.mentok.rounds import RoundEnd
from tablerules.mentok.scoring import (
    CHEAT_PENALTY,
    MOST_POINTS,
    RANK_OF,
    game_winners,
    round_points,
    still_in_game,
)
from tablerules.mentok.state import (
    AskRecord,
    Event,
    RoundSummary,
    StandRecord,
    State,
    cheated_seats,
)

__all__ = ["check_state"]

_DECK_IDS: Final = {decks: sorted(map(id, FULL_DECK * decks)) for decks in (1, 2)}
"""The card objects of one or two decks, by identity, in order."""
_CARD_IDS: Final = frozenset(map(id, FULL_DECK))
"""The 52 card objects, by identity: ``id(value) in _CARD_IDS`` is ``is_card(value)``."""


def check_state(state: State) -> None:
    """Raise :class:`~tablerules.StateError` if ``state`` breaks the rules' invariants.

    The state's round (and the round summarised in ``last_round``) is dealt
    again from the cards the state shows and replayed through the rules, so
    an accepted state is one that play can reach, and plays on. The message
    names the field and the rule broken. :func:`~tablerules.mentok.from_dict`
    runs it on every record it reads.

    >>> import attrs
    >>> from tablerules import mentok
    >>> state = mentok.new_game(seed=3)
    >>> mentok.check_state(state)
    >>> mentok.check_state(attrs.evolve(state, to_act=2))
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state.to_act must be seat 1, not 2
    """
    check_type(state, State, "state")
    config = state.config
    if not isinstance(config, Config):
        raise StateError(
            f"state.config must be a tablerules.mentok.Config, not {type_name(config)}"
        )
    _check_shape(state)
    check_read_state(state)


def check_read_state(state: State) -> None:
    """:func:`check_state` for a well-formed state, as the record readers make: the rules only.

    The shape checks are left out: every field must already be of its kind
    and length (one entry per seat, a stood flag per table hand, events with
    seats in range), as :func:`~tablerules.mentok.from_dict` guarantees.
    """
    config = state.config
    _check_events(state.history, "state.history", config, after_round=False)
    _check_cards(state)
    over = state.to_act is None
    summary = state.last_round
    if over:
        if summary is None or summary.round != state.round:
            raise StateError(
                "state.last_round must summarise the final round once the game is over"
            )
        if summary.history != state.history:
            raise StateError("state.last_round.history must match the final round's history")
    elif (summary is None) != (state.round == 0):
        raise StateError("state.last_round must be null exactly during round 0")
    # The summary of the round before is the same in every state of a round:
    # its checks (which depend on nothing else) are kept once passed.
    known = not over and summary is not None and _passed_before(state)
    if summary is not None and not known:
        _check_summary(summary, state)
    in_round = [seat for seat, tables in enumerate(state.tables) if tables]
    if over:
        assert summary is not None
        start = tuple(
            score - point for score, point in zip(state.scores, summary.points, strict=True)
        )
        _check_start(config, state.round, start, in_round, "state.last_round.points")
    else:
        start = state.scores
        _check_start(config, state.round, start, in_round, "state.scores")
    _check_round(state, start)
    if not over and summary is not None and not known:
        _check_previous_round(summary, state)
        _remember(state)


_PASSED: Final = Passed(64)
"""Rounds before a state's that passed their checks, by value: the config, seed, round,
scores and summary they were checked with (bounded, emptied when full)."""


def _passed_before(state: State) -> bool:
    """True if a state of this game, round and scores, with an equal summary, passed its checks."""
    return (state.config, state.seed, state.round, state.scores, state.last_round) in _PASSED


def _remember(state: State) -> None:
    _PASSED.add((state.config, state.seed, state.round, state.scores, state.last_round))


def _check_round(state: State, start: tuple[int, ...]) -> None:
    """The state's round, dealt again from ``start`` and replayed, must end where the state is."""
    config = state.config
    over = state.to_act is None
    replayed = replay(
        config,
        seed=state.seed,
        round_index=state.round,
        scores=start,
        tables=state.tables,
        hands=state.hands,
        history=state.history,
        choices=state.choices,
        deck=state.deck,
        last_round=None if over else state.last_round,
        where="state",
    )
    assert type(replayed) is State  # the next round is dealt
    if over:
        _check_final(replayed, state)
    else:
        _check_playing(replayed, state)


# --- shapes ------------------------------------------------------------------


def _check_shape(state: State) -> None:
    """Fields of the right kinds and lengths, so that the replay can read them."""
    players = state.config.players
    if type(state.seed) is not int or type(state.round) is not int or state.round < 0:
        raise StateError("state.seed must be an integer and state.round one of at least 0")
    _check_seats("state", state, players, ("scores", "hands", "tables", "stood", "choices"))
    for seat in range(players):
        if len(state.stood[seat]) != len(state.tables[seat]) or not all(
            isinstance(flag, bool) for flag in state.stood[seat]
        ):
            raise StateError(f"state.stood[{seat}] must hold one true or false per table hand")
    if not isinstance(state.deck, tuple) or not isinstance(state.winners, tuple):
        raise StateError("state.deck and state.winners must be tuples")
    if state.to_act is not None and not _is_seat(state.to_act, players):
        raise StateError(f"state.to_act must be a seat from 0 to {players - 1} or None")
    if not all(_is_seat(seat, players) for seat in state.winners):
        raise StateError(f"state.winners must hold seats from 0 to {players - 1}")
    _check_event_shapes(state.history, "state.history", players)
    summary = state.last_round
    if summary is not None:
        if type(summary.round) is not int or not isinstance(summary.abandoned, bool):
            raise StateError("state.last_round.round and .abandoned must be an int and a bool")
        names = ("tables", "hands", "choices", "cheated", "points")
        _check_seats("state.last_round", summary, players, names)
        _check_event_shapes(summary.history, "state.last_round.history", players)


def _check_seats(where: str, value: object, players: int, names: Sequence[str]) -> None:
    """Per-seat fields: one entry per seat, each of the field's kind."""
    for name in names:
        seats = getattr(value, name)
        if not isinstance(seats, tuple) or len(seats) != players:
            raise StateError(f"{where}.{name} must have one entry per seat ({players})")
        for seat, item in enumerate(seats):
            if not _SEAT_ITEM[name](item):
                raise StateError(f"{where}.{name}[{seat}] is not {_SEAT_KIND[name]}")


def _is_cards(value: object) -> bool:
    return isinstance(value, tuple) and all(is_card(card) for card in value)


def _is_tables(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) <= 2
        and all(_is_cards(cards) and cards for cards in value)
    )


_SEAT_ITEM: Final[dict[str, Callable[[object], bool]]] = {
    "scores": lambda item: type(item) is int,
    "points": lambda item: type(item) is int,
    "hands": _is_cards,
    "tables": _is_tables,
    "stood": lambda item: isinstance(item, tuple),
    "choices": lambda item: item is None or isinstance(item, bool),
    "cheated": lambda item: isinstance(item, bool),
}
_SEAT_KIND: Final = {
    "scores": "an int",
    "points": "an int",
    "hands": "a tuple of cards",
    "tables": "at most 2 table hands, each a non-empty tuple of cards",
    "stood": "a tuple",
    "choices": "None, True or False",
    "cheated": "True or False",
}


def _is_seat(value: object, players: int) -> bool:
    return type(value) is int and 0 <= value < players


def _is_hand(value: object) -> bool:
    return type(value) is int and 0 <= value <= 1


def _check_event_shapes(history: tuple[Event, ...], where: str, players: int) -> None:
    for index, event in enumerate(history):
        if type(event) is StandRecord:
            fine = _is_seat(event.seat, players) and _is_hand(event.hand)
        elif type(event) is AskRecord:
            fine = (
                _is_seat(event.seat, players)
                and _is_seat(event.target, players)
                and _is_hand(event.hand)
                and type(event.rank) is Rank
                and (event.card is None or is_card(event.card))
                and all(isinstance(flag, bool) for flag in (event.split, event.given))
                and (event.cheat is None or isinstance(event.cheat, bool))
            )
        else:
            fine = False
        if not fine:
            here = f"{where}[{index}]"
            if type(event) in (AskRecord, StandRecord) and not _is_hand(event.hand):
                raise StateError(f"{here}.hand must be 0 or 1 (an int), not {show(event.hand)}")
            raise StateError(f"{here} must be an AskRecord or a StandRecord with seats in range")


def _check_events(
    history: tuple[Event, ...], where: str, config: Config, *, after_round: bool
) -> None:
    """What each record says on its own: known cheat flags, given cards of the asked rank."""
    last = len(history) - 1
    strict = config.strict
    rank_of = RANK_OF
    for index, event in enumerate(history):
        if type(event) is not AskRecord:
            continue
        card, cheat = event.card, event.cheat
        if (
            event.target != event.seat
            and (card is not None or index == last)
            and (not event.given or (card is not None and rank_of[card] == event.rank))
            and (cheat is False or (cheat is True and not strict))
        ):
            continue  # fine (the checks below, in their order, say what is wrong otherwise)
        here = f"{where}[{index}]"
        if event.target == event.seat:
            raise StateError(f"{here}.target: a seat never asks itself")
        if event.given and (card is None or RANK_OF[card] != event.rank):
            raise StateError(f"{here}: a given card must be of the rank asked for")
        if card is None and index != last:
            raise StateError(f"{here}: only the last ask of a round can find the deck empty")
        if cheat is None:
            when = "after a round" if after_round else "in a state"
            raise StateError(f"{here}.cheat: every cheat flag is known {when} (true or false)")
        if cheat and strict:
            raise StateError(f"{here}: no cheating asks with strict=True")


def _check_cards(state: State) -> None:
    deck = state.deck
    cards = [*deck]
    for hand in state.hands:
        cards += hand
    for seat in state.tables:
        for hand in seat:
            cards += hand
    if state.config.decks == 1:
        # The hands and tables hold Card values (the state is well formed): with the
        # deck's, 52 different values are the 52 card objects, each once.
        if len(cards) == 52 and len(set(cards)) == 52 and _CARD_IDS.issuperset(map(id, deck)):
            return
    elif sorted(map(id, cards)) == _DECK_IDS[2]:  # each card object twice
        return
    if not all(is_card(card) for card in cards):
        raise StateError("state: the hands, tables and deck must hold Card values")
    problem = card_count_problems(cards, state.config.decks)
    if problem:
        raise StateError(f"state: cards are missing or duplicated: {problem}")


# --- round starts ------------------------------------------------------------


def _check_start(
    config: Config,
    round_index: int,
    scores: tuple[int, ...],
    in_round: Sequence[int],
    where: str,
) -> None:
    """The scores a round starts from: reachable, and deciding who is dealt in."""
    if round_index == 0:
        if any(scores):
            if where == "state.scores":
                raise StateError(f"state.scores must all be 0 in round 0, not {list(scores)}")
            raise StateError(
                f"{where}: every game starts from 0, so after round 0 the scores must equal "
                "the last round's points"
            )
    else:
        low = 0 if config.strict else CHEAT_PENALTY
        least, most = low * round_index, MOST_POINTS * round_index
        if not least <= min(scores) or not max(scores) <= most:  # then name the first seat
            for seat, score in enumerate(scores):
                if not least <= score <= most:
                    raise StateError(
                        f"{where}: seat {seat} cannot have {show(score)} game points after "
                        f"{round_index} round(s); a round scores {low} to {MOST_POINTS}"
                    )
    in_game = still_in_game(config, scores)
    dealt_in = [seat for seat, still in enumerate(in_game) if still]
    if list(in_round) != dealt_in:
        raise StateError(
            f"state.tables: exactly the seats still in the game are dealt in round {round_index} "
            f"(seats {dealt_in}), not seats {list(in_round)}"
        )
    if len(dealt_in) < 2:
        raise StateError(f"state: round {round_index} needs at least two players")
    if round_index:
        winners = game_winners(config, round_index, scores, in_round)
        if winners:
            raise StateError(
                f"state: the game should have ended after round {round_index - 1} "
                f"(won by seats {list(winners)} with scores {list(scores)}), "
                f"but round {round_index} was dealt"
            )


# --- comparing the replay with the state -------------------------------------


def _check_playing(replayed: State, state: State) -> None:
    """A round in progress: the replay must stop in it, exactly where the state is."""
    if replayed.round != state.round or replayed.to_act is None:
        if state.history and _abandons(state.history[-1]):
            raise StateError(f"state.history[{len(state.history) - 1}]: an abandoned round is over")
        raise StateError("state.choices: every player has chosen, so the round should be over")
    players = state.config.players
    for seat in range(players):
        if replayed.tables[seat] != state.tables[seat]:
            raise StateError(f"state.tables[{seat}] does not match the cards melded in the history")
        if replayed.stood[seat] != state.stood[seat]:
            raise StateError(f"state.stood[{seat}] does not match the stands in the history")
    if state.winners:
        raise StateError("state.winners must be empty while the game goes on")
    if replayed.to_act != state.to_act:
        raise StateError(f"state.to_act must be seat {replayed.to_act}, not {state.to_act}")
    _same(replayed, state, "state", ("hands", "deck", "history", "choices", "scores"))


def _check_final(replayed: State, state: State) -> None:
    """A finished game: the final round, replayed, must end the game just as the state says."""
    if replayed.to_act is not None:
        if replayed.round == state.round:
            raise StateError(
                f"state.to_act is null, but the final round is not finished: "
                f"seat {replayed.to_act} is to act"
            )
        raise StateError(
            f"state.to_act is null, but no end condition holds after round {state.round} "
            f"(scores {list(replayed.scores)})"
        )
    players = state.config.players
    for seat in range(players):
        if replayed.tables[seat] != state.tables[seat]:
            raise StateError(f"state.tables[{seat}] does not match the cards melded in the history")
        if replayed.stood[seat] != state.stood[seat]:
            raise StateError(f"state.stood[{seat}] does not match the stands in the history")
    assert replayed.last_round is not None
    assert state.last_round is not None
    if not state.last_round.abandoned and state.choices != state.last_round.choices:
        raise StateError("state.choices must match state.last_round.choices once the game is over")
    _same_summary(replayed.last_round, state.last_round)
    if replayed.winners != state.winners:
        raise StateError(
            f"state.winners must be {list(replayed.winners)}, not {list(state.winners)}"
        )
    _same(replayed, state, "state", ("hands", "deck", "history", "choices", "scores"))


def _check_previous_round(summary: RoundSummary, state: State) -> None:
    """The round before: replayed from its summary, it must lead to this round's scores.

    The summary has passed :func:`_check_summary` already.
    """
    config = state.config
    prior = tuple(score - point for score, point in zip(state.scores, summary.points, strict=True))
    in_round = [seat for seat, tables in enumerate(summary.tables) if tables]
    _check_start(config, summary.round, prior, in_round, "state.last_round.points")
    shown = [card for hand in summary.hands for card in hand]
    shown += [card for seat in summary.tables for hand in seat for card in hand]
    if not _CARD_IDS.issuperset(map(id, shown)):
        raise StateError("state.last_round: the hands and tables must hold Card values")
    decks = config.decks
    if decks == 1:
        once = set(shown)
        if len(once) != len(shown):
            seen = Counter(shown)
            extra = [card for card in FULL_DECK if seen[card] > decks]
            raise StateError(f"state.last_round: cards appear too often: {cards_text(extra)}")
        rest = tuple([card for card in FULL_DECK if card not in once])
    else:
        seen = Counter(shown)
        extra = [card for card in FULL_DECK if seen[card] > decks]
        if extra:
            raise StateError(f"state.last_round: cards appear too often: {cards_text(extra)}")
        rest = tuple(card for card in FULL_DECK for _ in range(decks - seen[card]))
    replayed = replay(
        config,
        seed=state.seed,
        round_index=summary.round,
        scores=prior,
        tables=summary.tables,
        hands=summary.hands,
        history=summary.history,
        choices=summary.choices,
        deck=rest,
        last_round=None,
        where="state.last_round",
        deal_next=False,  # only how the round came out is compared
    )
    if type(replayed) is State:  # the round goes on, or it was abandoned and the next dealt
        if replayed.round == summary.round and replayed.to_act is not None:
            raise StateError(
                f"state.last_round: round {summary.round} is not finished: "
                f"seat {replayed.to_act} is to act"
            )
        assert replayed.last_round is not None
        ended = RoundEnd(replayed.last_round, replayed.scores, replayed.winners)
    else:
        assert isinstance(replayed, RoundEnd)
        ended = replayed
    if ended.winners:
        raise StateError(
            f"state: the game should have ended after round {summary.round} "
            f"(won by seats {list(ended.winners)} with scores {list(ended.scores)}), "
            "but it goes on"
        )
    _same_summary(ended.summary, summary)


def _abandons(event: Event) -> bool:
    return type(event) is AskRecord and event.card is None


def _same(expected: State, state: State, where: str, names: Sequence[str]) -> None:
    for name in names:
        want, have = getattr(expected, name), getattr(state, name)
        if want != have:
            raise StateError(
                f"{where}.{name} does not follow from the round's deal and history "
                f"(expected {show(want)})"
            )


def _same_summary(expected: RoundSummary, summary: RoundSummary) -> None:
    for name in ("round", "abandoned", "tables", "hands", "choices", "history", "points"):
        if getattr(expected, name) != getattr(summary, name):
            raise StateError(f"state.last_round.{name} does not follow from the round it sums up")


# --- the summary on its own --------------------------------------------------


def _check_summary(summary: RoundSummary, state: State) -> None:
    where = "state.last_round"
    config = state.config
    players = config.players
    expected_round = state.round if state.to_act is None else state.round - 1
    if summary.round != expected_round:
        raise StateError(f"{where}.round must be {expected_round}, not {summary.round}")
    _check_events(summary.history, f"{where}.history", config, after_round=True)
    abandoned = bool(summary.history) and _abandons(summary.history[-1])
    if summary.abandoned != abandoned:
        raise StateError(
            f"{where}.abandoned must be true exactly when the round's last ask found the deck empty"
        )
    for seat in range(players):
        in_round = bool(summary.tables[seat])
        if not in_round and summary.hands[seat]:
            raise StateError(f"{where}.hands[{seat}]: a seat not in the round holds no cards")
        if (summary.choices[seat] is None) != (abandoned or not in_round):
            if abandoned or not in_round:
                raise StateError(f"{where}.choices[{seat}] must be null: nobody chose")
            raise StateError(f"{where}.choices[{seat}]: every player in a scored round chose")
    if summary.cheated != cheated_seats(summary.history, players):
        raise StateError(f"{where}.cheated does not match its history")
    points = round_points(
        summary.tables, summary.hands, summary.choices, summary.cheated, abandoned=abandoned
    )
    for seat in range(players):
        if summary.points[seat] != points[seat]:
            raise StateError(
                f"{where}.points[{seat}] must be {points[seat]}, not {show(summary.points[seat])}"
            )
