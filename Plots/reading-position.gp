# Position on flat-to-laptop: the reports, the truth, HingeKit's on-change 1€ and the paper's 1€.
# Data: hingetool read … --rate 1000 (make plots)
set terminal pngcairo size 1100,620 font "DejaVu Sans,11" noenhanced
set output "Plots/reading-position.png"
set title "Position while folding 180° → 110° (flat-to-laptop, 1° sensor, 8 ms latency)"
set xlabel "time (s)"
set ylabel "angle (°)"
set grid
set key below box
# A key below the plot: the bottom margin leaves room for it under the axis label.
set bmargin 6
set xrange [0.45:1.45]
plot "Plots/data/reading-hingekit.dat" using 1:8 with lines linewidth 3 linecolor "gray60" title "true angle", \
     "Plots/data/reading-samples.dat" using 1:2 with points pointtype 7 pointsize 0.5 linecolor "black" title "reports", \
     "Plots/data/reading-hingekit.dat" using 1:3 with lines linewidth 2 linecolor "#1f77b4" title "HingeKit (on-change 1€)", \
     "Plots/data/reading-one-euro-paper.dat" using 1:3 with lines linewidth 2 linecolor "#d62728" title "1€, paper defaults"
