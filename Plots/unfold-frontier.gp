# The smoothness–lag frontier of unfold displays, one panel per scenario (every Datasets/*.csv
# with a hinge): RMSE against the true progress over chop (the larger of the largest and the
# 99th-percentile |second difference| per 120 Hz frame, each over Android's stiffness-600
# spring's). Data: hingetool score --frontier Datasets/NAME.csv (make plots); blocks: 0 Android's
# spring, 1 .smooth, 2 HingeKit, 3 particle filter, 4 its estimate through the stages, 5 Gaussian
# of the truth, 6 the Noveum/hinge follower (its ω × 0.25…3).
files = system("ls Plots/data/frontier-*.dat")
count = words(files)
columns = 3
# One more slot than scenarios: the last holds the key, outside every panel's data.
rows = (count + 1 + columns - 1) / columns
set terminal pngcairo size 1500, 430 * rows font "DejaVu Sans,10" noenhanced
set output "Plots/unfold-frontier.png"
set multiplot layout rows, columns title "Unfold progress: RMSE against truth over chop (1 = Android's stiffness-600 spring), seed 1"
set grid
set logscale xy
set autoscale xy
set format xy "%g"
set xlabel "chop (over Android's spring at stiffness 600)"
set ylabel "RMSE (progress)"
do for [i = 1:count] {
    file = word(files, i)
    unset key
    name = system("sed -n '1s/^# hingetool score --frontier //p' " . file)
    set title name
    plot file index 0 using 3:2 with linespoints pointtype 7 pointsize 0.6 linecolor "#ff7f0e" linewidth 1.5 title "Android spring, k 100…3000", \
         file index 0 using 3:($1 == 600 ? $2 : 1/0) with points pointtype 4 pointsize 2 linecolor "#ff7f0e" notitle, \
         file index 1 using 3:2 with linespoints pointtype 5 pointsize 0.5 linecolor "#9467bd" linewidth 1 title ".smooth on every report, 0.15…1 s", \
         file index 2 using 3:2 with linespoints pointtype 9 pointsize 0.8 linecolor "#1f77b4" linewidth 2 title "HingeKit UnfoldDriver, responsiveness 0…1", \
         file index 2 using 3:($1 == 0.8 ? $2 : 1/0) with points pointtype 6 pointsize 2.5 linecolor "#1f77b4" linewidth 2 title "HingeKit default", \
         file index 3 using 3:2 with linespoints pointtype 3 pointsize 1.5 linecolor "black" linewidth 1.5 title "particle filter (causal floor), 3 runs", \
         file index 4 using 3:2 with linespoints pointtype 1 dashtype 2 linecolor "gray40" title "filter → 3 stages + lead", \
         file index 5 using 3:2 with linespoints pointtype 2 dashtype 3 linecolor "#2ca02c" linewidth 1.5 title "Gaussian of truth (non-causal)", \
         file index 6 using 3:2 with linespoints pointtype 13 pointsize 0.8 linecolor "#d62728" linewidth 1.5 title "noveum-hinge, ω ×0.25…3", \
         file index 6 using 3:($1 == 1 ? $2 : 1/0) with points pointtype 12 pointsize 2.2 linecolor "#d62728" linewidth 2 notitle
}
# The key, alone in the slot after the last panel.
unset border
unset tics
unset xlabel
unset ylabel
unset grid
unset logscale
set title ""
set xrange [0:1]
set yrange [0:1]
set key above center vertical Left reverse font ",10" samplen 2 nobox
plot NaN with linespoints pointtype 7 pointsize 0.6 linecolor "#ff7f0e" linewidth 1.5 title "Android spring, k 100…3000 (square: k 600)", \
     NaN with linespoints pointtype 5 pointsize 0.5 linecolor "#9467bd" linewidth 1 title ".smooth on every report, 0.15…1 s", \
     NaN with linespoints pointtype 9 pointsize 0.8 linecolor "#1f77b4" linewidth 2 title "HingeKit UnfoldDriver, responsiveness 0…1", \
     NaN with points pointtype 6 pointsize 2.5 linecolor "#1f77b4" linewidth 2 title "HingeKit default (0.8)", \
     NaN with linespoints pointtype 3 pointsize 1.5 linecolor "black" linewidth 1.5 title "particle filter: causal floor (3 independent runs, joined)", \
     NaN with linespoints pointtype 1 dashtype 2 linecolor "gray40" title "filter → 3 stages + lead, ω 10…100", \
     NaN with linespoints pointtype 2 dashtype 3 linecolor "#2ca02c" linewidth 1.5 title "Gaussian of truth (non-causal), σ 5…120 ms", \
     NaN with linespoints pointtype 13 pointsize 0.8 linecolor "#d62728" linewidth 1.5 title "noveum-hinge follower, ω ×0.25…3 (diamond: the app's ×1)"
unset multiplot
