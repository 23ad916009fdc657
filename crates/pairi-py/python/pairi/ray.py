"""pairi on a Ray cluster, for work that outgrows one machine (``docs/scale.md``).

Needs Ray (``pip install pairi[ray]``); ``import pairi`` never imports it. Each function
gives exactly what its single-process counterpart gives, only spread over the cluster:

- :func:`check_records` and :func:`review_records`: one Ray task per group of record
  files, results in the order of the files, each equal to :func:`pairi.check_record`
  or :func:`pairi.review` of that file;
- :func:`self_play`: Ray actors each playing ranges of an arena's games in Rust
  (:class:`pairi.arena.Arena`), the results gathered and summarized as
  ``pairi arena --json`` reports the same games;
- :func:`decisions_to_parquet`: over Ray Data, record files in, Parquet out, one task
  and one file per group of records, each file the rows
  :func:`pairi.dataset.batches` gives for its group.

The functions use the Ray cluster this process is connected to, and start a local one
(``ray.init()``) when there is none: connect first (``ray.init(address="auto")``, or
set ``RAY_ADDRESS``) to use a multi-node cluster. Every node needs pairi installed, and
record files at the same paths (a shared file system) or the paths they can read.
"""

from __future__ import annotations

import math
import os
import pathlib

import ray

from . import InvalidRequestError, InvalidTypeError
from . import check_record as _check_record
from . import review as _review
from .arena import Arena

__all__ = ["check_records", "decisions_to_parquet", "review_records", "self_play"]

_TASKS_PER_CPU = 4
"""Groups per CPU of the cluster when the group size is not given: enough for the
faster workers to take more of the work."""


def _connect():
    if not ray.is_initialized():
        ray.init()


def _cpus():
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _groups(items, size):
    """``items`` cut into consecutive lists of ``size`` (the last may be shorter)."""
    return [items[i : i + size] for i in range(0, len(items), size)]


def _count(name, value):
    """``value`` checked to be a whole number from 1."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise InvalidRequestError(f"{name}: a whole number from 1, not {value!r}")
    return value


def _group_size(n, files_per_task):
    if files_per_task is not None:
        return _count("files_per_task", files_per_task)
    return max(1, math.ceil(n / (_cpus() * _TASKS_PER_CPU)))


def _paths(paths):
    if isinstance(paths, (str, bytes, os.PathLike)):
        raise InvalidTypeError("paths: a list of paths (give [path] for one file)")
    return [os.fspath(p) for p in paths]


def _each_file(function, group, fields, keep_errors):
    out = []
    for p in group:
        try:
            out.append(function(pathlib.Path(p), **fields))
        except Exception as e:  # noqa: BLE001 - kept in place of the file's result
            if not keep_errors:
                raise
            out.append(e)
    return out


@ray.remote
def _files_task(function, group, fields, keep_errors):
    return _each_file(function, group, fields, keep_errors)


def _over_files(function, paths, files_per_task, errors, fields):
    if errors not in ("raise", "keep"):
        raise InvalidRequestError(f'errors: "raise" or "keep", not {errors!r}')
    paths = _paths(paths)
    if not paths:
        return []
    _connect()
    size = _group_size(len(paths), files_per_task)
    refs = [_files_task.remote(function, g, fields, errors == "keep") for g in _groups(paths, size)]
    out = []
    for part in ray.get(refs):
        out.extend(part)
    return out


def check_records(paths, *, files_per_task=None, errors="raise", **fields):
    """:func:`pairi.check_record` of every file of ``paths`` on the Ray cluster, one task
    per group of ``files_per_task`` consecutive files (default: about four groups per
    CPU): a list of :class:`pairi.RecordCheck` in the order of ``paths``. ``fields``:
    ``check_record``'s keywords (``format``, ``partial``). ``errors``: ``"raise"`` (a
    file that cannot be checked raises its error, as ``check_record`` does) or
    ``"keep"`` (its exception takes its place in the list, and the others go on)."""
    return _over_files(_check_record, paths, files_per_task, errors, fields)


def review_records(paths, *, files_per_task=None, errors="raise", **fields):
    """:func:`pairi.review` of every file of ``paths`` on the Ray cluster, one task per
    group of files: a list in the order of ``paths`` of what ``review`` gives for each
    (a :class:`pairi.Review`, or a list of them for a file of several games).
    ``fields``: ``review``'s keywords (``seats``, ``kyoku``, ``format``, ``ev``,
    ``partial``); ``files_per_task`` and ``errors`` as for :func:`check_records`."""
    return _over_files(_review, paths, files_per_task, errors, fields)


@ray.remote
class _Player:
    """An actor playing ranges of one arena's games in Rust."""

    def __init__(self, arena, threads):
        self.arena = arena
        self.threads = threads

    def play(self, start, count):
        return self.arena.play(start, count, threads=self.threads)


