"""The OpenSpiel games: OpenSpiel's own random simulation test, and what it does not check."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

pyspiel: Any = pytest.importorskip(
    "pyspiel", reason="needs the openspiel extra: pip install 'tablerules[openspiel]'"
)
import numpy as np  # noqa: E402 - after the skip: the extra brings numpy
from absl import flags  # noqa: E402 - open_spiel's dependency
from open_spiel.python.algorithms import (  # noqa: E402
    generate_playthrough,
    ismcts,
    mcts,
    outcome_sampling_mccfr,
)

import tablerules as tr  # noqa: E402
from tablerules import mentok, mock, ofc  # noqa: E402
from tablerules._common import round_deck, with_fields  # noqa: E402
from tablerules.integrations import _openspiel_game as openspiel_game  # noqa: E402
from tablerules.integrations import openspiel  # noqa: E402
from tests.ofc.helpers import fantasyland_round  # noqa: E402

openspiel.register()

# (game string, tablerules config it stands for)
CONFIGS: list[tuple[str, Any]] = [
    ("python_tablerules_ofc", ofc.Config(max_rounds=1)),
    ("python_tablerules_ofc(players=3)", ofc.Config(players=3, max_rounds=1)),
    ("python_tablerules_ofc(variant=classic)", ofc.Config(variant="classic", max_rounds=1)),
    (
        "python_tablerules_ofc(variant=classic,players=3,max_rounds=2)",
        ofc.Config(variant="classic", players=3, max_rounds=2),
    ),
    (
        "python_tablerules_ofc(lowball_middle=true,lowball_royalties=2/3/5)",
        ofc.Config(lowball_middle=True, lowball_royalties=(2, 3, 5), max_rounds=1),
    ),
    ("python_tablerules_mock(players=3)", mock.Config(players=3, max_rounds=1)),
    (
        "python_tablerules_mock(players=5,max_rounds=2,opening_size=20)",
        mock.Config(players=5, max_rounds=2, opening_size=20),
    ),
    ("python_tablerules_mentok(players=2)", mentok.Config(players=2, max_rounds=1)),
    ("python_tablerules_mentok(players=4,max_rounds=2)", mentok.Config(players=4, max_rounds=2)),
    (
        "python_tablerules_mentok(players=3,strict=false,max_rounds=3)",
        mentok.Config(players=3, strict=False, max_rounds=3),
    ),
]
NAMES = [name for name, _ in CONFIGS]
FANTASYLAND_STARTS = [
    (ofc.Config(max_rounds=2), (15, 0)),
    (ofc.Config(players=3, progressive=True, max_rounds=2), (16, 0, 18)),
]


def module_of(config: Any) -> Any:
    return {ofc.Config: ofc, mock.Config: mock, mentok.Config: mentok}[type(config)]


def play(state: Any, rng: random.Random) -> None:
    """One random step: a legal id, or a card drawn by the chance outcomes' probabilities."""
    if state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, weights)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def playout(state: Any, seed: int) -> list[Any]:
    """Random play to the end; every state on the way, the first and the last included."""
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_terminal():
        play(state, rng)
        states.append(state.clone())
    return states


def decisions(states: list[Any]) -> list[Any]:
    """The states that are not chance nodes: decisions and the end."""
    return [state for state in states if not state.is_chance_node()]


def dealt(game: Any, seed: int = 0) -> Any:
    """A new game's first decision: its first deal made by chance."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        play(state, rng)
    return state


def follow(state: Any, deck: Any) -> None:
    """Deal the chance nodes from ``deck``'s front, as the library would (skipping dealt cards)."""
    for card in deck:
        if not state.is_chance_node():
            return
        if card.index in dict(state.chance_outcomes()):
            state.apply_action(card.index)


def twin(state: Any, player: int, seed: int) -> Any:
    """A state that ``player`` cannot tell from ``state``, dealt by ``determinize``."""
    return state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))


# --- OpenSpiel's own test --------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


