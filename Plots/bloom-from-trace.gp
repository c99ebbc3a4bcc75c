# A hinge trace through the bloom: the spring (.smooth) without Reduce Motion, and the bloom
# following the hinge directly with it (no lag, no bounce).
# Data: hingetool animate Datasets/flat-to-laptop.csv --effect bloom [--reduce-motion jump]
#       and --effect angle --reduce-motion jump for the raw angle (make plots)
set terminal pngcairo size 960,640 font "DejaVu Sans,11" noenhanced
set output "Plots/bloom-from-trace.png"
set title "flat-to-laptop.csv through the bloom: spring (.smooth) vs Reduce Motion (hingetool animate --effect bloom)"
set xlabel "time (s)"
set ylabel "bloom"
set y2label "hinge angle (°)"
set grid
set yrange [-0.05:1.1]
set y2range [-9:198]
set ytics nomirror
set y2tics 0, 30, 180
set key below box
# A key below the plot: the bottom margin leaves room for it under the axis label.
set bmargin 8
plot "Plots/data/bloom-angle.dat" using 1:2 axes x1y2 with steps linecolor "gray60" linewidth 2 \
         title "hinge angle (right axis, samples)", \
     "Plots/data/bloom-reduce-motion.dat" using 1:3 with lines linewidth 2 dashtype 2 \
         title "Reduce Motion: the bloom of each sample at once", \
     "Plots/data/bloom-spring.dat" using 1:3 with lines linewidth 3 \
         title "bloom through .smooth (duration 0.5 s, no bounce)"
