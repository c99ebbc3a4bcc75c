// Shared script of the pages: the page is black until the app "draws" its first layout,
// FIRST_MS after Chromium first shows it (its first animation frame): the film's visible
// start. Every scripted change is then timed from that moment with requestAnimationFrame.
const params = new URLSearchParams(location.search);
function number(name, fallback) { const v = params.get(name); return v === null ? fallback : Number(v); }
const FIRST_MS = number('first', 1500);
const TEXTS = [
  ['Weather and tides for the week ahead, with sunrise and sunset for each day.',
   'A fold of the phone shows the map beside the list; unfold to see both at once.',
   'Swipe down to refresh. Tap an entry to see its hourly detail and the warnings.'],
  ['Your boarding pass is ready. Gate B42 closes twenty minutes before departure.',
   'Seat 14C, aisle. Baggage allowance: one cabin bag and one personal item.',
   'Show the code below at security and at the gate; it also works offline.'],
  ['Photos from the trip: 128 pictures and 6 videos, shared with three people.',
   'Edits sync to every device signed in to the account within a minute.',
   'Long-press a picture to pick several, then share or move them to an album.'],
  ['Three new messages. The first is from the landlord, about the boiler service.',
   'Reply from the notification, or open the thread to see the photos attached.',
   'Messages older than a year move to the archive unless they are starred.'],
];
// A layout: kind 0…3 (A, B, C, D); the probe block is left for even kinds, right for odd ones,
// so that every change between neighbouring kinds swaps it.
function layout(kind, picture) {
  const div = document.createElement('div');
  div.className = 'layout';
  const side = kind % 2 === 0 ? 'left' : 'right';
  const pictureClass = picture || ('picture' + 'ABCA'[kind % 4]);
  div.innerHTML = `<div class="probe ${side}"></div>` +
    `<div class="title">${['Forecast', 'Boarding', 'Album', 'Messages'][kind % 4]}</div>` +
    `<div class="picture ${pictureClass}"></div>` +
    `<div class="text">${TEXTS[kind % 4].map(t => `<p>${t}</p>`).join('')}</div>` +
    `<div class="bar"><span></span><span></span><span></span><span></span></div>`;
  return div;
}
function layer(child) {
  const div = document.createElement('div');
  div.className = 'layer';
  if (child) div.appendChild(child);
  document.body.appendChild(div);
  return div;
}
// Runs steps [[ms after the visible start, function], …] on animation frames.
function run(first, steps) {
  requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => {
    document.body.className = 'app';
    first();
    const zero = performance.now();
    let next = 0;
    steps.sort((a, b) => a[0] - b[0]);
    function tick(now) {
      while (next < steps.length && now - zero >= steps[next][0]) {
        steps[next][1]();
            next++;
      }
      if (next < steps.length) requestAnimationFrame(tick);
    }
    requestAnimationFrame(tick);
  }), FIRST_MS));
}