def self_play(
    agents,
    games,
    *,
    seed=0,
    players=None,
    rules="tenhou",
    duplicate=False,
    baseline=None,
    pairi_states=None,
    actors=None,
    cpus_per_actor=1,
    games_per_task=None,
):
    """Plays ``games`` arena games between ``agents`` on Ray actors and summarizes them:
    the dict ``pairi arena --json`` prints for the same arguments (``--agents``,
    ``--games``, ``--seed``, ``--players``, ``--rules``, ``--duplicate``,
    ``--baseline``, ``--pairi-states``; see :class:`pairi.arena.Arena`), whatever the
    number of actors or machines.

    ``actors``: how many (default: the cluster's CPUs over ``cpus_per_actor``); each
    takes ``cpus_per_actor`` CPUs and plays on as many threads. The games are cut into
    ranges of ``games_per_task`` (default: about four ranges per actor) handed to the
    actors as they finish."""
    arena = Arena(
        list(agents),
        games,
        seed=seed,
        rules=rules,
        players=players,
        duplicate=duplicate,
        baseline=baseline,
        pairi_states=pairi_states,
    )
    _count("cpus_per_actor", cpus_per_actor)
    if actors is not None:
        _count("actors", actors)
    if games_per_task is not None:
        _count("games_per_task", games_per_task)
    _connect()
    if actors is None:
        actors = max(1, _cpus() // cpus_per_actor)
    total = arena.games
    actors = min(actors, total)
    size = games_per_task or max(1, math.ceil(total / (actors * _TASKS_PER_CPU)))
    ranges = [(start, min(size, total - start)) for start in range(0, total, size)]
    pool = [_Player.options(num_cpus=cpus_per_actor).remote(arena, cpus_per_actor) for _ in range(actors)]
    try:
        rows = []
        pending = {}
        todo = iter(ranges)
        for actor in pool:
            r = next(todo, None)
            if r is None:
                break
            pending[actor.play.remote(*r)] = actor
        while pending:
            [done], _ = ray.wait(list(pending), num_returns=1)
            actor = pending.pop(done)
            rows.extend(ray.get(done))
            r = next(todo, None)
            if r is not None:
                pending[actor.play.remote(*r)] = actor
    finally:
        for actor in pool:
            ray.kill(actor)
    return arena.summary(rows)


def _write_group(item, out_dir, partial, forced, batch_size):
    """Writes the decisions of one group of record files to its Parquet file."""
    import pyarrow.parquet as pq

    from . import dataset

    path = os.path.join(out_dir, f"part-{item['group']:05d}.parquet")
    rows = games = 0
    with pq.ParquetWriter(path, dataset.SCHEMA) as writer:
        for batch in dataset.batches(list(item["paths"]), partial=partial, batch_size=batch_size, forced=forced):
            writer.write_batch(batch)
            rows += batch.num_rows
            if batch.num_rows:
                games = int(batch.column("game")[-1].as_py()) + 1
    return {"group": item["group"], "path": path, "paths": list(item["paths"]), "rows": rows, "games": games}


def decisions_to_parquet(
    paths, out_dir, *, files_per_task=None, partial=False, forced=False, batch_size=65536
):
    """Every decision of the record files ``paths`` as Parquet files in ``out_dir``,
    over Ray Data: one task per group of ``files_per_task`` consecutive files (default:
    about four groups per CPU), each writing ``part-NNNNN.parquet`` (``NNNNN`` the
    group's number) of :data:`pairi.dataset.SCHEMA`, its rows and metadata exactly what
    :func:`pairi.dataset.batches` gives for the group's files (its ``game`` column
    counts the games of the group from 0). Returns one dict per group, in order:
    ``group``, ``path`` (the Parquet file), ``paths`` (its records), ``rows``, ``games``.
    ``partial``, ``forced``, ``batch_size`` as for ``batches`` (the row groups of the
    files hold at most ``batch_size`` rows). A record the table refuses raises its
    error, naming the record."""
    import ray.data

    paths = _paths(paths)
    size = None if files_per_task is None else _count("files_per_task", files_per_task)
    _count("batch_size", batch_size)
    os.makedirs(out_dir, exist_ok=True)
    if not paths:
        return []
    _connect()
    size = size or _group_size(len(paths), None)
    groups = [{"group": i, "paths": g} for i, g in enumerate(_groups(paths, size))]
    out_dir = os.path.abspath(out_dir)
    ds = ray.data.from_items(groups, override_num_blocks=len(groups)).map(
        _write_group,
        fn_kwargs={"out_dir": out_dir, "partial": partial, "forced": forced, "batch_size": batch_size},
    )
    written = ds.take_all()
    return sorted(written, key=lambda w: w["group"])
