# The truth of a recorded film, from its probe rows (scripts/film-probe.sh):
#   pts_ms left right picture_avg picture_low picture_high bar_avg ydif
# Called by record-film.sh with -v name=FILE -v expected="KINDS IN ORDER" -v page=PAGE; prints
# the truth JSON, or exits 1 when the recording does not show the expected kinds (a torn or
# dropped frame turned a cut into a blend, a blank page fell between two grabs, …).
#
# What the recording shows, frame by frame (luma as ffmpeg's signalstats measures it):
# - visible start: the first frame with a white probe block (the app's first layout); every
#   frame before it must be black (the lead-in);
# - white and background: the brightest probe value and the darkest after the start, so a
#   probe block's share s = (luma − background) / (white − background) is 0…1;
# - a layout is A (left block white: s_left > 0.95, s_right < 0.05) or B (the reverse);
# - blank: neither block shows (< 0.1) and the picture is flat at the background's luma;
# - flat picture: its 90th and 10th luma percentiles within 12 (a placeholder fill);
# - cut: A and B next to each other with no frame between; crossfade: frames between that are
#   neither (its start: the first with the new block's share ≥ 0.05, its end: the first ≥ 0.95;
#   alpha = the new block's share, dip = the largest 1 − s_new − s_old, the background's share);
# - blank-frame: a run of blank frames (end: the frame after it); placeholder-flash: a run of
#   flat-picture frames that are not blank (end: the frame the picture lands in); the change
#   into either is not also a cut;
# - settle (only when expected): bursts of frames whose mean luma change (ydif) passes 1.0, less
#   than 250 ms apart; a burst starting more than 500 ms after the hinge stopped (hinge_stop
#   ms after the visible start) is late-motion.
function abs(x) { return x < 0 ? -x : x }
function share(v) { return (v - bg) / (white - bg) }
function side(i) {
  if (sl[i] > 0.95 && sr[i] < 0.05) return "A"
  if (sr[i] > 0.95 && sl[i] < 0.05) return "B"
  return ""
}
function add(kind, s, e, extra) {
  n_ev++
  ev_kind[n_ev] = kind; ev_start[n_ev] = s; ev_end[n_ev] = e; ev_extra[n_ev] = extra
}
{ n++; t[n] = $1; L[n] = $2; R[n] = $3; pa[n] = $4; plo[n] = $5; phi[n] = $6; ydif[n] = $8 }
END {
  if (n < 4) { print name ": too few frames" > "/dev/stderr"; exit 1 }
  for (i = 1; i <= n; i++) if (L[i] > 150 || R[i] > 150) { v = i; break }
  if (!v) { print name ": the app never drew" > "/dev/stderr"; exit 1 }
  for (i = 1; i < v; i++) if (L[i] > 25 || R[i] > 25 || pa[i] > 25) {
    print name ": frame at " t[i] " ms is not black before the visible start" > "/dev/stderr"; exit 1
  }
  white = 0; bg = 255
  for (i = v; i <= n; i++) {
    if (L[i] > white) white = L[i]; if (R[i] > white) white = R[i]
    if (L[i] < bg) bg = L[i]; if (R[i] < bg) bg = R[i]
  }
  for (i = v; i <= n; i++) {
    sl[i] = share(L[i]); sr[i] = share(R[i])
    flat[i] = (phi[i] - plo[i] < 12)
    blank[i] = (sl[i] < 0.1 && sr[i] < 0.1 && flat[i] && abs(pa[i] - bg) < 8)
  }
  # Blank runs and placeholder runs.
  for (i = v + 1; i <= n; i++) {
    if (blank[i] && !blank[i - 1]) { s = i }
    if (!blank[i] && blank[i - 1] && s) { add("blank-frame", t[s], t[i], ""); claimed[i] = 1; s = 0 }
  }
  s = 0
  for (i = v + 1; i <= n; i++) {
    fl = flat[i] && !blank[i]; was = flat[i - 1] && !blank[i - 1]
    if (fl && !was) { s = i; claimed[i] = 1 }
    if (!fl && was && s) { add("placeholder-flash", t[s], t[i], ""); s = 0 }
  }
  # Changes of layout.
  last = v; lastSide = side(v)
  for (i = v + 1; i <= n; i++) {
    sd = side(i)
    if (sd == "") continue
    if (sd == lastSide) { last = i; continue }
    mix = 0; blanks = 0
    for (k = last + 1; k < i; k++) { if (blank[k]) blanks++; else mix++ }
    if (blanks == 0 && mix == 0 && !claimed[i]) add("cut", t[i], t[i], "")
    else if (blanks == 0 && mix > 0) {
      st = 0; en = 0; dip = 0; alphas = ""
      for (k = last + 1; k <= i; k++) {
        new = (sd == "A") ? sl[k] : sr[k]; old = (sd == "A") ? sr[k] : sl[k]
        if (!st && new >= 0.05) st = k
        if (!en && new >= 0.95) en = k
        if (k < i) {
          alphas = alphas (alphas == "" ? "" : ",") sprintf("%.3f", new)
          if (1 - new - old > dip) dip = 1 - new - old
        }
      }
      add("crossfade", t[st], t[en], sprintf(", \"alphas\": [%s], \"dip\": %.3f", alphas, dip))
    }
    last = i; lastSide = sd
  }
  # Bursts of change.
  if (expected ~ /settle/) {
    s = 0
    for (i = v + 1; i <= n; i++) {
      if (ydif[i] <= 1.0) continue
      if (s && t[i] - t[e] > 250) { burst(); s = 0 }
      if (!s) s = i
      e = i
    }
    if (s) burst()
  }
  # Sort by start (insertion sort: a handful of events).
  for (i = 2; i <= n_ev; i++) for (k = i; k > 1 && ev_start[k] < ev_start[k - 1]; k--) swap(k, k - 1)
  got = ""
  for (i = 1; i <= n_ev; i++) got = got (got == "" ? "" : " ") ev_kind[i]
  if (got != expected) {
    print name ": shows '" got "', expected '" expected "'" > "/dev/stderr"; exit 1
  }
  for (i = 2; i <= n; i++) gaps[i - 1] = t[i] - t[i - 1]
  printf "{\n  \"film\": \"%s\",\n  \"page\": \"%s\",\n  \"frames\": %d,\n", name, page, n
  printf "  \"visible_start_ms\": %d,\n  \"white_luma\": %.1f,\n  \"background_luma\": %.1f,\n", t[v], white, bg
  if (hinge_stop != "") printf "  \"hinge_stop_ms\": %d,\n", t[v] + hinge_stop
  printf "  \"events\": ["
  for (i = 1; i <= n_ev; i++) {
    printf "%s\n    {\"kind\": \"%s\", \"start_ms\": %d, \"end_ms\": %d%s}", (i > 1 ? "," : ""), ev_kind[i], ev_start[i], ev_end[i], ev_extra[i]
  }
  printf "\n  ]\n}\n"
}
function burst() {
  kind = "settle"
  if (hinge_stop != "" && t[s] - (t[v] + hinge_stop) > 500) kind = "late-motion"
  add(kind, t[s], t[e], "")
}
function swap(a, b,   x) {
  x = ev_kind[a]; ev_kind[a] = ev_kind[b]; ev_kind[b] = x
  x = ev_start[a]; ev_start[a] = ev_start[b]; ev_start[b] = x
  x = ev_end[a]; ev_end[a] = ev_end[b]; ev_end[b] = x
  x = ev_extra[a]; ev_extra[a] = ev_extra[b]; ev_extra[b] = x
}
