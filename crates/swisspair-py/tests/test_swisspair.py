"""Tests of the swisspair Python package (run against the installed wheel).

The pairings are compared with the command line's: set SWISSPAIR_BIN to the `swisspair` binary (by
default the repository's target/release/swisspair); those tests are skipped when it is missing, except
under CI, where a missing binary is a failure.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

import swisspair

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "examples" / "club-16p-round5.trf"
DUTCH = REPO / "tests" / "data" / "dutch"


def cli_path():
    path = Path(os.environ.get("SWISSPAIR_BIN", REPO / "target" / "release" / "swisspair"))
    if path.exists():
        return path
    if os.environ.get("CI"):
        pytest.fail(f"the swisspair binary is missing: {path}")
    pytest.skip(f"the swisspair binary is missing: {path} (set SWISSPAIR_BIN)")


def cli(*args):
    return subprocess.run([str(cli_path()), *map(str, args)], capture_output=True, text=True)


def test_pairs_the_example():
    text = EXAMPLE.read_text()
    pairing = swisspair.pair(text, system="dutch", edition="2017")
    assert pairing["system"] == "dutch"
    assert pairing["edition"] == 2017
    assert pairing["round"] == 5
    assert [b["board"] for b in pairing["boards"]] == list(range(1, 8))
    assert pairing["bye"] is None
    pairs = [(b["white"]["start_number"], b["black"]["start_number"]) for b in pairing["boards"]]
    assert pairs == [(5, 4), (3, 1), (9, 2), (12, 8), (10, 11), (14, 13), (16, 15)]
    assert pairing["boards"][0]["white"]["name"] == "Test0005 Player0005"
    # bytes work too, and the edition can be a number
    assert swisspair.pair(text.encode(), edition=2026)["edition"] == 2026


def test_same_as_the_command_line_on_the_example():
    expected = cli("--dutch", EXAMPLE, "-p", "--format", "json")
    assert expected.returncode == 0, expected.stderr
    assert swisspair.pair(EXAMPLE.read_text()) == json.loads(expected.stdout)
    for system in ["dubov", "lim", "rating1992"]:
        expected = cli(f"--{system}", EXAMPLE, "-p", "--format", "json")
        assert swisspair.pair(EXAMPLE.read_text(), system=system) == json.loads(expected.stdout)


def test_every_round_of_20_reference_tournaments_as_the_command_line(tmp_path):
    files = sorted(DUTCH.glob("*.trf"))[:20]
    assert len(files) == 20
    cases = 0
    for path in files:
        text = path.read_text()
        rounds = swisspair.check(text)["rounds"]
        for round in range(1, rounds + 1):
            cut = swisspair.before_round(text, round)
            mine = swisspair.pair(cut)
            cut_file = tmp_path / "cut.json"
            cut_file.write_text(cut)
            theirs = cli("--dutch", cut_file, "-p", "--format", "json")
            assert theirs.returncode == 0, theirs.stderr
            assert mine == json.loads(theirs.stdout), f"{path.name} round {round}"
            cases += 1
    assert cases > 100


def test_invalid_input_names_line_and_field():
    text = EXAMPLE.read_text().replace("001    2 ", "001    x ", 1)
    with pytest.raises(swisspair.InvalidInput) as info:
        swisspair.pair(text)
    e = info.value
    assert e.line == 3
    assert "starting number" in e.field
    assert e.message
    assert isinstance(e, swisspair.SwisspairError)
    with pytest.raises(swisspair.InvalidInput) as info:
        swisspair.pair('{"players": [{"start_number": 1, "rating": "x"}]}')
    assert info.value.line == 1 and info.value.field == "JSON"
    with pytest.raises(swisspair.InvalidInput) as info:
        swisspair.pair(EXAMPLE.read_text(), system="monrad")
    assert info.value.line is None and info.value.field == "system"
    with pytest.raises(swisspair.InvalidInput):
        swisspair.pair(EXAMPLE.read_text(), edition="1999")
    for garbage in ["", "\x00\x01", "001", "{", b"\xff\xfe", "XXR 5\n"]:
        with pytest.raises(swisspair.InvalidInput):
            swisspair.pair(garbage)
    with pytest.raises(TypeError):
        swisspair.pair(42)


def test_check_and_generate():
    text = swisspair.generate(system="dutch", config="PlayersNumber=20\nRoundsNumber=5\n", seed=3)
    assert text == swisspair.generate(system="dutch", config="PlayersNumber=20\nRoundsNumber=5\n", seed=3)
    report = swisspair.check(text)
    # The generated file names no edition: the 2017 default re-paired it, and the report says so.
    notice = report.pop("edition_notice")
    assert "the 2017 edition of the Dutch rules (the default)" in notice and "2026" in notice
    assert report == {"system": "dutch", "edition": 2017, "rounds": 5, "differences": []}
    assert swisspair.check(text, edition="2017") == report
    with pytest.raises(swisspair.InvalidInput):
        swisspair.generate(config="Nonsense=1")


def test_convert_round_trip():
    text = EXAMPLE.read_text()
    doc = swisspair.convert(text)
    assert json.loads(doc)["total_rounds"] == 6
    back = swisspair.convert(doc)
    assert swisspair.convert(back) == doc
    assert swisspair.pair(doc) == swisspair.pair(text)
    assert swisspair.convert(text, to="trf").startswith("012")


def test_output_validates_against_the_schemas():
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(swisspair.pair(EXAMPLE.read_text()), json.loads(swisspair.PAIRING_SCHEMA))
    jsonschema.validate(json.loads(swisspair.convert(EXAMPLE.read_text())), json.loads(swisspair.TOURNAMENT_SCHEMA))
    report = swisspair.check(next(DUTCH.glob("*.trf")).read_text())
    jsonschema.validate(report, json.loads(swisspair.CHECK_SCHEMA))


def test_the_round_by_round_work():
    text = EXAMPLE.read_text()
    view = swisspair.overview(text)
    assert (view["rounds_played"], view["next_round"], len(view["standings"])) == (4, 5, 16)
    assert "[C.7]" in swisspair.why(text, 5)
    assert swisspair.explain(text)["round"]["boards"] == swisspair.pair(text)["boards"]
    assert len(swisspair.checklist(text)["rows"]) == 16
    pairing = swisspair.pair(text)
    doc = swisspair.add_round(text, pairing, ["1-0"] * len(pairing["boards"]))
    assert swisspair.overview(doc)["rounds_played"] == 5
    for fmt in ("trf16", "trf2026", "json"):
        assert swisspair.check(swisspair.write(doc, fmt))["differences"] == []
    doc = swisspair.announce(doc, 1, "H")
    one = [s for s in swisspair.overview(doc)["standings"] if s["start_number"] == 1]
    assert one[0]["next"] == {"result": "H"}
    players = "\n".join(f"Player {i}, {2000 - i * 10}" for i in range(1, 10))
    doc = swisspair.from_list(players, 5)
    assert swisspair.pair(doc)["bye"] is not None
    with pytest.raises(swisspair.InvalidInput) as e:
        swisspair.from_list("A\nB, 99999\n", 5)
    assert e.value.line == 2


TEAM = REPO / "tests" / "data" / "team"


def test_team_swiss_pair_check_generate_overview():
    text = (TEAM / "sharly" / "team_round2.trf").read_text()
    # A team file is paired by the team system, with the default system or named.
    for pairing in (swisspair.pair(text), swisspair.pair(text, system="team", edition=2026)):
        assert (pairing["system"], pairing["edition"]) == ("team", 2026)
        matches = [(b["white"]["start_number"], b["black"]["start_number"]) for b in pairing["boards"]]
        assert matches == [(3, 1), (4, 2)]
    assert swisspair.pair(text, team_colours="b", team_score="gp")["system"] == "team"
    with pytest.raises(swisspair.InvalidInput):
        swisspair.pair(text, team_colours="c")
    with pytest.raises(swisspair.InvalidInput):
        swisspair.pair(EXAMPLE.read_text(), system="team")
    generated = swisspair.generate(system="team", config="PlayersNumber=8\nRoundsNumber=4\n", seed=5)
    report = swisspair.check(generated)
    assert report == {"system": "team", "edition": 2026, "rounds": 4, "differences": []}
    view = swisspair.overview(generated)
    assert view["standings"] == [] and len(view["teams"]) == 8
    assert view["teams"][0]["rank"] == 1 and len(view["teams"][0]["rounds"]) == 4
    # TRF -> JSON (teams kept) -> TRF, paired alike.
    doc = swisspair.convert(text)
    assert len(json.loads(doc)["teams"]) == 4
    assert swisspair.pair(doc) == swisspair.pair(text)
    assert swisspair.convert(swisspair.convert(doc)) == doc


def test_team_swiss_as_the_command_line():
    path = TEAM / "sharly" / "team_round2.trf"
    expected = cli("--team", path, "-p", "--format", "json")
    assert expected.returncode == 0, expected.stderr
    assert swisspair.pair(path.read_text()) == json.loads(expected.stdout)
    generated = TEAM / "generated" / "team-10.trf"
    expected = cli("--team", generated, "-c", "--format", "json")
    assert swisspair.check(generated.read_text()) == json.loads(expected.stdout)
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(swisspair.pair(path.read_text()), json.loads(swisspair.PAIRING_SCHEMA))
    jsonschema.validate(json.loads(swisspair.convert(path.read_text())), json.loads(swisspair.TOURNAMENT_SCHEMA))
    jsonschema.validate(swisspair.check(generated.read_text()), json.loads(swisspair.CHECK_SCHEMA))


def test_a_team_round_is_recorded():
    text = (REPO / "tests" / "data" / "team" / "sharly" / "team_round2.trf").read_text()
    view = swisspair.overview(text)
    pairing = swisspair.pair(text)
    results = [["1-0"] * view["boards"] for _ in pairing["boards"]]
    doc = swisspair.add_team_round(text, pairing, results)
    assert swisspair.overview(doc)["rounds_played"] == 2


def test_a_team_bye_a_lineup_and_the_explanation():
    path = TEAM / "sharly" / "team_round2.trf"
    text = path.read_text()
    # A team's bye announced (a 240 record): the pairing leaves it out.
    doc = swisspair.announce(text, 3, "H")
    assert json.loads(doc)["byes"] == [{"kind": "half", "round": 2, "players": [3]}]
    assert [t["next"] for t in swisspair.overview(doc)["teams"] if t["tpn"] == 3] == ["H"]
    assert all(3 not in (b["white"]["start_number"], b["black"]["start_number"]) for b in swisspair.pair(doc)["boards"])
    # The whole round explained as --team -p --explain writes it; why for a team.
    expected = cli("--team", path, "-p", "--explain")
    assert expected.returncode == 0, expected.stderr
    explained = swisspair.explain(text)
    lines = [l for l in expected.stderr.splitlines(keepends=True) if not l.startswith("swisspair: warning:")]
    assert explained["text"] == "".join(lines)
    assert explained["round"] == swisspair.pair(text)
    why = cli("--team", path, "-p", "--why", "2").stderr.splitlines(keepends=True)
    assert swisspair.why(text, 2) == "".join(l for l in why if not l.startswith("swisspair: warning:"))
    # A lineup: team 2 fields its second member only, twice: refused, naming the match.
    pairing = swisspair.pair(text)
    view = swisspair.overview(text)
    results = [["1-0"] * view["boards"] for _ in pairing["boards"]]
    white = pairing["boards"][0]["white"]["start_number"]
    roster = next(t["roster"] for t in view["teams"] if t["tpn"] == white)
    with pytest.raises(swisspair.InvalidInput) as e:
        swisspair.add_team_round(text, pairing, results, [{"white": [roster[1], roster[1]]}, None])
    assert "match 1, lineup" in str(e.value)
    doc = swisspair.add_team_round(text, pairing, results, [{"white": roster[:2]}, None])
    assert swisspair.overview(doc)["rounds_played"] == 2