@pytest.mark.parametrize("mode", ["solver", "per_card"])
@pytest.mark.parametrize(("config", "earned"), FANTASYLAND_STARTS)
def test_random_sim_test_from_fantasyland_turns(
    config: ofc.Config, earned: tuple[int], mode: str
) -> None:
    start = fantasyland_round(config, earned, "", seed=5)
    assert start.in_fantasyland_turn
    game = pyspiel.load_game(
        "python_tablerules_ofc", {**game_params(config), "fantasyland_mode": mode}
    )
    state = game.state_from(start)
    codec = ofc.Codec(config, fantasyland=mode)  # type: ignore[arg-type]
    assert game.num_distinct_actions() == codec.num_actions
    seat = state.current_player()
    view = ofc.observe(start, seat)
    if mode == "solver":
        assert codec.fantasyland_id is not None
        assert state.legal_actions() == [codec.fantasyland_id]
        assert str(codec.decode(view, codec.fantasyland_id)) in state.action_to_string(
            seat, codec.fantasyland_id
        )
    else:
        assert state.legal_actions() == list(codec.fantasyland_step(view, []).ids)
        card = sorted(start.hands[seat])[0]
        assert state.action_to_string(seat, codec.card_ids[0]).startswith(f"{card} to the top")
    pyspiel.random_sim_test(
        game, num_sims=4, serialize=False, verbose=False, specific_initial_state=state
    )


def test_a_per_card_fantasyland_turn_step_by_step() -> None:
    config = ofc.Config(players=3, max_rounds=2)
    start = fantasyland_round(config, (15, 0, 0), "", seed=7)
    assert start.in_fantasyland_turn
    seat = start.to_act
    assert seat is not None
    game = pyspiel.load_game(
        "python_tablerules_ofc", {**game_params(config), "fantasyland_mode": "per_card"}
    )
    codec = ofc.Codec(config, fantasyland="per_card")
    state = game.state_from(start)
    others = [other for other in range(3) if other != seat]
    before = {other: state.information_state_string(other) for other in others}
    observed = {other: state.observation_tensor(other) for other in others}
    rng = random.Random(2)
    choices: list[int] = []
    guesses = 0
    hand = len(start.hands[seat])
    view = ofc.observe(start, seat)
    while len(choices) < hand - 1:
        step = codec.fantasyland_step(view, choices)
        assert state.legal_actions() == list(step.ids)
        assert state.observation_tensor(seat) == list(step.observation)
        closed = next(i for i in codec.card_ids if i not in step.ids) if len(step.ids) < 4 else None
        if closed is not None:
            with pytest.raises(tr.IllegalActionError):
                state.apply_action(closed)
        choices.append(rng.choice(step.ids))
        state.apply_action(choices[-1])
        assert state.table_state == start  # nothing is played until the board is set
        assert state.rewards() == [0.0, 0.0, 0.0]
        assert json.loads(state.observation_string(seat))["pending"] == choices
        for other in others:  # the others see none of it
            assert state.observation_tensor(other) == observed[other]
            lines = state.information_state_string(other).split("\n")
            assert lines[-1] == "{}"
            assert "\n".join(lines[: -len(choices)]) == before[other]
            # a seat that resamples now gets as many choices, of the cards it deals
            world = twin(state, other, seed=len(choices))
            assert world.information_state_string(other) == state.information_state_string(other)
            assert world.current_player() == seat
            assert len(world.legal_actions()) >= 1
            guessed = json.loads(str(world))["pending"]
            assert len(guessed) == len(choices)
            guesses += guessed != choices  # not the real choices: the seat never saw them
        # the setting seat keeps its own choices
        world = twin(state, seat, seed=len(choices))
        assert world.observation_tensor(seat) == state.observation_tensor(seat)
        assert world.legal_actions() == state.legal_actions()
    assert guesses > len(choices)
    step = codec.fantasyland_step(view, choices)
    last = step.ids[0]
    place = codec.fantasyland_step(view, [*choices, last]).place
    assert place is not None
    state.apply_action(last)
    follow(state, start.deck)  # the next seat's street, dealt in the deck's order
    assert state.table_state == ofc.apply(start, place)
    assert "pending" not in json.loads(state.observation_string(seat))


def game_params(config: Any) -> dict[str, Any]:
    """The OpenSpiel parameters of a config, written as the parameters document."""
    params: dict[str, Any] = {}
    for field in attrs.fields(type(config)):
        value = getattr(config, field.name)
        if value is None:
            value = 0
        elif isinstance(value, tuple):
            value = "/".join(str(item) for item in value)
        params[field.name] = value
    return params


# --- registration and parameters -------------------------------------------------------------


