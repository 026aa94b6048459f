"""Mentok rules: :func:`new_game`, :func:`legal_actions`, :func:`is_legal`, :func:`apply`.

The functions are pure: they never change their arguments and keep no state
between calls, so the same arguments always give the same result.
:func:`apply` returns a new :class:`State`; :func:`apply_unchecked` does the
same without the legality check, for actions taken from
:func:`legal_actions` or :func:`random_action`. Chance (the deal, go-fish
draws) is resolved inside :func:`apply` from the state's deck; each round
after the first is dealt from a fresh deck shuffled from the game's seed.
The round's scoring and the end of the game are in
:mod:`tablerules.mentok.scoring`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple

from tablerules._common import (
    check_rng,
    check_seat,
    check_seed,
    check_type,
    fast_init,
    round_deck,
    stacked_deck,
    turn_order,
)
from tablerules.cards import Card, Rank
from tablerules.errors import IllegalActionError, RulesError, show
from tablerules.mentok.actions import Action, Ask, Score, Stand
from tablerules.mentok.config import Config
from tablerules.mentok.observe import Observation
from tablerules.mentok.scoring import (
    RANK_OF,
    game_winners,
    round_points,
    still_in_game,
    value_unchecked,
)
from tablerules.mentok.state import (
    AskRecord,
    Event,
    RoundSummary,
    StandRecord,
    State,
    TableFacts,
    cheated_seats,
    seat_done,
)

__all__ = [
    "apply",
    "apply_unchecked",
    "deal_round",
    "is_legal",
    "legal_actions",
    "new_game",
    "random_action",
    "sphere",
]

HAND_SIZE: Final = 4
"""Cards dealt to each hand."""

_MAX_SEATS: Final = 10
_ASKS: Final[dict[tuple[int, int, int, bool], Ask]] = {
    (target, rank, hand, split): Ask(target, Rank(rank), hand, split)
    for target in range(_MAX_SEATS)
    for rank in range(2, 15)
    for hand in (0, 1)
    for split in (False, True)
}
_STANDS: Final = (Stand(0), Stand(1))
_SCORES: Final = (Score(use_hand=False), Score(use_hand=True))
_ALL_RANKS: Final = tuple(range(2, 15))
_RANK_GET: Final = RANK_OF.__getitem__
_RANDOM: Final = random.Random
_make_state: Final = fast_init(State)
_make_summary: Final = fast_init(RoundSummary)
_make_ask_record: Final = fast_init(AskRecord)
_make_stand_record: Final = fast_init(StandRecord)
ORDERS: Final = {
    (players, seat): turn_order(players, seat)
    for players in range(2, _MAX_SEATS + 1)
    for seat in range(players)
}
"""``turn_order(players, seat)`` for every table size: the seats from ``seat``'s left."""


# --- dealing -----------------------------------------------------------------


def deal_round(
    config: Config,
    *,
    seed: int,
    round_index: int,
    scores: tuple[int, ...],
    cards: Sequence[Card],
    last_round: RoundSummary | None,
) -> State:
    """The start of a round: each seat still in the game gets 4 hand cards, then 1 table card.

    ``cards`` is the round's deck, dealt from the front in blocks of 5 in
    turn order from the dealer's left; the rest stays the deck. ``scores``
    are the game scores the round starts from; they decide who is still in
    the game. :func:`new_game` and the end of every round deal with it.

    >>> from tablerules import FULL_DECK, cards_text, mentok
    >>> state = deal_round(
    ...     mentok.Config(players=2), seed=0, round_index=1, scores=(5, 3),
    ...     cards=FULL_DECK, last_round=None,
    ... )
    >>> state.dealer, state.to_act, cards_text(state.hands[0]), state.tables[0]
    (1, 0, '2c 2d 2h 2s', ((Card.parse('3c'),),))
    """
    players = config.players
    in_game = still_in_game(config, scores)
    hands: list[tuple[Card, ...]] = [()] * players
    tables: list[tuple[tuple[Card, ...], ...]] = [()] * players
    stood: list[tuple[bool, ...]] = [()] * players
    cards = tuple(cards)
    position = 0
    first: int | None = None
    for seat in ORDERS[players, round_index % players]:
        if not in_game[seat]:
            continue
        if first is None:
            first = seat
        hands[seat] = cards[position : position + HAND_SIZE]
        tables[seat] = ((cards[position + HAND_SIZE],),)
        stood[seat] = (False,)
        position += HAND_SIZE + 1
    return _make_state(
        config=config,
        seed=seed,
        round=round_index,
        scores=scores,
        hands=tuple(hands),
        tables=tuple(tables),
        stood=tuple(stood),
        deck=cards[position:],
        history=(),
        choices=(None,) * players,
        to_act=first,
        winners=(),
        last_round=last_round,
    )


