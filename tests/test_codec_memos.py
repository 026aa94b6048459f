"""Mock's and Mentok's observation vectors are the same bytes whatever their memos remember.

``mock.Codec.observation`` keeps bounded memos of pieces of the vector by the
card tuples they come from (the discard pile and the cards known held come
from the observation itself); ``mentok.Codec.observation`` keeps memos of its
parts and of the asks of each recent public history. Here both are checked
against the vectors written the direct way (Mock's public history replayed
by ``replay_public`` on every call, every byte set one by one), over playouts
observed in every order: seat after seat, out of order, again, across games,
after the memos are emptied or overflow, from views read back from records and
pickles (equal events that are other objects), and from several threads at once.
"""

from __future__ import annotations

import pickle
import random
import threading
from typing import Any

import pytest

from tablerules import mentok, mock
from tablerules._codec import add_cards, clamp
from tablerules.errors import IllegalActionError
from tablerules.mentok import codec as mentok_codec
from tablerules.mentok.determinize import hand_constraints
from tablerules.mentok.scoring import RANK_OF, still_in_game, value_unchecked
from tablerules.mentok.state import AskRecord, seat_done
from tablerules.mock.state import replay_public


def mock_direct(codec: mock.Codec, view: mock.Observation) -> bytes:
    """Mock's vector the direct way: the history replayed, each byte set in turn."""
    players = codec.config.players
    seat = view.seat
    order = [(seat + offset) % players for offset in range(players)]
    place_of = {other: place for place, other in enumerate(order)}
    at = {name: where.start for name, where in codec.layout.items()}
    features = bytearray(codec.observation_size)

    def mark(start: int, cards: Any) -> None:
        for card in cards:
            features[start + card.index] = 1

    mark(at["hand"], view.hand)
    for place, other in enumerate(order):
        mark(at["melds"] + 52 * place, view.melds[other])
    pile, held, first = replay_public(view.history, players)
    for place, other in enumerate(order[1:]):
        mark(at["known"] + 52 * place, held[other])
    if pile:
        mark(at["top_discard"], pile[-1:])
    mark(at["discard_pile"], pile)
    if view.to_act is not None:
        features[at["to_act"] + place_of[view.to_act]] = 1
    features[at["step"] + ("draw", "meld", "over").index(view.step)] = 1
    obligations = (view.took_discard, view.opening_was_empty, view.pile_was_empty, view.must_meld)
    features[at["obligations"] : at["obligations"] + 4] = bytes(obligations)
    for place, other in enumerate(order):
        features[at["hand_sizes"] + place] = view.hand_sizes[other]
        features[at["finished"] + place] = view.finished[other]
        features[at["scores"] + place] = clamp(view.scores[other])
    opening = view.opening_size
    features[at["pile_sizes"] : at["pile_sizes"] + 3] = bytes(
        (opening, view.deck_size - opening, len(pile))
    )
    if first is not None:
        features[at["first_complete"] + place_of[first]] = 1
    features[at["dealer"] + place_of[view.dealer]] = 1
    features[at["round"]] = clamp(view.round)
    return bytes(features)


def mentok_direct(codec: mentok.Codec, view: mentok.Observation) -> bytes:
    """Mentok's vector the direct way: the history read whole, each byte set in turn."""
    config = codec.config
    players = config.players
    seat = view.seat
    slots = [(seat + offset) % players for offset in range(players)]
    at = {name: where.start for name, where in codec.layout.items()}
    features = bytearray(codec.observation_size)
    add_cards(features, codec.layout["hand"], view.hand)
    unseen, sphere = at["unseen"], at["sphere"]
    features[unseen : unseen + 52] = bytes([config.decks]) * 52
    for card in view.hand:
        features[unseen + card.index] -= 1
        features[sphere + RANK_OF[card] - 2] = 1
    for slot, other in enumerate(slots):
        for index, cards in enumerate(view.tables[other]):
            place = 2 * slot + index
            for card in cards:
                features[at["tables"] + 52 * place + card.index] += 1
                features[unseen + card.index] -= 1
                if not slot:
                    features[sphere + RANK_OF[card] - 2] = 1
            value = value_unchecked(cards)
            features[at["table_values"] + place] = clamp(value)
            features[at["table_sizes"] + place] = clamp(len(cards))
            kind = 1 if view.stood[other][index] else 2 if value > 21 else 0
            features[at["hand_states"] + 3 * place + kind] = 1
        features[at["split"] + slot] = len(view.tables[other]) == 2
        features[at["done"] + slot] = seat_done(view.tables[other], view.stood[other])
        features[at["out"] + slot] = not still_in_game(config, view.scores)[other]
        features[at["hand_sizes"] + slot] = clamp(view.hand_sizes[other])
        features[at["chosen"] + slot] = bool(view.chosen[other])
        features[at["points_needed"] + slot] = clamp(config.target - view.scores[other])
        features[at["points_past"] + slot] = clamp(view.scores[other] - config.target)
    if view.to_act is not None:
        features[at["to_act"] + (view.to_act - seat) % players] = 1
    features[at["dealer"] + (view.round - seat) % players] = 1
    for event in view.history:
        if type(event) is AskRecord:
            rank = int(event.rank) - 2
            asker = (event.seat - seat) % players * 13 + rank
            target = (event.target - seat) % players * 13 + rank
            ask, answer = ("asked_given", "gave") if event.given else ("asked_refused", "refused")
            features[at[ask] + asker] = min(255, features[at[ask] + asker] + 1)
            features[at[answer] + target] = min(255, features[at[answer] + target] + 1)
    others = [other for other in slots[1:] if view.tables[other]]
    excluded, required = hand_constraints(view, others)
    for other in others:
        slot = (other - seat) % players * 13 - 2
        for rank in excluded[other]:
            features[at["holds_none"] + slot + rank] = 1
        for rank in required[other]:
            features[at["holds_some"] + slot + rank] = 1
    features[at["deck_size"]] = clamp(view.deck_size)
    features[at["phase"] + list(mentok.Phase).index(view.phase)] = 1
    if view.choice is not None:
        features[at["choice"] + view.choice] = 1
    features[at["cheated"]] = view.cheated
    features[at["round"]] = clamp(view.round)
    return bytes(features)