def test_register_is_idempotent_and_names_the_games() -> None:
    names = openspiel.register()
    assert openspiel.register() == names == tuple(openspiel.GAMES)
    registered = [game_type.short_name for game_type in pyspiel.registered_games()]
    for name in names:
        assert registered.count(name) == 1


@pytest.mark.parametrize(("name", "config"), CONFIGS)
def test_parameters_make_the_config(name: str, config: Any) -> None:
    game = pyspiel.load_game(name)
    assert game.config == config
    assert game.num_players() == config.players
    assert game.num_distinct_actions() == module_of(config).Codec(config).num_actions
    assert game.max_chance_outcomes() == 52


@pytest.mark.parametrize("key", ["ofc", "mock", "mentok"])
def test_parameters_are_the_config_fields_and_rewards(key: str) -> None:
    module = tr.GAMES[key]
    game_type = pyspiel.load_game(f"python_tablerules_{key}").get_type()
    spec = game_type.parameter_specification
    fields = [field.name for field in attrs.fields(module.Config)]
    extra = ["fantasyland_mode"] if key == "ofc" else []
    assert sorted(spec) == sorted([*fields, *extra, "rewards"])
    # every field given explicitly, none at its default, reads back
    changed = {
        "ofc": ofc.Config(
            players=3,
            fantasyland_cards=14,
            progressive=True,
            fantasyland_stay_middle=False,
            starting_points=50,
            max_rounds=4,
        ),
        "mock": mock.Config(
            players=6, target=30, highest_hand_ties="suits", opening_size=12, max_rounds=3
        ),
        "mentok": mentok.Config(
            players=6, decks=2, strict=False, exact_target=False, target=15, max_rounds=2
        ),
    }[key]
    game = pyspiel.load_game(f"python_tablerules_{key}", game_params(changed))
    assert game.config == changed
    assert game_type.utility == (
        pyspiel.GameType.Utility.ZERO_SUM if key == "ofc" else pyspiel.GameType.Utility.GENERAL_SUM
    )
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.reward_model == pyspiel.GameType.RewardModel.REWARDS
    assert not game_type.provides_information_state_tensor


def test_lowball_ofc_from_a_game_string() -> None:
    game = pyspiel.load_game(
        "python_tablerules_ofc(lowball_middle=true,lowball_fantasyland=either,players=3)"
    )
    assert game.config == ofc.Config(
        lowball_middle=True, lowball_fantasyland="either", players=3, max_rounds=1
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("python_tablerules_ofc(players=4)", "pineapple takes 2 or 3 players, not 4"),
        ("python_tablerules_ofc(max_rounds=0)", "needs a bound on its length"),
        ("python_tablerules_ofc(lowball_royalties=1/x/3)", "integers separated by '/'"),
        ("python_tablerules_ofc(fantasyland_cards=12)", "fantasyland_cards must be None"),
        ("python_tablerules_mock(players=2)", "Mock is played by 3 to 10 players, not 2"),
        ("python_tablerules_mentok(decks=3)", "decks must be 1 or 2, not 3"),
        ("python_tablerules_ofc(fantasyland_mode=cards)", "fantasyland_mode must be"),
        ("python_tablerules_mock(rewards=often)", "rewards must be 'steps' or 'terminal'"),
        ("python_tablerules_ofc(rng_seed=1)", None),
        ("python_tablerules_mentok(variant=classic)", None),
        ("python_tablerules_mock(fantasyland_mode=solver)", None),
        ("python_tablerules_ofc(players=two)", None),
    ],
)
def test_bad_parameters_say_why(name: str, message: str | None) -> None:
    if message is None:  # OpenSpiel checks names and types itself, before the game is made
        with pytest.raises(pyspiel.SpielError, match="parameter"):
            pyspiel.load_game(name)
    else:
        with pytest.raises(tr.ConfigError, match=message):
            pyspiel.load_game(name)


