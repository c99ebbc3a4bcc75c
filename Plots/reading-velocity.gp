# Velocity on flat-to-laptop: truth, HingeKit, Android's LSQ2 and finite differences.
# Data: hingetool read … --rate 1000 (make plots)
set terminal pngcairo size 1100,620 font "DejaVu Sans,11" noenhanced
set output "Plots/reading-velocity.png"
set title "Velocity on flat-to-laptop: the fold, the hold (with sensor flicker) and the unfold"
set xlabel "time (s)"
set ylabel "angular velocity (°/s)"
set grid
set key below box
# A key below the plot: the bottom margin leaves room for it under the axis label.
set bmargin 6
set xrange [0.4:4.6]
set yrange [-300:300]
plot "Plots/data/reading-difference.dat" using 1:4 with lines linewidth 1 linecolor "#bbbbbb" title "finite differences", \
     "Plots/data/reading-lsq2.dat" using 1:4 with lines linewidth 1.5 linecolor "#ff7f0e" title "Android LSQ2", \
     "Plots/data/reading-hingekit.dat" using 1:9 with lines linewidth 3 linecolor "gray40" title "true velocity", \
     "Plots/data/reading-hingekit.dat" using 1:4 with lines linewidth 2 linecolor "#1f77b4" title "HingeKit"
