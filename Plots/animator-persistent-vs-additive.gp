# Persistent vs additive retargeting when the spring changes mid-flight.
# Data: hingetool animate Datasets/coarse-sensor.csv --preset interactive
#       --change-spring 2.35:bouncy --mode MODE -o Plots/data/animator-MODE.dat (make plots)
# The 0/90/180° sensor reports 90° at 2.330 s and 180° at 2.379 s; retargets from 2.35 s on
# use the bouncy spring. Persistent mode hands the whole motion in flight to the bouncy
# spring; additive mode lets the 0 → 90° change finish on the interactive spring it started
# with and runs only the 90 → 180° change on the bouncy one.
set terminal pngcairo size 960,640 font "DejaVu Sans,11" noenhanced
set output "Plots/animator-persistent-vs-additive.png"
set title "Spring change at 2.35 s (interactive → bouncy): persistent vs additive (hingetool animate)"
set xlabel "time (s)"
set ylabel "angle (°)"
set grid
set xrange [2.2:3.4]
set yrange [-10:215]
set key below box
# A key below the plot: the bottom margin leaves room for it under the axis label.
set bmargin 8
set arrow from 2.35, graph 0 to 2.35, graph 1 nohead dashtype 3 linecolor "gray30"
set label "spring change" at 2.36, 205 textcolor "gray30"
plot "Plots/data/animator-persistent.dat" using 1:2 with steps dashtype 2 linecolor "gray50" \
         linewidth 2 title "target (sensor: 0 / 90 / 180°)", \
     "Plots/data/animator-persistent.dat" using 1:3 with lines linewidth 2 \
         title "persistent (.spring): the motion in flight takes the new spring", \
     "Plots/data/animator-additive.dat" using 1:3 with lines linewidth 2 \
         title "additive (.interpolatingSpring): each change keeps its spring"