def test_importable_without_open_spiel() -> None:
    code = (
        "import sys; sys.modules['pyspiel'] = None\n"
        "from tablerules.integrations import openspiel\n"
        "try:\n"
        "    openspiel.register()\n"
        "except ModuleNotFoundError as error:\n"
        "    print(error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == 'this needs pyspiel: pip install "tablerules[openspiel]"'


# --- chance ----------------------------------------------------------------------------------


def test_chance_deals_every_card_by_copies_left() -> None:
    one = pyspiel.load_game("python_tablerules_mentok(players=3)").new_initial_state()
    assert one.is_chance_node()
    assert one.table_state is None
    assert one.chance_outcomes() == [(index, 1 / 52) for index in range(52)]
    two = pyspiel.load_game("python_tablerules_mentok(players=3,decks=2)").new_initial_state()
    assert two.chance_outcomes() == [(index, 2 / 104) for index in range(52)]
    two.apply_action(7)
    outcomes = dict(two.chance_outcomes())
    assert outcomes[7] == 1 / 103
    assert outcomes[8] == 2 / 103
    assert two.action_to_string(pyspiel.PlayerId.CHANCE, 7) == f"deal {tr.FULL_DECK[7]}"
    one.apply_action(7)
    assert 7 not in dict(one.chance_outcomes())
    with pytest.raises(tr.IllegalActionError, match="not a card left to deal"):
        one.apply_action(7)


@pytest.mark.parametrize(("name", "config"), CONFIGS)
def test_chance_deals_in_the_librarys_order(name: str, config: Any) -> None:
    """Chance given each round's shuffled deck, card by card, plays the library's own game."""
    module = module_of(config)
    codec = module.Codec(config)
    decks = getattr(config, "decks", 1)
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    table = module.new_game(config, seed=3)
    rng = random.Random(3)
    nodes = 0
    while True:
        deck = round_deck(3, table.round, decks)
        position = len(deck) - len(table.deck)
        while state.is_chance_node():  # the cards the library dealt to reach ``table``
            state.apply_action(deck[nodes].index)
            nodes += 1
        assert nodes == position
        mine = module.to_dict(state.table_state)
        theirs = module.to_dict(table)
        assert sorted(mine.pop("deck").split()) == sorted(theirs.pop("deck").split())
        mine.pop("seed"), theirs.pop("seed")
        assert mine == theirs
        if table.is_over:
            break
        move = module.random_action(table, rng)
        state.apply_action(codec.encode(module.observe(table, table.to_act), move))
        following = module.apply(table, move)
        if following.round != table.round:
            nodes = 0
            if not following.is_over:  # a round ends with no card of its deck dealt
                shuffled = with_fields(table, deck=table.deck[::-1])
                assert module.apply(shuffled, move) == following
        table = following


@pytest.mark.parametrize("name", NAMES)
def test_a_state_is_its_history(name: str) -> None:
    game = pyspiel.load_game(name)
    for state in playout(game.new_initial_state(), seed=1)[::7]:
        again = game.new_initial_state()
        for action in state.history():
            again.apply_action(action)
        assert str(again) == str(state)
        text = pyspiel.serialize_game_and_state(game, state)
        other_game, other = pyspiel.deserialize_game_and_state(text)
        assert str(other_game) == str(game)
        assert str(other) == str(state)
        assert other.history() == state.history()
        assert game.deserialize_state(state.serialize()).returns() == state.returns()


def test_a_clone_keeps_the_cards_chosen_so_far() -> None:
    game = pyspiel.load_game("python_tablerules_ofc")
    state = game.new_initial_state()
    for index in (5, 9):
        state.apply_action(index)
    copy = state.clone()
    assert copy.history() == [5, 9]
    assert str(copy) == str(state)
    for index in (1, 2, 3):
        copy.apply_action(index)
    assert not copy.is_chance_node()  # the first seat's five cards are dealt
    seat = copy.current_player()
    assert sorted(card.index for card in copy.table_state.hands[seat]) == [1, 2, 3, 5, 9]
    assert state.is_chance_node()
    assert state.history() == [5, 9]


# --- returns and rewards ---------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_returns_are_the_score_changes(name: str) -> None:
    game = pyspiel.load_game(name)
    for seed in range(3):
        states = decisions(playout(game.new_initial_state(), seed))  # where OpenSpiel reads them
        first, last = states[0].table_state, states[-1].table_state
        change = [now - then for now, then in zip(last.scores, first.scores, strict=True)]
        assert states[-1].returns() == change
        assert [
            sum(column) for column in zip(*(s.rewards() for s in states), strict=True)
        ] == change
        for state in states:
            assert game.min_utility() <= min(state.returns())
            assert max(state.returns()) <= game.max_utility()
        assert len(states) - 1 <= game.max_game_length()
        if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
            assert sum(change) == 0
        assert states[-1].current_player() == pyspiel.PlayerId.TERMINAL


def test_long_mock_and_mentok_games_stay_within_their_bounds() -> None:
    for name in (
        "python_tablerules_mock(players=3,max_rounds=4,target=20)",
        "python_tablerules_mentok(players=2,strict=false,max_rounds=6)",
    ):
        game = pyspiel.load_game(name)
        for seed in range(4):
            states = decisions(playout(game.new_initial_state(), seed))
            assert len(states) - 1 <= game.max_game_length()
            assert game.min_utility() <= min(states[-1].returns())
            assert max(states[-1].returns()) <= game.max_utility()


# --- what a seat sees ------------------------------------------------------------------------


def hidden_cards(state: Any, seat: int) -> set[str]:
    """Cards of a one-deck round that ``seat`` may not see now: the deck and others' hidden ones."""
    table = state.table_state
    cards = set(table.deck)
    for other, hand in enumerate(table.hands):
        if other != seat:
            cards.update(hand)
    if isinstance(table, ofc.State):
        for other, discards in enumerate(table.discards):
            if other != seat:
                cards.update(discards)
        for other, fantasyland in enumerate(table.fantasyland):
            if other != seat and fantasyland and not table.is_over:
                board = table.boards[other]
                cards.update(board.top + board.middle + board.bottom)
    if isinstance(table, mock.State):
        view = mock.observe(table, seat)
        for known in view.known_hands:
            cards.difference_update(known)
    return {str(card) for card in cards}


ONE_ROUND = [(name, config) for name, config in CONFIGS if config.max_rounds == 1]


@pytest.mark.parametrize(("name", "config"), ONE_ROUND)
def test_strings_show_no_hidden_card(name: str, config: Any) -> None:
    game = pyspiel.load_game(name)
    for state in playout(game.new_initial_state(), seed=2)[:-1]:
        if state.table_state is None:
            continue
        for seat in range(game.num_players()):
            hidden = hidden_cards(state, seat)
            assert hidden
            for text in (state.information_state_string(seat), state.observation_string(seat)):
                shown = {token for token in text.replace('"', " ").split() if token in hidden}
                assert not shown, (seat, shown)


@pytest.mark.parametrize("name", NAMES)
def test_twins_look_the_same_to_the_seat(name: str) -> None:
    """A state dealt anew from a seat's view gives that seat the same strings and tensors."""
    game = pyspiel.load_game(name)
    observer = game.make_py_observer()
    differs = 0
    for step, state in enumerate(decisions(playout(game.new_initial_state(), seed=4))[:-1]):
        for seat in range(game.num_players()):
            other = twin(state, seat, seed=step)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.legal_actions(seat) == state.legal_actions(seat)
            assert other.current_player() == state.current_player()
            observer.set_from(other, seat)
            copy = observer.tensor.copy()
            observer.set_from(state, seat)
            assert np.array_equal(copy, observer.tensor)
            differs += other.table_state != state.table_state
    assert differs  # the twins were really dealt otherwise


def test_information_state_stays_the_same_when_only_other_hands_differ() -> None:
    """Two deals that differ only in the second seat's cards look alike to the first seat."""
    game = pyspiel.load_game("python_tablerules_ofc")
    first, second = game.new_initial_state(), game.new_initial_state()
    seat = 1  # left of the dealer: dealt and acting first
    for state, other_hand in ((first, range(5, 10)), (second, range(40, 45))):
        follow(state, tr.FULL_DECK[:5])
        assert state.current_player() == seat
        state.apply_action(state.legal_actions()[0])
        follow(state, [tr.FULL_DECK[i] for i in other_hand])
    assert first.current_player() == 0
    assert str(first) != str(second)
    assert first.information_state_string(seat) == second.information_state_string(seat)
    assert first.observation_tensor(seat) == second.observation_tensor(seat)
    assert first.information_state_string(0) != second.information_state_string(0)


def rebuild(lines: list[str]) -> list[dict[str, Any]]:
    """The observation records an information state's lines stand for (the first in full)."""
    records: list[dict[str, Any]] = []
    for line in lines:
        change = json.loads(line)
        record = dict(records[-1]) if records else {}
        for name in change.pop("-", []):
            del record[name]
        for name, value in change.items():
            if name.endswith("+"):
                record[name[:-1]] = record[name[:-1]] + value
            else:
                record[name] = value
        records.append(record)
    return records


@pytest.mark.parametrize(("name", "config"), CONFIGS)
def test_information_state_is_the_seats_observations_in_order(name: str, config: Any) -> None:
    module = module_of(config)
    game = pyspiel.load_game(name)
    states = decisions(playout(game.new_initial_state(), seed=5))
    for seat in range(game.num_players()):
        final = states[-1].information_state_string(seat).split("\n")
        assert len(final) == len(states)  # one line per state the seat has been in
        for count, state in enumerate(states, start=1):  # perfect recall: earlier ones are kept
            assert state.information_state_string(seat).split("\n") == final[:count]
        records = rebuild(final)
        for state, record in zip(states, records, strict=True):
            expected = module.observation_to_dict(module.observe(state.table_state, seat))
            del expected["config"]
            assert record == expected
        # later lines hold only what changed
        assert sum(map(len, final[1:])) < sum(len(json.dumps(record)) for record in records[1:])


def test_observer_pieces_follow_the_codec_layout() -> None:
    game = pyspiel.load_game("python_tablerules_ofc(players=3)")
    codec = ofc.Codec(game.config)
    observer = game.make_py_observer()
    assert list(observer.dict) == list(codec.layout)
    state = dealt(game)
    seat = state.current_player()
    observer.set_from(state, seat)
    expected = np.frombuffer(codec.observation(ofc.observe(state.table_state, seat)), np.uint8)
    assert np.array_equal(observer.tensor, expected)
    assert game.observation_tensor_shape() == [codec.observation_size]
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None
    assert recall.string_from(state, seat) == state.information_state_string(seat)
    with pytest.raises(ValueError, match="observe for one seat"):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            )
        )
    with pytest.raises(ValueError, match="observation parameters are not supported"):
        game.make_py_observer(None, {"x": 1})