def new_game(
    config: Config | None = None, *, seed: int, deck: Sequence[Card] | None = None
) -> State:
    """Start a game: seat 0 deals round 0, and seat 1 (left of the dealer) is to act.

    ``deck`` stacks round 0's deck (first card dealt first; with ``decks=2``
    every card twice); later rounds are shuffled from ``seed``. Each player
    receives a block of 4 hand cards then 1 face-up table card, in turn order
    from the dealer's left. A ``config`` that is not a :class:`Config` is a
    :class:`TypeError`; a bad seed or deck a :class:`~tablerules.ConfigError`.

    >>> import tablerules as tr
    >>> from tablerules import mentok
    >>> head = tr.parse_cards("2c 3c 4c 5c 9h  2d 3d 4d 5d Ts")
    >>> deck = head + tuple(card for card in tr.FULL_DECK if card not in head)
    >>> state = mentok.new_game(mentok.Config(players=2), seed=0, deck=deck)
    >>> tr.cards_text(state.hands[1]), state.tables[1]
    ('2c 3c 4c 5c', ((Card.parse('9h'),),))
    >>> mentok.new_game(seed=0, deck=deck[:5])
    Traceback (most recent call last):
    ...
    tablerules.errors.ConfigError: a stacked deck must hold all 52 cards once each; missing ...
    """
    if config is None:
        config = Config()
    elif not isinstance(config, Config):
        raise TypeError(f"config must be a mentok.Config or None, not {type(config).__name__}")
    check_seed(seed)
    cards = round_deck(seed, 0, config.decks) if deck is None else stacked_deck(deck, config.decks)
    return deal_round(
        config,
        seed=seed,
        round_index=0,
        scores=(0,) * config.players,
        cards=cards,
        last_round=None,
    )


# --- legality ----------------------------------------------------------------


_OVER: Final = "the game is over: no more actions are possible"


def _turn(state: object) -> tuple[int, tuple[Card, ...]] | str:
    """The seat to act and its hand, or why nobody can act in ``state``.

    ``state`` is a :class:`State` or an :class:`Observation`; a view of a
    seat that is not to act has no turn. Anything else is a :class:`TypeError`.
    """
    if isinstance(state, State):
        seat = state.to_act
        if seat is None:
            return _OVER
        return seat, state.hands[seat]
    if isinstance(state, Observation):
        seat = state.to_act
        if seat is None:
            return _OVER
        if seat != state.seat:
            return f"seat {state.seat} is not to act: it is seat {seat}'s turn"
        return seat, state.hand
    raise TypeError(
        "state must be a tablerules.mentok.State or a tablerules.mentok.Observation, "
        f"not {type(state).__name__}"
    )


