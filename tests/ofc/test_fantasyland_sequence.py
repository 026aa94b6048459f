"""The lazy sequence of every fantasyland setting: order, length, indexing, membership."""

from __future__ import annotations

import itertools
import pickle
import random

import pytest

import tablerules as tr
from tablerules import ofc
from tests.ofc.helpers import fantasyland_round


def hand_of(size: int, seed: int) -> tuple[tr.Card, ...]:
    return tuple(random.Random(seed).sample(tr.FULL_DECK, size))


def test_thirteen_cards_exhaustively() -> None:
    settings = ofc.FantasylandSettings(hand_of(13, 1))
    assert len(settings) == 72_072
    for index, setting in enumerate(ofc.fantasyland_settings(settings.cards)):
        assert settings[index] == setting
        assert settings.index(setting) == index
    assert index == 72_071


@pytest.mark.parametrize("seed", [2, 3, 4])
def test_fourteen_cards_index_like_the_iterator(seed: int) -> None:
    hand = hand_of(14, seed)
    settings = ofc.FantasylandSettings(hand)
    assert len(settings) == ofc.count_fantasyland_settings(hand) == 1_009_008
    stride = 997 + seed
    count = 0
    for index, setting in enumerate(ofc.fantasyland_settings(hand)):
        count += 1
        if index % stride == 0 or index < 60 or 72_000 < index < 72_150:
            assert settings[index] == setting
            assert setting in settings
            assert settings.index(setting) == index
    assert count == len(settings)
    assert settings[len(settings) - 1] == setting
    assert settings[-1] == setting
    assert settings[0] == next(ofc.fantasyland_settings(hand))


@pytest.mark.parametrize("size", [15, 17, 20])
def test_larger_hands_across_the_first_discard_blocks(size: int) -> None:
    hand = hand_of(size, size)
    settings = ofc.FantasylandSettings(hand)
    assert len(settings) == ofc.count_fantasyland_settings(hand)
    head = itertools.islice(ofc.fantasyland_settings(hand), 2 * 72_072 + 60)
    for index, setting in enumerate(head):
        if index % 503 == 0 or index % 72_072 in (0, 1, 72_071):
            assert settings[index] == setting
    rng = random.Random(size)
    for _ in range(300):
        index = rng.randrange(len(settings))
        setting = settings[index]
        assert settings.index(setting) == index
        assert len(setting.discard) == size - 13
        assert sorted(setting.cards) == sorted(hand)


def test_every_drawn_setting_is_legal_and_in_agrees_with_is_legal() -> None:
    config = ofc.Config(players=3, progressive=True)
    state = fantasyland_round(config, (16, 0, 0), "")
    assert state.in_fantasyland_turn
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    listed = ofc.legal_actions(state)
    assert isinstance(listed, ofc.FantasylandSettings)
    assert len(listed) == ofc.count_fantasyland_settings(hand)
    rng = random.Random(5)
    for _ in range(200):
        drawn = rng.choice(listed)
        assert ofc.is_legal(state, drawn)
        assert drawn in listed
    for drawn in rng.sample(listed, 20):
        assert ofc.is_legal(state, drawn)
    # Random splits of the hand, most of them with the wrong row sizes.
    cards = list(hand)
    for _ in range(500):
        rng.shuffle(cards)
        cuts = sorted(rng.choices(range(len(cards) + 1), k=3))
        if rng.random() < 0.3:
            cuts = [3, 8, 13]
        place = ofc.Place(
            top=cards[: cuts[0]],
            middle=cards[cuts[0] : cuts[1]],
            bottom=cards[cuts[1] : cuts[2]],
            discard=cards[cuts[2] :],
        )
        assert (place in listed) == ofc.is_legal(state, place)
    other = next(card for card in tr.FULL_DECK if card not in hand)
    setting = listed[12_345]
    swapped = ofc.Place(
        top=(other, *setting.top[1:]),
        middle=setting.middle,
        bottom=setting.bottom,
        discard=setting.discard,
    )
    twice = ofc.Place(
        top=setting.top,
        middle=setting.middle,
        bottom=setting.bottom,
        discard=(setting.top[0], *setting.discard[1:]),
    )
    for bad in (swapped, twice, None, "top As", setting.cards, ofc.Place()):
        assert bad not in listed
        assert not ofc.is_legal(state, bad)
        assert listed.count(bad) == 0
        with pytest.raises(ValueError, match="not a setting"):
            listed.index(bad)
    assert listed.count(setting) == 1


def test_the_sequence_behaves_like_a_tuple() -> None:
    hand = hand_of(15, 9)
    settings = ofc.FantasylandSettings(tr.cards_text(hand))
    size = len(settings)
    assert settings[-size] == settings[0]
    assert settings[-2] == settings[size - 2]
    for bad in (size, -size - 1, 10**30):
        with pytest.raises(IndexError, match="out of range"):
            settings[bad]
    with pytest.raises(TypeError):
        settings[1.0]  # type: ignore[call-overload]
    assert settings[:3] == tuple(itertools.islice(ofc.fantasyland_settings(hand), 3))
    assert settings[5:1] == ()
    assert settings[::-2_000_000] == tuple(settings[i] for i in range(size - 1, -1, -2_000_000))
    assert settings[-3:] == (settings[-3], settings[-2], settings[-1])
    assert next(reversed(settings)) == settings[-1]
    middle = settings[size // 2]
    assert settings.index(middle, size // 2, size // 2 + 1) == size // 2
    with pytest.raises(ValueError, match="not a setting"):
        settings.index(middle, size // 2 + 1)
    assert settings == ofc.FantasylandSettings(reversed(hand))
    assert hash(settings) == hash(ofc.FantasylandSettings(reversed(hand)))
    assert settings != ofc.FantasylandSettings(hand_of(15, 10))
    assert settings != list(settings[:3])
    assert pickle.loads(pickle.dumps(settings)) == settings
    assert eval(repr(settings), {"FantasylandSettings": ofc.FantasylandSettings}) == settings
    assert settings.cards == tuple(sorted(hand))


def test_the_sequence_checks_its_cards() -> None:
    with pytest.raises(tr.CardError, match="at least 13"):
        ofc.FantasylandSettings(tr.FULL_DECK[:12])
    with pytest.raises(tr.CardError, match="more than once"):
        ofc.FantasylandSettings(tr.FULL_DECK[:13] + tr.FULL_DECK[:1])
    with pytest.raises(TypeError, match="config"):
        ofc.FantasylandSettings(tr.FULL_DECK[:13], "classic")  # type: ignore[arg-type]
