#!/usr/bin/env python3
"""Measures the real Galaxy Z Fold 8 logs' statistics the synthetic Fold 8 is fitted to
(docs/reading.md, "The synthetic Fold 8, refitted"), on each log alone and both pooled, and
checks each log's fit on the other (held out). A check, independent of the Swift code: it reads
the CSVs in Datasets/real/ itself.

Usage: scripts/fold8-model-check.py [Datasets/real]
"""
import csv
import statistics
import sys

LAG = 0.1          # the model's latency, s
GRID = 0.2         # the public sensor's grid, s
SLOW = 150.0       # a crossing slower than this (°/s) places its threshold
REST_GAP, RAMP = 0.5, 0.2   # the truth's `change` interpolation (GroundTruth.Interpolation)


def rows(path):
    return list(csv.DictReader(line for line in open(path) if not line.startswith("#")))


def load(folder, name):
    public, fused = rows(f"{folder}/{name}-public.csv"), rows(f"{folder}/{name}-fused.csv")
    ns = "time_ns" in public[0]
    def t(row):
        return int(row["time_ns"]) / 1e9 if ns else float(row["time"])
    origin = t(public[0]) if ns else 0.0
    events = [(t(r) - origin, float(r["angle"])) for r in public]
    truth = [(t(r) - origin, float(r["angle"])) for r in fused]
    return events, truth


def angle(truth, time):
    if time <= truth[0][0]:
        return truth[0][1]
    for (t0, a0), (t1, a1) in zip(truth, truth[1:]):
        if t0 <= time < t1:
            if t1 - t0 <= REST_GAP:
                return a0 + (a1 - a0) * (time - t0) / (t1 - t0)
            start = t1 - RAMP
            return a0 if time < start else a0 + (a1 - a0) * (time - start) / RAMP
    return truth[-1][1]


def crossings(events, truth):
    """Each slow level change's threshold estimate: the angle LAG before it, less half a grid
    step of motion (the poll that saw it came on average half a step after the crossing)."""
    found = {}
    for (_, before), (time, after) in zip(events, events[1:]):
        measured = angle(truth, time - LAG)
        speed = (measured - angle(truth, time - LAG - GRID)) / GRID
        if abs(speed) < SLOW and before != after:
            found.setdefault((before, after), []).append(measured - speed * GRID / 2)
    return found


def snaps(events, truth):
    """0→90 changes followed by 90→180 within 0.45 s: the truth at the 0→90, and the steps."""
    found = []
    for (t0, a0), (t1, a1), (t2, a2) in zip(events, events[1:], events[2:]):
        if (a0, a1, a2) == (0, 90, 180) and t2 - t1 <= 0.45:
            found.append((angle(truth, t1), round((t2 - t1) / GRID)))
    return found


def moves(truth):
    """The fused angle's bursts (samples ≤ REST_GAP apart) of 60° or more: duration, mean speed,
    and the rest before each."""
    bursts, current = [], [truth[0]]
    for point in truth[1:]:
        if point[0] - current[-1][0] <= REST_GAP:
            current.append(point)
        else:
            bursts.append(current)
            current = [point]
    bursts.append(current)
    found, end, last = [], truth[0][0], truth[0][1]
    for burst in bursts:
        start = burst[0][0] - RAMP
        if abs(burst[-1][1] - last) >= 60:
            duration = burst[-1][0] - start
            found.append((duration, abs(burst[-1][1] - last) / duration, start - end))
        end, last = burst[-1][0], burst[-1][1]
    return found


def ends(truth):
    """Where each of the fused angle's bursts (samples ≤ REST_GAP apart) that moves 10° or more
    ends: the particle filter's prior has a share of moves end at rest (0–8° or 169–179°)."""
    found, last, previous = [], truth[0][1], truth[0]
    for point in truth[1:] + [(float("inf"), None)]:
        if point[0] - previous[0] > REST_GAP:
            if abs(previous[1] - last) >= 10:
                found.append(previous[1])
            last = previous[1]
        previous = point
    return found


def median(values):
    return statistics.median(values) if values else float("nan")


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "Datasets/real"
    logs = {name: load(folder, name) for name in ["fold8", "fold8-session-part1"]}
    kinds = [(0, 90), (90, 180), (180, 90), (90, 0)]
    fits = {}
    for name, (events, truth) in logs.items():
        phases = [((t - events[0][0]) / GRID) % 1 for t, _ in events]
        off = max(min(p, 1 - p) for p in phases) * GRID * 1000
        found = crossings(events, truth)
        fits[name] = {k: median(found.get(k, [])) for k in kinds}
        s = snaps(events, truth)
        m = moves(truth)
        slow = [v for _, v, _ in m if v < SLOW]
        fast = [d for d, v, _ in m if v >= SLOW]
        print(f"{name}: {len(events)} events, all within {off:.2f} ms of a {GRID * 1000:.0f} ms grid")
        for k in kinds:
            values = ", ".join(f"{v:.1f}" for v in found.get(k, []))
            print(f"  threshold {k[0]:.0f}→{k[1]:.0f}: median {fits[name][k]:.1f}° ({values})")
        print(f"  snap opens: {len(s)}, truth at 0→90 median {median([a for a, _ in s]):.1f}°, "
              f"90→180 after {sorted(n for _, n in s)} grid steps")
        print(f"  moves ≥ 60°: {len(m)}; slow ({len(slow)}) median {median(slow):.1f} °/s; snaps ({len(fast)}) "
              f"median {median(fast):.2f} s; rest before a move median {median([r for *_, r in m]):.2f} s")
        e = ends(truth)
        rest = [a for a in e if a <= 8 or 169 <= a <= 179]
        print(f"  moves of 10° or more: {len(e)}, {len(rest)} end at rest (0–8° or 169–179°): "
              f"{len(rest) / len(e):.2f}")
    pooled = {}
    for k in kinds:
        values = [v for events, truth in logs.values() for v in crossings(events, truth).get(k, [])]
        pooled[k] = median(values)
    print("both: thresholds " + ", ".join(f"{k[0]:.0f}→{k[1]:.0f} {pooled[k]:.1f}°" for k in kinds))
    names = list(logs)
    for fitted, checked in [(names[0], names[1]), (names[1], names[0])]:
        found = crossings(*logs[checked])
        errors = [abs(v - fits[fitted][k]) for k in kinds for v in found.get(k, [])]
        pooled_errors = [abs(v - pooled[k]) for k in kinds for v in found.get(k, [])]
        print(f"fitted on {fitted}, checked on {checked}: median |threshold error| {median(errors):.1f}° "
              f"(pooled fit: {median(pooled_errors):.1f}°)")


if __name__ == "__main__":
    main()
