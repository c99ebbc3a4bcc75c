# Unfold progress on part 1 of the real Galaxy Z Fold 8 session: HingeKit's UnfoldDriver (told of
# the step sensor, its tracker fitted on both real logs) and Android's whole pipeline, both fed
# the public 0/90/180 events, against the phone's private fused angle (read change-triggered).
# Data: hingetool unfold Datasets/real/fold8-session-part1-public.csv --truth Datasets/real/fold8-session-part1-fused.csv --rate 120 (make plots)
set terminal pngcairo size 1100,900 font "DejaVu Sans,11" noenhanced
set output "Plots/unfold-real-part1.png"
set multiplot layout 2,1
set grid
set xlabel "time (s)"
set ylabel "unfold progress"
set key below box
set bmargin 6
set yrange [-0.05:1.08]
progress(angle) = angle / 165 > 1 ? 1 : angle / 165
data = "Plots/data/unfold-real-part1.dat"
curves = 'plot data using 1:5 with lines linewidth 4 linecolor "gray70" title "truth: clamp(fused angle / 165)", \
  data using 1:(progress($2)) with steps linewidth 1 linecolor "#2ca02c" title "public event (0/90/180) / 165", \
  data using 1:4 with lines linewidth 1.5 dashtype 2 linecolor "#d62728" title "Android pipeline", \
  data using 1:3 with lines linewidth 2 linecolor "#1f77b4" title "HingeKit UnfoldDriver (step tracker)"'
set title "The first 80 s: slow folds with pauses, then snaps"
set xrange [0:80]
@curves
set title "The snaps (48-66 s): 0 <-> 177 degrees in 0.5-1.4 s"
set xrange [48:66]
@curves
unset multiplot
