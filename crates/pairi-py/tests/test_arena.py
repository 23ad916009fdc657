"""The arena from Python: any range of a run's games, played anywhere, put together is
the run, and its summary is what ``pairi arena --json`` prints for the same games."""

import json
import pickle
import subprocess

import pytest

import pairi
from pairi.arena import Arena
from test_shared import pairi_binary


@pytest.fixture(scope="module")
def binary():
    return pairi_binary()


@pytest.mark.parametrize(
    "agents,kw",
    [
        (["greedy", "greedy", "random", "tsumogiri"], {"duplicate": True}),
        (["a=greedy", "random", "random"], {"players": 3}),
    ],
)
def test_arena_ranges_are_the_cli_run(binary, agents, kw):
    a = Arena(agents, 10, seed=7, **kw)
    b = pickle.loads(pickle.dumps(a))
    assert repr(b) == repr(a) and b.games == a.games == (12 if kw.get("duplicate") else 10)
    whole = a.play(threads=1)
    parts = b.play(5) + a.play(0, 5, threads=2)
    assert sorted(parts, key=lambda g: g["index"]) == whole
    assert pickle.loads(pickle.dumps(whole)) == whole
    cmd = [binary, "arena", "--agents", ",".join(agents), "--games", "10", "--seed", "7", "--json"]
    if kw.get("duplicate"):
        cmd.append("--duplicate")
    if kw.get("players"):
        cmd += ["--players", str(kw["players"])]
    cli = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
    assert a.summary(parts) == cli
    assert a.summary(whole[:3])["games"] == 3


def test_arena_refuses_what_is_not_its_games():
    a = Arena(["random"] * 4, 4, seed=1)
    with pytest.raises(pairi.InvalidRequestError, match="games 0 to 3"):
        a.play(3, 2)
    g = a.play(0, 1)
    with pytest.raises(pairi.InvalidRequestError, match="given twice"):
        a.summary(g + g)
    with pytest.raises(pairi.InvalidRequestError, match="not a game of this run"):
        Arena(["random"] * 4, 4, seed=2).summary(g)
    with pytest.raises(pairi.InvalidRequestError, match="unknown agent"):
        Arena(["random", "cmd:bot", "random", "random"])
    with pytest.raises(pairi.InvalidRequestError, match="3 agents for 4 players"):
        Arena(["random"] * 3)