# --- actions ---------------------------------------------------------------------------------


def test_actions_are_codec_ids_and_read_as_actions() -> None:
    game = pyspiel.load_game("python_tablerules_mentok(players=3)")
    state = dealt(game)
    codec = mentok.Codec(game.config)
    seat = state.current_player()
    view = mentok.observe(state.table_state, seat)
    assert state.legal_actions() == list(codec.legal_ids(view))
    assert state.legal_actions_mask() == list(codec.mask(view))
    action = state.legal_actions()[0]
    assert state.action_to_string(seat, action) == f"{codec.decode(view, action)} (id {action})"
    illegal = next(i for i in range(codec.num_actions) if i not in state.legal_actions())
    with pytest.raises(tr.IllegalActionError):
        state.apply_action(illegal)
    assert len(state.history()) == 15  # the deal: five cards a seat
    before = state.table_state
    state.apply_action(action)
    follow(state, before.deck)  # a refused ask draws from the deck
    assert state.table_state == mentok.apply(before, codec.decode(view, action))


def test_state_from_checks_its_state() -> None:
    game = pyspiel.load_game("python_tablerules_ofc")
    with pytest.raises(TypeError, match=r"tablerules\.ofc\.State"):
        game.state_from(mock.new_game(seed=1))
    with pytest.raises(tr.ConfigError, match="this game is played with"):
        game.state_from(ofc.new_game(ofc.Config(players=3, max_rounds=1), seed=1))


