# Irregular, on-change samples in 5° steps, and the animated value at 120 Hz.
# Data: hingetool animate Datasets/five-degree-steps.csv --preset bend
#       -o Plots/data/animator-five-degree-steps.dat (make plots); the points are the trace.
set terminal pngcairo size 960,600 font "DejaVu Sans,11" noenhanced
set output "Plots/animator-irregular.png"
set title "Raw 5° samples at irregular times, and the bend spring chasing them at 120 Hz (hingetool animate)"
set xlabel "time (s)"
set ylabel "angle (°)"
set grid
set xrange [0.5:1.5]
set yrange [100:185]
set key below box
# A key below the plot: the bottom margin leaves room for it under the axis label.
set bmargin 6
# gnuplot reads one separator per plot, so the CSV goes through tr.
plot "< tr ',' ' ' < Datasets/five-degree-steps.csv" using 1:2 with points pointtype 7 \
         pointsize 1.2 linecolor "gray20" title "raw samples (5° steps, 13–52 ms apart)", \
     "Plots/data/animator-five-degree-steps.dat" using 1:3 with linespoints pointtype 7 \
         pointsize 0.5 linewidth 1.5 linecolor "web-blue" title "animated value, one point per 120 Hz frame"
