"""Mock as integer actions and a flat observation vector: :class:`Codec`.

Everything is computed from the acting seat's
:class:`~tablerules.mock.Observation` alone. The ids are the same for every
config (version 1):

========  ==========================================================================
Ids       Action
========  ==========================================================================
0         ``Draw()``: the next card of the draw pile
1         ``Draw(from_discard=True)``: the top card of the discard pile
2 to 17   meld the cards at the positions of mask ``id - 2`` (bit ``i`` is position
          ``i`` of the sorted hand) and discard none; 2 is ``Meld()``
18 to 21  meld none and discard the card at position ``id - 18`` (a hand of four)
22 to 72  finish: meld the positions of a mask and discard every other card of the
          hand in a chosen order (hands of two: 22, 23; three: 24 to 32; four: 33 to 72)
========  ==========================================================================

Positions count in the hand sorted by :class:`~tablerules.Card` order (rank,
then suit). The finishing ids go through hand sizes 2, 3 and 4; for each, the
masks that meld some but not all of the hand in increasing order; for each
mask, the orders of the discards in lexicographic order of their positions
(the last named ends on top of the discard pile).

Why these ids cover every legal :class:`~tablerules.mock.Meld`: a hand holds
at most three cards when its turn starts (three are dealt; a meld that does
not finish discards down to three or draws up to at most three; a finished
hand is empty), and the draw adds one, so a meld step sees at most
``MELD_HAND = 4`` cards. A meld that does not finish discards
``max(0, left - 3)`` cards of the ``left`` not melded: none, or one when
nothing is melded from four. A finishing meld discards every card left, in
any order; it melds at least one card (the empty pile's obligation melds up
to five or the whole hand, and five melded needs a card melded this turn),
unless the hand is empty. So the legal melds are: a mask and no discards
(ids 2 to 17), one discard from four (18 to 21), or a nonempty mask of a
hand of two to four with the rest discarded in order (22 to 72). The tests
check that these are exactly the melds the rules list for every hand size,
meld size and obligation, and that no playout reaches a bigger hand.

>>> import tablerules as tr
>>> import tablerules.mock as mock
>>> codec = mock.Codec(mock.Config())
>>> state = mock.apply(mock.new_game(seed=5), mock.Draw())
>>> view = mock.observe(state, state.to_act)
>>> tr.cards_text(sorted(view.hand))
'8s Th Ad Ah'
>>> codec.num_actions, len(codec.legal_ids(view)), codec.legal_ids(view)[:3]
(73, 19, (3, 4, 5))
>>> codec.decode(view, 3), codec.decode(view, 14), codec.decode(view, 18)
(Meld(cards='8s', discards=''), Meld(cards='Ad Ah', discards=''), Meld(cards='', discards='8s'))
>>> codec.encode(view, mock.Meld("Ad Ah"))
14
>>> len(codec.observation(view)) == codec.observation_size
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from itertools import permutations
from typing import TYPE_CHECKING, ClassVar, Final

import attrs

from tablerules._codec import Layout, clamp, config_mismatch, ids_mask, read_action_id
from tablerules._common import fast_init, picker, turn_order
from tablerules.cards import FULL_DECK
from tablerules.errors import IllegalActionError, show, type_name
from tablerules.mock.actions import Action, Draw, Meld
from tablerules.mock.config import MELD_HAND, Config
from tablerules.mock.observe import Observation
from tablerules.mock.rules import meld_positions, why_illegal
from tablerules.mock.state import State

if TYPE_CHECKING:
    from tablerules.cards import Card

__all__ = [
    "DRAW_DISCARD_ID",
    "DRAW_PILE_ID",
    "MELD_HAND",
    "MELD_IDS",
    "NUM_ACTIONS",
    "Codec",
    "observation_layout",
]

"""The most cards a hand holds at a meld step: three, and the card just drawn."""

DRAW_PILE_ID: Final = 0
"""The id of ``Draw()``."""
DRAW_DISCARD_ID: Final = 1
"""The id of ``Draw(from_discard=True)``."""

Positions = tuple[tuple[int, ...], tuple[int, ...]]
"""A meld as positions of the sorted hand: (the cards melded, the cards discarded in order)."""


def _mask_positions(mask: int) -> tuple[int, ...]:
    return tuple(position for position in range(MELD_HAND) if mask >> position & 1)


def _meld_ids() -> tuple[Positions, ...]:
    """The melds of ids 2, 3, ... in order (see the module's table)."""
    melds: list[Positions] = [(_mask_positions(mask), ()) for mask in range(1 << MELD_HAND)]
    melds.extend(((), (position,)) for position in range(MELD_HAND))
    for size in range(2, MELD_HAND + 1):
        for mask in range(1, (1 << size) - 1):
            chosen = _mask_positions(mask)
            rest = [position for position in range(size) if position not in chosen]
            melds.extend((chosen, order) for order in permutations(rest))
    return tuple(melds)


MELD_IDS: Final[tuple[Positions, ...]] = _meld_ids()
"""What each meld id stands for: ``MELD_IDS[id - 2]`` is (positions melded, positions
discarded in order), in the hand sorted by card order."""

NUM_ACTIONS: Final = 2 + len(MELD_IDS)
"""How many ids there are (73), whatever the config."""

_ID_OF: Final[dict[Positions, int]] = {meld: 2 + index for index, meld in enumerate(MELD_IDS)}
_DRAWS: Final = (Draw(from_discard=False), Draw(from_discard=True))
_make_meld: Final = fast_init(Meld)


_PICKERS: Final = tuple((picker(chosen), picker(order)) for chosen, order in MELD_IDS)


@functools.cache
def _meld_step(
    size: int, melded: int, took_discard: bool, opening_was_empty: bool, exact: bool
) -> tuple[tuple[int, ...], bytes, frozenset[int]]:
    """The legal ids of a meld step (ascending), their mask, and the same ids as a set."""
    melds = meld_positions(size, melded, took_discard, opening_was_empty, exact)
    return _ids_entry(tuple(sorted(_ID_OF[meld] for meld in melds)))


def _ids_entry(ids: tuple[int, ...]) -> tuple[tuple[int, ...], bytes, frozenset[int]]:
    return ids, ids_mask(ids, NUM_ACTIONS), frozenset(ids)


_NO_IDS: Final = _ids_entry(())
_DRAW_STEPS: Final = {  # by (the draw pile has a card, the discard pile has a card)
    (True, True): _ids_entry((DRAW_PILE_ID, DRAW_DISCARD_ID)),
    (True, False): _ids_entry((DRAW_PILE_ID,)),
    (False, True): _ids_entry((DRAW_DISCARD_ID,)),
}


def _check_view(view: object) -> Observation:
    if type(view) is Observation or isinstance(view, Observation):
        return view
    hint = " (a bot sees mock.observe(state, seat))" if isinstance(view, State) else ""
    raise TypeError(f"view must be a tablerules.mock.Observation, not {type_name(view)}{hint}")


def _legal(view: Observation) -> tuple[tuple[int, ...], bytes, frozenset[int]]:
    """The legal ids, their mask and their set for ``view``."""
    seat = view.to_act
    if seat != view.seat:
        return _NO_IDS
    if view.step == "draw":
        return _DRAW_STEPS[view.deck_size > 0, view.discard_size > 0]
    return _meld_step(
        len(view.hand),
        len(view.melds[seat]),
        view.took_discard,
        view.opening_was_empty,
        view.pile_was_empty,
    )


def observation_layout(players: int) -> Layout:
    """The parts of the observation vector for ``players`` players (see :class:`Codec`).

    >>> layout = observation_layout(4)
    >>> layout.size, layout["melds"]
    (555, slice(52, 260, None))
    """
    cards = 52
    return Layout.of(
        ("hand", cards),
        ("melds", players * cards),
        ("known", (players - 1) * cards),
        ("top_discard", cards),
        ("discard_pile", cards),
        ("to_act", players),
        ("step", 3),
        ("obligations", 4),
        ("hand_sizes", players),
        ("pile_sizes", 3),
        ("finished", players),
        ("first_complete", players),
        ("scores", players),
        ("dealer", players),
        ("round", 1),
    )


def _check_config(config: Config | None) -> Config:
    if config is None:
        return Config()
    if not isinstance(config, Config):
        raise TypeError(f"config must be a tablerules.mock.Config or None, not {type_name(config)}")
    return config


_INDEX: Final = {card: card.index for card in FULL_DECK}
_EMPTY_PLANE: Final = bytes(52)
_CARD_PLANES: Final = {card: bytes(i == card.index for i in range(52)) for card in FULL_DECK}
_STEP_PLANES: Final = {"draw": b"\x01\x00\x00", "meld": b"\x00\x01\x00", "over": b"\x00\x00\x01"}
_BYTES: Final = tuple(bytes((value,)) for value in range(256))

# The observation is made from pieces kept in bounded memos: each is a pure
# function of hashable parts of the observation (card tuples are shared from
# state to state, so most lookups hit).


@functools.lru_cache(maxsize=1 << 12)
def _plane(cards: tuple[Card, ...]) -> bytes:
    """The 52-byte plane of ``cards``: 1 where a card is."""
    plane = bytearray(52)
    for card in cards:
        plane[_INDEX[card]] = 1
    return bytes(plane)


def _clamped(values: tuple[int, ...], order: tuple[int, ...]) -> bytes:
    """``values`` in ``order``, each clamped to a byte."""
    return bytes([clamp(values[seat]) for seat in order])


@functools.cache
def _one_hots(players: int) -> tuple[bytes, ...]:
    """One-hot bytes of ``players`` places, then ``players`` zeros (for no place)."""
    return (*(bytes(place == index for index in range(players)) for place in range(players)),
            bytes(players))  # fmt: skip


def _melds_twice(melds: tuple[tuple[Card, ...], ...]) -> bytes:
    """Every seat's meld plane in seat order, twice over: seat ``s``'s order is a slice."""
    planes = b"".join(map(_plane, melds))
    return planes + planes


@attrs.frozen
class Codec:
    r"""Integer actions and an observation vector for games of Mock with ``config``.

    Ids (:attr:`num_actions` = 73, the same for every config): 0 and 1 draw
    from the draw pile and from the discard pile; 2 to 72 are melds named by
    positions in the sorted hand (the tables are in the docs' "Integer actions
    and tensors").
    :meth:`observation` gives :attr:`observation_size` bytes laid out as
    :attr:`layout` names them; seats are listed from the observer's, then in
    turn order (seat ``observer + 1`` next).

    >>> import tablerules.mock as mock
    >>> codec = mock.Codec(mock.Config(players=3))
    >>> view = mock.observe(mock.new_game(mock.Config(players=3), seed=1), 1)
    >>> codec.legal_ids(view), codec.decode(view, 0), codec.mask(view)[:3]
    ((0,), Draw(from_discard=False), b'\x01\x00\x00')
    >>> codec.decode(view, 1)
    Traceback (most recent call last):
    ...
    tablerules.errors.IllegalActionError: action id 1 (draw discard) is not legal now: the first ...
    """

    config: Config = attrs.field(default=None, converter=_check_config)
    """The game's options (``None`` is the default config)."""
    layout: Mapping[str, slice] = attrs.field(init=False, repr=False, eq=False)
    """The named parts of the observation vector, in order (see ``observation_layout``)."""
    observation_size: int = attrs.field(init=False, repr=False, eq=False)
    """How many bytes :meth:`observation` returns (555 with four players)."""
    _orders: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False, eq=False)
    """Each observer's seats in the vector's order: the observer, then in turn order."""
    _places: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False, eq=False)
    """Each observer's place in the vector's order of every seat (``_orders`` inverted)."""
    _starts: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    """Where each part of :attr:`layout` starts."""
    _one_hot: tuple[bytes, ...] = attrs.field(init=False, repr=False, eq=False)
    """One-hot bytes of each of ``players`` places, then all zeros (see ``_one_hots``)."""

    num_actions: ClassVar[int] = NUM_ACTIONS
    """How many ids there are (73, for every config)."""
    version: ClassVar[int] = 1
    """The layout's version; it changes whenever an id or a feature changes meaning."""

    def __attrs_post_init__(self) -> None:
        players = self.config.players
        layout = observation_layout(players)
        object.__setattr__(self, "layout", layout)
        object.__setattr__(self, "observation_size", layout.size)
        orders = tuple((seat, *turn_order(players, seat)[:-1]) for seat in range(players))
        object.__setattr__(self, "_orders", orders)
        places = tuple(
            tuple((other - seat) % players for other in range(players)) for seat in range(players)
        )
        object.__setattr__(self, "_places", places)
        object.__setattr__(self, "_starts", tuple(where.start for where in self.layout.values()))
        object.__setattr__(self, "_one_hot", _one_hots(players))

    def legal_ids(self, view: Observation) -> tuple[int, ...]:
        """The ids of the legal actions, ascending; empty when ``view``'s seat is not to act.

        >>> import tablerules.mock as mock
        >>> state = mock.apply(mock.new_game(seed=5), mock.Draw())
        >>> codec = mock.Codec()
        >>> codec.legal_ids(mock.observe(state, 1))[-3:], codec.legal_ids(mock.observe(state, 2))
        ((19, 20, 21), ())
        """
        return _legal(_check_view(view))[0]

    def mask(self, view: Observation) -> bytes:
        """One byte per id, 1 where the id is legal now (all 0 for a seat not to act).

        >>> import tablerules.mock as mock
        >>> view = mock.observe(mock.new_game(seed=5), 1)
        >>> mask = mock.Codec().mask(view)
        >>> len(mask), sum(mask), mask[0]
        (73, 1, 1)
        """
        return _legal(_check_view(view))[1]

    def decode(self, view: Observation, action_id: int) -> Action:
        """The action ``action_id`` stands for now; an illegal id raises IllegalActionError.

        >>> import tablerules.mock as mock
        >>> state = mock.apply(mock.new_game(seed=5), mock.Draw())
        >>> view = mock.observe(state, 1)
        >>> mock.Codec().decode(view, 18), mock.Codec().decode(view, 21)
        (Meld(cards='', discards='8s'), Meld(cards='', discards='Ah'))
        >>> mock.Codec().decode(view, 73)
        Traceback (most recent call last):
        ...
        tablerules.errors.IllegalActionError: action id 73 is out of range: Mock's ids are 0 to 72
        """
        view = _check_view(view)
        if type(action_id) is not int:
            action_id = read_action_id(action_id)
        if action_id in _legal(view)[2]:
            if action_id < 2:
                return _DRAWS[action_id]
            hand = tuple(sorted(view.hand))
            melded, discarded = _PICKERS[action_id - 2]
            return _make_meld(cards=melded(hand), discards=discarded(hand))
        raise IllegalActionError(_why_not(view, action_id))

    def encode(self, view: Observation, action: Action) -> int:
        """The id of ``action``, which must be legal now.

        >>> import tablerules.mock as mock
        >>> state = mock.apply(mock.new_game(seed=5), mock.Draw())
        >>> codec = mock.Codec()
        >>> codec.encode(mock.observe(state, 1), mock.Meld(discards="8s"))
        18
        >>> codec.encode(mock.observe(state, 1), mock.Draw())
        Traceback (most recent call last):
        ...
        tablerules.errors.IllegalActionError: you have already drawn this turn: meld and ...
        """
        view = _check_view(view)
        if not isinstance(action, (Draw, Meld)):
            raise TypeError(
                "action must be a tablerules.mock.Draw or a tablerules.mock.Meld, "
                f"not {type_name(action)}"
            )
        reason = why_illegal(view, action)
        if reason is not None:
            raise IllegalActionError(reason, action)
        if isinstance(action, Draw):
            return DRAW_DISCARD_ID if action.from_discard else DRAW_PILE_ID
        place = {card: position for position, card in enumerate(sorted(view.hand))}
        melded = tuple([place[card] for card in action.cards])
        return _ID_OF[melded, tuple([place[card] for card in action.discards])]

    def observation_and_mask(self, view: Observation) -> tuple[bytes, bytes]:
        """``(observation(view), mask(view))`` in one call, as an agent is shown a turn.

        >>> from tablerules import mock
        >>> state = mock.new_game(mock.Config(), seed=3)
        >>> codec = mock.Codec(state.config)
        >>> view = mock.observe(state, state.to_act)
        >>> codec.observation_and_mask(view) == (codec.observation(view), codec.mask(view))
        True
        """
        return self.observation(view), self.mask(view)

    def observation(self, view: Observation) -> bytes:
        """``view`` as :attr:`observation_size` bytes, each 0 to 255, laid out as :attr:`layout`.

        Seats are listed from the observer's, then in turn order. Card parts
        are 52-byte planes (byte ``card.index`` is 1 where the card is); see
        the table in the docs ("Integer actions and tensors").

        >>> import tablerules.mock as mock
        >>> codec = mock.Codec()
        >>> view = mock.observe(mock.new_game(seed=5), 2)
        >>> features = codec.observation(view)
        >>> sum(features[codec.layout["hand"]]), list(features[codec.layout["hand_sizes"]])
        (3, [3, 3, 3, 3])
        >>> list(features[codec.layout["to_act"]]), list(features[codec.layout["dealer"]])
        ([0, 0, 0, 1], [0, 0, 1, 0])
        """
        if type(view) is not Observation:
            view = _check_view(view)
        seat = view.seat
        order = self._orders[seat] if seat < len(self._orders) else ()
        sizes = view.hand_sizes
        players = len(order)
        if len(sizes) != players:
            raise config_mismatch(self.config, view.config)
        place_of = self._places[seat]
        one_hot = self._one_hot
        pile = view.discard_pile
        held = view.known_held
        first = view.first_complete
        to_act = view.to_act
        deck = view.deck_size
        opening = view.opening_size
        sizes_twice = bytes(sizes) * 2
        finished_twice = bytes(view.finished) * 2
        return b"".join(
            (
                _plane(view.hand),
                _melds_twice(view.melds)[52 * seat : 52 * (seat + players)],
                b"".join([_plane(held[other]) for other in order[1:]]),
                _CARD_PLANES[pile[-1]] if pile else _EMPTY_PLANE,
                _plane(pile),
                one_hot[place_of[to_act]] if to_act is not None else one_hot[players],
                _STEP_PLANES[view.step],
                bytes(
                    (view.took_discard, view.opening_was_empty, view.pile_was_empty, view.must_meld)
                ),
                sizes_twice[seat : seat + players],
                bytes((opening, deck - opening, len(pile))),
                finished_twice[seat : seat + players],
                one_hot[place_of[first]] if first is not None else one_hot[players],
                _clamped(view.scores, order),
                one_hot[place_of[view.dealer]],
                _BYTES[clamp(view.round)],
            )
        )

    @staticmethod
    def meld_positions(action_id: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What meld id ``action_id`` names: (positions melded, positions discarded in order).

        Positions count in the hand sorted by card order.

        >>> from tablerules.mock import Codec
        >>> Codec.meld_positions(2), Codec.meld_positions(7), Codec.meld_positions(40)
        (((), ()), ((0, 2), ()), ((1,), (0, 3, 2)))
        """
        action_id = read_action_id(action_id)
        if not 2 <= action_id < NUM_ACTIONS:
            raise IllegalActionError(
                f"action id {show(action_id)} is not a meld: "
                f"Mock's meld ids are 2 to {NUM_ACTIONS - 1}"
            )
        return MELD_IDS[action_id - 2]


def _why_not(view: Observation, action_id: int) -> str:
    """Why ``action_id`` is not legal for ``view`` now, in words."""
    if not 0 <= action_id < NUM_ACTIONS:
        return f"action id {show(action_id)} is out of range: Mock's ids are 0 to {NUM_ACTIONS - 1}"
    if action_id < 2:
        action: Action = _DRAWS[action_id]
    else:
        melded, discarded = MELD_IDS[action_id - 2]
        size = len(view.hand)
        if max(melded + discarded, default=-1) >= size and view.to_act == view.seat:
            return (
                f"action id {show(action_id)} names position {max(melded + discarded)} "
                f"of the sorted hand, which holds {size} cards"
            )
        hand = tuple(sorted(view.hand))
        action = Meld(
            tuple(hand[p] for p in melded if p < size),
            tuple(hand[p] for p in discarded if p < size),
        )
    reason = why_illegal(view, action)
    if reason is None:  # pragma: no cover - the ids cover every legal meld
        reason = "its meld does not match the meld step's legal ids"
    return f"action id {show(action_id)} ({action}) is not legal now: {reason}"