# --- resampling and search -------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_resampled_states_keep_the_information_state(name: str) -> None:
    game = pyspiel.load_game(name)
    module = module_of(game.config)
    states = decisions(playout(game.new_initial_state(), seed=6))
    for step, state in enumerate(states[:-1:3]):
        seat = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(step, 0.0, 1.0)
        worlds = [state.resample_from_infostate(seat, sampler) for _ in range(3)]
        for world in worlds:
            module.check_state(world.table_state)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert module.observe(world.table_state, seat) == module.observe(
                state.table_state, seat
            )
            assert world.history() == []  # the real history holds the other seats' ids
            assert world.returns() == state.returns()
            playout(world, seed=step)  # and it plays on to the end
        assert len({str(world) for world in worlds}) > 1


def search_policy(state: Any, seed: int) -> list[tuple[int, float]]:
    game = state.get_game()
    random_state = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, random_state),
        uct_c=10.0,
        max_simulations=30,
        random_state=random_state,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.NORMALIZED_VISITED_COUNT,
    )
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    calls: list[Any] = []

    def resample(state: Any, player: int) -> Any:
        world = state.resample_from_infostate(player, sampler)
        calls.append(world)
        return world

    bot.set_resampler(resample)
    policy: list[tuple[int, float]] = bot.get_policy(state)
    assert len(calls) == 30  # one world per simulation, none of them the real state
    return policy


