"""Game environments for reinforcement learning over pairi's table (``docs/env.md``).

- :class:`Table`: one game stepped by action index, every seat learning or some seats
  played by built-in agents in Rust (``random``, ``tsumogiri``, ``greedy``, ``pairi``);
- :class:`VecTable`: ``n`` tables stepped in one call in Rust without the interpreter
  lock, observations and masks written into arrays it owns;
- :class:`PairiEnv`: a gymnasium ``Env``, one learning seat against built-in agents;
- :func:`aec_env`: a PettingZoo AEC environment, every seat learning.

Observations are ``float32`` planes of shape ``(OBS_PLANES, 34)`` and masks over the
fixed action space of ``ACTION_COUNT`` indices, both of encoding ``ENCODING_VERSION``.
gymnasium and pettingzoo are optional: only :class:`PairiEnv` and :func:`aec_env` need
them (``pip install gymnasium pettingzoo``).
"""

from __future__ import annotations

import numpy as np

from ._pairi import ACTION_COUNT, ENCODING_VERSION, OBS_PLANES, StepInfo, VecTable
from ._pairi import EnvTable as Table

__all__ = [
    "ACTION_COUNT",
    "ENCODING_VERSION",
    "OBS_PLANES",
    "OBS_SHAPE",
    "PASS",
    "PairiEnv",
    "StepInfo",
    "Table",
    "VecTable",
    "aec_env",
    "fallback",
]

OBS_SHAPE = (OBS_PLANES, 34)
"""The shape of one observation: planes × tile kinds."""

PASS = ACTION_COUNT - 1
"""The index of a pass (declining every claim)."""

_BOUND = 1000.0
"""The observation space's bounds: every value lies within ±1 000 (scores are in units of
10 000 points; a honba count would need a thousand kyoku in a row to reach it)."""

_TSUMOGIRI = range(37, 74)
_DISCARD = range(0, 37)


def fallback(legal):
    """The action played for an index that is not legal (``illegal_action="fallback"``):
    a pass on a claim; on a turn the tile just drawn, else the last discard allowed,
    else the first legal action. ``legal``: the legal indices, in the table's order."""
    if PASS in legal:
        return PASS
    for i in legal:
        if i in _TSUMOGIRI:
            return i
    discards = [i for i in legal if i in _DISCARD]
    return discards[-1] if discards else legal[0]


def _gymnasium():
    try:
        import gymnasium
    except ImportError as e:  # pragma: no cover - exercised without the extra
        raise ImportError(
            "pairi.env.PairiEnv needs gymnasium: pip install gymnasium"
        ) from e
    return gymnasium


def _spaces(gymnasium):
    spaces = gymnasium.spaces
    return (
        spaces.Dict(
            {
                "observation": spaces.Box(-_BOUND, _BOUND, OBS_SHAPE, np.float32),
                "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
            }
        ),
        spaces.Discrete(ACTION_COUNT),
    )


def _observe(table, seat):
    """The observation dict of ``seat``: planes and mask (all zero once over)."""
    if table.over:
        return {
            "observation": np.zeros(OBS_SHAPE, np.float32),
            "action_mask": np.zeros(ACTION_COUNT, np.int8),
        }
    return {
        "observation": table.observation(seat),
        "action_mask": table.mask(seat).view(np.int8),
    }


