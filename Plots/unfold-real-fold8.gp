# Unfold progress on the real Galaxy Z Fold 8 log: HingeKit's UnfoldDriver (told of the step
# sensor) and Android's whole pipeline, both fed the public 0/90/180 events, against the phone's
# private fused angle (linearly interpolated) as the truth.
# Data: hingetool unfold Datasets/real/fold8-public.csv --truth Datasets/real/fold8-fused.csv --rate 120 (make plots)
set terminal pngcairo size 1100,900 font "DejaVu Sans,11" noenhanced
set output "Plots/unfold-real-fold8.png"
set multiplot layout 2,1
set grid
set xlabel "time (s)"
set ylabel "unfold progress"
set key below box
set bmargin 6
set yrange [-0.05:1.08]
progress(angle) = angle / 165 > 1 ? 1 : angle / 165
data = "Plots/data/unfold-real-fold8.dat"
curves = 'plot data using 1:5 with lines linewidth 4 linecolor "gray70" title "truth: clamp(fused angle / 165)", \
  data using 1:(progress($2)) with steps linewidth 1 linecolor "#2ca02c" title "public event (0/90/180) / 165", \
  data using 1:4 with lines linewidth 1.5 dashtype 2 linecolor "#d62728" title "Android pipeline", \
  data using 1:3 with lines linewidth 2 linecolor "#1f77b4" title "HingeKit UnfoldDriver (step tracker)"'
set title "The whole 113 s log: eight folds"
set xrange [0:114]
@curves
set title "Folds 2-4 (9-30 s): a slow open's finish, a close with a reversal, a full open"
set xrange [9:30]
@curves
unset multiplot
