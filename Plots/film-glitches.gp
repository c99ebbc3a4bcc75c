# The four glitches of docs/film.md in the synthetic films: the RMSE of each frame against the one
# before (ImageMagick's compare -metric RMSE) with the events hingetool film names shaded.
# Data: hingetool film Datasets/films/SCENE --events (make plots)
set terminal pngcairo size 1200,760 font "DejaVu Sans,10" noenhanced
set output "Plots/film-glitches.png"
set datafile missing '-'
kind(s) = s eq 'cut' ? 1 : s eq 'crossfade' ? 2 : s eq 'blank-frame' ? 3 : s eq 'placeholder-flash' ? 4 : s eq 'late-motion' ? 5 : 6
colour(k) = word("#d62728 #1f77b4 #9467bd #ff7f0e #8c564b #bbbbbb", k)
name(k) = word("cut crossfade blank_frame placeholder_flash late_motion settle", k)
set style fill transparent solid 0.3 noborder
set grid
set key top left box opaque font ",9"
set multiplot layout 2,2 title "Frame differences and events in the synthetic films (Datasets/films)"
do for [scene in "cut crossfade blank flash"] {
  data = sprintf("Plots/data/film-%s.dat", scene)
  set xrange [*:*]
  set yrange [*:*]
  stats data index 0 using 3 nooutput
  top = STATS_max * 1.15
  set yrange [0:top]
  set xrange [0:1500]
  set title scene
  set xlabel "time (ms)"
  set ylabel "RMSE to the previous frame"
  plot for [k=1:6] data index 1 using 1:(0):1:($2 + 6):(0):(kind(strcol(3)) == k ? top : 0) \
         with boxxyerror linecolor rgb colour(k) title name(k), \
       data index 0 using 1:3 with impulses linewidth 2 linecolor "black" title "difference", \
       data index 0 using 1:3 with points pointtype 7 pointsize 0.5 linecolor "black" notitle
}
unset multiplot