@pytest.mark.parametrize("name", ["python_tablerules_ofc", "python_tablerules_mentok(players=2)"])
def test_ismcts_never_sees_the_real_deal(name: str) -> None:
    """The search's policy is the same on two states that differ only where the seat cannot see."""
    game = pyspiel.load_game(name)
    state = dealt(game)
    rng = random.Random(1)
    for _ in range(3):
        state.apply_action(rng.choice(state.legal_actions()))
        while state.is_chance_node():
            play(state, rng)
    seat = state.current_player()
    other = twin(state, seat, seed=8)
    assert other.table_state != state.table_state
    assert search_policy(state, seed=2) == search_policy(other, seed=2)


def test_plain_mcts_clones_see_the_other_hands() -> None:
    """Why the docs warn: MCTS plays out clones, and a clone holds every hand dealt so far."""
    game = pyspiel.load_game("python_tablerules_ofc")
    state = dealt(game)
    seat = state.current_player()
    state.apply_action(state.legal_actions()[0])
    follow(state, tr.FULL_DECK[20:])
    other = state.current_player()
    assert other != seat
    assert state.clone().table_state.hands == state.table_state.hands
    world = twin(state, seat, seed=1)  # what ``seat`` may know: the other hand dealt anew
    assert world.table_state.boards == state.table_state.boards  # public
    assert world.table_state.hands[other] != state.table_state.hands[other]


# --- chance-sampling algorithms, terminal rewards, MCTS ---------------------------------------


def test_outcome_sampling_mccfr_runs() -> None:
    game = pyspiel.load_game("python_tablerules_mentok(players=2)")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(4):
        solver.iteration()
    policy = solver.average_policy()
    state = dealt(game)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)


def test_terminal_rewards_come_only_at_the_end() -> None:
    steps = pyspiel.load_game("python_tablerules_mock(players=3,max_rounds=2)")
    terminal = pyspiel.load_game("python_tablerules_mock(players=3,max_rounds=2,rewards=terminal)")
    assert terminal.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert terminal.config == steps.config
    each = playout(steps.new_initial_state(), seed=3)
    end = playout(terminal.new_initial_state(), seed=3)
    assert [str(state) for state in each] == [str(state) for state in end]
    assert any(state.returns() != [0.0, 0.0, 0.0] for state in each[:-1])  # a round was scored
    for state in end[:-1]:
        assert state.returns() == state.rewards() == [0.0, 0.0, 0.0]
    assert end[-1].returns() == end[-1].rewards() == each[-1].returns()


def mcts_margin(game: Any, rounds: int, simulations: int) -> float:
    """MCTS's mean points a round against random, searching a resampled state each move."""
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(
        game, 10.0, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng
    )
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    chance = random.Random(2)
    total = 0.0
    for deal in range(rounds):
        seat = deal % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node() or state.current_player() != seat:
                play(state, chance)
                continue
            world = state.resample_from_infostate(seat, sampler)  # what the seat may know
            assert world.information_state_string(seat) == state.information_state_string(seat)
            state.apply_action(bot.step(world.clone()))
        total += state.returns()[seat]
    return total / rounds


def test_mcts_on_resampled_states_beats_random() -> None:
    """Determinized search: each move searches one world dealt from the seat's information."""
    game = pyspiel.load_game("python_tablerules_ofc(rewards=terminal)")
    with pytest.raises(ValueError, match="terminal rewards"):
        mcts.MCTSBot(
            pyspiel.load_game("python_tablerules_ofc"), 2.0, 10, mcts.RandomRolloutEvaluator()
        )
    assert mcts_margin(game, rounds=6, simulations=40) > 0


# --- Shimmy's PettingZoo wrapper ---------------------------------------------------------------


