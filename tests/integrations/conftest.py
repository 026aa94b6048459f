"""The integration tests need their extras; each module skips itself without them.

A test module starts with ``pytest.importorskip("pettingzoo", reason=...)``
(or the module it needs), so the suite runs on a bare install and says why
it skipped. ``.ci/run`` installs every extra, so CI runs them all.
"""
