#!/usr/bin/env python3
"""The truth of a recording of Datasets/films/apps/pages/app.html (scripts/record-app-film.sh),
measured on the recording's own frames, never on hingetool's output.

Usage: app-film-truth.py RECORDING NAME PAGE_QUERY > NAME.json  (exit 1: the take does not show
what the page scripted; record-app-film.sh then takes it again).

Only the content area is measured: the rows between the status bar (28 px) and the navigation
bar (40 px), 4 px kept clear of each, so the ticking clock never counts (a page whose query says
`chrome=TOP,BOTTOM`, as screens.html's do, has bars of those heights instead). Luma (ffmpeg's gray) at
half size. Per scripted step, in the frames from EARLY ms before it to EARLY ms before the next
step, A the last frame before them and B the last of them:
- cut / theme: the first frame that differs from A (mean |Δ| > 1.5) already is B (mean |Δ| < 1.5);
- fade: each frame fitted as a·A + b·B + k by least squares over the content (an RMS residual
  over a quarter of the RMS change from A to B: a torn take); the crossfade
  starts at the first frame with b ≥ 0.05 and ends at the first with b ≥ 0.95 (alphas: b of the
  frames between, dip: the largest 1 − a − b, the share of the window behind);
- blank: frames whose content is bare (less than 0.5 % of its pixels 6 or more luma levels from
  its median): 1 to 3 of them, the event ending at the first frame with content again;
- ph (placeholder): frames, not bare, in which 3 or more 16 × 16 blocks that carry texture in B
  (luma standard deviation > 6) and were not flat in A are flat (< 1.2) — blocks that replace
  content, not the page's own flat areas (round 7: an article whose picture was filled with another
  had 12 such blocks on every frame, and its placeholder was measured from the window's start, 100
  ms early) — from the first such frame to the first after it without;
- a blank page already bare in A is refused (its start is not seen);
- a step whose window opens on a page still changing (A differs from the frame before it by a
  mean |Δ| over SETTLED and came less than two frame periods before the window) is refused (round 8): a fade stalled past its slot reached the window of
  a placeholder with a relayout, whose check then read the flat lakes of the fade's last page,
  not yet the relayout's, as placeholder blocks (`-s114`: measured from the window's first frame,
  200 ms early, 400 ms long for 150);
- push, sheet, spinner, scroll: motion, no event (the detector may call it a settle). Round 8:
  a take is refused when a frame of a motion step's window has a share of flat 16 × 16 blocks
  (< 1.2) MOTION_FILL or more above the larger of A's and B's — tiles Chromium had not
  rasterised yet, drawn in the page's colour while a new page slid in (a dark map pushed at
  720 × 1280: 0.19 of its blocks, in one frame held 200 ms, a flash the truth would not list).
  Text sliding past keeps its share of flat blocks (rows and gaps move, they do not appear): a
  settings list pushed and articles scrolled rise by 0.014 at most. Of the 58 motion steps of
  rounds 1-7's recordings, 55 rise by less than 0.05; three scrolls of dark settings lists rise
  by 0.06-0.23 (`tune/settings-dark-960x540-60-av1`, `-s45`, and `-s86`, where `film` reads
  placeholder flashes inside the scroll) and were not looked into further: such a take would now
  be taken again.

The window's start, EARLY = 200 ms before the step (round 7; it was 34 ms): a step is timed
from the page's first layout, and the recording can show that layout late (it is the heaviest
frame the page draws), so every step then shows early on the recording's clock. Of the 182
events measured in rounds 1-6, 56 start 33-34 ms early, on the old window's edge; a theme switch
drawn 67 ms early at 30 fps (round 6, s84) fell before it, so the probe took a later change for
it; and in round 7's first takes on a machine at a load of 12-15, a whole film's steps came
120-170 ms early (a 1-frame blank page 166 ms before its step). 200 ms is six frame periods at
30 fps, twelve at 60. So that the wider window never holds the previous step's frames, each step
must come at least EARLY + two frame periods after the previous step has ended as scripted (its
start plus its length: a fade's or motion's MS, a placeholder's MS, a blank page's N frames); a
query closer than that is refused, not measured. A previous step drawn early moves its end as
early as the window; one stalled by more than the gap would still reach into it.
What a frame must show to count as a blend, a cut, a bare page or a placeholder is unchanged.
"""
import json
import subprocess
import sys
import urllib.parse