def sphere(state: State | Observation, seat: int) -> frozenset[int]:
    """The ranks ``seat`` may ask for: those in its hand or in any of its table hands.

    From a :class:`State` for any seat; from an :class:`Observation` for the
    observer only (another seat's hand is hidden).

    >>> from tablerules import mentok
    >>> state = mentok.new_game(seed=3)
    >>> sorted(mentok.sphere(state, 1))
    [2, 3, 4, 7, 9]
    >>> mentok.sphere(mentok.observe(state, 1), 1) == mentok.sphere(state, 1)
    True
    >>> mentok.sphere(mentok.observe(state, 1), 2)
    Traceback (most recent call last):
    ...
    tablerules.errors.RulesError: an observation shows only its own seat's sphere (seat 1), ...
    """
    if isinstance(state, Observation):
        if seat != state.seat:
            raise RulesError(
                "an observation shows only its own seat's sphere "
                f"(seat {state.seat}), not seat {show(seat)}'s"
            )
        hand = state.hand
    else:
        check_type(state, State, "state")
        check_seat(seat, state.config.players)
        hand = state.hands[seat]
    ranks = {RANK_OF[card] for card in hand}
    for cards in state.tables[seat]:
        ranks.update(RANK_OF[card] for card in cards)
    return frozenset(ranks)


_OTHERS: Final = {
    (players, seat): tuple(other for other in range(players) if other != seat)
    for players in range(2, _MAX_SEATS + 1)
    for seat in range(players)
}


def _targets(state: TableFacts, seat: int) -> tuple[int, ...]:
    """The seats ``seat`` may ask: every other seat in the round."""
    others = _OTHERS[state.config.players, seat]
    tables = state.tables
    if () not in tables:
        return others
    return tuple(other for other in others if tables[other])


def _in_sphere(state: TableFacts, seat: int, hand: tuple[Card, ...], rank: int) -> bool:
    rank_of = RANK_OF
    for card in hand:
        if rank_of[card] == rank:
            return True
    for cards in state.tables[seat]:
        for card in cards:
            if rank_of[card] == rank:
                return True
    return False


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _why_hand_closed(state: TableFacts, seat: int, hand: object, verb: str) -> str | None:
    tables = state.tables[seat]
    if type(hand) is not int and not _is_int(hand):
        return f"hand must be the index of a table hand, not {show(hand)}"
    assert isinstance(hand, int)
    if not 0 <= hand < len(tables):
        have = "only table hand 0" if len(tables) == 1 else "table hands 0 and 1"
        return f"seat {seat} cannot {verb} table hand {show(hand)}: it has {have}"
    if state.stood[seat][hand]:
        return f"seat {seat} cannot {verb} table hand {hand}: it already stood on it"
    if value_unchecked(tables[hand]) > 21:
        return f"seat {seat} cannot {verb} table hand {hand}: it is bust"
    return None


def why_illegal(state: State | Observation, action: object) -> str | None:
    """Why ``action`` is illegal now, or None if it is legal.

    ``state`` is a :class:`State` or an :class:`Observation` (only its own
    seat's actions, on its own turn). Every field :func:`apply_unchecked`
    relies on is checked here again, so an action forged past its constructor
    gets a reason too, never an exception.
    """
    if type(state) is State:  # the common case, without building a turn
        seat = state.to_act
        if seat is None:
            return _OVER
        held = state.hands[seat]
    else:
        turn = _turn(state)
        if type(turn) is str:
            return turn
        assert isinstance(turn, tuple)
        seat, held = turn
    kind = type(action)
    try:
        if kind is Ask:
            assert isinstance(action, Ask)
            return _why_not_play(state, seat, held, action, action.hand)
        if kind is Stand:
            assert isinstance(action, Stand)
            return _why_not_play(state, seat, held, action, action.hand)
        if kind is Score:
            assert isinstance(action, Score)
            return _why_not_score(state, seat, action.use_hand)
    except AttributeError:
        return f"this {kind.__name__} lacks a field: build actions with their constructors"
    return f"{show(action)} is not a Mentok action (Ask, Stand or Score)"


def _why_not_score(state: TableFacts, seat: int, use_hand: object) -> str | None:
    if not seat_done(state.tables[seat], state.stood[seat]):
        return f"Score is chosen only when every player is done; seat {seat} must Ask or Stand now"
    if not isinstance(use_hand, bool):
        return f"Score.use_hand must be True or False, not {show(use_hand)}"
    return None


