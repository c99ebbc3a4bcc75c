# Unfold progress: HingeKit's UnfoldDriver against Android's spring and Android's whole pipeline.
# Data: hingetool unfold … --rate 120 and hingetool animate … --effect unfold (make plots)
set terminal pngcairo size 1100,900 font "DejaVu Sans,11" noenhanced
set output "Plots/unfold-vs-android.png"
set multiplot layout 2,1
set grid
set xlabel "time (s)"
set ylabel "unfold progress"
set key below box
# A key below the plot: the bottom margin leaves room for it under the axis label.
set bmargin 6
set title "flat-to-laptop (1° sensor): the fold from 180° to 110° and back"
set xrange [0.4:4.6]
set yrange [0.6:1.02]
plot "Plots/data/unfold-flat-to-laptop.dat" index 0 using 1:5 with lines linewidth 4 linecolor "gray70" title "truth: clamp(true angle / 165)", \
     "Plots/data/unfold-spring-flat-to-laptop.dat" using 1:3 with lines linewidth 1.5 linecolor "#ff7f0e" title "Android's spring (k 600, ζ 1) on every angle", \
     "Plots/data/unfold-flat-to-laptop.dat" index 0 using 1:4 with lines linewidth 1.5 dashtype 2 linecolor "#d62728" title "Android's pipeline (events, spring, canned finish)", \
     "Plots/data/unfold-flat-to-laptop.dat" index 0 using 1:3 with lines linewidth 2 linecolor "#1f77b4" title "HingeKit UnfoldDriver"
set title "five-degree-steps (5° sensor): Android's half-folded timeout finishes the animation at 1"
plot "Plots/data/unfold-five-degree-steps.dat" index 0 using 1:5 with lines linewidth 4 linecolor "gray70" title "truth", \
     "Plots/data/unfold-spring-five-degree-steps.dat" using 1:3 with lines linewidth 1.5 linecolor "#ff7f0e" title "Android's spring", \
     "Plots/data/unfold-five-degree-steps.dat" index 0 using 1:4 with lines linewidth 1.5 dashtype 2 linecolor "#d62728" title "Android's pipeline", \
     "Plots/data/unfold-five-degree-steps.dat" index 0 using 1:3 with lines linewidth 2 linecolor "#1f77b4" title "HingeKit UnfoldDriver"
unset multiplot
