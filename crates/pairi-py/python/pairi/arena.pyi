"""Type stubs of pairi.arena: the arena's games in Rust, by range of game numbers."""

from typing import Any, Iterable, Literal, Sequence

GameRow = dict[str, Any]
"""One game's result: ``index``, ``unit``, ``wall_seed``, ``slots``, ``scores``,
``places``, ``stats`` (per seat: ``kyoku``, ``wins``, ``win_points``, ``deal_ins``,
``deal_in_points``, ``riichi``, ``called``, ``decisions``) and ``faults``."""

class Arena:
    """A run of games between built-in agents, as ``pairi arena`` plays it. ``agents``:
    one per seat, ``random``, ``tsumogiri``, ``greedy`` or ``pairi``, or
    ``LABEL=AGENT`` (slots with the same label are one agent); ``games`` (with
    ``duplicate``, rounded up to whole sets of one game per seat rotation); ``rules``:
    a table preset; ``players``: 3 for its three-player preset; ``baseline``: the agent
    the others are compared with (default: the last slot's); ``pairi_states``: the most
    hand states one search of the ``pairi`` agent builds. Pickles as its arguments."""

    def __init__(self, agents: Sequence[str], games: int = 100, *, seed: int = 0,
                 rules: str = "tenhou", players: Literal[3, 4] | None = None,
                 duplicate: bool = False, baseline: str | None = None,
                 pairi_states: int | None = None) -> None: ...
    @property
    def games(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def rules(self) -> str: ...
    @property
    def duplicate(self) -> bool: ...
    @property
    def labels(self) -> list[str]: ...
    def play(self, start: int = 0, count: int | None = None, *,
             threads: int | None = None) -> list[GameRow]:
        """Games ``start`` to ``start + count - 1`` (to the last when ``count`` is
        ``None``), in game order, on ``threads`` threads (default: one per core)."""
    def summary(self, games: Iterable[GameRow]) -> dict[str, Any]:
        """What ``pairi arena --json`` prints for the same games (any order, each at
        most once)."""
