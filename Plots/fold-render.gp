# The frosted-glass fold at 0°, 15° and 30°: the test pattern as the tilted glass shows it
# (the right edge is the hinge, farther from the eye; black where rays miss the interface).
# Data: hingetool fold-render --tilt DEG -o Plots/data/fold-render-DEG.dat (make plots)
set terminal pngcairo size 420,820 font "DejaVu Sans,10" noenhanced
set size ratio -1
set xrange [-35:35]
set yrange [-75:75]
set xlabel "x on the glass (mm)"
set ylabel "y (mm)"
set tics out
unset key
do for [tilt in "0 15 30"] {
    set output sprintf("Plots/fold-render-%s.png", tilt)
    set title sprintf("tilt %s°, eye at 320 mm (hingetool fold-render)", tilt)
    plot sprintf("Plots/data/fold-render-%s.dat", tilt) using 1:2:3:4:5 with rgbimage
}
