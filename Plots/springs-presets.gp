# The named springs, 0 → 1 from rest: value against time.
# Data: hingetool spring --preset NAME --length 0.8 -o Plots/data/spring-NAME.dat (make plots)
set terminal pngcairo size 960,600 font "DejaVu Sans,11" noenhanced
set output "Plots/springs-presets.png"
set title "HingeKit presets: value against time, from 0 to 1 at rest (hingetool spring --preset …)"
set xlabel "time (s)"
set ylabel "value"
set grid
set key below box
# A key below the plot: the bottom margin leaves room for it under the axis label.
set bmargin 6
set yrange [0:1.2]
set arrow from 0,1 to 0.8,1 nohead dashtype 2 linecolor "gray40"
plot for [name in "smooth snappy bouncy interactive bend"] \
    sprintf("Plots/data/spring-%s.dat", name) using 1:2 with lines linewidth 2 title name
