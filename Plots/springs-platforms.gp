# Every other platform's presets, 0 → 1 from rest: value against time, one panel per family.
# Data: hingetool spring --preset NAME --length 1.2 --rate 500 -o Plots/data/preset-NAME.dat (make plots)
set terminal pngcairo size 1280,960 font "DejaVu Sans,10" noenhanced
set output "Plots/springs-platforms.png"
set multiplot layout 2,2 title "Other platforms' presets in HingeKit: value against time, from 0 to 1 at rest (hingetool spring --preset …)"
set xlabel "time (s)"
set ylabel "value"
set grid
set key below box maxrows 3
set bmargin 8
set xrange [0:1.2]
set yrange [0:1.4]
set arrow 1 from 0,1 to 1.2,1 nohead dashtype 2 linecolor "gray40"
file(name) = sprintf("Plots/data/preset-%s.dat", name)
set title "material3-expressive-… (spatial: ζ 0.8 / 0.6 / 0.8; effects: ζ 1)"
plot for [name in "material3-expressive-spatial material3-expressive-spatial-fast material3-expressive-spatial-slow material3-expressive-effects material3-expressive-effects-fast material3-expressive-effects-slow"] \
    file(name) using 1:2 with lines linewidth 2 title name[22:*]
set title "Material 3 standard spatial (ζ 0.9), Compose and Android defaults"
plot for [name in "material3-standard-spatial material3-standard-spatial-fast material3-standard-spatial-slow compose-default android-springforce-default"] \
    file(name) using 1:2 with lines linewidth 2 title name
set title "react-spring config (tension / friction, mass 1)"
plot for [name in "react-spring-default react-spring-gentle react-spring-wobbly react-spring-stiff react-spring-slow react-spring-molasses"] \
    file(name) using 1:2 with lines linewidth 2 title name
set title "Motion's default against SwiftUI's presets"
plot file("motion-default") using 1:2 with lines linewidth 2 title "motion-default", \
    for [name in "smooth snappy bouncy"] sprintf("Plots/data/spring-%s.dat", name) using 1:2 with lines linewidth 2 dashtype 3 title name
unset multiplot
