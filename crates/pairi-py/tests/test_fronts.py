"""The same request gives the same bytes from Python as from the command line: each
request of crates/pairi-cli/tests/fronts.jsonl whose command-line answer is whole (the
batch kinds, ``stats --json``, ``review --json``) is answered by ``pairi._pairi.answer``
with the command line's bytes, or raises the error the command line writes; a converted
record is the text ``pairi record convert`` prints, keys in the same order. (The Rust
test beside that file holds the library, the server and the WebAssembly shim to it.)"""

import json
import pathlib
import subprocess

import pytest

import pairi
from pairi import _pairi
from test_shared import pairi_binary

ROOT = pathlib.Path(__file__).resolve().parents[3]
BATCH_KINDS = ("shanten", "analyze", "score", "fan", "ev", "play")


def cases():
    out = []
    for line in (ROOT / "crates/pairi-cli/tests/fronts.jsonl").read_text().splitlines():
        if not line.strip():
            continue
        case = json.loads(line)
        if case.get("record"):
            case["request"]["record"] = (ROOT / case["record"]).read_text()
        if case["kind"] in BATCH_KINDS or case["kind"] in ("stats", "review", "record_convert"):
            out.append(case)
    return out


@pytest.fixture(scope="module")
def binary():
    return pairi_binary()


@pytest.mark.parametrize("case", cases(), ids=lambda c: c["kind"])
def test_fronts_python_answers_the_command_lines_bytes(binary, case):
    kind, request = case["kind"], case["request"]
    if kind in BATCH_KINDS:
        line = json.dumps({"id": 1, **request})
        out = subprocess.run(
            [binary, kind, "--batch", "-"], input=line, capture_output=True, text=True, check=True
        ).stdout.rstrip("\n")
        assert out.startswith('{"id":1,')
        cli = "{" + out[len('{"id":1,'):].replace('{"line":1,', "{", 1)
    else:
        run = subprocess.run([binary, *case["cli"]], cwd=ROOT, capture_output=True, text=True, check=True)
        cli = run.stdout.rstrip("\n")
    try:
        ours = _pairi.answer(kind, json.dumps(request))
    except pairi.PairiError as e:
        error = json.loads(cli)["error"]
        assert str(e) == error["message"]
        return
    if kind == "record_convert":
        # The command prints the record itself.
        assert json.loads(ours)["record"].rstrip("\n") == cli
        return
    assert ours == cli
