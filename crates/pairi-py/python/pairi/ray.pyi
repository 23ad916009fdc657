"""Type stubs of pairi.ray: records and self-play over a Ray cluster (docs/scale.md)."""

import os
from typing import Any, Iterable, Literal

from . import RecordCheck, Review

Path = str | os.PathLike[str]

def check_records(paths: Iterable[Path], *, files_per_task: int | None = ...,
                  errors: Literal["raise", "keep"] = ...,
                  **fields: Any) -> list[RecordCheck | Exception]:
    """``pairi.check_record`` of every file, one Ray task per group, in input order."""
def review_records(paths: Iterable[Path], *, files_per_task: int | None = ...,
                   errors: Literal["raise", "keep"] = ...,
                   **fields: Any) -> list[Review | list[Review] | Exception]:
    """``pairi.review`` of every file, one Ray task per group, in input order."""
def self_play(agents: Iterable[str], games: int, *, seed: int = ...,
              players: Literal[3, 4] | None = ..., rules: str = ..., duplicate: bool = ...,
              baseline: str | None = ..., pairi_states: int | None = ...,
              actors: int | None = ..., cpus_per_actor: int = ...,
              games_per_task: int | None = ...) -> dict[str, Any]:
    """Arena games on Ray actors, summarized as ``pairi arena --json`` prints them."""
def decisions_to_parquet(paths: Iterable[Path], out_dir: Path, *,
                         files_per_task: int | None = ..., partial: bool = ...,
                         forced: bool = ..., batch_size: int = ...) -> list[dict[str, Any]]:
    """Decisions of record files to Parquet over Ray Data, one task and one file per
    group (``part-NNNNN.parquet``), each file ``pairi.dataset.batches`` of its group."""
