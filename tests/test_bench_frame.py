"""``cardtable bench frame``: the moments it measures are the busy ones it names, and its report has
p50/p99/max per table and size (no timing is asserted: speed is for the benchmark to print)."""

from __future__ import annotations

import json

import pytest

from cardtable.bench import frame


@pytest.fixture(scope="module")
def traces() -> dict[str, list[frame.Step]]:
    return {game: frame.trace(game) for game in frame.TABLE_GAMES}


def moment(traces: dict[str, list[frame.Step]], game: str) -> frame.Step:
    steps = traces[game]
    return steps[frame.BUSIEST[game][0](steps)]


def test_the_busiest_moments_are_what_they_say(traces) -> None:
    tractor = moment(traces, "tractor")
    assert tractor.phase == "play" and tractor.hand == 25  # every hand full, the kitty buried
    rummy = moment(traces, "rummy")
    assert rummy.melds >= 15
    oh_hell = moment(traces, "oh_hell")
    assert oh_hell.phase == "play" and oh_hell.trick == oh_hell.players - 1  # the next card gathers it
    assert oh_hell.hand == max(s.hand for s in traces["oh_hell"] if s.trick == s.players - 1)
    for game in ("spit", "speed"):
        assert moment(traces, game).phase == "play"
    assert set(frame.BUSIEST) == set(frame.TABLE_GAMES) == {"spit", "speed", "oh_hell", "go_stop", "rummy", "tractor"}


def test_the_report_has_every_table_at_every_size(monkeypatch, capsys) -> None:
    monkeypatch.setattr(frame, "TABLE_GAMES", ("oh_hell",))
    monkeypatch.setattr(frame, "startup_ms", lambda: {"start_to_title_ms": 1.0, "import_to_title_ms": 1.0})
    from types import SimpleNamespace

    frame.run(SimpleNamespace(games=None, sizes=["480x270", "640x360"], seconds=0.25))
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    table = report["tables"]["oh_hell"]
    assert report["sizes"] == ["480x270", "640x360"]
    for size in ("480x270", "640x360"):
        figures = table[size]
        assert figures["frames"] == 60 and figures["actions_during"] >= 1
        assert 0 < figures["cpu_p50_ms"] <= figures["cpu_p99_ms"] <= figures["cpu_max_ms"]
        assert figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert table["moment"]["every_frames"] >= 12 and "trick" in table["moment"]["what"]
    assert report["over_budget"] == frame.over_budget(report["tables"], report["sizes"])


def test_over_budget_names_every_table_and_size_over_it() -> None:
    tables = {"spit": {"1280x720": {"cpu_p99_ms": 3.9}, "1920x1080": {"cpu_p99_ms": 4.1}},
              "rummy": {"1280x720": {"cpu_p99_ms": 4.5}, "1920x1080": {"cpu_p99_ms": 6.0}}}
    assert frame.over_budget(tables, ["1280x720", "1920x1080"]) == ["spit 1920x1080", "rummy 1280x720",
                                                                    "rummy 1920x1080"]


def test_a_bad_size_names_itself() -> None:
    with pytest.raises(SystemExit, match="bad size '12by7'"):
        frame.parse_sizes(["12by7"])