def _why_not_play(
    state: TableFacts, seat: int, held: tuple[Card, ...], action: Ask | Stand, hand: object
) -> str | None:
    kind = type(action)
    # A named hand that is active proves the seat is not done, so the round
    # is still in play; only a failed check needs the slower scoring test.
    closed = _why_hand_closed(state, seat, hand, "stand on" if kind is Stand else "meld to")
    if closed is not None and seat_done(state.tables[seat], state.stood[seat]):
        return (
            f"every player is done and the round is being scored: seat {seat} must choose "
            "Score(use_hand=False) for the table or Score(use_hand=True) for the cards held"
        )
    if kind is Stand:
        return closed
    assert isinstance(action, Ask)
    target: object = action.target
    players = state.config.players
    if not (type(target) is int or _is_int(target)) or not 0 <= target < players:  # type: ignore[operator]
        return f"target must be a seat from 0 to {players - 1}, not {show(target)}"
    assert isinstance(target, int)
    if target == seat:
        return f"seat {seat} cannot ask itself; ask another player in the round"
    if not state.tables[target]:
        return f"seat {target} is out of the game and cannot be asked"
    split: object = action.split
    if type(split) is not bool:
        return f"Ask.split must be True or False, not {show(split)}"
    if closed is not None:
        return closed
    rank: object = action.rank
    if type(rank) is not Rank:
        return f"Ask.rank must be a Rank, not {show(rank)}; build asks with Ask(target, rank)"
    if split:
        tables = state.tables[seat]
        if len(tables) != 1 or len(tables[0]) != 1:
            return f"seat {seat} can split only on its first turn of the round"
        if hand != 0:
            return "a split asks with hand=0, the base card's table hand"
        base = RANK_OF[tables[0][0]]
        if rank != base:
            return (
                f"a split asks for the rank of the base card ({Rank(base).letter}), "
                f"not {rank.letter}"
            )
    if state.config.strict and not _in_sphere(state, seat, held, rank):
        return (
            f"seat {seat} cannot ask for {rank.letter}: it is outside its sphere of influence "
            "(the ranks in its hand and on its table hands)"
        )
    return None


def is_legal(state: State | Observation, action: object) -> bool:
    """True if ``action`` may be applied to ``state`` now.

    ``state`` may be the acting seat's :class:`Observation` instead, with the
    same answer; a view of a seat that is not to act gives False.

    >>> from tablerules import mentok
    >>> state = mentok.new_game(seed=3)
    >>> mentok.is_legal(state, mentok.Stand()), mentok.is_legal(state, mentok.Score())
    (True, False)
    >>> mentok.is_legal(mentok.observe(state, 1), mentok.Stand())   # seat 1 is to act
    True
    >>> mentok.is_legal(mentok.observe(state, 2), mentok.Stand())   # seat 2 is not
    False
    """
    return why_illegal(state, action) is None


def legal_actions(state: State | Observation) -> tuple[Action, ...]:
    """Every legal action of the seat to act, in a stable order; empty once the game is over.

    ``state`` may be the acting seat's :class:`Observation` instead: a bot
    needs nothing more, and the answer is the same, in the same order. A view
    of a seat that is not to act gives ``()``.

    In play: every Ask inside the sphere of influence (by target seat, then
    rank, then table hand, without then with ``split``), then with
    ``strict=False`` the cheating asks outside it (same order), then a
    Stand for each active table hand. While scoring: ``Score(use_hand=False)``
    and ``Score(use_hand=True)``.

    >>> from tablerules import mentok
    >>> state = mentok.new_game(mentok.Config(players=2), seed=3)
    >>> actions = mentok.legal_actions(state)
    >>> actions[0], actions[-1]
    (Ask(target=0, rank=<Rank.TWO: 2>, hand=0, split=False), Stand(hand=0))
    >>> mentok.legal_actions(mentok.observe(state, 1)) == actions
    True
    >>> mentok.legal_actions(mentok.observe(state, 0))
    ()
    """
    turn = _turn(state)
    if type(turn) is str:
        return ()
    assert isinstance(turn, tuple)
    seat, held = turn
    tables = state.tables[seat]
    stood = state.stood[seat]
    active = [
        index
        for index in range(len(tables))
        if not stood[index] and value_unchecked(tables[index]) <= 21
    ]
    if not active:
        return _SCORES
    ranks = set(map(_RANK_GET, held))
    for cards in tables:
        ranks.update(map(_RANK_GET, cards))
    inside = sorted(ranks)
    split_rank = RANK_OF[tables[0][0]] if len(tables) == 1 and len(tables[0]) == 1 else 0
    targets = _targets(state, seat)
    asks = _ASKS
    actions: list[Action] = []
    append = actions.append
    for target in targets:
        for rank in inside:
            for hand in active:
                append(asks[target, rank, hand, False])
                if rank == split_rank and hand == 0:
                    append(asks[target, rank, 0, True])
    if not state.config.strict:
        outside = [rank for rank in _ALL_RANKS if rank not in ranks]
        for target in targets:
            for rank in outside:
                for hand in active:
                    append(asks[target, rank, hand, False])
    for hand in active:
        append(_STANDS[hand])
    return tuple(actions)


