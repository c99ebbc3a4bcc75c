# A real two-layer crossfade (Chromium on Xvfb grabbed by ffmpeg x11grab, 30 fps, H.264:
# Datasets/films/real/crossfade-two-ease-30-h264-hq.mp4, its third fade, 300 ms ease-in-out):
# the old layout fades out while the new one fades in, so the dark background shows through
# mid-way. Top: each frame's RMSE against the one before (hingetool film) with the crossfade it
# names shaded. Bottom: each layout's share of the frame measured by the truth probe
# (scripts/film-probe.sh: the luma of a block that is white in one layout only), their sum — the
# U that a straight blend would keep at 1 — and hingetool's fitted α per frame; the dip (the
# largest background share) is marked.
# Data: hingetool film … --events and scripts/film-probe.sh … (make plots)
set terminal pngcairo size 1000,900 font "DejaVu Sans,10" noenhanced
set output "Plots/film-crossfade-dip.png"
film = "Plots/data/film-crossfade-real.dat"
probe = "Plots/data/film-crossfade-real-probe.dat"
first = 3300
last = 4000
# The probe's white and background luma: the brightest left block and the darkest after the start.
stats probe using 2 nooutput
white = STATS_max
stats probe using ($1 > 1100 ? $2 : 1/0) nooutput
background = STATS_min
share(v) = (v - background) / (white - background)
# The crossfade hingetool names in the window, with its α per frame.
fadeStart = 0
fadeEnd = -1
alphas = ''
dip = 0
stats film index 1 using ((strcol(3) eq 'crossfade' && $1 >= first && $1 <= last) ? \
  (fadeStart = $1, fadeEnd = $2, alphas = strcol(6), dip = $7, 1) : 0) nooutput
alphaWords = ''
do for [i=1:strlen(alphas)] { c = alphas[i:i]; alphaWords = alphaWords . (c eq ',' ? ' ' : c) }
# The probe's dip: the frame where the two layouts together cover the least.
stats probe using ($1 >= first && $1 <= last ? 1 - share($2) - share($3) : 1/0) nooutput
probeDip = STATS_max
stats probe using ($1 >= first && $1 <= last && abs(1 - share($2) - share($3) - probeDip) < 1e-9 ? $1 : 1/0) nooutput
dipTime = STATS_min
set multiplot layout 2,1 title "A real two-layer crossfade: the background shows through mid-way (the dip)"
set grid
set lmargin 11
set rmargin 4
set bmargin 5
set xrange [first:last]
set style fill transparent solid 0.25 noborder
set title "Frame-to-frame difference (hingetool film); time in ms"
set ylabel "RMSE to the previous frame"
set yrange [0:*]
set key below box
plot film index 1 using ((strcol(3) eq 'crossfade') ? $1 : 1/0):(0):1:2:(0):(0.11) \
       with boxxyerror linecolor rgb "#1f77b4" title sprintf("crossfade %d–%d ms (hingetool)", fadeStart, fadeEnd), \
     film index 0 using 1:3 with impulses linewidth 2 linecolor "black" title "difference", \
     film index 0 using 1:3 with points pointtype 7 pointsize 0.6 linecolor "black" notitle
set title "Each layout's share of the frame (truth probe) and hingetool's fitted α; time in ms"
set ylabel "share of the frame"
unset xlabel
set yrange [0:1.1]
set key below box maxrows 2
set arrow 1 from dipTime, 1 to dipTime, 1 - probeDip heads size 8,90 linewidth 2 linecolor "#d62728"
set label 1 sprintf("dip: background share %.2f at %d ms (hingetool: %.2f)", probeDip, dipTime, dip) \
  at dipTime + 15, 0.62 textcolor "#d62728"
frame = 0
plot probe using 1:(share($2)) with linespoints pointtype 6 linecolor "#ff7f0e" title "old layout", \
     probe using 1:(share($3)) with linespoints pointtype 6 linecolor "#2ca02c" title "new layout", \
     probe using 1:(share($2) + share($3)) with linespoints pointtype 7 linewidth 2 linecolor "#d62728" \
       title "both together (a straight blend keeps 1)", \
     film index 0 using 1:(($1 >= fadeStart && $1 <= fadeEnd) ? (frame = frame + 1, real(word(alphaWords, frame))) : 1/0) \
       with points pointtype 2 pointsize 1.6 linewidth 2 linecolor "#1f77b4" title "hingetool α (new layout's share)", \
     1 with lines dashtype 2 linecolor "gray" notitle
unset multiplot
