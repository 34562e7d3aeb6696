"""Fixtures of the Sanguosha tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.sanguosha.skill_steps import every_story_replays


@pytest.fixture(autouse=True)
def _stories_replay() -> Iterator[None]:
    """A story built with ``skill_steps.table`` ends by rebuilding its tables from their
    events alone (other tests build none: nothing to check)."""
    yield from every_story_replays()