def random_action(state: State | Observation, rng: random.Random) -> Action:
    """A legal action drawn uniformly at random with ``rng``.

    The choice depends only on ``rng`` and the state: it is
    ``legal_actions(state)[rng.randrange(len(legal_actions(state)))]``,
    found without building the list. The acting seat's :class:`Observation`
    does as well as the state: same draws, same action. Once the game is over,
    or for a view of a seat that is not to act, it raises
    :class:`~tablerules.IllegalActionError`; an ``rng`` that is not a
    :class:`random.Random` is a :class:`TypeError`.

    >>> import random
    >>> from tablerules import mentok
    >>> state = mentok.new_game(seed=3)
    >>> mentok.is_legal(state, mentok.random_action(state, random.Random(1)))
    True
    >>> view = mentok.observe(state, 1)   # seat 1 is to act
    >>> draw = mentok.random_action(view, random.Random(4))
    >>> draw == mentok.random_action(state, random.Random(4))
    True
    >>> mentok.random_action(mentok.observe(state, 0), random.Random(1))
    Traceback (most recent call last):
    ...
    tablerules.errors.IllegalActionError: seat 0 is not to act: it is seat 1's turn; there is ...
    """
    if type(state) is State and state.to_act is not None:  # the common case
        seat = state.to_act
        held = state.hands[seat]
        if type(rng) is not _RANDOM:
            check_rng(rng)
    else:
        turn = _turn(state)
        check_rng(rng)
        if type(turn) is str:
            if turn is _OVER:
                raise IllegalActionError("the game is over: there is no action to choose")
            raise IllegalActionError(f"{turn}; there is no action to choose")
        assert isinstance(turn, tuple)
        seat, held = turn
    tables = state.tables[seat]
    stood = state.stood[seat]
    if len(tables) == 1:
        active = [0] if not stood[0] and value_unchecked(tables[0]) <= 21 else []
    else:
        active = [
            index
            for index in range(len(tables))
            if not stood[index] and value_unchecked(tables[index]) <= 21
        ]
    if not active:
        return _SCORES[rng.randrange(2)]
    rank_of = _RANK_GET
    ranks = set(map(rank_of, held))
    for cards in tables:
        ranks.update(map(rank_of, cards))
    inside = sorted(ranks)
    # On a first turn (one table hand holding only the base card) the split
    # ask follows the plain ask for the base rank; then ``active == [0]``.
    split_at = (
        inside.index(rank_of(tables[0][0])) + 1 if len(tables) == 1 and len(tables[0]) == 1 else 0
    )
    targets = _targets(state, seat)
    width = len(active)
    block = len(inside) * width + (1 if split_at else 0)
    count_inside = len(targets) * block
    count_outside = 0 if state.config.strict else len(targets) * (13 - len(inside)) * width
    pick = rng.randrange(count_inside + count_outside + width)
    if pick < count_inside:
        which, offset = divmod(pick, block)
        if split_at:
            if offset == split_at:
                return _ASKS[targets[which], inside[split_at - 1], 0, True]
            if offset > split_at:
                offset -= 1
        rank_index, hand_index = divmod(offset, width)
        return _ASKS[targets[which], inside[rank_index], active[hand_index], False]
    pick -= count_inside
    if pick < count_outside:
        outside = [rank for rank in _ALL_RANKS if rank not in ranks]
        which, offset = divmod(pick, len(outside) * width)
        rank_index, hand_index = divmod(offset, width)
        return _ASKS[targets[which], outside[rank_index], active[hand_index], False]
    return _STANDS[active[pick - count_outside]]


