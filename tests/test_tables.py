"""The shipped lookup tables: exactly what the builder makes now, and read back whole.

``scripts/make_tables.py`` writes the files in ``src/tablerules/_data/``; if
a test here fails after a change to the builder or the card codes, run it.
"""

from __future__ import annotations

import pytest

from tablerules import _tables, ranking
from tablerules._tables import TABLE_FILES
from tablerules.cards import COUNT_SHIFT


@pytest.mark.parametrize("name", TABLE_FILES)
def test_the_shipped_file_is_what_the_builder_makes(name: str) -> None:
    assert _tables.read_data(name) == _tables.table_file(name), (
        f"src/tablerules/_data/{name} is stale: run python scripts/make_tables.py"
    )


def test_every_shipped_file_is_listed() -> None:
    assert set(TABLE_FILES) == {"hands.bin", "lowball27.bin", "seven.bin"}


def size_of(key: int) -> int:
    return key >> COUNT_SHIFT & 7


def test_the_hand_tables_read_at_import() -> None:
    signed = _tables.build_hands()
    hands, hands_signed = _tables.HANDS, _tables.HANDS_SIGNED
    assert hands_signed == signed
    assert list(hands_signed) == list(signed)  # the order too: common hands first
    assert hands == {key: abs(value) for key, value in signed.items()}
    assert _tables.RANK5 is hands
    three = {key: value for key, value in signed.items() if size_of(key) == 3}
    rank3, rank3_signed = _tables.RANK3, _tables.RANK3_SIGNED
    assert rank3_signed == three
    assert rank3 == {key: abs(value) for key, value in three.items()}
    sizes = [sum(1 for key in signed if size_of(key) == size) for size in range(1, 6)]
    assert sizes == [13, 91, 455, 1_820, _tables.FIVE_CARD_KEYS]
    # A value is negative exactly when its hand holds a repeated rank.
    for value in signed.values():
        assert (value < 0) == (abs(value) // _tables.CATEGORY_BASE in _tables.PAIRED_CATEGORIES)


def test_the_tables_read_on_first_use() -> None:
    rank7, flushes = _tables.load_seven()
    assert rank7 == _tables.build_rank7()
    assert flushes == _tables.build_flushes()
    assert (len(rank7), len(flushes)) == (49_205, 4_719)
    plain, signed = _tables.load_lowball27()
    assert signed == _tables.build_lowball27()
    assert plain == {key: abs(value) for key, value in signed.items()}
    assert ranking.lowball27_table() == plain


def test_a_damaged_file_is_refused() -> None:
    data = _tables.table_file("lowball27.bin")
    assert [list(array) for array in _tables.decode(data)] == [
        list(map(int, _tables.build_lowball27().values()))
    ]
    with pytest.raises(ValueError, match="not a table file"):
        _tables.decode(b"GIF89a" + data)
    with pytest.raises(ValueError, match="wrong length"):
        _tables.decode(data[:-4])


def test_a_missing_file_is_built_instead(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> bytes:
        raise FileNotFoundError(name)

    monkeypatch.setattr(_tables, "read_data", missing)
    shipped = _tables.decode(_tables.table_file("hands.bin"))
    assert [list(array) for array in _tables.load_arrays("hands.bin")] == [
        list(array) for array in shipped
    ]
    with pytest.raises(ValueError, match="no table file"):
        _tables.table_file("nine.bin")
