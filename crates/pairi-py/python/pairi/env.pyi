"""Type stubs of pairi.env: game environments over pairi's table (docs/env.md)."""

from typing import Any, Literal, Sequence

import numpy as np
import numpy.typing as npt

ACTION_COUNT: int
"""The number of action indices (190 in encoding 1)."""
ENCODING_VERSION: int
"""The version of the action space and observation layout."""
OBS_PLANES: int
"""Planes of one observation (72 in encoding 1)."""
OBS_SHAPE: tuple[int, int]
"""``(OBS_PLANES, 34)``."""
PASS: int
"""The index of a pass."""

AgentName = Literal["random", "tsumogiri", "greedy", "pairi"]

class StepInfo:
    """What one step did, the built-in agents' moves after it included."""

    events: int
    deltas: list[int]
    kyoku_ends: int
    over: bool

class Table:
    """One game stepped by action index. ``agents``: one entry per seat, ``None`` for
    a learning seat or a built-in agent's name (all learning when omitted)."""

    def __init__(
        self,
        rules: str = "tenhou",
        seed: int = 0,
        agents: Sequence[AgentName | None] | None = None,
    ) -> None: ...
    def reset(self, seed: int | None = None) -> None: ...
    @property
    def seed(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def seat(self) -> int | None:
        """The learning seat that must decide now, ``None`` once the game is over."""
    @property
    def over(self) -> bool: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def learners(self) -> list[int]: ...
    def rewards(self) -> list[float]:
        """0 until the game is over, then each seat's result in thousands of points."""
    def observation(
        self, seat: int | None = None, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """The planes of ``seat`` (the seat to act by default), shape ``OBS_SHAPE``,
        written into ``out`` when given."""
    def mask(
        self, seat: int | None = None, out: npt.NDArray[np.bool_] | None = None
    ) -> npt.NDArray[np.bool_]:
        """The legal mask, shape ``(ACTION_COUNT,)``, written into ``out`` when given."""
    def legal_indices(self) -> list[int]: ...
    def action_mjai(self, index: int) -> str: ...
    def step(self, index: int) -> StepInfo: ...

Arrays = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    npt.NDArray[np.int64],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
]
"""``(observations (n, OBS_PLANES, 34), masks (n, ACTION_COUNT), seats (n,),
rewards (n, 4), dones (n,))``: views of the arrays the ``VecTable`` owns."""

class VecTable:
    """``n`` tables stepped in one call in Rust without the interpreter lock; table
    ``i`` plays the seeds ``seed + i``, ``seed + i + n``, ... in turn."""

    def __init__(
        self,
        n: int,
        rules: str = "tenhou",
        seed: int = 0,
        agents: Sequence[AgentName | None] | None = None,
    ) -> None: ...
    def __len__(self) -> int: ...
    @property
    def games_finished(self) -> int: ...
    @property
    def seeds(self) -> list[int]: ...
    def reset(self, seed: int | None = None) -> Arrays: ...
    def arrays(self) -> Arrays: ...
    def step(self, actions: npt.NDArray[np.int64]) -> Arrays: ...
    def step_random(self, times: int = 1) -> Arrays: ...

def fallback(legal: Sequence[int]) -> int: ...

class PairiEnv:
    """A gymnasium ``Env``: one learning seat against built-in agents."""

    players: int
    seat: int
    table: Table | None
    observation_space: Any
    action_space: Any
    def __init__(
        self,
        rules: str = "tenhou",
        opponents: AgentName | Sequence[AgentName] = "greedy",
        seat: int | None = 0,
        illegal_action: Literal["fallback", "raise"] = "fallback",
    ) -> None: ...
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]: ...
    def step(
        self, action: int
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]: ...
    def action_masks(self) -> npt.NDArray[np.bool_]: ...

def aec_env(rules: str = "tenhou") -> Any:
    """A PettingZoo AEC environment, every seat learning."""
