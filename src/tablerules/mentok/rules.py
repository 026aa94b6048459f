"""Mentok rules: :func:`new_game`, :func:`legal_actions`, :func:`is_legal`, :func:`apply`.

The functions are pure: they never change their arguments and keep no state
between calls, so the same arguments always give the same result.
:func:`apply` returns a new :class:`State`; :func:`apply_unchecked` does the
same without the legality check, for actions taken from
:func:`legal_actions` or :func:`random_action`. Chance (the deal, go-fish
draws) is resolved inside :func:`apply` from the state's deck; each round
after the first is dealt from a fresh deck shuffled from the game's seed.
What a seat may do is stated once, by :func:`play_options`. The deal and
the end of a round are in :mod:`tablerules.mentok.rounds`, the round's
scoring in :mod:`tablerules.mentok.scoring`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple

from tablerules._common import (
    changer,
    check_rng,
    check_seat,
    check_seed,
    check_type,
    fast_init,
    is_int,
    round_deck,
    stacked_deck,
)
from tablerules.cards import Card, Rank
from tablerules.errors import IllegalActionError, RulesError, StateError, show, type_name
from tablerules.mentok.actions import Action, Ask, Score, Stand
from tablerules.mentok.config import Config
from tablerules.mentok.observe import Observation
from tablerules.mentok.rounds import ORDERS, RoundEnd, deal_round, end_round, round_end
from tablerules.mentok.scoring import (
    RANK_BIT,
    RANK_OF,
    value_unchecked,
)
from tablerules.mentok.state import (
    AskRecord,
    Event,
    StandRecord,
    State,
    TableFacts,
    seat_done,
)

__all__ = [
    "Options",
    "apply",
    "apply_unchecked",
    "is_legal",
    "legal_actions",
    "new_game",
    "play_options",
    "random_action",
    "redeal",
    "sphere",
]

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
_EVERY_RANK: Final = (1 << 13) - 1
_new_tuple: Final = tuple.__new__
_RANDOM: Final = random.Random
_TURN: Final = changer(State, "hands", "tables", "stood", "deck", "history", "to_act", "winners")
_CHOOSE: Final = changer(State, "choices", "to_act")
_make_ask_record: Final = fast_init(AskRecord)
_make_stand_record: Final = fast_init(StandRecord)


# --- dealing -----------------------------------------------------------------


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
        raise TypeError(
            f"config must be a tablerules.mentok.Config or None, not {type_name(config)}"
        )
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


def redeal(state: State, deck: Sequence[Card]) -> State:
    """The start of ``state``'s round dealt again from ``deck``, stacked as in ``new_game``.

    A round's deal depends on the deck and on what the round starts from,
    which every state of the round keeps; so this is the state the rules
    would have dealt that round from ``deck`` (``new_game(config, seed=s,
    deck=d)`` is ``redeal(new_game(config, seed=s), d)``). A finished game
    is a :class:`~tablerules.StateError`.

    >>> import tablerules as tr
    >>> from tablerules import mentok
    >>> state = mentok.new_game(seed=1)
    >>> dealt = mentok.rules.redeal(state, tr.FULL_DECK)
    >>> dealt == mentok.new_game(seed=1, deck=tr.FULL_DECK)
    True
    """
    check_type(state, State, "state")
    if state.is_over:
        raise StateError("the game is over: there is no round to deal again")
    return deal_round(
        state.config,
        seed=state.seed,
        round_index=state.round,
        scores=state.scores,
        cards=stacked_deck(deck, state.config.decks),
        last_round=state.last_round,
    )


# --- legality ----------------------------------------------------------------


_OVER: Final = "the game is over: no more actions are possible"


def _acting_seat(state: object) -> tuple[int, tuple[Card, ...]] | str:
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
        f"not {type_name(state)}"
    )


class _RankLists(dict[int, tuple[int, ...]]):
    """The ranks of each rank set, ascending, made on first use (at most 8,192)."""

    def __missing__(self, ranks: int) -> tuple[int, ...]:
        listed = self[ranks] = tuple(rank for rank in _ALL_RANKS if ranks >> (rank - 2) & 1)
        return listed


RANKS_OF: Final = _RankLists()
"""``RANKS_OF[ranks]``: the ranks (2 to 14) of the rank set ``ranks``, ascending."""


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
    if not state.tables[seat]:  # not in the round: no cards
        return frozenset()
    return frozenset(RANKS_OF[_options(state, seat, hand).ranks])


OTHERS: Final = {
    (players, seat): tuple(other for other in range(players) if other != seat)
    for players in range(2, _MAX_SEATS + 1)
    for seat in range(players)
}
_ACTIVE: Final[tuple[tuple[int, ...], ...]] = ((), (0,), (1,), (0, 1))
"""The active table hands by their bits (bit ``h`` for hand ``h``), one tuple each."""


class Options(NamedTuple):
    """What the seat to act may do now: the facts every legal action is made of.

    With no active hand the seat may only choose a Score. Otherwise it may
    Stand on an active hand, or Ask a target for a rank of its sphere (any
    rank with ``strict=False``) to meld to an active hand, and on its first
    turn also ask for the base card's rank with ``split=True``.
    """

    seat: int
    """The seat to act."""
    active: tuple[int, ...]
    """Its table hands neither stood on nor bust, ascending; ``()`` when it must score."""
    ranks: int
    """Its sphere of influence as a rank set: bit ``rank - 2`` for each rank (see ``RANKS_OF``)."""
    split: int
    """The rank of its base card on its first turn of the round (it may split), else 0."""
    targets: tuple[int, ...]
    """The seats it may ask: every other seat in the round, ascending."""


def _options(state: TableFacts, seat: int, held: tuple[Card, ...]) -> Options:
    """The options of ``seat``, which holds ``held`` and is dealt into the round."""
    tables = state.tables[seat]
    stood = state.stood[seat]
    first = tables[0]
    bit = RANK_BIT
    ranks = 0
    for card in held:
        ranks |= bit[card]
    for card in first:
        ranks |= bit[card]
    if len(tables) == 1:
        active = _ACTIVE[1] if not stood[0] and value_unchecked(first) <= 21 else ()
        split = RANK_OF[first[0]] if len(first) == 1 else 0
    else:
        second = tables[1]
        for card in second:
            ranks |= bit[card]
        active = _ACTIVE[
            (1 if not stood[0] and value_unchecked(first) <= 21 else 0)
            | (2 if not stood[1] and value_unchecked(second) <= 21 else 0)
        ]
        split = 0
    every = state.tables
    others = OTHERS[state.config.players, seat]
    if () in every:
        others = tuple(other for other in others if every[other])
    return _new_tuple(Options, (seat, active, ranks, split, others))  # as Options(...), quicker


def play_options(state: State | Observation) -> Options | None:
    """What the seat to act may do now; None once the game is over or for another seat's view.

    :func:`why_illegal`, :func:`legal_actions`, :func:`random_action` and
    the codec's mask are all read off these options.

    >>> from tablerules import mentok
    >>> state = mentok.new_game(mentok.Config(players=3), seed=3)
    >>> options = play_options(state)
    >>> options.seat, options.active, RANKS_OF[options.ranks], options.split, options.targets
    (1, (0,), (2, 3, 4, 7, 9), 7, (0, 2))
    >>> play_options(mentok.observe(state, 1)) == options, play_options(mentok.observe(state, 0))
    (True, None)
    """
    if type(state) is Observation:  # the codec's case, without building a turn
        seat = state.to_act
        if seat is None or seat != state.seat:
            return None
        return _options(state, seat, state.hand)
    turn = _acting_seat(state)
    if type(turn) is str:
        return None
    assert isinstance(turn, tuple)
    return _options(state, *turn)


def _why_hand_closed(state: TableFacts, options: Options, hand: object, verb: str) -> str | None:
    """Why ``hand`` names no active table hand of the seat to act, or None if it does."""
    if type(hand) is int and hand in options.active:
        return None
    if not is_int(hand):
        return f"hand must be the index of a table hand, not {show(hand)}"
    assert isinstance(hand, int)
    seat = options.seat
    tables = state.tables[seat]
    if not 0 <= hand < len(tables):
        have = "only table hand 0" if len(tables) == 1 else "table hands 0 and 1"
        return f"seat {seat} cannot {verb} table hand {show(hand)}: it has {have}"
    if state.stood[seat][hand]:
        return f"seat {seat} cannot {verb} table hand {hand}: it already stood on it"
    return f"seat {seat} cannot {verb} table hand {hand}: it is bust"


def why_illegal(state: State | Observation, action: object) -> str | None:
    """Why ``action`` is illegal now, or None if it is legal.

    ``state`` is a :class:`State` or an :class:`Observation` (only its own
    seat's actions, on its own turn). Every field :func:`apply_unchecked`
    relies on is checked here again, so an action forged past its constructor
    gets a reason too, never an exception. The action is held against
    :func:`play_options`.
    """
    if type(state) is State:  # the common case, without building a turn
        seat = state.to_act
        if seat is None:
            return _OVER
        options = _options(state, seat, state.hands[seat])
    else:
        turn = _acting_seat(state)
        if type(turn) is str:
            return turn
        assert isinstance(turn, tuple)
        options = _options(state, *turn)
    kind = type(action)
    try:
        if kind is Ask:
            assert isinstance(action, Ask)
            return _why_not_ask(state, options, action)
        if kind is Stand:
            assert isinstance(action, Stand)
            if not options.active:
                return _scoring(options.seat)
            return _why_hand_closed(state, options, action.hand, "stand on")
        if kind is Score:
            assert isinstance(action, Score)
            if options.active:
                return (
                    "Score is chosen only when every player is done; "
                    f"seat {options.seat} must Ask or Stand now"
                )
            use_hand: object = action.use_hand
            if not isinstance(use_hand, bool):
                return f"Score.use_hand must be True or False, not {show(use_hand)}"
            return None
    except AttributeError:
        return f"this {kind.__name__} lacks a field: build actions with their constructors"
    return f"{show(action)} is not a Mentok action (Ask, Stand or Score)"


def _scoring(seat: int) -> str:
    return (
        f"every player is done and the round is being scored: seat {seat} must choose "
        "Score(use_hand=False) for the table or Score(use_hand=True) for the cards held"
    )


def _why_not_ask(state: TableFacts, options: Options, action: Ask) -> str | None:
    seat = options.seat
    if not options.active:
        return _scoring(seat)
    target: object = action.target
    if type(target) is not int or target not in options.targets:
        players = state.config.players
        if not is_int(target) or not 0 <= target < players:  # type: ignore[operator]
            return f"target must be a seat from 0 to {players - 1}, not {show(target)}"
        if target == seat:
            return f"seat {seat} cannot ask itself; ask another player in the round"
        return f"seat {target} is out of the game and cannot be asked"
    split: object = action.split
    if type(split) is not bool:
        return f"Ask.split must be True or False, not {show(split)}"
    hand: object = action.hand
    closed = _why_hand_closed(state, options, hand, "meld to")
    if closed is not None:
        return closed
    rank: object = action.rank
    if type(rank) is not Rank:
        return f"Ask.rank must be a Rank, not {show(rank)}; build asks with Ask(target, rank)"
    if split:
        base = options.split
        if not base:
            return f"seat {seat} can split only on its first turn of the round"
        if hand != 0:
            return "a split asks with hand=0, the base card's table hand"
        if rank != base:
            return (
                f"a split asks for the rank of the base card ({Rank(base).letter}), "
                f"not {rank.letter}"
            )
    if state.config.strict and not options.ranks >> (rank - 2) & 1:
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
    options = play_options(state)
    if options is None:
        return ()
    active = options.active
    if not active:
        return _SCORES
    ranks = options.ranks
    split_rank = options.split
    asks = _ASKS
    actions: list[Action] = []
    append = actions.append
    for target in options.targets:
        for rank in RANKS_OF[ranks]:
            for hand in active:
                append(asks[target, rank, hand, False])
                if rank == split_rank and hand == 0:
                    append(asks[target, rank, 0, True])
    if not state.config.strict:
        outside = RANKS_OF[_EVERY_RANK & ~ranks]
        for target in options.targets:
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
        options = _options(state, seat, state.hands[seat])
        if type(rng) is not _RANDOM:
            check_rng(rng)
    else:
        turn = _acting_seat(state)
        check_rng(rng)
        if type(turn) is str:
            if turn is _OVER:
                raise IllegalActionError("the game is over: there is no action to choose")
            raise IllegalActionError(f"{turn}; there is no action to choose")
        assert isinstance(turn, tuple)
        options = _options(state, *turn)
    active = options.active
    if not active:
        return _SCORES[rng.randrange(2)]
    ranks = options.ranks
    inside = RANKS_OF[ranks]
    # On a first turn (one table hand holding only the base card) the split
    # ask follows the plain ask for the base rank; then ``active == (0,)``.
    split = options.split
    split_at = inside.index(split) + 1 if split else 0
    targets = options.targets
    width = len(active)
    block = len(inside) * width + (1 if split_at else 0)
    count_inside = len(targets) * block
    count_outside = 0 if state.config.strict else len(targets) * (13 - len(inside)) * width
    pick = rng.randrange(count_inside + count_outside + width)
    if pick < count_inside:
        which, offset = divmod(pick, block)
        if split_at:
            if offset == split_at:
                return _ASKS[targets[which], split, 0, True]
            if offset > split_at:
                offset -= 1
        rank_index, hand_index = divmod(offset, width)
        return _ASKS[targets[which], inside[rank_index], active[hand_index], False]
    pick -= count_inside
    if pick < count_outside:
        outside = RANKS_OF[_EVERY_RANK & ~ranks]
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
    return _TURN(
        state,
        hands=hands,
        tables=tables,
        stood=stood,
        deck=deck,
        history=history,
        to_act=following,
        winners=(),
    )


def _apply_ask(state: State, seat: int, action: Ask) -> State:
    target = action.target
    rank = action.rank
    hand = action.hand
    hands = state.hands
    deck = state.deck
    strict = state.config.strict
    cheat = not strict and not _options(state, seat, hands[seat]).ranks >> (rank - 2) & 1
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
        return end_round(
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
        return _CHOOSE(state, choices=choices, to_act=following)
    return end_round(
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
    return round_end(
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
    if type(state) is not State:
        check_type(state, State, "state")
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
