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


def _report(p99s: dict[str, float], title: float, load: tuple[float, float]) -> dict:
    sizes = ["1280x720", "1920x1080"]
    tables = {game: {"moment": {"actions": 7, "what": "x", "every_frames": 12},
                     **{size: {"p50_ms": p99 / 4, "p99_ms": p99 + 0.5, "max_ms": p99 + 1, "cpu_p50_ms": p99 / 4,
                               "cpu_p99_ms": p99, "cpu_max_ms": p99 + 1, "frames": 400, "actions_during": 33}
                        for size in sizes}}
              for game, p99 in p99s.items()}
    return {"sizes": sizes, "budget_ms": frame.BUDGET_MS, "runs": 1, "tables": tables,
            "over_budget": frame.over_budget(tables, sizes), "title": {"cpu_p50_ms": title, "cpu_p99_ms": title},
            "start_to_title_ms": 300.0 + title, "import_to_title_ms": 200.0, "load_average": list(load)}


def test_several_runs_report_each_figures_median_and_every_runs_p99() -> None:
    reports = [_report({"tractor": 4.6, "spit": 2.0}, 1.0, (0.1, 0.2)),
               _report({"tractor": 3.8, "spit": 2.9}, 3.0, (0.2, 0.3)),
               _report({"tractor": 3.9, "spit": 2.1}, 2.0, (0.3, 0.4))]
    out = frame.combined(reports)
    tractor = out["tables"]["tractor"]["1920x1080"]
    assert tractor["cpu_p99_ms"] == 3.9 and tractor["cpu_p99_runs"] == [4.6, 3.8, 3.9]
    assert tractor["p99_ms"] == 4.4 and tractor["frames"] == 400
    assert out["tables"]["spit"]["1280x720"]["cpu_p99_ms"] == 2.1
    assert out["over_budget"] == [] and reports[0]["over_budget"] == ["tractor 1280x720", "tractor 1920x1080"]
    assert out["runs"] == 3 and out["title"] == {"cpu_p50_ms": 2.0, "cpu_p99_ms": 2.0}
    assert out["start_to_title_ms"] == 302.0 and out["load_average"] == [0.1, 0.4]


def test_runs_are_made_apart_and_a_bad_count_names_itself(monkeypatch, capsys) -> None:
    from types import SimpleNamespace

    made: list[tuple] = []

    def apart(games, sizes, seconds):
        made.append((tuple(games), tuple(sizes), seconds))
        return _report({"oh_hell": 1.0 + len(made)}, 1.0, (0.0, 0.0))

    monkeypatch.setattr(frame, "run_apart", apart)
    frame.run(SimpleNamespace(games=["oh_hell"], sizes=["1920x1080"], seconds=0.5, runs=3))
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert made == [(("oh_hell",), ("1920x1080",), 0.5)] * 3
    assert report["tables"]["oh_hell"]["1920x1080"]["cpu_p99_runs"] == [2.0, 3.0, 4.0] and report["runs"] == 3
    with pytest.raises(SystemExit, match="bad --runs 0"):
        frame.run(SimpleNamespace(games=["oh_hell"], sizes=None, seconds=None, runs=0))
