"""pairi on a local Ray cluster: each distributed result equals the single-process one
exactly. Skipped, saying so, when Ray is not installed (test.sh installs it)."""

import pathlib
import subprocess
import sys

import pytest

import pairi
from pairi.arena import Arena

RECORDS = pathlib.Path(__file__).resolve().parents[2] / "pairi" / "tests" / "data" / "records"


def records():
    """The repository's test records that check and review whole (a few need a field
    the reviewer asks for)."""
    files = []
    for p in sorted(RECORDS.iterdir()):
        if p.suffix in (".json", ".jsonl", ".mjlog"):
            try:
                pairi.check_record(p, partial=True)
                pairi.review(p, partial=True)
            except pairi.PairiError:
                continue
            files.append(p)
    assert len(files) >= 15
    return files


@pytest.fixture(scope="session")
def ray():
    ray = pytest.importorskip("ray")
    ray.init(
        num_cpus=2,
        object_store_memory=100 * 1024 * 1024,
        include_dashboard=False,
        log_to_driver=False,
        configure_logging=False,
    )
    yield ray
    ray.shutdown()


def test_import_pairi_never_imports_ray():
    code = "import sys, pairi, pairi.arena, pairi.env; assert 'ray' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_check_records_equals_single_process(ray):
    from pairi import ray as pray

    files = records()
    want = [pairi.check_record(p, partial=True) for p in files]
    for per_task in (None, 1, 7):
        got = pray.check_records(files, partial=True, files_per_task=per_task)
        assert got == want
    assert pray.check_records([]) == []


def test_check_records_errors_raise_or_stay_in_place(ray, tmp_path):
    from pairi import ray as pray

    bad = tmp_path / "bad.json"
    bad.write_text("not a record")
    files = records()[:3] + [bad]
    with pytest.raises(pairi.ParseError):
        pray.check_records(files, partial=True)
    got = pray.check_records(files, partial=True, errors="keep", files_per_task=2)
    assert got[:3] == [pairi.check_record(p, partial=True) for p in files[:3]]
    assert isinstance(got[3], pairi.ParseError)
    with pytest.raises(pairi.InvalidTypeError):
        pray.check_records(str(bad))
    with pytest.raises(pairi.InvalidRequestError):
        pray.check_records(files, files_per_task=0)


def test_review_records_equals_single_process(ray):
    from pairi import ray as pray

    files = records()
    want = [pairi.review(p, partial=True) for p in files]
    got = pray.review_records(files, partial=True, files_per_task=3)
    assert got == want
    one = pray.review_records(files[:2], seats=[1], partial=True)
    assert one == [pairi.review(p, seats=[1], partial=True) for p in files[:2]]


@pytest.mark.parametrize(
    "kw,actors,per",
    [({"duplicate": True}, None, None), ({"players": 3}, 1, 5)],
)
def test_self_play_equals_single_process(ray, kw, actors, per):
    from pairi import ray as pray

    n = 3 if kw.get("players") else 4
    agents = ["greedy"] * (n - 1) + ["random"]
    a = Arena(agents, 12, seed=5, **kw)
    want = a.summary(a.play())
    got = pray.self_play(agents, 12, seed=5, actors=actors, games_per_task=per, **kw)
    assert got == want


def test_decisions_to_parquet_equals_single_process(ray, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    pa = pytest.importorskip("pyarrow")
    from pairi import dataset
    from pairi import ray as pray

    # The table does not play a kokushi robbing a closed kong (test_dataset.py).
    files = [p for p in records() if p.name != "kokushi_robs_closed_kong.jsonl"]
    written = pray.decisions_to_parquet(files, tmp_path / "out", files_per_task=4, batch_size=500)
    assert [w["group"] for w in written] == list(range(len(written)))
    assert [p for w in written for p in w["paths"]] == [str(p) for p in files]
    for w in written:
        got = pq.read_table(w["path"])
        want = pa.Table.from_batches(list(dataset.batches(w["paths"], batch_size=500)), schema=dataset.SCHEMA)
        assert got.schema.equals(dataset.SCHEMA, check_metadata=True)
        assert got.equals(want)
        assert w["rows"] == got.num_rows and w["games"] == len(set(got.column("game").to_pylist()))
    # Put together, the rows are those of the whole list but for the games' numbers.
    whole = pa.Table.from_batches(list(dataset.batches(files)), schema=dataset.SCHEMA).drop_columns(["game"])
    parts = pa.concat_tables(pq.read_table(w["path"]) for w in written).drop_columns(["game"])
    assert parts.equals(whole)
