# One response (0.5 s), three damping ratios: under-, critically and over-damped.
# Data: hingetool spring --response 0.5 --damping-ratio Z --length 1.5 -o Plots/data/regime-Z.dat (make plots)
set terminal pngcairo size 960,600 font "DejaVu Sans,11" noenhanced
set output "Plots/spring-regimes.png"
set title "Same response (0.5 s), damping ratio 0.3 / 1 / 3: value against time (hingetool spring)"
set xlabel "time (s)"
set ylabel "value"
set grid
set xrange [0:1.5]
set key below box
# A key below the plot: the bottom margin leaves room for it under the axis label.
set bmargin 6
set arrow from 0,1 to 1.5,1 nohead dashtype 2 linecolor "gray40"
plot "Plots/data/regime-0.3.dat" using 1:2 with lines linewidth 2 title "ζ = 0.3 (underdamped)", \
     "Plots/data/regime-1.dat" using 1:2 with lines linewidth 2 title "ζ = 1 (critically damped)", \
     "Plots/data/regime-3.dat" using 1:2 with lines linewidth 2 title "ζ = 3 (overdamped)"
