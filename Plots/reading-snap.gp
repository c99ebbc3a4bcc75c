# Snap on the coarse sensor (0/90/180° only): reports, position, snap, true angle and true pose.
# Data: hingetool read Datasets/coarse-sensor.csv --rate 1000 --truth (make plots)
set terminal pngcairo size 1100,620 font "DejaVu Sans,11" noenhanced
set output "Plots/reading-snap.png"
set title "Snap on a 0/90/180° sensor (coarse-sensor): detents 0°, 110°, 180°"
set xlabel "time (s)"
set ylabel "angle (°)"
set grid
set key below box
# A key below the plot: the bottom margin leaves room for it under the axis label.
set bmargin 6
set yrange [-10:200]
# The reports are drawn wide and pale under the rest: the position holds them between reports, so a
# thin line would lie hidden under it.
plot "Plots/data/reading-snap.dat" using 1:2 with steps linewidth 9 linecolor "#d9c8ec" title "reports (held)", \
     "Plots/data/reading-snap.dat" using 1:8 with lines linewidth 3 linecolor "gray60" title "true angle", \
     "Plots/data/reading-snap.dat" using 1:10 with lines linewidth 2 dashtype 2 linecolor "black" title "true pose", \
     "Plots/data/reading-snap.dat" using 1:3 with lines linewidth 2 linecolor "#1f77b4" title "position", \
     "Plots/data/reading-snap.dat" using 1:6 with steps linewidth 2 linecolor "#2ca02c" title "snap"
