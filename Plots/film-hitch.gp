# A real hitch: a page moving a square by requestAnimationFrame while its main thread is blocked
# for 120, 67 and 40 ms (Chromium on Xvfb grabbed losslessly by ffmpeg x11grab at 60 fps:
# Datasets/films/hitches/real/held-out-blocks-grab.mkv). Top: each frame's RMSE against the one
# before (hingetool film --hitches); a frame held is a step of 0, and each hitch film finds is a red
# bar from the held frame's time for as long as it stayed beyond the 16.7 ms period. Bottom: the
# square's position in every frame of the grab (scripts/hitch-truth.py, the truth): flat where
# the page did not draw, then a jump, since the animation keeps its clock.
# Data: hingetool film … --hitches and scripts/hitch-truth.py (make plots)
set terminal pngcairo size 1000,760 font "DejaVu Sans,10" noenhanced
set output "Plots/film-hitch.png"
film = "Plots/data/film-hitch-real.dat"
truth = "Plots/data/film-hitch-real-truth.dat"
first = 1700
last = 3900
set datafile missing '-'
set multiplot layout 2,1 title "A real hitch: requestAnimationFrame with the main thread blocked (x11grab, 60 fps)"
set lmargin 10
set rmargin 4
set xrange [first:last]
set grid
set key below
set ylabel 'RMSE to the previous frame'
set yrange [0:0.3]
plot film index 0 using 1:3 with impulses linewidth 2 linecolor 'black' title 'difference', \
     film index 0 using 1:3 with points pointtype 7 pointsize 0.4 linecolor 'black' notitle, \
     film index 1 using 1:(0.28):3:(0) with vectors nohead linewidth 7 linecolor '#e00000' \
       title 'hitch found (from the held frame, for its time beyond the period)'
set xlabel 'time (ms)'
set ylabel "the square's left edge (px)"
set yrange [*:*]
plot truth using 1:2 with steps linewidth 2 linecolor '#1f77b4' title 'position in each frame (truth, from the lossless grab)', \
     truth using 1:2 with points pointtype 7 pointsize 0.4 linecolor '#1f77b4' notitle
unset multiplot
