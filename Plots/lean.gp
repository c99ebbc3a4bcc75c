# The lean: its curve over the angle (6° at 90° and below, 0 flat), and the bundled trace
# through it with the soft critically damped spring; under Reduce Motion it stays upright.
# Data: hingetool curve --effect lean --step 0.5; hingetool animate Datasets/flat-to-laptop.csv
#       --effect lean [--reduce-motion jump] (make plots)
set terminal pngcairo size 1200,560 font "DejaVu Sans,11" noenhanced
set output "Plots/lean.png"
set multiplot layout 1,2 title "Lean (LeanEffect): a few degrees of tilt that follow the fold"
set grid
set title "curve: lean = 6° · clamp((180° − angle) / 90°)"
set xlabel "hinge angle (°)"
set ylabel "lean (°)"
set xrange [0:180]
set yrange [-0.5:7]
set xtics 0, 30, 180
set key below box
# A key below the plot: the bottom margin leaves room for it under the axis label.
set bmargin 8
plot "Plots/data/curve-lean.dat" using 1:2 with lines linewidth 3 title "lean (partially open or no status)"
set title "flat-to-laptop.csv through the lean (hingetool animate --effect lean)"
set xlabel "time (s)"
set autoscale x
set xtics autofreq
set key below box
plot "Plots/data/lean-spring.dat" using 1:2 with steps linecolor "gray60" linewidth 2 title "lean of each sample", \
     "Plots/data/lean-spring.dat" using 1:3 with lines linewidth 3 title "spring: response 0.8 s, ζ = 1", \
     "Plots/data/lean-reduce-motion.dat" using 1:3 with lines linewidth 3 dashtype 2 title "Reduce Motion: upright (0)"
unset multiplot
