"""The invariant check of Mock states: :func:`check_state`.

The check computes what a state must hold with the rules' own functions: it
rebuilds the round's deal from the state and its public history, replays the
history as :func:`~tablerules.mock.apply` plays it (``why_illegal``, then
``apply_unchecked``: so every turn must be legal, in turn order, and draw
what the rules draw), and compares the result with the state. The last
round's summary is rescored with :func:`~tablerules.mock.score_round`, and
the end of the game is decided by ``game_winners``.
:func:`~tablerules.mock.from_dict` runs the check on every record it reads.
Messages are built only when a check fails.

>>> import tablerules.mock as mock
>>> state = mock.apply(mock.new_game(seed=1), mock.Draw())
>>> check_state(state) is None
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, get_args

from tablerules._common import card_count_problems, changer, check_type, fast_init, turn_order
from tablerules._records import bool_item, cards_item, int_item, per_seat_item, seat_item
from tablerules._replays import Replays
from tablerules.cards import FULL_DECK, Card, cards_text
from tablerules.errors import RulesError, StateError, show
from tablerules.mock.actions import Action, Draw, Meld
from tablerules.mock.config import HAND_SIZE, MELD_SIZE, Config
from tablerules.mock.rules import apply_unchecked, deal_round, why_illegal
from tablerules.mock.scoring import MAX_ROUND_POINTS, game_winners, score_round
from tablerules.mock.state import CARD_IDS, Drew, Event, Melded, RoundSummary, State, Step

__all__ = ["check_state"]

_STEPS: Final[tuple[Step, ...]] = get_args(Step)
_DRAWS: Final = {False: Draw(from_discard=False), True: Draw(from_discard=True)}
_make_meld: Final = fast_init(Meld)


def check_state(state: State) -> None:
    """Raise :class:`~tablerules.StateError` if ``state`` breaks an invariant of the rules.

    A state passes when its fields have the right types, every card is in
    exactly one place, the draw pile and the hands have sizes the rules
    allow, the round's public history replays legally from a deal to
    exactly this state (melds, discard pile, the cards it shows in hands,
    hand sizes, draw pile, turn and obligations), the last round's summary
    is scored as the rules score it, and the scores and the end of the game
    follow from the summary as far as it fixes them. The order of the cards
    within a hand is private and not checked. A state that passes can be
    played on to the end, and determinized from any seat's observation.

    >>> from tablerules.mock import check_state
    >>> import attrs
    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=1)
    >>> check_state(attrs.evolve(state, scores=(0, 3, 0, 0)))
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state.scores must be zero during round 0, not [0, 3, 0, 0]
    """
    check_type(state, State, "state")
    _check_shape(state)
    _check_cards(state)  # the hands, melds and piles hold the 52 cards, each once
    _check_rules(state)


_CHANGE_HELD: Final = changer(State, "known_held")


def check_read_state(state: State) -> State:
    """:func:`check_state` for a state a record reader made: the cards and the rules.

    The readers make every field of its type (ints in range, tuples of the 52
    card objects, one entry per seat), so the shape checks are left out.
    Records do not write ``known_held``: it is not checked, and the state is
    returned with the one the replay of its history leaves.
    """
    _check_cards(state)
    replay = _check_rules(state, check_held=False)
    return _CHANGE_HELD(state, known_held=replay.known_held)


def _check_rules(state: State, *, check_held: bool = True) -> State:
    """The checks of :func:`check_state` past the shapes and the card count; the replay."""
    _check_game(state)
    _check_sizes(state)
    return _check_round(state, check_held=check_held)


# --- shapes ----------------------------------------------------------------


def _seat_tuple(value: object, where: str, players: int) -> None:
    if type(value) is not tuple:
        raise StateError(f"{where} must be a tuple of seats, not {show(value)}")
    for index, seat in enumerate(value):
        seat_item(seat, f"{where}[{index}]", players)


def _check_shape(state: State) -> None:
    """Say which field of ``state`` holds a value of the wrong type."""
    config: object = state.config
    if not isinstance(config, Config):
        raise StateError(f"state.config must be a tablerules.mock.Config, not {show(config)}")
    players = config.players
    int_item(state.seed, "state.seed")
    int_item(state.round, "state.round", 0)
    for seat, score in enumerate(per_seat_item(state.scores, "state.scores", players)):
        int_item(score, f"state.scores[{seat}]")
    for name in ("hands", "melds", "known_held"):
        for seat, cards in enumerate(per_seat_item(getattr(state, name), f"state.{name}", players)):
            cards_item(cards, f"state.{name}[{seat}]")
    cards_item(state.deck, "state.deck")
    cards_item(state.discard_pile, "state.discard_pile")
    for seat, flag in enumerate(per_seat_item(state.finished, "state.finished", players)):
        bool_item(flag, f"state.finished[{seat}]")
    if state.to_act is not None:
        seat_item(state.to_act, "state.to_act", players)
    step: object = state.step
    if type(step) is not str or step not in _STEPS:
        raise StateError(f"state.step must be one of {', '.join(_STEPS)}, not {show(step)}")
    bool_item(state.opening_was_empty, "state.opening_was_empty")
    bool_item(state.pile_was_empty, "state.pile_was_empty")
    history: object = state.history
    if type(history) is not tuple:
        raise StateError(f"state.history must be a tuple of events, not {show(history)}")
    for turn, event in enumerate(history):
        if not _well_formed(event, players):
            _check_event(event, f"state.history[{turn}]", players)
            raise StateError(
                f"state.history[{turn}] is not a well-formed event"
            )  # pragma: no cover
    summary: object = state.last_round
    if summary is None:
        return
    where = "state.last_round"
    if type(summary) is not RoundSummary:
        raise StateError(f"{where} must be a RoundSummary or None, not {show(summary)}")
    int_item(summary.round, f"{where}.round", 0)
    for seat, cards in enumerate(per_seat_item(summary.melds, f"{where}.melds", players)):
        cards_item(cards, f"{where}.melds[{seat}]")
    for name in ("hand_points", "points"):
        for seat, value in enumerate(
            per_seat_item(getattr(summary, name), f"{where}.{name}", players)
        ):
            int_item(value, f"{where}.{name}[{seat}]")
    if summary.first_complete is not None:
        seat_item(summary.first_complete, f"{where}.first_complete", players)
    _seat_tuple(summary.highest_hand, f"{where}.highest_hand", players)


def _well_formed(event: object, players: int) -> bool:
    """Whether ``event`` is a ``Drew`` or a ``Melded`` whose fields are of their types."""
    if type(event) is Drew:
        seat, card = event.seat, event.card
        return (
            type(seat) is int
            and 0 <= seat < players
            and (
                (event.from_discard is True and id(card) in CARD_IDS)
                or (event.from_discard is False and card is None)
            )
        )
    if type(event) is Melded:
        seat, cards, discards, drawn = event.seat, event.cards, event.discards, event.drawn
        return (
            type(seat) is int
            and 0 <= seat < players
            and type(cards) is tuple
            and type(discards) is tuple
            and CARD_IDS.issuperset(map(id, cards + discards))
            and type(drawn) is int
            and 0 <= drawn <= HAND_SIZE
            and type(event.finished) is bool
        )
    return False


def _check_event(event: object, where: str, players: int) -> None:
    """Say what is wrong with a history entry that is not well formed (see ``_well_formed``)."""
    if type(event) is Drew:
        seat_item(event.seat, f"{where}.seat", players)
        if bool_item(event.from_discard, f"{where}.from_discard"):
            raise StateError(f"{where}.card must name the card taken from the discard pile")
        raise StateError(f"{where}.card must be None: a card from the draw pile is private")
    if type(event) is Melded:
        seat_item(event.seat, f"{where}.seat", players)
        cards_item(event.cards, f"{where}.cards")
        cards_item(event.discards, f"{where}.discards")
        if list(event.cards) != sorted(event.cards):
            raise StateError(f"{where}.cards must be sorted, as a Meld stores them")
        if int_item(event.drawn, f"{where}.drawn", 0) > HAND_SIZE:
            raise StateError(f"{where}.drawn must be at most {HAND_SIZE}, not {event.drawn}")
        bool_item(event.finished, f"{where}.finished")
        return
    raise StateError(f"{where} must be a Drew or a Melded event, not {show(event)}")


# --- cards, sizes and scores -----------------------------------------------


def _check_cards(state: State) -> None:
    cards = state.deck + state.discard_pile
    for hand in state.hands:
        cards += hand
    for meld in state.melds:
        cards += meld
    ids = set(map(id, cards))
    if ids == CARD_IDS and len(cards) == len(CARD_IDS):
        return
    if not ids <= CARD_IDS:
        _check_shape(state)  # says which field holds a value that is not a card
    raise StateError(
        f"state: cards appear more than once or are missing: {card_count_problems(cards)}"
        " (every card must be in exactly one place)"
    )


def _check_sizes(state: State) -> None:
    """The draw pile, the melds and the hands have sizes the rules allow."""
    config = state.config
    if len(state.deck) > config.pile_size:
        raise StateError(
            f"state.deck holds {len(state.deck)} cards, more than the {config.pile_size} of the "
            "draw pile"
        )
    for seat, (hand, meld) in enumerate(zip(state.hands, state.melds, strict=True)):
        if len(meld) > MELD_SIZE:
            raise StateError(f"state.melds[{seat}] holds {len(meld)} cards; at most five")
        if state.finished[seat]:
            if hand:
                raise StateError(f"state.hands[{seat}] must be empty: the seat has finished")
        elif len(meld) == MELD_SIZE:
            raise StateError(f"state.finished[{seat}] must be true: five cards are melded")
        limit = HAND_SIZE + (seat == state.to_act and state.step == "meld")
        if len(hand) > limit:
            raise StateError(f"state.hands[{seat}] holds {len(hand)} cards; at most {limit} here")


def _check_summary(summary: RoundSummary, config: Config) -> None:
    """The summary of a finished round: its melds, and points scored as the rules score them."""
    where = "state.last_round"
    placed: set[Card] = set()
    for seat, meld in enumerate(summary.melds):
        if len(meld) > MELD_SIZE or len(set(meld)) != len(meld):
            raise StateError(f"{where}.melds[{seat}] must be up to five different cards")
        if placed.intersection(meld):
            raise StateError(f"{where}.melds: a card appears in two melds")
        placed.update(meld)
    complete = [seat for seat, meld in enumerate(summary.melds) if len(meld) == MELD_SIZE]
    if summary.first_complete is not None and summary.first_complete not in complete:
        raise StateError(f"{where}.first_complete names a seat without five melded cards")
    if summary.first_complete is None and complete:
        raise StateError(
            f"{where}.first_complete must name the first seat to meld five cards (of {complete})"
        )
    expected = score_round(summary.melds, summary.first_complete, config.highest_hand_ties)
    if (summary.hand_points, summary.highest_hand, summary.points) != expected:
        raise StateError(
            f"{where}: the points do not match the melds: the rules score them "
            f"{list(expected[0])} for the hands, +2 for {list(expected[1])}, "
            f"{list(expected[2])} in all"
        )


def _check_game(state: State) -> None:
    """Scores, the round count, the summary and the end of the game agree with each other."""
    config = state.config
    scores = state.scores
    over = state.to_act is None
    if any(score < 0 for score in scores):
        raise StateError(f"state.scores must not be negative, not {list(scores)}")
    if config.max_rounds is not None and state.round >= config.max_rounds:
        raise StateError(f"state.round is {state.round}, but max_rounds is {config.max_rounds}")
    if over != (state.step == "over"):
        raise StateError("state.step must be 'over' exactly when state.to_act is null")
    if over and (state.opening_was_empty or state.pile_was_empty):
        raise StateError("state: the turn flags must be false once the game is over")
    summary = state.last_round
    played = state.round + over  # the rounds whose points the scores hold
    if not played:
        if summary is not None:
            raise StateError("state.last_round must be None during round 0")
        if any(scores):
            raise StateError(f"state.scores must be zero during round 0, not {list(scores)}")
        return
    if summary is None:
        raise StateError(
            "state.last_round must summarise the final round once the game is over"
            if over
            else "state.last_round must summarise the previous round after round 0"
        )
    if summary.round != played - 1:
        raise StateError(f"state.last_round.round must be {played - 1}, not {summary.round}")
    _check_summary(summary, config)
    if over:
        if not state.winners:
            raise StateError(
                f"state: the game is over, but no player alone reached the target "
                f"({config.target}) and max_rounds is not reached: scores {list(scores)}"
            )
    else:
        ended = game_winners(config, summary.round, scores)
        if len(ended) == 1 and scores[ended[0]] >= config.target:
            raise StateError(
                f"state: seat {ended[0]} alone has {scores[ended[0]]} points, at least the "
                "target, so the game is over"
            )
        if ended:
            raise StateError(
                f"state: round {summary.round} was the last of max_rounds, so the game is over"
            )
    _check_earlier_rounds(state, summary)


def _check_earlier_rounds(state: State, summary: RoundSummary) -> None:
    """The scores before the last round: zero after round 0, else a game that went on."""
    scores = state.scores
    before = tuple(score - gain for score, gain in zip(scores, summary.points, strict=True))
    if summary.round == 0:
        if any(before):
            raise StateError(
                f"state.scores must be the points of round 0, {list(summary.points)} "
                f"(state.last_round.points): every game starts at zero, not {list(scores)}"
            )
        return
    for seat, score in enumerate(before):
        if score < 0:
            raise StateError(
                f"state.scores[{seat}] is {scores[seat]}, less than the {summary.points[seat]} "
                f"points seat {seat} scored in the last round (state.last_round.points)"
            )
        if score > MAX_ROUND_POINTS * summary.round:
            raise StateError(
                f"state.scores[{seat}] is {scores[seat]}: before the last round's "
                f"{summary.points[seat]} points that leaves {score}, more than "
                f"{MAX_ROUND_POINTS} points a round in {summary.round} rounds"
            )
    if game_winners(state.config, summary.round - 1, before):
        raise StateError(
            f"state.scores: before the last round they were {list(before)}, which ended the "
            f"game after round {summary.round - 1}"
        )


# --- the round's history ---------------------------------------------------


def _where_is(state: State, card: Card) -> str:
    for seat, hand in enumerate(state.hands):
        if card in hand:
            return f"state.hands[{seat}]"
    for seat, meld in enumerate(state.melds):
        if card in meld:
            return f"state.melds[{seat}]"
    return "state.deck" if card in state.deck else "state.discard_pile"


def _rebuild_deal(state: State) -> tuple[list[Card], list[str]]:
    """The deck the round was dealt from, as the history and the state fix it.

    Every card a seat melded or discarded that it had not taken from the
    discard pile, and every card it holds that it did not take there, came
    to it privately: dealt, or drawn from the draw pile. They are given to
    the seat's private arrivals in time order, the earliest to leave first
    (so each card arrives before it leaves whenever any order allows it);
    the pile's draws in history order, then ``state.deck``, make the draw
    pile. Returns the deck and the problems found (empty when the record is
    consistent); a deck is returned even then, so the replay can name the
    first turn that goes wrong. The history's entries are of their types
    (:func:`check_state` checks them first, the readers make them so).
    """
    players = state.config.players
    slots = [HAND_SIZE] * players  # each seat's private arrivals: dealt, then drawn
    pile_draws: list[tuple[int, int]] = []  # (seat, index of its arrival), in order
    leaving: list[list[Card]] = [[] for _ in range(players)]  # private cards, in order
    held: list[list[Card]] = [[] for _ in range(players)]  # taken from the discard pile
    for turn, event in enumerate(state.history):  # of their types: see _well_formed
        seat = event.seat
        if type(event) is Drew:
            if event.from_discard:
                held[seat].append(event.card)  # type: ignore[arg-type]
            else:
                pile_draws.append((seat, slots[seat]))
                slots[seat] += 1
            continue
        melded: Melded = event  # type: ignore[assignment]  # the other kind of event
        drawn = melded.drawn
        if drawn > HAND_SIZE:  # a record may say more: the reader bounds only its size
            _check_event(event, f"state.history[{turn}]", players)
        mine, gone = held[seat], leaving[seat]
        for card in melded.cards + melded.discards:
            if card in mine:
                mine.remove(card)
            else:
                gone.append(card)
        if drawn:
            first = slots[seat]
            pile_draws += [(seat, first + index) for index in range(drawn)]
            slots[seat] = first + drawn
    return _fill_deal(state, slots, pile_draws, leaving, held)


def _card_or(card: Card | None, spare: Iterator[Card]) -> Card:
    """``card``, or a card no one holds for a slot the record leaves empty."""
    return next(spare, FULL_DECK[0]) if card is None else card


def _fill_deal(
    state: State,
    arrivals: list[int],
    pile_draws: list[tuple[int, int]],
    leaving: list[list[Card]],
    held: list[list[Card]],
) -> tuple[list[Card], list[str]]:
    problems: list[str] = []
    dealt: list[list[Card | None]] = []
    for seat, hand in enumerate(state.hands):
        known = held[seat]
        for card in known:
            if card not in hand:
                problems.append(
                    f"state.hands[{seat}] must hold {card}: the history shows seat {seat} took it "
                    f"from the discard pile and has not melded or discarded it since, but it is "
                    f"in {_where_is(state, card)}"
                )
        slots = arrivals[seat]
        private: list[Card | None] = [*leaving[seat]]
        private += [card for card in hand if card not in known] if known else hand
        expected = slots + len(known) - len(leaving[seat])
        if len(hand) != expected:
            problems.append(
                f"state.hands[{seat}] holds {len(hand)} cards, but the history leaves it {expected}"
            )
        if len(private) < slots:
            private += [None] * (slots - len(private))
        dealt.append(private[:slots])
    cards = [card for private in dealt for card in private if card is not None]
    whole = len(cards) + len(state.deck) == 52 and len(set(cards).union(state.deck)) == 52
    if not whole and not problems:
        problems.append(
            "state.history: the cards melded, discarded and held do not come from one deal "
            f"({card_count_problems([*cards, *state.deck])}): a card once discarded comes back "
            "only through a draw from the discard pile"
        )
    deck: list[Card] = []
    order = turn_order(len(dealt), state.round % len(dealt))
    if len(cards) == sum(map(len, dealt)):  # no slot is left empty
        for seat in order:
            deck += dealt[seat][:HAND_SIZE]  # type: ignore[arg-type]
        deck += [dealt[seat][index] for seat, index in pile_draws]  # type: ignore[misc]
    else:
        spare = iter([c for c in FULL_DECK if c not in set(cards).union(state.deck)])
        for seat in order:
            deck += [_card_or(card, spare) for card in dealt[seat][:HAND_SIZE]]
        for seat, index in pile_draws:
            deck.append(_card_or(dealt[seat][index], spare))
    deck += state.deck
    return deck, problems


_PLAYED: Final[Replays[Event, State]] = Replays(64)
"""Rounds replayed lately, by value (the config, seed, round, scores, summary before and the
deal's cards): the history played and the state it reached, so that the record of a game
played on, read every move, replays only its new events."""


def _check_round(state: State, *, check_held: bool) -> State:
    """Replay the round's history from its deal with the rules, compare with the state: the replay.

    ``known_held`` is compared only with ``check_held``.
    """
    over = state.to_act is None
    deck, problems = _rebuild_deal(state)
    scores = state.scores
    if over and state.last_round is not None:
        scores = tuple([s - p for s, p in zip(scores, state.last_round.points, strict=True)])
    config, seed, round_index = state.config, state.seed, state.round
    last_round = None if over else state.last_round
    key = (config, seed, round_index, scores, last_round, tuple(deck))
    history = state.history
    start, known = _PLAYED.resume(key, history)
    if known is None:
        replay = deal_round(
            config,
            seed=seed,
            round_index=round_index,
            cards=deck,
            scores=scores,
            last_round=last_round,
        )
    else:  # this very deal, played through the first ``start`` events of this history
        replay = known
    for turn in range(start, len(history)):
        event = history[turn]
        if event.seat != replay.to_act:
            raise StateError(
                f"state.history[{turn}]: seat {event.seat} plays, but it is seat "
                f"{replay.to_act}'s turn"
            )
        if type(event) is Drew:
            action: Action = _DRAWS[event.from_discard]
        else:
            action = _make_meld(cards=event.cards, discards=event.discards)  # type: ignore[union-attr]
        reason = why_illegal(replay, action)  # as apply checks it
        if reason is not None:
            raise StateError(_illegal_turn(turn, event, action, reason))
        try:
            after = apply_unchecked(replay, action)
        except RulesError as error:  # pragma: no cover - only a card dealt twice gets here
            raise StateError(f"state.history[{turn}]: {error}") from None
        if after.round == round_index:
            done = after.history[-1]
            if done is not event and (
                done.card != event.card  # type: ignore[union-attr]
                if type(event) is Drew
                else done.drawn != event.drawn or done.finished != event.finished  # type: ignore[union-attr]
            ):
                _event_differs(turn, event, done)
            if after.to_act is None and turn < len(history) - 1:
                raise StateError(f"state.history[{turn}] ends the game, but the history goes on")
        elif turn < len(history) - 1:  # the round ended and the next one was dealt
            raise StateError(f"state.history[{turn}] ends the round, but the history goes on")
        replay = after
    if start < len(history) and replay.round == round_index and replay.to_act is not None:
        _PLAYED.keep(key, history, replay)  # no event of it ends the round: it can go on
    _compare(state, replay, problems)
    if check_held and replay.known_held != state.known_held:
        raise StateError(
            "state.known_held must be "
            f"{[cards_text(cards) for cards in replay.known_held]}, the cards the history shows "
            "each seat took from the discard pile and still holds, not "
            f"{[cards_text(cards) for cards in state.known_held]}"
        )
    return replay


def _illegal_turn(turn: int, event: Event, action: Action, error: str) -> str:
    where = f"state.history[{turn}]: seat {event.seat}"
    if type(event) is Drew and event.from_discard:
        return f"{where} cannot take {event.card} as the top discard: {error}"
    return f"{where} cannot play {show(str(action))}: {error}"


def _event_differs(turn: int, recorded: Event, replayed: Event) -> None:
    """Say how a history entry differs from what replaying its action did."""
    where = f"state.history[{turn}]"
    if type(recorded) is Drew:
        assert isinstance(replayed, Drew)
        raise StateError(
            f"{where}: seat {recorded.seat} takes {recorded.card} from the discard pile, "
            f"but the top discard is {replayed.card}"
        )
    assert isinstance(recorded, Melded)
    assert isinstance(replayed, Melded)
    if recorded.drawn != replayed.drawn:
        raise StateError(
            f"{where}.drawn is {recorded.drawn}, but equalising draws {replayed.drawn} "
            "(up to three in hand, from the draw pile while it has cards)"
        )
    raise StateError(
        f"{where}.finished must be {str(replayed.finished).lower()}: a seat finishes when "
        "its meld reaches five cards or the draw pile was empty at the start of its turn"
    )


def _compare(state: State, replay: State, problems: list[str]) -> None:
    """The state must be what the replay of its history reached (hands up to order)."""
    if state.to_act is None and replay.to_act is not None:
        if replay.round != state.round:
            raise StateError(
                f"state: the game is over, but after round {state.round} the rules play on"
            )
        raise StateError("state.history: the game is over, but the round is not finished")
    if replay.round != state.round:
        raise StateError(
            f"state.history finishes round {state.round}, so the game is over or the next "
            "round is dealt"
        )
    if replay.melds != state.melds:
        seat = next(s for s, meld in enumerate(replay.melds) if meld != state.melds[s])
        raise StateError(
            f"state.history does not rebuild state.melds: seat {seat} melded "
            f"{show(cards_text(replay.melds[seat]))}, not {show(cards_text(state.melds[seat]))}"
        )
    if replay.discard_pile != state.discard_pile:
        raise StateError(
            f"state.history does not rebuild state.discard_pile: it leaves "
            f"{show(cards_text(replay.discard_pile))}"
        )
    if problems:
        raise StateError(problems[0])
    for seat, hand in enumerate(replay.hands):
        if hand != state.hands[seat] and sorted(hand) != sorted(state.hands[seat]):
            raise StateError(f"state.hands[{seat}] does not hold the cards the history leaves it")
    if replay.deck != state.deck:
        raise StateError("state.deck is not the draw pile the history leaves")  # pragma: no cover
    _compare_turn(state, replay)


def _compare_turn(state: State, replay: State) -> None:
    if replay.finished != state.finished:
        raise StateError(f"state.finished does not match the history: {list(replay.finished)}")
    if replay.to_act != state.to_act:
        raise StateError(
            f"state.to_act must be seat {replay.to_act}, whose turn it is, not {state.to_act}"
        )
    if replay.step != state.step:
        if replay.step == "meld":
            why = (
                "the seat to act has drawn"
                if replay.history and type(replay.history[-1]) is Drew
                else "both piles are empty, so the turn starts with the meld"
            )
        else:
            why = "a card can be drawn, and nobody has drawn"
        raise StateError(f"state.step must be {replay.step!r}: {why}")
    if replay.opening_was_empty != state.opening_was_empty:
        raise StateError(
            f"state.opening_was_empty must be {str(replay.opening_was_empty).lower()}: "
            "it describes the opening at the start of this turn"
        )
    if replay.pile_was_empty != state.pile_was_empty:
        raise StateError(
            f"state.pile_was_empty must be {str(replay.pile_was_empty).lower()}: "
            "it describes the draw pile at the start of this turn"
        )
    if replay.scores != state.scores or replay.last_round != state.last_round:
        raise StateError(  # pragma: no cover - _check_game has rescored the summary
            "state.last_round does not match the final melds"
        )
