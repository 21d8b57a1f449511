"""Keeps secrets out of the log at every level (filled in by the log-secrecy work)."""

from __future__ import annotations


def install() -> None:
    """Install the log filters; safe to call more than once."""
