# Late motion: the layout follows a 180° → 90° bend, then moves again ~900 ms after the hinge
# stopped. Above, the frame differences with the events; below, the hinge on the same time axis.
# Data: hingetool film Datasets/films/late-motion --events --hinge Datasets/films/late-motion/hinge.csv
set terminal pngcairo size 1100,700 font "DejaVu Sans,11"
set output "Plots/film-late-motion.png"
data = "Plots/data/film-late-motion.dat"
set datafile missing '-'
kind(s) = s eq 'cut' ? 1 : s eq 'crossfade' ? 2 : s eq 'blank-frame' ? 3 : s eq 'placeholder-flash' ? 4 : s eq 'late-motion' ? 5 : 6
colour(k) = word("#d62728 #1f77b4 #9467bd #ff7f0e #8c564b #bbbbbb", k)
stats data index 0 using 3 nooutput
top = STATS_max * 1.15
set style fill transparent solid 0.3 noborder
set grid
set lmargin 10
set xrange [0:2600]
set multiplot layout 2,1 title "Late motion: the layout moves again long after the hinge stopped (late-motion film)"
set yrange [0:top]
set ylabel "RMSE to the previous frame"
set key top right box opaque
plot data index 1 using 1:(0):1:($2 + 6):(0):(kind(strcol(3)) == 6 ? top : 0) with boxxyerror \
       linecolor rgb colour(6) title "settle", \
     data index 1 using 1:(0):1:($2 + 6):(0):(kind(strcol(3)) == 5 ? top : 0) with boxxyerror \
       linecolor rgb colour(5) title "late motion", \
     data index 0 using 1:3 with impulses linewidth 2 linecolor "black" title "difference", \
     data index 0 using 1:3 with points pointtype 7 pointsize 0.5 linecolor "black" notitle
set xlabel "time (ms)"
set ylabel "hinge angle (°)"
set yrange [80:190]
plot data index 2 using 1:2 with lines linewidth 2 linecolor "#2ca02c" title "hinge position (HingeReader)"
unset multiplot
