# The four glitches of docs/film.md in the synthetic films: the RMSE of each frame against the one
# before (ImageMagick's compare -metric RMSE) with the events hingetool film names shaded, and
# the crossfade's blend α per frame on the right axis. The key lists only the kinds each film has.
# Data: hingetool film Datasets/films/SCENE --events (make plots)
set terminal pngcairo size 1300,860 font "DejaVu Sans,10" noenhanced
set output "Plots/film-glitches.png"
set datafile missing '-'
kind(s) = s eq 'cut' ? 1 : s eq 'crossfade' ? 2 : s eq 'blank-frame' ? 3 : s eq 'placeholder-flash' ? 4 : s eq 'late-motion' ? 5 : 6
colour(k) = word("#d62728 #1f77b4 #9467bd #ff7f0e #8c564b #bbbbbb", k)
name(k) = k == 1 ? 'cut' : k == 2 ? 'crossfade' : k == 3 ? 'blank frame' : k == 4 ? 'placeholder flash' : k == 5 ? 'late motion' : 'settle'
array present[6]
set style fill transparent solid 0.3 noborder
set grid
set lmargin 10
set rmargin 10
set bmargin 7
set key below box font ",9" maxrows 2
set multiplot layout 2,2 title "Frame differences and events in the synthetic films (Datasets/films)"
do for [scene in "cut crossfade blank flash"] {
  data = sprintf("Plots/data/film-%s.dat", scene)
  # stats obeys the ranges: free them before counting.
  set xrange [*:*]
  set yrange [*:*]
  # Which kinds occur, and the crossfade's alphas (one per frame of its run, comma-separated).
  alphas = ''
  fadeStart = 0
  fadeEnd = -1
  do for [k=1:6] {
    stats data index 1 using (kind(strcol(3)) == k ? 1 : 0) nooutput
    present[k] = STATS_sum > 0
  }
  stats data index 1 using (strcol(3) eq 'crossfade' ? (alphas = strcol(6), fadeStart = $1, fadeEnd = $2, 1) : 0) nooutput
  alphaWords = ''
  do for [i=1:strlen(alphas)] { c = alphas[i:i]; alphaWords = alphaWords . (c eq ',' ? ' ' : c) }
  stats data index 0 using 3 nooutput
  top = STATS_max * 1.15
  set yrange [0:top]
  set xrange [0:1500]
  set title scene
  set xlabel "time (ms)"
  set ylabel "RMSE to the previous frame"
  if (strlen(alphaWords) > 0) {
    set y2tics 0, 0.2, 1
    set y2label "crossfade α"
    set ytics nomirror
  } else {
    unset y2tics
    unset y2label
    set ytics mirror
  }
  # Rows outside the crossfade: undefined, or (in a film without one) below the right axis,
  # since gnuplot refuses a series with no defined point at all.
  frame = 0
  outside = strlen(alphaWords) > 0 ? NaN : -1
  set y2range [0:1.15]
  plot for [k=1:6] data index 1 using 1:(0):1:($2 + 6):(0):(kind(strcol(3)) == k ? top : 0) \
         with boxxyerror linecolor rgb colour(k) title (present[k] ? name(k) : ''), \
       data index 0 using 1:3 with impulses linewidth 2 linecolor "black" title "difference", \
       data index 0 using 1:3 with points pointtype 7 pointsize 0.5 linecolor "black" notitle, \
       data index 0 using 1:(($1 >= fadeStart && $1 <= fadeEnd) ? (frame = frame + 1, real(word(alphaWords, frame))) : outside) \
         axes x1y2 with linespoints pointtype 6 linewidth 1.5 linecolor "#1f77b4" \
         title (strlen(alphaWords) > 0 ? 'crossfade α (right axis)' : '')
}
unset multiplot
