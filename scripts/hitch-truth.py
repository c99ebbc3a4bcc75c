#!/usr/bin/env python3
"""The truth of a real hitch recording (Datasets/films/hitches/real/): the moving square's
position in every frame of the lossless grab, read independently of hingetool — the first
column of row ROW that is not the page's background (#eee) — and from it the motion and the
hitches, by issue 35's definition: while the square moves, a frame whose position stays for n > 1
frames is held n frames, a hitch of n − 1 periods; motion runs from one period before the first
frame that moved to the last, on the grab's own clock. A check (Python is for checks here), not part of the tool.
Usage: hitch-truth.py GRAB.mkv FPS [ROW]  → JSON on stdout."""
import json, subprocess, sys
import numpy as np

grab, fps = sys.argv[1], float(sys.argv[2])
row = int(sys.argv[3]) if len(sys.argv) > 3 else 128
probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "stream=width,height",
                        "-of", "csv=p=0", grab], capture_output=True, text=True, check=True).stdout.split(",")
width, height = int(probe[0]), int(probe[1])
raw = subprocess.run(["ffmpeg", "-v", "error", "-i", grab, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                     capture_output=True, check=True).stdout
frames = np.frombuffer(raw, np.uint8).reshape(-1, height, width, 3)
# Each frame's presentation time (ms), as the film's rows give it.
info = subprocess.run(["ffmpeg", "-v", "info", "-i", grab, "-vf", "showinfo", "-f", "null", "-"],
                      capture_output=True, text=True, check=True).stderr
times = [round(float(part.split(":", 1)[1].split()[0]) * 1000) for line in info.splitlines()
         if "Parsed_showinfo" in line and " n:" in line for part in line.split() if part.startswith("pts_time:")]
assert len(times) == len(frames), (len(times), len(frames))
positions = []
for frame in frames:
    line = frame[row].astype(int)
    off = np.nonzero(np.abs(line - 0xEE).sum(axis=1) > 30)[0]
    # No square (a black page before it starts): no position.
    positions.append(int(off[0]) if len(off) and np.abs(line - 0xEE).sum() < width * 3 * 60 else None)
period = 1000 / fps
moved = [i for i in range(1, len(positions)) if positions[i] is not None and positions[i - 1] is not None
         and positions[i] != positions[i - 1]]
hitches = []
if moved:
    first, last = moved[0], moved[-1]
    i = first
    while i < last:
        run = 1
        while i + run <= last and positions[i + run] == positions[i]:
            run += 1
        # How long the position stayed, on the grab's clock (x11grab skips a frame now and then).
        held = times[i + run] - times[i] if i + run < len(times) else run * period
        if held >= 1.5 * period:
            hitches.append({"frame": i, "start_ms": times[i], "frames_held": round(held / period),
                            "hitch_ms": round(held - period, 3)})
        i += run
    motion = times[last] - times[first] + period
else:
    motion = 0
total = sum(h["hitch_ms"] for h in hitches)
print(json.dumps({"display_rate_hz": fps, "motion_ms": round(motion, 3), "hitch_ms": round(total, 3),
                  "ratio_ms_per_s": round(total / motion * 1000, 3) if motion else 0, "list": hitches,
                  "times_ms": times, "positions": positions}, separators=(", ", ": ")))