def recorded_action(event: Event) -> Action:
    """The action that made the history entry ``event`` (its seats in range, its hand 0 or 1).

    >>> from tablerules import mentok
    >>> recorded_action(mentok.StandRecord(seat=2, hand=1))
    Stand(hand=1)
    """
    if type(event) is AskRecord:
        return _ASKS[event.target, event.rank, event.hand, event.split]
    return _STANDS[event.hand]


def score_action(use_hand: bool) -> Score:
    """The Score action of a score choice (True for the cards held)."""
    return _SCORES[use_hand]


# --- applying actions ---------------------------------------------------------


def _next_player(
    players: int,
    seat: int,
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    stood: tuple[tuple[bool, ...], ...],
) -> int | None:
    """The next seat left of ``seat`` (``seat`` itself last) in the round and not done."""
    for other in ORDERS[players, seat]:
        seat_tables = tables[other]
        if len(seat_tables) == 1:  # most seats: one table hand
            if not stood[other][0] and value_unchecked(seat_tables[0]) <= 21:
                return other
        elif seat_tables and not seat_done(seat_tables, stood[other]):
            return other
    return None


def _first_in_round(players: int, dealer: int, tables: tuple[tuple[object, ...], ...]) -> int:
    """The first seat left of the dealer that is in the round."""
    for seat in ORDERS[players, dealer]:
        if tables[seat]:
            return seat
    raise AssertionError("a round always has players")  # pragma: no cover


class RoundEnd(NamedTuple):
    """How a round that has just ended comes out, before the next one is dealt."""

    summary: RoundSummary
    """The round's summary (the next state's ``last_round``)."""
    scores: tuple[int, ...]
    """The game scores after the round."""
    winners: tuple[int, ...]
    """The winners if the game is over, else ``()``."""


def _round_end(
    state: State,
    *,
    hands: tuple[tuple[Card, ...], ...],
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    history: tuple[Event, ...],
    choices: tuple[bool | None, ...],
    abandoned: bool,
) -> RoundEnd:
    """Score the round that ends now (no one scores an abandoned round); has the game ended?"""
    config = state.config
    players = config.players
    cheated = cheated_seats(history, players)
    points = round_points(tables, hands, choices, cheated, abandoned=abandoned)
    scores = tuple([score + point for score, point in zip(state.scores, points, strict=True)])
    summary = _make_summary(
        round=state.round,
        abandoned=abandoned,
        tables=tables,
        hands=hands,
        choices=(None,) * players if abandoned else choices,
        cheated=cheated,
        points=points,
        history=history,
    )
    in_round = [seat for seat in range(players) if tables[seat]]
    return RoundEnd(summary, scores, game_winners(config, state.round + 1, scores, in_round))


def _end_round(
    state: State,
    *,
    hands: tuple[tuple[Card, ...], ...],
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    stood: tuple[tuple[bool, ...], ...],
    deck: tuple[Card, ...],
    history: tuple[Event, ...],
    choices: tuple[bool | None, ...],
    abandoned: bool,
) -> State:
    """Score the round (or not, if abandoned), check the game's end, and deal the next round."""
    summary, scores, winners = _round_end(
        state, hands=hands, tables=tables, history=history, choices=choices, abandoned=abandoned
    )
    config = state.config
    if winners:
        return _make_state(
            config=config,
            seed=state.seed,
            round=state.round,
            scores=scores,
            hands=hands,
            tables=tables,
            stood=stood,
            deck=deck,
            history=history,
            choices=choices,
            to_act=None,
            winners=winners,
            last_round=summary,
        )
    following = state.round + 1
    return deal_round(
        config,
        seed=state.seed,
        round_index=following,
        scores=scores,
        cards=round_deck(state.seed, following, config.decks),
        last_round=summary,
    )


