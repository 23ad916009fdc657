"""pairi.dataset: the decisions of records as NumPy arrays and Arrow record batches."""

import pathlib
import sys

import numpy as np
import pytest

import pairi
from pairi import dataset

from shared_data import data

RECORDS = pathlib.Path(__file__).resolve().parents[2] / "pairi" / "tests" / "data" / "records"


# Records the table does not play as written: an mjai wall without its dora marker, and
# a kokushi robbing a closed kong (a rule of some rooms only, not the table's).
NOT_PLAYED = {"fmt_mjai_wall.jsonl", "kokushi_robs_closed_kong.jsonl"}


def own_records():
    """The repository's hand-written records (whole games) that the table plays."""
    return sorted(
        p for p in RECORDS.iterdir() if p.suffix != ".md" and p.name not in NOT_PLAYED
    )


def test_decisions_shapes_and_types():
    d = dataset.decisions(own_records())
    n = len(d["action"])
    assert n > 100
    assert d["obs"].shape == (n, 72, 34) and d["obs"].dtype == np.float32
    assert d["mask"].shape == (n, 190) and d["mask"].dtype == np.bool_
    assert d["action"].dtype == np.int16
    # The action taken is legal, and a decision has more than one legal action.
    assert d["mask"][np.arange(n), d["action"]].all()
    assert (d["mask"].sum(axis=1) > 1).all()
    assert d["game_over"].all()
    assert set(np.unique(d["placement"])) <= {1, 2, 3, 4}
    assert (np.diff(d["game"]) >= 0).all()


def test_paths_texts_and_bytes_give_the_same_rows():
    path = own_records()[0]
    text = path.read_text(encoding="utf-8")
    a = dataset.decisions(path)
    b = dataset.decisions(str(path))
    c = dataset.decisions(text)
    e = dataset.decisions([text.encode("utf-8")])
    for k in a:
        assert np.array_equal(a[k], b[k]) and np.array_equal(a[k], c[k])
        assert np.array_equal(a[k], e[k])


def test_batches_are_the_decisions():
    pa = pytest.importorskip("pyarrow")
    records = own_records()
    d = dataset.decisions(records)
    got = list(dataset.batches(records, batch_size=100))
    assert all(b.num_rows <= 100 for b in got)
    assert all(b.schema == dataset.SCHEMA for b in got)
    t = pa.Table.from_batches(got)
    assert t.num_rows == len(d["action"])
    assert np.array_equal(dataset.observations(t), d["obs"])
    assert np.array_equal(dataset.masks(t), d["mask"])
    for name in dataset.COLUMNS[3:]:
        assert np.array_equal(t.column(name).to_numpy(), d[name]), name
    meta = dataset.SCHEMA.metadata
    assert meta[b"pairi.encoding_version"] == str(dataset.ENCODING_VERSION).encode()


def test_observations_are_the_environments_planes():
    # The first decision of a game is the dealer's first turn: the planes of a table
    # dealt the same hands would be the same; here, the planes agree with their own
    # layout: the scalars row marks the round wind and the seat's wind.
    d = dataset.decisions(own_records()[0])
    first = d["obs"][0]
    assert first[71, :4].sum() == 1 and first[71, 4:8].sum() == 1
    # Planes 0 to 3 count the hand: 13 or 14 tiles.
    assert first[0:4].sum() in (13, 14)


def test_shared_records_partial_and_cut_off():
    logs = data("logs")
    files = sorted(p for d in ("tenhou6", "mjai", "mjlog") for p in (logs / d).iterdir())
    whole = dataset.decisions(files, partial=True)
    assert len(whole["action"]) > 1000
    assert not whole["game_over"].all()
    assert (whole["placement"][~whole["game_over"]] == -1).all()
    # Without partial, an excerpt is refused, naming the record.
    excerpt = logs / "mjai" / "tenhou_4p_ranked_excerpt.jsonl"
    with pytest.raises(pairi.ParseError, match="tenhou_4p_ranked_excerpt"):
        dataset.decisions(excerpt)


def test_a_bad_record_raises():
    with pytest.raises(pairi.InvalidHandError, match="kokushi_robs_closed_kong"):
        dataset.decisions(RECORDS / "kokushi_robs_closed_kong.jsonl")
    with pytest.raises(pairi.PairiError):
        dataset.decisions(['{"type":"start_game"}\n{"type":"nonsense"}\n'])
    with pytest.raises(TypeError):
        dataset.decisions([42])


def test_pyarrow_missing_is_a_clear_import_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ImportError, match="pip install pyarrow"):
        next(dataset.batches(own_records()))
