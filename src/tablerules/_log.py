"""Game logs, the same in every game: a whole game as its moves, written and read back.

A log starts with tag pairs as in PGN (``[Game "mock"]``, ``[Format "1"]``,
``[Config "players=3"]`` for the Config fields that differ from the default,
``[Seed "7"]``, ``[Deck "..."]`` for a stacked first deck, then the log's own
tags in order), a blank line, then the moves, one a line as
``seat N: <action>`` in the game's action notation. ``; round N`` opens each
round and ``; round N: points +3 -3, scores 103 97`` closes it; the last line
is the result, ``; result: seat 0 wins`` or ``; result: *`` for a game still
being played. The readers replay every move through the rules and check
every such comment; other lines that start with ``;`` are free comments.

A seat's log (``to_text(seat=k)``) has no seed or deck. Its first move line,
``start > ...``, is the seat's first observation record, field by field; each
move is then ``seat N > ...``, what changed in that seat's observation record
(``path=value``, or ``path+=[...]`` for a list that grew, values in JSON), with
the seat's own action before the ``>`` when it moved: the text is made from
what the seat saw, so games it cannot tell apart give the same text.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Final, Generic, TypeVar

import attrs
from typing_extensions import Self

from tablerules._common import check_seat
from tablerules._protocol import GameObservation, GameState
from tablerules._records import config_to_dict, read_config
from tablerules.cards import Card, cards_text, parse_cards
from tablerules.errors import LogError, RulesError, show

__all__ = ["FORMAT", "BaseLog", "Rules"]

S = TypeVar("S", bound=GameState)
A = TypeVar("A")
O = TypeVar("O", bound=GameObservation)  # noqa: E741 - beside S, A and C
C = TypeVar("C")

FORMAT: Final = "1"
"""The version of the log format this library writes and reads."""
_GAMES: Final = ("mentok", "mock", "ofc")
_RESERVED: Final = ("Game", "Format", "Seat", "Config", "Seed", "Deck")
_TAG: Final = re.compile(r'\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]')
_NAME: Final = re.compile(r"[A-Za-z0-9_]+")
_INT: Final = re.compile(r"-?[0-9]{1,80}")
_MOVE: Final = re.compile(r"seat ([0-9]{1,3}): (.*)")
_SEEN: Final = re.compile(r"(?:seat ([0-9]{1,3})|start)(?:: (.*?))? >(?: (.*))?")
_ITEM: Final = re.compile(r"([a-z_][a-z_0-9]*(?:\.[a-z_0-9]+)*)(\+?=)")
_RECORD_HEAD: Final = ("game", "version", "kind", "config")
_DECODER: Final = json.JSONDecoder()


@attrs.frozen
class Rules:
    """The functions of one game that its logs are written and replayed with."""

    name: str
    config: type[Any]
    new_game: Callable[..., Any]
    apply: Callable[[Any, Any], Any]
    apply_unchecked: Callable[[Any, Any], Any]
    parse_action: Callable[[str], Any]
    why_illegal: Callable[[Any, Any], str | None]
    observe: Callable[[Any, int], Any]
    view_to_dict: Callable[[Any], dict[str, Any]]
    view_from_dict: Callable[[Any], Any]


def _value_text(value: object) -> str:
    if isinstance(value, list):
        return ",".join(map(_value_text, value))
    return json.dumps(value) if value is None or isinstance(value, bool) else str(value)


def _value(text: str, is_list: bool) -> object:
    if is_list:
        return [_value(item, False) for item in text.split(",")] if text else []
    words: dict[str, object] = {"true": True, "false": False, "null": None}
    return words.get(text, int(text) if _INT.fullmatch(text) else text)


def _read_config(text: str, line: int, config_class: type[Any]) -> Any:
    """A ``[Config "..."]`` tag's ``name=value`` items over the defaults, read as records are."""
    record = config_to_dict(config_class())
    for item in text.split():
        name, equals, value = item.partition("=")
        if not equals or name not in record:
            fields = ", ".join(record)
            raise LogError(f"Config: {show(item)} is not name=value of a field ({fields})", line)
        record[name] = _value(value, isinstance(record[name], list))
    try:
        return read_config({"config": record}, "log", config_class)
    except RulesError as error:
        raise LogError(str(error), line) from None


