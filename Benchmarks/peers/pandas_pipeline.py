"""The peer `make bench` measures hingetool read against: what a data person would write.

    python3 pandas_pipeline.py TRACE.csv OUTPUT.dat

pandas reads the trace; numpy resamples the angle onto a uniform 120 Hz grid; scipy's
Savitzky-Golay filter (quadratic, 15 points = 0.12 s, HingeKit's velocity horizon) gives the
position and its derivative the velocity on the grid; both are interpolated back to the sample
times, and the same columns as `hingetool read` are written: t angle position velocity
projected snap resting (projection 0.12 s capped at 30 degrees, nearest detent of 0/110/180,
resting below 3 degrees per second). The snap has no hysteresis: a data person would not write
one, and it costs next to nothing either way.
"""

import sys

import numpy as np
import pandas as pd
from scipy.signal import savgol_filter

RATE = 120.0
WINDOW = 15
DETENTS = np.array([0.0, 110.0, 180.0])


def main(source: str, destination: str) -> None:
    frame = pd.read_csv(source, comment="#", usecols=["time", "angle"])
    frame = frame.dropna(subset=["angle"])
    times = frame["time"].to_numpy()
    angles = frame["angle"].to_numpy()

    grid = np.arange(times[0], times[-1], 1 / RATE)
    uniform = np.interp(grid, times, angles)
    position = savgol_filter(uniform, WINDOW, 2)
    velocity = savgol_filter(uniform, WINDOW, 2, deriv=1, delta=1 / RATE)

    position = np.interp(times, grid, position)
    velocity = np.interp(times, grid, velocity)
    projected = position + np.clip(velocity * 0.12, -30, 30)
    snap = DETENTS[np.abs(projected[:, None] - DETENTS[None, :]).argmin(axis=1)]
    resting = (np.abs(velocity) < 3).astype(int)

    output = pd.DataFrame(
        {
            "t": times,
            "angle": angles,
            "position": position.round(4),
            "velocity": velocity.round(3),
            "projected": projected.round(4),
            "snap": snap,
            "resting": resting,
        }
    )
    with open(destination, "w") as file:
        file.write(f"# pandas_pipeline.py {source}\n# t angle position velocity projected snap resting\n")
        output.to_csv(file, sep=" ", header=False, index=False)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