def _make_env_class():
    gymnasium = _gymnasium()

    class PairiEnv(gymnasium.Env):
        """One learning seat against built-in agents, as a gymnasium ``Env``.

        ``rules``: a table preset (``tenhou``, ``tenhou-sanma``, ``mahjongsoul``, ...);
        ``opponents``: one built-in agent name for every other seat, or a list of one
        per other seat in seat order; ``seat``: the learning seat, or ``None`` for one
        drawn at each reset; ``illegal_action``: ``"fallback"`` plays :func:`fallback`
        for an index the mask does not allow and sets ``info["illegal_action"]``
        (so tools that sample the whole action space work), ``"raise"`` raises
        ``InvalidRequestError``.

        Observation: ``{"observation": float32 (OBS_PLANES, 34), "action_mask": int8
        (ACTION_COUNT,)}``. Reward: 0 at every step but the last; at the game's end
        the learning seat's result in thousands of points (final score − return points
        + uma, + oka for the first: the placement score of the rules). ``terminated``
        when the game is over; never truncated.
        """

        metadata = {"render_modes": []}

        def __init__(self, rules="tenhou", opponents="greedy", seat=0, illegal_action="fallback"):
            if illegal_action not in ("fallback", "raise"):
                raise ValueError("illegal_action: 'fallback' or 'raise'")
            probe = Table(rules)
            self.players = probe.players
            others = self.players - 1
            if isinstance(opponents, str):
                opponents = [opponents] * others
            opponents = list(opponents)
            if len(opponents) != others:
                raise ValueError(f"opponents: {others} names for {self.players} players")
            if seat is not None and not 0 <= seat < self.players:
                raise ValueError(f"seat {seat}: 0 to {self.players - 1}")
            self.rules = rules
            self.opponents = opponents
            self.fixed_seat = seat
            self.illegal_action = illegal_action
            self.observation_space, self.action_space = _spaces(gymnasium)
            self.seat = 0 if seat is None else seat
            self.table = None

        def _agents(self):
            it = iter(self.opponents)
            return [None if s == self.seat else next(it) for s in range(self.players)]

        def reset(self, *, seed=None, options=None):
            super().reset(seed=seed)
            game_seed = int(self.np_random.integers(0, 2**63))
            if self.fixed_seat is None:
                self.seat = int(self.np_random.integers(0, self.players))
            self.table = Table(self.rules, game_seed, agents=self._agents())
            return _observe(self.table, self.seat), {"seat": self.seat, "seed": game_seed}

        def action_masks(self):
            """The legal mask as ``bool`` (for maskable policies)."""
            if self.table is None or self.table.over:
                return np.zeros(ACTION_COUNT, bool)
            return self.table.mask(self.seat)

        def step(self, action):
            if self.table is None:
                raise RuntimeError("reset() first")
            action = int(action)
            legal = self.table.legal_indices()
            info = {"seat": self.seat}
            if action not in legal:
                if self.illegal_action == "raise" or not legal:
                    self.table.step(action)  # raises, naming the index
                info["illegal_action"] = True
                action = fallback(legal)
            step = self.table.step(action)
            info["deltas"] = step.deltas
            over = self.table.over
            reward = float(self.table.rewards()[self.seat]) if over else 0.0
            if over:
                info["scores"] = self.table.scores
            return _observe(self.table, self.seat), reward, over, False, info

    return PairiEnv


def __getattr__(name):
    if name == "PairiEnv":
        cls = _make_env_class()
        globals()["PairiEnv"] = cls
        return cls
    raise AttributeError(f"module 'pairi.env' has no attribute {name!r}")


def aec_env(rules="tenhou"):
    """A PettingZoo AEC environment: every seat learning (``player_0`` ...).

    Observations as :class:`PairiEnv`'s, for any agent at any time (a seat that has
    nothing to decide has an all-zero mask); rewards 0 until the game ends, then each
    seat's result in thousands of points. Needs pettingzoo (``pip install pettingzoo``).
    """
    try:
        from pettingzoo import AECEnv
    except ImportError as e:  # pragma: no cover - exercised without the extra
        raise ImportError("pairi.env.aec_env needs pettingzoo: pip install pettingzoo") from e
    gymnasium = _gymnasium()

    class PairiAEC(AECEnv):
        metadata = {"render_modes": [], "name": "pairi_v1", "is_parallelizable": False}

        def __init__(self, rules):
            super().__init__()
            self.rules = rules
            players = Table(rules).players
            self.possible_agents = [f"player_{s}" for s in range(players)]
            self._index = {a: s for s, a in enumerate(self.possible_agents)}
            obs_space, act_space = _spaces(gymnasium)
            self.observation_spaces = {a: obs_space for a in self.possible_agents}
            self.action_spaces = {a: act_space for a in self.possible_agents}
            self.table = None

        def observation_space(self, agent):
            return self.observation_spaces[agent]

        def action_space(self, agent):
            return self.action_spaces[agent]

        def reset(self, seed=None, options=None):
            if seed is None:
                seed = int(np.random.default_rng().integers(0, 2**63))
            self.table = Table(self.rules, int(seed))
            self.agents = self.possible_agents[:]
            self.rewards = {a: 0.0 for a in self.agents}
            self._cumulative_rewards = {a: 0.0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self.infos = {a: {} for a in self.agents}
            self.agent_selection = self.possible_agents[self.table.seat]

        def observe(self, agent):
            return _observe(self.table, self._index[agent])

        def step(self, action):
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            self.table.step(int(action))
            if self.table.over:
                for a, r in zip(self.possible_agents, self.table.rewards()):
                    self.rewards[a] = float(r)
                    self.terminations[a] = True
                self.agent_selection = agent
            else:
                for a in self.agents:
                    self.rewards[a] = 0.0
                self.agent_selection = self.possible_agents[self.table.seat]
            self._accumulate_rewards()

        def render(self):
            return None

        def close(self):
            pass

    return PairiAEC(rules)