MOCK_CONFIGS = [mock.Config(players=3), mock.Config(), mock.Config(players=7, max_rounds=2)]
MENTOK_CONFIGS = [
    mentok.Config(players=2, max_rounds=3),
    mentok.Config(players=4, max_rounds=3),
    mentok.Config(players=4, strict=False, max_rounds=3),
    mentok.Config(players=6, decks=2, max_rounds=2),
    mentok.Config(players=5, decks=2, strict=False, exact_target=False, max_rounds=2),
    mentok.Config(players=10, decks=2, max_rounds=1),
]
GAMES: list[tuple[Any, Any, Any]] = [
    *((mock, config, mock_direct) for config in MOCK_CONFIGS),
    *((mentok, config, mentok_direct) for config in MENTOK_CONFIGS),
]
IDS = [f"{game.__name__.rpartition('.')[2]}-{config!r}" for game, config, _ in GAMES]


def playout(game: Any, config: Any, seed: int, steps: int = 400) -> list[Any]:
    """The states of a random game, at most ``steps`` actions long."""
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    states = [state]
    while not state.is_over and len(states) <= steps:
        state = game.apply_unchecked(state, game.random_action(state, rng))
        states.append(state)
    return states


def clear_memos() -> None:
    mentok_codec._remember(0, False, ((), b"", ()))
    mentok_codec._remember_key(None, None)


@pytest.mark.parametrize(("game", "config", "direct"), GAMES, ids=IDS)
def test_every_seat_in_every_order_gets_the_direct_bytes(
    game: Any, config: Any, direct: Any
) -> None:
    codec = game.Codec(config)
    rng = random.Random(7)
    players = config.players
    for seed in range(3):
        states = playout(game, config, seed)
        # in play order, each step's seats in a random order, some twice
        for state in states:
            for seat in rng.choices(range(players), k=rng.randint(1, players + 1)):
                view = game.observe(state, seat)
                assert codec.observation(view) == direct(codec, view)
        # out of order: earlier states after later ones, other seats than before
        for state in rng.sample(states, min(40, len(states))):
            view = game.observe(state, rng.randrange(players))
            assert codec.observation(view) == direct(codec, view)
        # with nothing remembered
        clear_memos()
        state = rng.choice(states)
        view = game.observe(state, rng.randrange(players))
        assert codec.observation(view) == direct(codec, view)


@pytest.mark.parametrize(("game", "config", "direct"), GAMES, ids=IDS)
def test_views_made_anew_are_equal_events_of_other_objects(
    game: Any, config: Any, direct: Any
) -> None:
    codec = game.Codec(config)
    rng = random.Random(11)
    for state in playout(game, config, 5)[::3]:
        view = game.observe(state, rng.randrange(config.players))
        expected = codec.observation(view)
        assert expected == direct(codec, view)
        for again in (
            game.observation_from_dict(game.observation_to_dict(view)),
            pickle.loads(pickle.dumps(view)),
        ):
            assert again == view
            assert codec.observation(again) == expected


@pytest.mark.parametrize(
    ("game", "config", "direct"), GAMES[1:2] + GAMES[-3:-2], ids=IDS[1:2] + IDS[-3:-2]
)
def test_views_in_random_order_give_the_direct_bytes(game: Any, config: Any, direct: Any) -> None:
    codec = game.Codec(config)
    rng = random.Random(3)
    clear_memos()
    for seed in range(2):
        for state in playout(game, config, seed, steps=150):
            view = game.observe(state, rng.randrange(config.players))
            assert codec.observation(view) == direct(codec, view)


