"""The shared test data: ``../shared`` beside the repository (another folder when the
environment variable PAIRI_SHARED names one). A test that needs a file of it is skipped,
saying so, when the file is absent; with PAIRI_REQUIRE_SHARED=1 (CI sets it) it fails
instead, so nothing is skipped unseen."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def path(rel):
    """The path of ``rel`` under the shared folder (``data/riichi/score-cases.jsonl``)."""
    base = pathlib.Path(os.environ.get("PAIRI_SHARED") or ROOT.parent / "shared")
    found = base / rel
    if not found.exists():
        message = f"needs ../shared/{rel}"
        if os.environ.get("PAIRI_REQUIRE_SHARED") == "1":
            pytest.fail(f"{message} (PAIRI_REQUIRE_SHARED=1: the shared data must be beside the repository)")
        pytest.skip(message)
    return found


def data(rel):
    """``path("data/" + rel)``."""
    return path(f"data/{rel}")