def _check_tags(tags: Mapping[str, str] | Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    pairs = tuple(tags.items()) if isinstance(tags, Mapping) else tuple(map(tuple, tags))
    for pair in pairs:
        if len(pair) != 2 or not all(isinstance(part, str) for part in pair):
            raise TypeError(f"tags are (name, value) pairs of str, not {show(pair)}")
        name, value = pair
        if not _NAME.fullmatch(name) or name in _RESERVED:
            raise LogError(
                f"a tag's name is letters, digits and _ (as in PGN), and not one of "
                f"{', '.join(_RESERVED)}: not {show(name)}"
            )
        if "\n" in value or "\r" in value:
            raise LogError(f"tag {name} must be one line, not {show(value)}")
    return pairs  # type: ignore[return-value]


def _round_line(thing: Any) -> str:
    return f"; round {thing.round}"


def _between(before: Any, after: Any) -> list[str]:
    """The comments due after a move: a round's points and scores when it ended, the next round."""
    if (after.round, after.is_over) == (before.round, before.is_over):
        return []
    summary = after.last_round
    points = " ".join(f"{point:+d}" for point in summary.points)
    lines = [f"; round {summary.round}: points {points}, scores {' '.join(map(str, after.scores))}"]
    return lines if after.is_over else [*lines, _round_line(after)]


def _result_line(thing: Any) -> str:
    winners = thing.winners
    if not thing.is_over:
        return "; result: *"
    if len(winners) == 1:
        return f"; result: seat {winners[0]} wins"
    return f"; result: seats {', '.join(map(str, winners))} win" if winners else "; result: none"


def _body(things: list[Any], moves: list[str]) -> list[str]:
    lines = [_round_line(things[0])]
    for before, after, move in zip(things, things[1:], moves, strict=False):
        lines += [move, *_between(before, after)]
    return [*lines, _result_line(things[-1])]


def _diff(old: object, new: object, path: str, out: list[str]) -> None:
    """Items that turn the record ``old`` into ``new``: ``path=value``, ``path+=[...]``."""
    if type(old) is type(new) and old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict) and (not path or old.keys() == new.keys()):
        for key, value in new.items():
            _diff(old.get(key, _diff), value, f"{path}.{key}" if path else key, out)
    elif isinstance(old, list) and isinstance(new, list) and new[: len(old)] == old:
        out.append(f"{path}+={json.dumps(new[len(old) :], separators=(',', ':'))}")
    elif isinstance(old, list) and isinstance(new, list) and len(new) == len(old):
        for index, (was, value) in enumerate(zip(old, new, strict=True)):
            _diff(was, value, f"{path}.{index}", out)
    else:
        out.append(f"{path}={json.dumps(new, separators=(',', ':'))}")


def _seen(said: str, old: dict[str, Any], new: dict[str, Any]) -> str:
    items: list[str] = []
    _diff(old, new, "", items)
    return " ".join([f"{said} >", *items])


def _patch(record: dict[str, Any], text: str, line: int) -> None:
    """Apply the items :func:`_diff` wrote to ``record``, in place."""
    position = 0
    while position < len(text):
        match = _ITEM.match(text, position)
        if match is None:
            raise LogError(
                f"what the seat saw is path=value items, not {show(text[position:])}", line
            )
        try:
            value, position = _DECODER.raw_decode(text, match.end())
        except (ValueError, RecursionError):
            raise LogError(f"the value of {match[1]} is not JSON", line) from None
        if text[position : position + 1] not in ("", " "):
            raise LogError(f"a space must follow the value of {match[1]}", line)
        position += 1
        *parents, last = match[1].split(".")
        try:
            target: Any = record
            for part in parents:
                target = target[int(part) if isinstance(target, list) else part]
            key = int(last) if isinstance(target, list) else last
            if match[2] == "=":
                target[key] = value
            elif isinstance(target[key], list) and isinstance(value, list):
                target[key].extend(value)
            else:
                raise TypeError
        except (KeyError, IndexError, TypeError, ValueError):
            raise LogError(f"{match[1]} is no field of what the seat sees", line) from None


def _to_act(thing: Any) -> str:
    return "the game is over" if thing.to_act is None else f"seat {thing.to_act} is to act"


