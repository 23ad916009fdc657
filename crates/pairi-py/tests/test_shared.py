"""The shared cases under ../shared/data through the Python API give the answers the
command line gives in a batch: the same JSON for every result, the same error kind and
message (raised as that kind's exception) for every refusal."""

import json
import os
import pathlib
import subprocess

import pytest

import pairi
from shared_data import data

ROOT = pathlib.Path(__file__).resolve().parents[3]
# Fields of the case files that are not request fields: ids, expected values, and the
# provenance notes of the MCR anchors.
NOT_FIELDS = {"id", "expected", "expected_tenhou", "expected_4p", "doc_agrees", "doc_fans", "source"}
FUNCTIONS = {
    "score": pairi.score,
    "fan": pairi.fan,
    "shanten": pairi.shanten,
    "analyze": pairi.analyze,
}
CASES = [
    ("score", "riichi/score-cases.jsonl"),
    ("score", "sanma/score-cases.jsonl"),
    ("fan", "mcr/fan-seed1.jsonl"),
    ("fan", "mcr/fan-anchors.jsonl"),
    ("shanten", "shanten/cases.jsonl"),
    ("analyze", "sanma/shanten-cases.jsonl"),
]


def pairi_binary():
    """The command-line binary: $PAIRI_BIN, or the workspace's debug build."""
    path = os.environ.get("PAIRI_BIN")
    if path:
        return path
    subprocess.run(["cargo", "build", "-q", "--bin", "pairi"], cwd=ROOT, check=True)
    return str(ROOT / "target" / "debug" / "pairi")


@pytest.fixture(scope="module")
def binary():
    return pairi_binary()


@pytest.mark.parametrize("kind,file", CASES)
def test_shared_cases_answer_as_the_cli(binary, kind, file):
    text = data(file).read_text()
    lines = [l for l in text.splitlines() if l.strip()]
    batch = subprocess.run(
        [binary, kind, "--batch", "-"], input=text, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert len(batch) == len(lines)
    function = FUNCTIONS[kind]
    for line, cli in zip(lines, batch):
        case = json.loads(line)
        fields = {k: v for k, v in case.items() if k not in NOT_FIELDS}
        hand = fields.pop("hand")
        want = json.loads(cli)
        want.pop("id")
        if "error" in want:
            error = want["error"]
            with pytest.raises(pairi.PairiError) as raised:
                function(hand, **fields)
            assert type(raised.value) is EXCEPTIONS[error["kind"]], case["id"]
            assert str(raised.value) == error["message"], case["id"]
        else:
            assert function(hand, **fields).to_dict() == want, case["id"]


EXCEPTIONS = {
    "parse": pairi.ParseError,
    "invalid_request": pairi.InvalidRequestError,
    "invalid_hand": pairi.InvalidHandError,
    "not_winning": pairi.NotWinningError,
    "no_yaku": pairi.NoYakuError,
}


def test_riichi_cases_match_expected():
    """Beyond agreeing with the CLI: the expected values themselves."""
    for line in data("riichi/score-cases.jsonl").read_text().splitlines():
        case = json.loads(line)
        fields = {k: v for k, v in case.items() if k not in NOT_FIELDS}
        want = case["expected"]
        if "error" in want:
            continue
        got = pairi.score(fields.pop("hand"), **fields)
        assert (got.han, got.yakuman, got.yaku, got.payments, got.total) == (
            want["han"], want["yakuman"], want["yaku"], want["payments"], want["total"]
        ), case["id"]


def test_ev_cases_answer_as_the_cli(binary):
    """The expected-value cases the reference answered in under 20 ms, through
    ``pairi.ev`` and ``pairi ev --batch``: the same answers."""
    lines = [l for l in data("ev/cases.jsonl").read_text().splitlines() if l.strip()]
    lines = [l for l in lines if json.loads(l)["reference_us"] < 20_000]
    batch = subprocess.run(
        [binary, "ev", "--batch", "-"], input="\n".join(lines), capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert len(batch) == len(lines) > 100
    for line, cli in zip(lines, batch):
        case = json.loads(line)
        fields = {k: v for k, v in case.items() if k not in NOT_FIELDS | {"reference_us"}}
        hand = fields.pop("hand")
        want = json.loads(cli)
        want.pop("id")
        got = pairi.ev(hand, **fields)
        assert got.to_dict() == want, case["id"]
        best = got.discards[0]
        assert best["score"][case["turn"]] == max(d["score"][case["turn"]] for d in got.discards)


def test_records_check_and_review_as_the_cli(binary):
    """Every shared game record through ``pairi.check_record`` and ``pairi.review`` gives
    the answers of ``pairi record check --json`` and ``pairi review --json``."""
    files = sorted(p for d in ("tenhou6", "mjai", "mjlog") for p in data(f"logs/{d}").iterdir())
    assert len(files) == 18
    wins = 0
    for path in files:
        cli = json.loads(
            subprocess.run([binary, "record", "check", "--json", "--partial", str(path)], capture_output=True, text=True, check=True).stdout
        )
        cli.pop("file")
        got = pairi.check_record(path, partial=True)
        assert got.to_dict() == cli, path.name
        assert got.mismatches == []
        wins += got.wins
        review = json.loads(
            subprocess.run([binary, "review", "--json", "--partial", str(path)], capture_output=True, text=True, check=True).stdout
        )
        assert pairi.review(path.read_text(), partial=True).to_dict() == review, path.name
    assert wins == 46


def test_records_legal_as_the_cli(binary):
    """``pairi.record_legal`` gives the decisions ``pairi record legal`` prints, line by
    line, on every shared record."""
    files = sorted(p for d in ("tenhou6", "mjai", "mjlog") for p in data(f"logs/{d}").iterdir())
    points = 0
    for path in files:
        rules = "mahjongsoul" if "mjsoul" in path.name else "tenhou"
        out = subprocess.run(
            [binary, "record", "legal", "--partial", "--rules", rules, str(path)],
            capture_output=True, text=True, check=True,
        ).stdout
        cli = [json.loads(line) for line in out.splitlines()]
        got = pairi.record_legal(path, partial=True, rules=rules)
        assert got == cli, path.name
        points += len(got)
    assert points > 3000
    with pytest.raises(pairi.InvalidRequestError):
        pairi.record_legal(files[0], rules="mjsoul")


def test_records_read_convert_and_fail_cleanly():
    path = data("logs/tenhou6/ranked_game.json")
    events = pairi.read_record(path)
    assert events[0]["type"] == "start_game" and events[-1]["type"] == "end_game"
    assert sum(e["type"] == "hora" for e in events) == 3
    back = json.loads(pairi.convert_record("\n".join(json.dumps(e) for e in events), to="tenhou6"))
    assert back == json.loads(path.read_text())
    import gzip

    assert pairi.check_record(gzip.compress(path.read_bytes())).wins == 3
    r = pairi.review(path, seats=[2], kyoku=["E2"])
    assert [k["kyoku"] for k in r.kyokus] == ["E2", "E2.1"]
    assert {d["seat"] for k in r.kyokus for d in k["discards"]} == {2}
    with pytest.raises(pairi.ParseError):
        pairi.check_record("not a record")
    with pytest.raises(pairi.InvalidRequestError):
        pairi.review(path, kyoku=["W4"])
    broken = path.read_text().replace("[13,60,60,22", "[11,60,60,22", 1)
    with pytest.raises(pairi.InvalidHandError, match="kyoku E1"):
        pairi.check_record(broken)