def _after_turn(
    state: State,
    seat: int,
    *,
    hands: tuple[tuple[Card, ...], ...],
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    stood: tuple[tuple[bool, ...], ...],
    deck: tuple[Card, ...],
    history: tuple[Event, ...],
) -> State:
    """The state after a turn of play: the next player, or the first chooser if all are done."""
    players = state.config.players
    following = _next_player(players, seat, tables, stood)
    if following is None:
        following = _first_in_round(players, state.round % players, tables)
    return _make_state(
        config=state.config,
        seed=state.seed,
        round=state.round,
        scores=state.scores,
        hands=hands,
        tables=tables,
        stood=stood,
        deck=deck,
        history=history,
        choices=state.choices,
        to_act=following,
        winners=(),
        last_round=state.last_round,
    )


def _apply_ask(state: State, seat: int, action: Ask) -> State:
    target = action.target
    rank = action.rank
    hand = action.hand
    hands = state.hands
    deck = state.deck
    cheat = not state.config.strict and not _in_sphere(state, seat, hands[seat], rank)
    held = hands[target]
    given = False
    card: Card | None = None
    rank_of = RANK_OF
    for index, candidate in enumerate(held):
        if rank_of[candidate] == rank:
            card = candidate
            given = True
            hands = (*hands[:target], held[:index] + held[index + 1 :], *hands[target + 1 :])
            break
    else:
        if deck:
            card = deck[0]
            deck = deck[1:]
    record = _make_ask_record(
        seat=seat,
        target=target,
        rank=rank,
        hand=hand,
        split=action.split,
        given=given,
        card=card,
        cheat=cheat,
    )
    history = (*state.history, record)
    tables = state.tables
    stood = state.stood
    if card is None:
        return _end_round(
            state,
            hands=hands,
            tables=tables,
            stood=stood,
            deck=deck,
            history=history,
            choices=state.choices,
            abandoned=True,
        )
    seat_tables = tables[seat]
    if action.split and given:
        seat_tables = (seat_tables[0], (card,))
        stood = (*stood[:seat], (False, False), *stood[seat + 1 :])
    else:
        seat_tables = (*seat_tables[:hand], (*seat_tables[hand], card), *seat_tables[hand + 1 :])
    tables = (*tables[:seat], seat_tables, *tables[seat + 1 :])
    return _after_turn(
        state, seat, hands=hands, tables=tables, stood=stood, deck=deck, history=history
    )


def _apply_stand(state: State, seat: int, hand: int) -> State:
    seat_stood = state.stood[seat]
    seat_stood = (*seat_stood[:hand], True, *seat_stood[hand + 1 :])
    stood = (*state.stood[:seat], seat_stood, *state.stood[seat + 1 :])
    history = (*state.history, _make_stand_record(seat=seat, hand=hand))
    return _after_turn(
        state,
        seat,
        hands=state.hands,
        tables=state.tables,
        stood=stood,
        deck=state.deck,
        history=history,
    )


def _next_chooser(state: State, seat: int, choices: tuple[bool | None, ...]) -> int | None:
    """The next seat from ``seat`` on, in turn order, that is in the round and has not chosen."""
    tables = state.tables
    for other in ORDERS[state.config.players, seat]:
        if tables[other] and choices[other] is None:
            return other
    return None