def _read_header(text: str, rules: Rules) -> tuple[list[str], int, dict[str, Any], list[Any]]:
    """The lines, where the body starts, the reserved tags (line, value) and the log's own tags."""
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    if not lines[0].startswith('[Game "'):
        raise LogError(f'a log starts with its game, such as [Game "{rules.name}"]', 1)
    fixed: dict[str, tuple[int, str]] = {}
    tags = []
    index = 0
    while index < len(lines) and lines[index].startswith("["):
        match = _TAG.fullmatch(lines[index])
        index += 1
        if match is None:
            raise LogError(f'a tag is written [Name "value"], not {show(lines[index - 1])}', index)
        name, value = match[1], re.sub(r"\\(.)", r"\1", match[2])
        if name in fixed:
            raise LogError(f"a second {name} tag", index)
        if name in _RESERVED:
            fixed[name] = (index, value)
        else:
            tags.append((name, value))
    game = fixed["Game"][1]
    if game != rules.name:
        known = f"this is a log of {game}: read it with tablerules.{game}.read_log"
        unknown = f"no game is named {show(game)} (the games are {', '.join(_GAMES)})"
        raise LogError(known if game in _GAMES else unknown, 1)
    if "Format" not in fixed or fixed["Format"][1] != FORMAT:
        line, given = fixed.get("Format", (2, None))
        raise LogError(
            f"Format must be {FORMAT!r}, the one this library reads, not {given!r}", line
        )
    if "Config" in fixed:
        line, value = fixed["Config"]
        fixed["Config"] = (line, _read_config(value, line, rules.config))
    return lines, index, fixed, tags


def _read_body(lines: list[str], start: int, first: Any, step: Callable[..., Any]) -> Any:
    """Play the moves with ``step(thing, line, text)``, checking every comment the writer writes."""
    thing, expected, ended = first, [_round_line(first)], False
    number = start
    for number, line in enumerate(lines[start:], start + 1):
        if not line.strip():
            continue
        if ended:
            raise LogError("nothing may follow the result line", number)
        if line.startswith(";"):
            due = expected[0] if expected else _result_line(thing)
            if line == due:
                ended = not expected
                expected = expected[1:]
            elif line.startswith(("; round ", "; result:")):
                raise LogError(f"the log says {line[:200]!r}, but the rules give {due!r}", number)
            continue
        if expected:
            raise LogError(f"a move where the log must say {expected[0]!r}", number)
        after = step(thing, number, line)
        thing, expected = after, _between(thing, after)
    if not ended:
        raise LogError(
            "the log ends before its result line ('; result: ...'): it was cut short", number
        )
    return thing


def _seat_moves(thing: Any, seat: str, line: int) -> None:
    if int(seat) != thing.to_act:
        raise LogError(f"seat {seat} moves, but {_to_act(thing)}", line)