@pytest.mark.parametrize(
    ("game", "config", "direct"), GAMES[1:2] + GAMES[5:6], ids=IDS[1:2] + IDS[5:6]
)
def test_threads_sharing_the_memos_get_the_direct_bytes(
    game: Any, config: Any, direct: Any
) -> None:
    codec = game.Codec(config)
    views = [
        game.observe(state, seat)
        for seed in range(3)
        for state in playout(game, config, seed, steps=120)
        for seat in range(config.players)
    ]
    expected = [direct(codec, view) for view in views]
    failures: list[int] = []

    def work(seed: int) -> None:
        order = list(range(len(views)))
        random.Random(seed).shuffle(order)
        for index in order[: len(order) // 2] + sorted(order[len(order) // 2 :]):
            if codec.observation(views[index]) != expected[index]:
                failures.append(index)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
    clear_memos()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


@pytest.mark.parametrize(("game", "config", "direct"), GAMES, ids=IDS)
def test_what_a_seat_cannot_see_changes_no_byte_even_after_the_real_game(
    game: Any, config: Any, direct: Any
) -> None:
    # The memos hold public histories and card tuples from the view only: a
    # deal consistent with the view, observed after the real one, reads the same.
    codec = game.Codec(config)
    rng = random.Random(2)
    for state in playout(game, config, 9)[::4]:
        if state.is_over:
            continue
        seat = rng.randrange(config.players)
        view = game.observe(state, seat)
        features = codec.observation(view)
        guess = game.observe(game.determinize(view, rng), seat)
        assert guess == view
        assert codec.observation(guess) == features == direct(codec, guess)


def test_mentok_decode_and_mask_agree_with_the_rules_on_one_view_after_another() -> None:
    # mask() then decode() on a view work out its legal ids once; a different
    # view (even an equal one) is worked out again.
    config = mentok.Config(players=3, strict=False, max_rounds=2)
    codec = mentok.Codec(config)
    rng = random.Random(4)
    for state in playout(mentok, config, 1, steps=200):
        if state.is_over:
            break
        view = mentok.observe(state, state.to_act)
        other = mentok.observe(state, (state.to_act + 1) % config.players)
        ids = [action_id for action_id, bit in enumerate(codec.mask(view)) if bit]
        assert not any(codec.mask(other))
        assert ids == list(codec.legal_ids(view))
        legal = {str(action) for action in mentok.legal_actions(state)}
        assert {str(codec.decode(view, action_id)) for action_id in ids} == legal
        for action_id in rng.sample(range(codec.num_actions), 5):
            if action_id not in ids:
                with pytest.raises(IllegalActionError):
                    codec.decode(view, action_id)
            with pytest.raises(IllegalActionError):
                codec.decode(other, action_id)


@pytest.mark.parametrize(
    "config",
    [
        mentok.Config(players=3, strict=False, max_rounds=4),
        mentok.Config(players=2, max_rounds=4),
        mentok.Config(players=6, decks=2, max_rounds=3),
    ],
    ids=repr,
)
def test_mentok_observation_and_mask_are_the_direct_bytes_and_the_rules_ids(
    config: mentok.Config,
) -> None:
    # observation_and_mask works the legal ids out from the vector's pieces
    # (and remembers them for decode): each seat's pair, in a random order, is
    # the direct vector and the rules' actions, and a view decoded after
    # another view's pair still gets its own ids.
    codec = mentok.Codec(config)
    rng = random.Random(5)
    for seed in range(25):
        for state in playout(mentok, config, seed, steps=300):
            views = [mentok.observe(state, seat) for seat in range(config.players)]
            rng.shuffle(views)
            legal_ids = {}
            for view in views:
                features, mask = codec.observation_and_mask(view)
                assert features == mentok_direct(codec, view) == codec.observation(view)
                ids = [action_id for action_id, bit in enumerate(mask) if bit]
                legal_ids[view.seat] = ids
                legal = set()
                if view.seat == state.to_act:
                    legal = {str(action) for action in mentok.legal_actions(state)}
                assert {str(codec.decode(view, action_id)) for action_id in ids} == legal
            for view in views:
                assert [i for i, bit in enumerate(codec.mask(view)) if bit] == legal_ids[view.seat]
                for action_id in legal_ids[view.seat][:3]:
                    codec.decode(view, action_id)


def test_mock_turns_after_the_draw_pile_ran_out_get_the_direct_bytes() -> None:
    # The obligation to meld up to five reads the hand, and at a draw step the
    # discard pile too: the turns after the whole draw pile ran out.
    config = mock.Config(players=10)
    codec = mock.Codec(config)
    seen = 0
    for seed in range(3):
        for state in playout(mock, config, seed, steps=2000):
            if state.pile_was_empty and not state.is_over:
                for seat in range(config.players):
                    view = mock.observe(state, seat)
                    assert codec.observation(view) == mock_direct(codec, view)
                seen += 1
    assert seen > 50
