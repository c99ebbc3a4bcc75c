# Late motion: the layout follows a 180° → 90° bend, then moves again ~900 ms after the hinge
# stopped. Above, the frame differences with the events (the key lists only the kinds present);
# below, the hinge on the same time axis. The dashed line is the hinge's stop, from the events'
# since_hinge_stop_ms (HingeReader's rest detection).
# Data: hingetool film Datasets/films/late-motion --events --hinge Datasets/films/late-motion/hinge.csv --hinge-offset 0
set terminal pngcairo size 1100,760 font "DejaVu Sans,11" noenhanced
set output "Plots/film-late-motion.png"
data = "Plots/data/film-late-motion.dat"
set datafile missing '-'
kind(s) = s eq 'cut' ? 1 : s eq 'crossfade' ? 2 : s eq 'blank-frame' ? 3 : s eq 'placeholder-flash' ? 4 : s eq 'late-motion' ? 5 : 6
colour(k) = word("#d62728 #1f77b4 #9467bd #ff7f0e #8c564b #bbbbbb", k)
name(k) = k == 1 ? 'cut' : k == 2 ? 'crossfade' : k == 3 ? 'blank frame' : k == 4 ? 'placeholder flash' : k == 5 ? 'late motion' : 'settle'
array present[6]
do for [k=1:6] {
  stats data index 1 using (kind(strcol(3)) == k ? 1 : 0) nooutput
  present[k] = STATS_sum > 0
}
stats data index 0 using 3 nooutput
top = STATS_max * 1.15
set style fill transparent solid 0.3 noborder
set grid
set lmargin 10
set rmargin 4
set bmargin 6
set xrange [0:2600]
set key below box
set multiplot layout 2,1 title "Late motion: the layout moves again long after the hinge stopped (late-motion film)"
set yrange [0:top]
set xlabel "time (ms)"
set ylabel "RMSE to the previous frame"
plot for [k=1:6] data index 1 using 1:(0):1:($2 + 6):(0):(kind(strcol(3)) == k ? top : 0) with boxxyerror \
       linecolor rgb colour(k) title (present[k] ? name(k) : ''), \
     data index 0 using 1:3 with impulses linewidth 2 linecolor "black" title "difference", \
     data index 0 using 1:3 with points pointtype 7 pointsize 0.5 linecolor "black" notitle, \
     data index 1 using ($1 - $7):(0):(0):(top) with vectors nohead dashtype 2 linewidth 1.5 linecolor "#2ca02c" \
       title "hinge stopped"
set ylabel "hinge angle (°)"
set yrange [80:190]
plot data index 2 using 1:2 with lines linewidth 2 linecolor "#2ca02c" title "hinge position (HingeReader)", \
     data index 1 using ($1 - $7):(80):(0):(110) with vectors nohead dashtype 2 linewidth 1.5 linecolor "#2ca02c" \
       title "hinge stopped"
unset multiplot