def test_shimmy_deals_by_its_seed_and_keeps_config_parameters() -> None:
    shimmy = pytest.importorskip("shimmy", reason="needs shimmy: pip install 'shimmy[openspiel]'")
    env = shimmy.OpenSpielCompatibilityV0(
        game_name="python_tablerules_ofc", config={"players": 3, "variant": "classic"}
    )

    def deal(seed: int) -> list[int]:
        env.reset(seed=seed)
        assert env._env.config == ofc.Config(players=3, variant="classic", max_rounds=1)
        return list(env.game_state.history())

    assert deal(1) == deal(1) != deal(2)
    assert len(deal(3)) == 5  # the first seat's first street
    env.reset(seed=4)
    for _agent in env.agent_iter():
        _, _, done, cut, info = env.last()
        env.step(None if done or cut else int(np.flatnonzero(info["action_mask"])[0]))
    assert env.game_state.is_terminal()  # no truncation: the length counts chance nodes


# --- observers and playthroughs -----------------------------------------------------------------

PLAYTHROUGHS = Path(__file__).parent.parent / "data" / "openspiel"
"""One playthrough a game, as OpenSpiel's integration tests keep them. After a deliberate change,
regenerate them with:

    PYTHONPATH=src python -c "from tablerules.integrations import openspiel; openspiel.register();
    from open_spiel.python.algorithms import generate_playthrough as g;
    g.update_path('tests/data/openspiel')"
"""


@pytest.mark.parametrize("key", ["ofc", "mock", "mentok"])
def test_playthrough_replays(key: str) -> None:
    """OpenSpiel's playthrough of each game, every observer included, replays as it was kept."""
    if not flags.FLAGS.is_parsed():  # the playthrough reads one of its command-line flags
        flags.FLAGS.mark_as_parsed()
    expected, actual = generate_playthrough.replay(str(PLAYTHROUGHS / f"{key}.txt"))
    assert actual == expected


def factored(game: Any) -> tuple[Any, Any, Any]:
    """The whole, public-only and private-only observers of a game."""
    kinds = [
        pyspiel.IIGObservationType(perfect_recall=False),
        pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        ),
        pyspiel.IIGObservationType(
            public_info=False,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    ]
    whole, public, private = (game.make_py_observer(kind) for kind in kinds)
    return whole, public, private


@pytest.mark.parametrize("name", NAMES)
def test_public_and_private_observations_split_the_observation(name: str) -> None:
    game = pyspiel.load_game(name)
    whole, public, private = factored(game)
    always = openspiel_game.PRIVATE[game.get_type().short_name.removeprefix("python_tablerules_")]
    assert set(private.dict) == set(always[0]) | set(always[1])
    assert list(whole.dict) == [
        name for name in whole.dict if name in public.dict or name in private.dict
    ]
    for state in decisions(playout(game.new_initial_state(), seed=2))[:-1:4]:
        seat = state.current_player()
        for observer in (whole, public, private):
            observer.set_from(state, seat)
        for part, piece in whole.dict.items():
            parts = [half.dict[part] for half in (public, private) if part in half.dict]
            assert np.array_equal(sum(parts), piece)  # each feature in exactly one of them
        # a world dealt anew from another seat's view has the same public observation
        other = (seat + 1) % game.num_players()
        world = twin(state, other, seed=3)
        copy = public.tensor.copy()
        public.set_from(world, seat)
        assert np.array_equal(copy, public.tensor)
        assert public.string_from(world, seat) == public.string_from(state, seat)
    with pytest.raises(pyspiel.SpielError, match="no information-state tensor"):
        state.information_state_tensor(seat)


def test_a_hidden_fantasyland_board_is_private() -> None:
    config = ofc.Config(max_rounds=2)
    start = fantasyland_round(config, (15, 0), "", seed=5)
    game = pyspiel.load_game("python_tablerules_ofc", game_params(config))
    state = game.state_from(start)
    seat = state.current_player()
    assert start.fantasyland[seat]
    state.apply_action(state.legal_actions()[0])  # the solver's setting, hidden from the other seat
    follow(state, start.deck)
    _, public, private = factored(game)
    public.set_from(state, seat)
    private.set_from(state, seat)
    assert private.dict["board0.top"].sum() == 3
    assert public.dict["board0.top"].sum() == 0
    public.set_from(state, 1 - seat)  # the other seat's own board is on view
    assert public.dict["board1.top"].sum() == 0  # and ours is not, to it