import numpy as np

STATUS, NAV, CLEAR = 28, 40, 4
EARLY = 200
MOTION_FILL = 0.05
SETTLED = 1.0


def frames(path, top=STATUS, bottom=NAV):
    probe = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
         "stream=width,height", "-of", "csv=p=0", path], capture_output=True, text=True, check=True)
    width, height = map(int, probe.stdout.split()[0].split(",")[:2])
    times = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time",
         "-of", "csv=p=0", path], capture_output=True, text=True, check=True)
    t = [round(float(x.strip(",")) * 1000) for x in times.stdout.split() if x.strip(",")]
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-noautorotate", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo",
         "-pix_fmt", "gray", "-"], capture_output=True, check=True).stdout
    y = np.frombuffer(raw, np.uint8).reshape(-1, height, width)
    content = y[:, top + CLEAR:height - bottom - CLEAR:2, ::2].astype(np.float64)
    return np.array(t[:len(content)]), content


def differs(x, y):
    return float(np.mean(np.abs(x - y)))


def bare(x):
    return float(np.mean(np.abs(x - np.median(x)) >= 6)) < 0.005


def blocks(x, size=16):
    h, w = (x.shape[0] // size) * size, (x.shape[1] // size) * size
    b = x[:h, :w].reshape(h // size, size, w // size, size)
    return b.std(axis=(1, 3))


def fit(f, a, b):
    m = np.stack([a.ravel(), b.ravel(), np.ones(a.size)], axis=1)[::7]
    coef, *_ = np.linalg.lstsq(m, f.ravel()[::7], rcond=None)
    residual = np.sqrt(np.mean((m @ coef - f.ravel()[::7]) ** 2))
    return coef[0], coef[1], residual


def length(action, fps):
    """How long a scripted step lasts on the page, in ms (0 for a cut)."""
    head, *rest = action.split("-")
    if head.startswith("blank"):
        return int(head[5:]) * 1000 / fps
    return int(rest[-1]) if rest and rest[-1].isdigit() else 0


def fail(name, why):
    print(f"{name}: {why}", file=sys.stderr)
    sys.exit(1)


def main():
    path, name, query = sys.argv[1:4]
    params = urllib.parse.parse_qs(query.split("?", 1)[1])
    steps = []
    for item in params["steps"][0].split(","):
        ms, action = item.split(":", 1)
        steps.append((int(ms), action))
    top, bottom = map(int, params["chrome"][0].split(",")) if "chrome" in params else (STATUS, NAV)
    t, y = frames(path, top, bottom)
    detail = [not bare(f) for f in y]
    if True not in detail:
        fail(name, "the app never drew")
    v = detail.index(True)
    if t[v] < 500:
        fail(name, f"the first layout at {t[v]} ms leaves no lead-in")
    fps = float(params["fps"][0]) if "fps" in params else 60.0
    for n in range(1, len(steps)):
        ended = steps[n - 1][0] + length(steps[n - 1][1], fps)
        if steps[n][0] - EARLY < ended + 2000 / fps:
            fail(name, f"{steps[n][1]} at {steps[n][0]} ms: scripted too close to {steps[n - 1][1]} "
                       f"(ends at {ended:.0f} ms; a step's window opens {EARLY} ms before it)")
    events = []
    for n, (ms, action) in enumerate(steps):
        head = action.split("-")[0]
        lo = t[v] + ms - EARLY
        hi = t[v] + (steps[n + 1][0] - EARLY if n + 1 < len(steps) else 99999)
        window = [i for i in range(len(t)) if lo <= t[i] < hi]
        if head in ("push", "sheet", "spinner", "scroll"):
            if len(window) >= 2 and window[0] > 0:
                before = max(float(np.mean(blocks(y[k]) < 1.2)) for k in (window[0] - 1, window[-1]))
                rise = max(float(np.mean(blocks(y[i]) < 1.2)) for i in window) - before
                if rise >= MOTION_FILL:
                    fail(name, f"{action} at {ms} ms: {rise:.2f} more of the content flat in its motion (tiles not drawn yet)")
            continue
        if len(window) < 2 or window[0] == 0:
            fail(name, f"{action} at {ms} ms: the recording ends before it ({len(window)} frames)")
        first = window[0]
        a, b = y[first - 1], y[window[-1]]
        # A variable-rate film keeps only frames that changed: there A counts as settled when it
        # had been on screen for two frame periods when the window opened.
        if first >= 2 and differs(a, y[first - 2]) > SETTLED and lo - t[first - 1] < 2000 / fps:
            fail(name, f"{action} at {ms} ms: the page is still changing when its window opens "
                       f"({differs(a, y[first - 2]):.2f} from the frame before)")
        if head in ("cut", "theme"):
            changed = [i for i in window if differs(y[i], a) > 1.5]
            if not changed or differs(y[changed[0]], b) >= 1.5:
                fail(name, f"{action} at {ms} ms is not a cut")
            events.append({"kind": "cut", "start_ms": int(t[changed[0]]), "end_ms": int(t[changed[0]])})
        elif head.startswith("fade"):
            shares = [(i, *fit(y[i], a, b)) for i in window]
            scale = np.sqrt(np.mean((b - a) ** 2))
            start = next((s for s in shares if s[2] >= 0.05), None)
            end = next((s for s in shares if s[2] >= 0.95), None)
            if start is None or end is None or end[0] <= start[0]:
                fail(name, f"{action} at {ms} ms: no frame between the two pages")
            inside = [s for s in shares if start[0] <= s[0] < end[0]]
            if any(s[3] > 0.25 * scale for s in inside):
                fail(name, f"{action} at {ms} ms: a frame is no blend of the two pages (torn?)")
            events.append({"kind": "crossfade", "start_ms": int(t[start[0]]), "end_ms": int(t[end[0]]),
                           "alphas": [round(s[2], 3) for s in inside],
                           "dip": round(max(0.0, max(1 - s[1] - s[2] for s in inside)), 3)})
        elif head.startswith("blank"):
            run = [i for i in window if bare(y[i])]
            if not run or len(run) > 3 or run[-1] - run[0] + 1 != len(run):
                fail(name, f"{action} at {ms} ms shows {len(run)} bare frames")
            if bare(a):
                fail(name, f"{action} at {ms} ms: bare already before its window opens")
            events.append({"kind": "blank-frame", "start_ms": int(t[run[0]]), "end_ms": int(t[run[-1] + 1])})
        elif head == "ph":
            textured = (blocks(b) > 6) & (blocks(a) >= 1.2)
            run = [i for i in window if not bare(y[i]) and int(np.sum(textured & (blocks(y[i]) < 1.2))) >= 3]
            if not run or run[-1] - run[0] + 1 != len(run):
                fail(name, f"{action} at {ms} ms: no placeholder run ({len(run)} frames)")
            events.append({"kind": "placeholder-flash", "start_ms": int(t[run[0]]), "end_ms": int(t[run[-1] + 1])})
        else:
            fail(name, f"unknown step {action}")
    doc = {"film": name, "page": query, "frames": len(t), "visible_start_ms": int(t[v]), "events": events}
    text = json.dumps(doc, indent=2)
    print(text)


if __name__ == "__main__":
    main()
