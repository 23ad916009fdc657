"""The game environments: the table by action index, the vectorised tables, and the
gymnasium and PettingZoo environments under their libraries' own API checkers."""

import random

import numpy as np
import pytest

import pairi
from pairi import env as penv


def play_random(table, rng):
    steps = 0
    while not table.over:
        table.step(rng.choice(table.legal_indices()))
        steps += 1
    return steps


def test_constants():
    assert penv.ENCODING_VERSION == 1
    assert penv.ACTION_COUNT == 190
    assert penv.OBS_SHAPE == (penv.OBS_PLANES, 34)


@pytest.mark.parametrize("rules,players", [("tenhou", 4), ("tenhou-sanma", 3)])
def test_table_plays_a_game_and_mask_matches_legal(rules, players):
    t = penv.Table(rules, seed=5)
    assert t.players == players
    rng = random.Random(1)
    steps = 0
    while not t.over:
        legal = t.legal_indices()
        mask = t.mask()
        assert mask.dtype == np.bool_ and mask.shape == (penv.ACTION_COUNT,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal)
        if steps % 17 == 0:
            obs = t.observation()
            assert obs.shape == penv.OBS_SHAPE and obs.dtype == np.float32
            # Column 27 of the scalars: three players.
            assert obs[-1, 27] == (1.0 if players == 3 else 0.0)
        t.step(rng.choice(legal))
        steps += 1
    assert steps > 100
    rewards = t.rewards()
    assert len(rewards) == players and abs(sum(rewards)) < 1e-3
    assert t.seat is None and t.legal_indices() == []
    with pytest.raises(pairi.InvalidRequestError):
        t.step(0)


def test_observation_and_mask_into_given_arrays():
    t = penv.Table("tenhou", seed=4)
    obs = np.full(penv.OBS_SHAPE, 7.0, np.float32)
    mask = np.ones(penv.ACTION_COUNT, bool)
    assert t.observation(out=obs) is obs and t.mask(out=mask) is mask
    assert np.array_equal(obs, t.observation()) and np.array_equal(mask, t.mask())
    with pytest.raises(pairi.InvalidRequestError, match="shape"):
        t.observation(out=np.zeros((34, penv.OBS_PLANES), np.float32))
    with pytest.raises(pairi.InvalidRequestError, match="values"):
        t.mask(out=np.zeros(3, bool))


def test_seeded_game_is_deterministic():
    runs = []
    for _ in range(2):
        t = penv.Table("tenhou", seed=11, agents=[None, "greedy", "random", "tsumogiri"])
        rng = random.Random(3)
        trace = []
        while not t.over:
            obs = t.observation()
            trace.append(float(obs.sum()))
            t.step(rng.choice(t.legal_indices()))
        runs.append((trace, t.scores))
    assert runs[0] == runs[1]


def test_illegal_index_is_refused():
    t = penv.Table("tenhou", seed=2)
    legal = set(t.legal_indices())
    bad = next(i for i in range(penv.ACTION_COUNT) if i not in legal)
    with pytest.raises(pairi.InvalidRequestError, match="not legal"):
        t.step(bad)
    with pytest.raises(pairi.InvalidRequestError, match="unknown rules"):
        penv.Table("nope")
    with pytest.raises(pairi.InvalidRequestError, match="unknown agent"):
        penv.Table("tenhou", agents=[None, "x", "random", "random"])
    with pytest.raises(pairi.InvalidRequestError, match="must learn"):
        penv.Table("tenhou", agents=["random"] * 4)


def test_observation_hides_other_seats_concealed_tiles():
    # The viewer's own hand planes hold its 13 or 14 tiles; another seat's hand never
    # appears: the planes of a seat's view are the same for two tables that differ only
    # in what the table knows and the seat may not (checked exhaustively in Rust); here
    # the seat's hand planes count exactly its own tiles.
    t = penv.Table("tenhou", seed=9)
    for seat in range(4):
        obs = t.observation(seat)
        held = int(obs[0:4].sum())
        assert held == (14 if seat == t.seat else 13)


def test_vectable_steps_and_restarts_games():
    n = 8
    v = penv.VecTable(n, rules="tenhou-sanma", seed=100)
    obs, masks, seats, rewards, dones = v.arrays()
    assert obs.shape == (n, penv.OBS_PLANES, 34) and masks.shape == (n, penv.ACTION_COUNT)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(3000):
        scores = rng.random(masks.shape) * masks
        actions = scores.argmax(axis=1).astype(np.int64)
        obs2, masks2, seats2, rewards, dones = v.step(actions)
        assert obs2 is obs or np.shares_memory(obs2, obs)
        finished += int(dones.sum())
        assert np.all(masks.any(axis=1))
        assert np.all(seats >= 0)
        for i in np.flatnonzero(dones):
            assert abs(float(rewards[i].sum())) < 1e-3
    assert finished > 0 and v.games_finished == finished
    v.step_random(500)
    with pytest.raises(pairi.InvalidRequestError, match="actions for"):
        v.step(np.zeros(n + 1, np.int64))


def test_vectable_is_deterministic():
    def run():
        v = penv.VecTable(4, seed=7, agents=[None, "greedy", "greedy", "random"])
        for _ in range(300):
            v.step_random()
        return v.arrays()[0].copy(), v.seeds
    a, b = run(), run()
    assert np.array_equal(a[0], b[0]) and a[1] == b[1]


def test_gymnasium_env_passes_check_env():
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    for rules in ("tenhou", "tenhou-sanma"):
        e = penv.PairiEnv(rules=rules, opponents="greedy", seat=None)
        check_env(e, skip_render_check=True)
        obs, info = e.reset(seed=4)
        assert e.observation_space.contains(obs)
        total, done, steps = 0.0, False, 0
        rng = np.random.default_rng(1)
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, r, done, trunc, info = e.step(int(rng.choice(legal)))
            total += r
            steps += 1
        assert not trunc and steps > 10 and np.isfinite(total)
    assert isinstance(gymnasium.spaces.Dict, type)


def test_gymnasium_env_raises_on_illegal_when_asked():
    pytest.importorskip("gymnasium")
    e = penv.PairiEnv(illegal_action="raise")
    obs, _ = e.reset(seed=0)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(pairi.InvalidRequestError):
        e.step(bad)
    e = penv.PairiEnv()
    obs, _ = e.reset(seed=0)
    _, _, _, _, info = e.step(bad)
    assert info["illegal_action"] is True


def test_pettingzoo_aec_passes_api_test():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    for rules in ("tenhou", "tenhou-sanma"):
        api_test(penv.aec_env(rules), num_cycles=2000)