def _apply_score(state: State, seat: int, use_hand: bool) -> State:
    choices = (*state.choices[:seat], use_hand, *state.choices[seat + 1 :])
    following = _next_chooser(state, seat, choices)
    if following is not None:
        return _make_state(
            config=state.config,
            seed=state.seed,
            round=state.round,
            scores=state.scores,
            hands=state.hands,
            tables=state.tables,
            stood=state.stood,
            deck=state.deck,
            history=state.history,
            choices=choices,
            to_act=following,
            winners=(),
            last_round=state.last_round,
        )
    return _end_round(
        state,
        hands=state.hands,
        tables=state.tables,
        stood=state.stood,
        deck=state.deck,
        history=state.history,
        choices=choices,
        abandoned=False,
    )


def round_end_unchecked(state: State, action: Score) -> RoundEnd | None:
    """How the round comes out if the legal ``action`` is its last choice, else ``None``.

    The same summary, scores and winners as the state :func:`apply_unchecked`
    reaches, without dealing the next round: for checks that look at a
    finished round and not at what follows it.

    >>> from tablerules import mentok
    >>> state = mentok.new_game(mentok.Config(players=2), seed=1)
    >>> for action in (mentok.Stand(), mentok.Stand(), mentok.Score()):
    ...     state = mentok.apply(state, action)
    >>> end = round_end_unchecked(state, mentok.Score())
    >>> end.summary == mentok.apply(state, mentok.Score()).last_round, end.winners
    (True, ())
    """
    seat = state.to_act
    assert seat is not None
    choices = (*state.choices[:seat], action.use_hand, *state.choices[seat + 1 :])
    if _next_chooser(state, seat, choices) is not None:
        return None
    return _round_end(
        state,
        hands=state.hands,
        tables=state.tables,
        history=state.history,
        choices=choices,
        abandoned=False,
    )


def apply_unchecked(state: State, action: Action) -> State:
    """:func:`apply` without the legality check: the next state, for a known legal action.

    This skips the check that :func:`apply` makes, and is meant for actions
    taken from :func:`legal_actions` or :func:`random_action` for this very
    state (as :func:`tablerules.rank5_unchecked` is for known-good cards):
    playouts and searches that already know the action is legal. Given any
    other action the result is undefined: it may raise any exception or
    return a state that breaks the rules. ``state`` itself is never changed.

    >>> import random
    >>> from tablerules import mentok
    >>> state = mentok.new_game(seed=3)
    >>> action = mentok.random_action(state, random.Random(1))
    >>> mentok.apply_unchecked(state, action) == mentok.apply(state, action)
    True
    """
    seat = state.to_act
    assert seat is not None
    kind = type(action)
    if kind is Ask:
        assert isinstance(action, Ask)
        return _apply_ask(state, seat, action)
    if kind is Stand:
        assert isinstance(action, Stand)
        return _apply_stand(state, seat, action.hand)
    assert isinstance(action, Score)
    return _apply_score(state, seat, action.use_hand)


def apply(state: State, action: Action) -> State:
    """The state after the seat to act plays ``action``; ``state`` itself is unchanged.

    Raises :class:`~tablerules.IllegalActionError` naming the broken rule if
    the action is not legal now (the check :func:`is_legal` makes), then
    plays it as :func:`apply_unchecked` does.

    >>> import tablerules as tr
    >>> from tablerules import mentok
    >>> head = tr.parse_cards("2c 3c 4c 5c 9h  2d 3d 4d 5d Ts  Kc")
    >>> deck = head + tuple(card for card in tr.FULL_DECK if card not in head)
    >>> state = mentok.new_game(mentok.Config(players=2), seed=0, deck=deck)
    >>> state = mentok.apply(state, mentok.Ask(0, "9"))   # seat 1 asks seat 0 for a nine
    >>> state.history[-1].given, tr.cards_text(state.tables[1][0])   # go fish: Kc drawn
    (False, '9h Kc')
    >>> mentok.apply(state, mentok.Ask(1, "A"))
    Traceback (most recent call last):
    ...
    tablerules.errors.IllegalActionError: seat 0 cannot ask for A: it is outside its sphere ...
    """
    check_type(state, State, "state")
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalActionError(reason, action)
    return apply_unchecked(state, action)
