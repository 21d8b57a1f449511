"""The fake Discord's own fixture, for its self-test."""

from tests.fakediscord.fixtures import fake_discord  # noqa: F401
