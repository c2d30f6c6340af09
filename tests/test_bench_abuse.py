"""``cardtable bench abuse`` runs end to end (one short attack) and reports what the note quotes; the
figures themselves are the benchmark's, never asserted here."""

from __future__ import annotations

import json

from cardtable.cli import main as cli_main


def test_bench_abuse_reports_every_figure(capsys) -> None:
    assert cli_main(["bench", "abuse", "--seconds", "1", "--games", "big_hellos"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for phase in (report["alone"], report["alone_again"], report["attacks"]["big_hellos"]):
        assert phase["acks"] > 0 and phase["ack_p99_ms"] is not None and phase["host_rss_mb_max"] > 0
        assert phase["closed"] is None  # the honest player was never dropped
    attack = report["attacks"]["big_hellos"]
    assert attack["attacker"]["connections"] > 0 and attack["attacker_cpu_s"] >= 0
    assert set(report["done_when"]["big_hellos"]) == {"kept_actions", "kept_85", "ack_p99_ms", "ack_p99_under_20ms"}
