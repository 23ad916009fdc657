"""The shared cases under ../shared/data through the Python API give the answers the
command line gives in a batch: the same JSON for every result, the same error kind and
message (raised as that kind's exception) for every refusal."""

import json
import os
import pathlib
import subprocess

import pytest

import pairi

ROOT = pathlib.Path(__file__).resolve().parents[3]
DATA = ROOT.parent / "shared" / "data"
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
    text = (DATA / file).read_text()
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
    for line in (DATA / "riichi/score-cases.jsonl").read_text().splitlines():
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
    lines = [l for l in (DATA / "ev" / "cases.jsonl").read_text().splitlines() if l.strip()]
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
