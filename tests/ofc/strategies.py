"""Hypothesis strategies for OFC configurations and games."""

from __future__ import annotations

from hypothesis import strategies as st

from tablerules import ofc

configs = st.one_of(
    st.builds(
        ofc.Config,
        players=st.sampled_from([2, 3]),
        progressive=st.booleans(),
        fantasyland_cards=st.sampled_from([None, 14, 17]),
        fantasyland_stay_middle=st.booleans(),
        starting_points=st.sampled_from([10, 100]),
        max_rounds=st.sampled_from([1, 2, 3]),
    ),
    st.builds(
        ofc.Config,
        variant=st.just("classic"),
        players=st.sampled_from([2, 3, 4]),
        progressive=st.booleans(),
        max_rounds=st.sampled_from([1, 2]),
    ),
    st.builds(
        ofc.Config,
        players=st.sampled_from([2, 3]),
        lowball_middle=st.just(True),
        lowball_fantasyland=st.sampled_from(["both", "either"]),
        max_rounds=st.sampled_from([1, 2]),
    ),
    st.builds(ofc.Config, fantasyland=st.just(False), max_rounds=st.sampled_from([1, 2])),
)
"""Playable configurations with few rounds, so playouts stay short."""