class BaseLog(Generic[S, A, O, C]):
    """A game as the moves that made it: immutable; each game's ``GameLog`` (see :doc:`/logs`).

    Make one with :meth:`start` and :meth:`play`, or read one with the
    game's ``read_log``. Two logs are equal when their config, seed, deck,
    tags and actions are. Logs played on from one log share its moves, so
    :meth:`play` costs the same at every length.
    """

    __slots__ = ("_count", "_final", "_moves", "config", "deck", "seed", "tags")
    rules: ClassVar[Rules]
    config: C
    """The game's configuration."""
    seed: int
    """The seed that fixes every shuffle."""
    deck: tuple[Card, ...] | None
    """The first round's stacked deck, first card dealt first; ``None`` for a shuffle."""
    tags: tuple[tuple[str, str], ...]
    """Free ``(name, value)`` pairs (players' names, an event, a date), in order."""
    _moves: list[A]  # this log's actions are the first _count, shared with the logs played on
    _count: int
    _final: S

    @classmethod
    def _make(cls, config: C, seed: int, deck: Any, tags: Any, moves: list[A], final: S) -> Self:  # noqa: PLR0917
        log = object.__new__(cls)
        for setter, value in zip(
            _SETTERS, (config, seed, deck, tags, moves, len(moves), final), strict=True
        ):
            setter(log, value)
        return log

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a game log is immutable: play(action) makes a new one, not {name}")

    def __reduce__(self) -> tuple[object, ...]:
        return (
            _rebuild,
            (type(self), self.config, self.seed, self.deck, self.tags, self.actions, self._final),
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in _SHOWN)
        return f"{type(self).__qualname__}({fields})"

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in _SHOWN)

    @property
    def actions(self) -> tuple[A, ...]:
        """Every action from the new game on."""
        return tuple(self._moves[: self._count])

    @classmethod
    def start(
        cls,
        config: C | None = None,
        *,
        seed: int,
        deck: Iterable[Card] | None = None,
        tags: Mapping[str, str] | Iterable[tuple[str, str]] = (),
    ) -> Self:
        """A log of a new game, as ``new_game(config, seed=seed, deck=deck)`` deals it.

        ``tags`` are ``(name, value)`` pairs or a mapping; a name is letters,
        digits and ``_`` as in PGN, a value one line of text.
        """
        state = cls.rules.new_game(config, seed=seed, deck=deck)
        kept = None if deck is None else tuple(deck)
        return cls._make(state.config, state.seed, kept, _check_tags(tags), [], state)

    def play(self, action: A) -> Self:
        """This log with ``action`` played: checked as ``apply`` checks it; this log is unchanged.

        An illegal action raises :class:`~tablerules.IllegalActionError` saying why.
        """
        final = self.rules.apply(self._final, action)
        moves = self._moves
        if len(moves) != self._count:  # another log was played on from this one: branch off
            moves = moves[: self._count]
        moves.append(action)
        return self._make(self.config, self.seed, self.deck, self.tags, moves, final)

    @property
    def final(self) -> S:
        """The state after the last action (kept, so reading it costs nothing)."""
        return self._final

    def states(self) -> tuple[S, ...]:
        """Every state from the new game to :attr:`final`, replayed through the rules."""
        rules = self.rules
        state = rules.new_game(self.config, seed=self.seed, deck=self.deck)
        states = [state]
        for action in self.actions:
            state = rules.apply_unchecked(state, action)
            states.append(state)
        return tuple(states)

    def to_text(self, seat: int | None = None) -> str:
        """The log as text; with ``seat``, only what that seat saw, move by move."""
        rules, states = self.rules, self.states()
        tags = [("Game", rules.name), ("Format", FORMAT)]
        if seat is not None:
            tags.append(("Seat", str(check_seat(seat, len(states[0].scores)))))
        default = config_to_dict(type(self.config)())
        changed = [
            f"{name}={_value_text(value)}"
            for name, value in config_to_dict(self.config).items()
            if value != default[name] or type(value) is not type(default[name])
        ]
        tags += [("Config", " ".join(changed))] if changed else []
        if seat is None:
            tags += [("Seed", str(self.seed))]
            tags += [] if self.deck is None else [("Deck", cards_text(self.deck))]
        header = [
            f'[{name} "{value.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"]'
            for name, value in (*tags, *self.tags)
        ]
        turns = list(zip(states, self.actions, strict=False))
        if seat is None:
            body = _body(
                list(states), [f"seat {state.to_act}: {action}" for state, action in turns]
            )
        else:
            views = [rules.observe(state, seat) for state in states]
            records = [rules.view_to_dict(view) for view in views]
            for record in records:
                for name in _RECORD_HEAD:
                    del record[name]
            moves = [
                _seen(
                    f"seat {state.to_act}" + (f": {action}" if state.to_act == seat else ""), *pair
                )
                for (state, action), pair in zip(turns, itertools.pairwise(records), strict=True)
            ]
            body = [_seen("start", {}, records[0]), *_body(views, moves)]
        return "\n".join([*header, "", *body, ""])

    @classmethod
    def read(cls, text: str) -> Self:
        """The log ``text`` holds (``to_text()``), every move replayed; or LogError."""
        rules = cls.rules
        lines, start, fixed, tags = _read_header(_check_text(text), rules)
        if "Seat" in fixed:
            hint = f"read it with tablerules.{rules.name}.read_seat_log"
            raise LogError(f"this is one seat's log: {hint}", fixed["Seat"][0])
        if "Seed" not in fixed or not _INT.fullmatch(fixed["Seed"][1]):
            line, given = fixed.get("Seed", (start, None))
            raise LogError(f'a game\'s log holds its seed, as [Seed "7"], not {show(given)}', line)
        line, deck = fixed.get("Deck", (fixed["Seed"][0], None))
        try:
            log = cls.start(
                fixed.get("Config", (0, None))[1],
                seed=int(fixed["Seed"][1]),
                deck=None if deck is None else parse_cards(deck),
                tags=tags,
            )
        except RulesError as error:
            raise LogError(str(error), line) from None
        actions: list[A] = []

        def step(state: Any, line: int, text: str) -> Any:
            match = _MOVE.fullmatch(text)
            if match is None:
                raise LogError(f"a move is written 'seat N: <action>', not {show(text)}", line)
            _seat_moves(state, match[1], line)
            try:
                action = rules.parse_action(match[2])
            except RulesError as error:
                raise LogError(str(error), line) from None
            try:
                after = rules.apply(state, action)
            except RulesError as error:
                raise LogError(
                    f"seat {match[1]} cannot play {show(match[2])}: {error}", line
                ) from None
            actions.append(action)
            return after

        final = _read_body(lines, start, log.final, step)
        return log._make(log.config, log.seed, log.deck, log.tags, actions, final)

    @classmethod
    def read_seat(cls, text: str) -> tuple[O, ...]:
        """The observations a seat's log (``to_text(seat=k)``) holds, in order; or LogError."""
        rules = cls.rules
        lines, start, fixed, _ = _read_header(_check_text(text), rules)
        for name in ("Seed", "Deck"):
            if name in fixed:
                raise LogError(f"a seat's log never holds the {name.lower()}", fixed[name][0])
        line, seat = fixed.get("Seat", (start, ""))
        config = fixed.get("Config", (0, rules.config()))[1]
        try:
            first = rules.observe(rules.new_game(config, seed=0), int(seat))
        except (RulesError, ValueError):
            message = f'a seat\'s log names its seat, as [Seat "0"], not {show(seat)}'
            raise LogError(message, line) from None
        record = {
            name: value for name, value in rules.view_to_dict(first).items() if name in _RECORD_HEAD
        }
        views: list[O] = []

        def step(view: Any, line: int, text: str) -> Any:
            match = _SEEN.fullmatch(text)
            if match is None or (match[1] is None) != (view is None):
                form = "start > ..." if view is None else "seat N > ..., or seat N: <action> > ..."
                raise LogError(f"a move of a seat's log is written {form}, not {show(text)}", line)
            if view is not None:
                _seat_moves(view, match[1], line)
                if match[2] is not None:
                    try:
                        reason = rules.why_illegal(view, rules.parse_action(match[2]))
                    except RulesError as error:
                        reason = str(error)
                    if view.seat != int(match[1]):
                        reason = f"only seat {seat}'s own actions are shown in its log"
                    if reason is not None:
                        raise LogError(
                            f"seat {match[1]} cannot play {show(match[2])}: {reason}", line
                        )
            _patch(record, match[3] or "", line)
            try:
                after = rules.view_from_dict(record)
            except RulesError as error:
                raise LogError(str(error), line) from None
            if after.seat != int(seat):
                raise LogError(f"this is seat {seat}'s log, not seat {after.seat}'s", line)
            views.append(after)
            return after

        number = next((n for n in range(start, len(lines)) if lines[n].strip()), len(lines) - 1)
        _read_body(lines, number + 1, step(None, number + 1, lines[number]), step)
        return tuple(views)


_SHOWN: Final = ("config", "seed", "deck", "tags", "actions")
_SETTERS: Final = tuple(
    BaseLog.__dict__[name].__set__
    for name in ("config", "seed", "deck", "tags", "_moves", "_count", "_final")
)


def _rebuild(  # noqa: PLR0917 - the fields in order, as __reduce__ gives them
    cls: type[BaseLog[Any, Any, Any, Any]],
    config: Any,
    seed: int,
    deck: Any,
    tags: Any,
    actions: tuple[Any, ...],
    final: Any,
) -> BaseLog[Any, Any, Any, Any]:
    """A log from its fields, as pickles store it."""
    return cls._make(config, seed, deck, tags, list(actions), final)


def _check_text(text: object) -> str:
    if not isinstance(text, str):
        raise TypeError(f"text must be a log's text, a str, not {type(text).__name__}")
    return text
