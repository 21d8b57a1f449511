"""Shared test setup."""

import os

from hypothesis import settings

# A real PostgreSQL server (`postgres_server`) and a fresh database per test (`postgres_url`).
pytest_plugins = ["tests.postgres"]

# Property tests' size: `default` for every run (scripts/test, CI), `long` for the long run
# (HYPOTHESIS_PROFILE=long scripts/test -m long). A test's own @settings(max_examples=...)
# still wins over the profile.
settings.register_profile("default", max_examples=100, deadline=None)
settings.register_profile("long", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
