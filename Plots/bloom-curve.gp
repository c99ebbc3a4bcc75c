# The bloom curve: 0 up to 80°, (angle − 80) / 90 between, 1 from 170° (BloomEffect), beside
# Android's unfold progress clamp(angle / 165) and a smoothstep ramp over the same 80–170°.
# Data: hingetool curve --effect bloom|unfold|ramp --step 0.5 -o Plots/data/curve-*.dat (make plots)
set terminal pngcairo size 960,640 font "DejaVu Sans,11" noenhanced
set output "Plots/bloom-curve.png"
set title "Angle effects (hingetool curve): bloom is exactly (angle − 80°) / 90° between 80° and 170°"
set xlabel "hinge angle (°)"
set ylabel "effect value"
set grid
set xrange [0:180]
set yrange [-0.05:1.1]
set xtics 0, 20, 180
set key below box
# A key below the plot: the bottom margin leaves room for it under the axis label.
set bmargin 8
set arrow from 80, graph 0 to 80, graph 1 nohead dashtype 3 linecolor "gray40"
set arrow from 170, graph 0 to 170, graph 1 nohead dashtype 3 linecolor "gray40"
set label "80°" at 81, 1.05 textcolor "gray30"
set label "170°" at 171, 1.05 textcolor "gray30"
plot "Plots/data/curve-bloom.dat" using 1:2 with lines linewidth 3 title "bloom (partially open; closed → 0, fully open or no hinge → 1)", \
     "Plots/data/curve-unfold.dat" using 1:2 with lines linewidth 2 dashtype 2 title "unfold progress: clamp(angle / 165°) (Android)", \
     "Plots/data/curve-ramp-smoothstep.dat" using 1:2 with lines linewidth 2 dashtype 4 title "ramp 80–170°, smoothstep"
