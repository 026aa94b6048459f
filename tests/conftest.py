"""Test configuration: Hypothesis profiles.

``HYPOTHESIS_PROFILE=ci`` (set by ``.ci/run``) runs fewer examples with no
deadline, so the suite stays quick and is not flaky on a busy machine;
``quick`` runs fewer still, for the repeat runs on the other CPythons, which
check that the code runs there rather than explore new cases.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None)
settings.register_profile(
    "ci", deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "quick", deadline=None, max_examples=12, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", deadline=None, max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
