#!/usr/bin/env python3
"""Scores `hingetool film` on one half of the app corpus (Datasets/films/apps/tune or held-out)
(or the first corpus, Datasets/films/real) the way RecordedFilmTests does: a scripted event (NAME.json, measured on the recording by
scripts/app-film-truth.py) is found when an event of its kind starts and ends within two frame
periods of it (and 1 ms, the rounding of the two whole-ms times); anything else but settles and
the lead-in is an extra.

Usage: app-film-score.py HINGETOOL FOLDER [-v]   (prints one line per recording with -v, then
the totals: found / scripted, extras, and found / scripted per kind)."""
import json
import os
import subprocess
import sys


def period(name):
    return 1000 / 30 if "-30-" in name else 1000 / 60


def score(tool, folder, name):
    truth = json.load(open(os.path.join(folder, os.path.splitext(name)[0] + ".json")))
    arguments = [tool, "film", os.path.join(folder, name), "--format", "json"]
    trace = os.path.join(folder, os.path.splitext(name)[0] + ".csv")
    if os.path.exists(trace):  # the first corpus's hinge traces, on the recording's own clock
        arguments += ["--hinge", trace, "--clock", "recorder", "--hinge-offset", "0"]
    run = subprocess.run(arguments, capture_output=True, text=True)
    if run.returncode != 0:
        return len(truth["events"]), 0, [f"exit {run.returncode}: {run.stderr.strip()}"], [], []
    events = json.loads(run.stdout).get("events", [])
    # Two frame periods, and 1 ms: both times are whole ms, each rounded by up to 0.5 ms (at 60
    # fps two periods are 33.3 ms, and frames two apart can read 34 ms apart).
    slack = 2 * period(name) + 1
    used, missed = set(), []
    for event in truth["events"]:
        match = next((i for i, e in enumerate(events) if i not in used and e["kind"] == event["kind"]
                      and abs(e["start_ms"] - event["start_ms"]) <= slack and abs(e["end_ms"] - event["end_ms"]) <= slack), None)
        if match is None:
            missed.append(f"{event['kind']} {event['start_ms']}–{event['end_ms']}")
        else:
            used.add(match)
    extras = [f"{e['kind']} {e['start_ms']}–{e['end_ms']}" for i, e in enumerate(events)
              if i not in used and e["kind"] not in ("settle", "lead-in")]
    kinds = [event["kind"] for event in truth["events"]]
    return len(truth["events"]), len(truth["events"]) - len(missed), missed, extras, kinds


def main():
    tool, folder = sys.argv[1:3]
    verbose = "-v" in sys.argv
    names = sorted(n for n in os.listdir(folder) if n.endswith((".mp4", ".webm")))
    total = found = extra = 0
    per_kind = {}
    for name in names:
        n, f, missed, extras, kinds = score(tool, folder, name)
        total, found, extra = total + n, found + f, extra + len(extras)
        for kind in kinds:
            missed_here = sum(1 for m in missed if m.startswith(kind + " "))
            per_kind.setdefault(kind, [0, 0])[1] += 1
        for kind in set(kinds):
            missed_here = sum(1 for m in missed if m.startswith(kind + " "))
            per_kind[kind][0] += kinds.count(kind) - missed_here
        if verbose:
            print(f"{name}: {f}/{n}" + (f"; missed {', '.join(missed)}" if missed else "")
                  + (f"; extra {', '.join(extras)}" if extras else ""))
    print(f"{os.path.basename(os.path.normpath(folder))}: {len(names)} recordings, {found}/{total} scripted events found, {extra} other events")
    print("per kind: " + ", ".join(f"{kind} {f}/{n}" for kind, (f, n) in sorted(per_kind.items())))


if __name__ == "__main__":
    main()
