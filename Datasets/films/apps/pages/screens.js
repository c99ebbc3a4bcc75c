// The held-out screens of round 4 (issue 35), written apart from app.js: the same step language,
// other layouts and chrome, pictures and terrain painted on canvases (drawn synchronously, so a
// new page is whole in the frame it first shows). Query:
//   app=grid|settings|article|map  theme=light|dark  keys=pill|buttons  chrome=TOP,BOTTOM (the
//   bars' heights in px)  fps=30|60 (the recording's rate: a blank page lasts N of its frames)
//   first=MS (black before the first layout, default 1500)  seed=N
//   steps=MS:ACTION,… after the first layout, ACTION one of: cut · theme (a cut into the other
//   theme) · fade1-CURVE-MS (the next page fades in over the shown one) · fade2-CURVE-MS (the
//   shown page fades out as the next fades in, over the black view) · fadetheme-CURVE-MS (fade2
//   into the other theme, the bars following) · blankN (the view bare in the page's colour for N
//   frames, the bars kept) · ph-grey|black-grid|one-inplace|relayout-MS (pictures shown as flat
//   slots, all or the largest one, over the shown page or on a new page, painted after MS) ·
//   push-MS · sheet-MS · spinner-MS · scroll-MS (motion, no event). CURVE: linear, easein, easeinout.
const query = new URLSearchParams(location.search);
const KIND = query.get('app') || 'grid';
const FPS = Number(query.get('fps') || 60);
const FIRST = Number(query.get('first') || 1500);
const SEED = Number(query.get('seed') || 0);
const [TOP, BOTTOM] = (query.get('chrome') || '32,24').split(',').map(Number);
let mode = query.get('theme') || 'light';
const view = document.getElementById('view');
const bar = document.getElementById('bar');
const home = document.getElementById('home');
const wide = innerWidth / innerHeight > 1.2;
let serial = 0;
let shown;

// xorshift32, seeded: every take paints the same pictures.
function rng(seed) {
  let x = (seed * 2654435761) >>> 0 || 1;
  return () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
}
const pick = (r, list) => list[Math.floor(r() * list.length)];

// Twenty "photographs" of 256 × 256, painted once: a sky and ground, lit shapes, fine grain.
const photos = [];
function paintPhoto(r) {
  const c = document.createElement('canvas');
  c.width = c.height = 256;
  const g = c.getContext('2d');
  const hue = Math.floor(r() * 360);
  const sky = g.createLinearGradient(0, 0, 0, 256);
  sky.addColorStop(0, `hsl(${hue},55%,${30 + r() * 40}%)`);
  sky.addColorStop(1, `hsl(${(hue + 40) % 360},45%,${20 + r() * 50}%)`);
  g.fillStyle = sky;
  g.fillRect(0, 0, 256, 256);
  for (let i = 0; i < 7; i++) {
    const x = r() * 256, y = r() * 256, rad = 20 + r() * 70;
    const glow = g.createRadialGradient(x, y, 0, x, y, rad);
    glow.addColorStop(0, `hsla(${Math.floor(r() * 360)},70%,${40 + r() * 45}%,0.9)`);
    glow.addColorStop(1, 'hsla(0,0%,50%,0)');
    g.fillStyle = glow;
    g.fillRect(x - rad, y - rad, 2 * rad, 2 * rad);
  }
  g.fillStyle = `hsl(${(hue + 180) % 360},35%,${15 + r() * 30}%)`;
  g.beginPath();
  g.moveTo(0, 256);
  for (let x = 0; x <= 256; x += 16) g.lineTo(x, 150 + Math.sin(x / 30 + r()) * 25 + r() * 20);
  g.lineTo(256, 256);
  g.fill();
  for (let i = 0; i < 900; i++) {
    g.fillStyle = r() < 0.5 ? 'rgba(255,255,255,0.22)' : 'rgba(0,0,0,0.22)';
    g.fillRect(Math.floor(r() * 256), Math.floor(r() * 256), 2 + Math.floor(r() * 5), 2);
  }
  return c;
}

// Terrain: value noise in octaves, as hypsometric tints with contour lines and hill shading,
// in the light and the dark palette; each page shows another part of it.
const WORLD = 768;
const terrain = {};
function paintTerrain() {
  const r = rng(97 + SEED);
  const lattice = (n) => Float32Array.from({ length: (n + 1) * (n + 1) }, () => r());
  const octaves = [[6, 0.55], [12, 0.25], [24, 0.13], [48, 0.07]].map(([n, w]) => [n, w, lattice(n)]);
  const height = new Float32Array(WORLD * WORLD);
  for (let y = 0; y < WORLD; y++) {
    for (let x = 0; x < WORLD; x++) {
      let h = 0;
      for (const [n, w, l] of octaves) {
        const fx = (x / WORLD) * n, fy = (y / WORLD) * n, ix = Math.floor(fx), iy = Math.floor(fy);
        const tx = fx - ix, ty = fy - iy, sx = tx * tx * (3 - 2 * tx), sy = ty * ty * (3 - 2 * ty);
        const a = l[iy * (n + 1) + ix], b = l[iy * (n + 1) + ix + 1];
        const c = l[(iy + 1) * (n + 1) + ix], d = l[(iy + 1) * (n + 1) + ix + 1];
        h += w * (a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy);
      }
      height[y * WORLD + x] = h;
    }
  }
  for (const name of ['light', 'dark']) {
    const c = document.createElement('canvas');
    c.width = c.height = WORLD;
    const g = c.getContext('2d');
    const img = g.createImageData(WORLD, WORLD);
    for (let y = 1; y < WORLD - 1; y++) {
      for (let x = 1; x < WORLD - 1; x++) {
        const i = y * WORLD + x, h = height[i];
        const shade = 1 + 6 * (height[i - 1] - height[i + 1] + height[i - WORLD] - height[i + WORLD]);
        const band = Math.floor(h * 25), line = Math.abs(h * 25 - band - 0.5) > 0.44;
        let rgb = h < 0.36 ? [120, 170, 215] : [150 + band * 4, 190 - band * 3, 130 + band * 2];
        if (name === 'dark') rgb = h < 0.36 ? [28, 44, 70] : [44 + band * 2, 58 + band, 48 + band];
        const k = line && h >= 0.36 ? (name === 'dark' ? 1.5 : 0.75) : 1;
        img.data.set([rgb[0] * shade * k, rgb[1] * shade * k, rgb[2] * shade * k, 255], i * 4);
      }
    }
    g.putImageData(img, 0, 0);
    terrain[name] = c;
  }
}

// A picture slot: a canvas in a frame that can show a flat placeholder instead.
function slot(className, width, height, r) {
  const frame = document.createElement('div');
  frame.className = 'slot ' + className;
  const c = document.createElement('canvas');
  c.className = 'pic';
  c.width = width;
  c.height = height;
  frame.appendChild(c);
  paint(c, r);
  return frame;
}
function paint(c, r) {
  const g = c.getContext('2d'), source = pick(r, photos);
  const s = 110 + r() * 146, x = r() * (256 - s), y = r() * (256 - s) * (c.height / c.width);
  g.drawImage(source, x, y, s, s * Math.min(1, c.height / c.width), 0, 0, c.width, c.height);
}
function html(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

const NAMES = ('Lisbon Ravenna Tromsø Kyoto Oaxaca Tbilisi Galway Hobart Ghent Valparaíso Bergen Matera ' +
  'Essaouira Hakodate Trieste Cusco').split(' ');
const WORDS = ('the tide came in over the old salt flats while a slow train crossed the viaduct and ' +
  'somebody on the platform unfolded a paper map that had been folded too many times to read').split(' ');
function phrase(r, n) {
  let out = [];
  for (let i = 0; i < n; i++) out.push(pick(r, WORDS));
  out = out.join(' ');
  return out[0].toUpperCase() + out.slice(1) + '.';
}

const SCREENS = {
  grid(page, r) {
    const cols = wide ? 5 : innerWidth > 800 ? 4 : 3;
    const top = html('div', 'top');
    top.append(html('h2', '', 'Library'), html('small', '', 'Select'));
    const chips = html('div', 'chips');
    ['Years', 'Months', 'Days', 'All'].forEach((t, i) => chips.append(html('span', i === 3 ? 'now' : '', t)));
    page.append(top, chips);
    for (const day of ['Today', 'Yesterday', 'Last week']) {
      page.append(html('div', 'day', day + ' · ' + pick(r, NAMES)));
      const mosaic = html('div', 'mosaic');
      mosaic.style.setProperty('--cols', cols);
      for (let i = 0; i < cols * 3 - 1; i++) {
        mosaic.append(i === 0 ? slot('wide', 256, 128, r) : slot('', 128, 128, r));
      }
      page.append(mosaic);
    }
  },
  settings(page, r) {
    page.append(html('h2', '', pick(r, ['Settings', 'Network', 'Display', 'Privacy', 'General'])), html('div', 'find', 'Search'));
    const me = html('div', 'group');
    const row = html('div', 'me');
    const face = slot('face', 54, 54, r);
    face.style.cssText = 'width:54px;height:54px;border-radius:50%';
    const who = html('div');
    who.append(html('b', '', pick(r, NAMES) + ' ' + pick(r, ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka'])),
      html('span', '', 'Account, cloud, purchases'));
    row.append(face, who);
    me.append(row);
    page.append(me);
    const groups = [
      ['Airplane mode', 'Wireless', 'Cellular', 'VPN', 'Personal hotspot'],
      ['Alerts', 'Focus', 'Screen time', 'Sounds & haptics'],
      ['General', 'Control centre', 'Brightness', 'Home screen', 'Wallpaper', 'Standby'],
      ['Passwords', 'Wallet', 'Health', 'Privacy & security', 'Keyboard'],
    ];
    // Each page its own order and length of groups (a list alike from page to page is a fade
    // the truth probe cannot tell from noise).
    groups.sort(() => r() - 0.5);
    for (const all of groups) {
      const group = html('div', 'group');
      for (const name of all.slice(0, 2 + Math.floor(r() * (all.length - 1)))) {
        const item = html('div', 'item');
        const glyph = html('div', 'glyph', name[0]);
        glyph.style.background = `hsl(${Math.floor(r() * 360)},60%,45%)`;
        const text = html('div', 'text');
        text.append(html('span', '', name), html('em', '', r() < 0.4 ? pick(r, ['On', 'Off', 'Home', '5 GB']) + ' ›' : '›'));
        item.append(glyph, text);
        group.append(item);
      }
      page.append(group, html('div', 'note', phrase(r, 8)));
    }
  },
  article(page, r) {
    const lead = html('div', 'lead');
    const picture = slot('hero', 384, 256, r);
    picture.style.height = '100%';
    lead.append(picture, html('div', 'over', phrase(r, 6)));
    page.append(lead, html('div', 'kicker', 'TRAVEL · ' + pick(r, NAMES).toUpperCase()), html('div', 'deck', phrase(r, 14)));
    const who = html('div', 'who');
    who.append(html('i'), html('span', '', 'Words by ' + pick(r, NAMES) + ' Desk · ' + (4 + Math.floor(r() * 8)) + ' min'));
    page.append(who);
    const text = html('div', 'text');
    for (let i = 0; i < 3; i++) text.append(html('p', '', phrase(r, 14) + ' ' + phrase(r, 11) + ' ' + phrase(r, 9)));
    page.append(text, html('blockquote', '', '“' + phrase(r, 9) + '”'));
    const figure = html('figure');
    figure.append(slot('', 384, 192, r), html('figcaption', '', phrase(r, 7)));
    page.append(figure);
    const more = html('div', 'text');
    for (let i = 0; i < 3; i++) more.append(html('p', '', phrase(r, 13) + ' ' + phrase(r, 12)));
    page.append(more);
  },
  map(page, r) {
    page.style.height = '100%';
    const cols = wide ? 5 : 3, rows = wide ? 3 : 4;
    const tiles = html('div', 'tiles');
    tiles.style.setProperty('--cols', cols);
    tiles.style.setProperty('--rows', rows);
    const world = document.createElement('canvas');
    world.width = cols * 128;
    world.height = rows * 128;
    const g = world.getContext('2d');
    const ox = r() * (WORLD - world.width), oy = r() * (WORLD - world.height);
    g.drawImage(terrain[page.dataset.mode], ox, oy, world.width, world.height, 0, 0, world.width, world.height);
    g.lineCap = 'round';
    for (let i = 0; i < 5; i++) {
      g.strokeStyle = i === 0 ? '#f2b134' : page.dataset.mode === 'dark' ? '#5b5f66' : '#ffffff';
      g.lineWidth = i === 0 ? 5 : 3;
      g.beginPath();
      let x = r() * world.width, y = 0;
      g.moveTo(x, y);
      while (y < world.height) { x += (r() - 0.5) * 60; y += 30 + r() * 30; g.lineTo(x, y); }
      g.stroke();
    }
    for (let i = 0; i < cols * rows; i++) {
      const frame = slot('tile', 128, 128, r);
      const c = frame.firstChild;
      c.getContext('2d').drawImage(world, (i % cols) * 128, Math.floor(i / cols) * 128, 128, 128, 0, 0, 128, 128);
      frame.style.height = '100%';
      tiles.append(frame);
    }
    page.append(tiles, html('div', 'ask', 'Search ' + pick(r, NAMES)));
    const plus = html('div', 'fab', '+'), minus = html('div', 'fab', '−'), me = html('div', 'me');
    plus.style.top = '70px';
    minus.style.top = '120px';
    me.style.left = `${25 + r() * 50}%`;
    me.style.top = `${35 + r() * 40}%`;
    page.append(plus, minus, me);
  },
};

const LOOK = { grid: 'gallery', settings: 'prefs', article: 'reader', map: 'terrain' };
// Page n in a theme: an opaque screen of its own (taller than the view, to scroll).
function makePage(n, theme) {
  const page = html('div', `screen ${LOOK[KIND]} ${theme}`);
  page.dataset.mode = theme;
  if (KIND !== 'map') page.style.minHeight = '170%';
  SCREENS[KIND](page, rng(n * 131 + 17 + SEED * 7919));
  return page;
}
function setChrome(theme) {
  for (const e of [bar, home]) { e.classList.remove('light', 'dark'); e.classList.add(theme); }
}
function buildChrome() {
  document.documentElement.style.setProperty('--top', TOP + 'px');
  document.documentElement.style.setProperty('--bottom', BOTTOM + 'px');
  bar.innerHTML = '<span class="time"></span><span class="right"><span class="dots"><b></b><b></b><b></b><b></b></span>' +
    '<span class="pct">76%</span><span class="cell"><i></i></span></span>';
  home.innerHTML = query.get('keys') === 'buttons'
    ? '<div class="keys"><span class="tri"></span><span class="dot"></span><span class="box"></span></div>'
    : '<div class="handle"></div>';
  setChrome(mode);
  const time = bar.querySelector('.time'), from = performance.now();
  (function tick() {
    const s = Math.floor((performance.now() - from) / 1000);
    time.textContent = '10:17:' + String(23 + s).padStart(2, '0');
    setTimeout(tick, 1000 - ((performance.now() - from) % 1000));
  })();
}
const flip = (theme) => (theme === 'light' ? 'dark' : 'light');
function put(page) { view.append(page); return page; }
function swap(page) { if (shown) shown.remove(); shown = put(page); }
// fn on the first animation frame at least ms after this one.
function later(ms, fn) {
  const t0 = performance.now();
  const step = (t) => (t - t0 >= ms ? fn() : requestAnimationFrame(step));
  requestAnimationFrame(step);
}
const EASE = { linear: 'linear', easein: 'ease-in', easeinout: 'ease-in-out' };

// The page a step shows is built 150 ms before it, on top of the shown one at an opacity of
// 0.004 (under one luma level): Chromium rasterises it then, so the step itself only changes
// its opacity or transform (a page hidden under the view, or at opacity 0, is drawn only once
// shown, and under load it came tile by tile: blank pages of 13 frames, torn fades).
// A cut or theme switch is followed by no such build (round 7): a page built at 0.004 changes the
// frame by about one luma level, and built 150 ms after a cut it made the cut's frame differ from
// the page it cuts to (the truth probe refused every take of a cut followed by a fade); the page
// of the step after a cut is built with the cut's own page, before the cut, and stays above it.
const FAINT = '0.004';
const ready = [];
const cuts = (action) => action === 'cut' || action === 'theme';
function opens(action) {
  const [head, , , layout] = action.split('-');
  return ['cut', 'theme', 'fade1', 'fade2', 'fadetheme', 'push'].includes(head) || head.startsWith('blank') ||
    (head === 'ph' && layout === 'relayout');
}
// flipped: the page is shown after a theme switch still to come.
function getReady(action, flipped = false) {
  const base = flipped ? flip(mode) : mode;
  const page = makePage(++serial, action.startsWith('theme') || action.startsWith('fadetheme') ? flip(base) : base);
  page.style.opacity = FAINT;
  page.style.willChange = 'opacity, transform';
  put(page);
  ready.push(page);
}
function take() {
  if (!ready.length) getReady('cut');
  return ready.shift();
}
// The builds before step `at`: its own page, and after a cut the next step's too.
function prepareFor(at) {
  if (at >= plan.length) return;
  if (opens(plan[at][1])) getReady(plan[at][1]);
  if (cuts(plan[at][1]) && at + 1 < plan.length && opens(plan[at + 1][1])) getReady(plan[at + 1][1], plan[at][1] === 'theme');
}

function crossfade(both, ms, curve, themed) {
  if (themed) mode = flip(mode);
  const from = shown, to = take();
  if (themed) {
    for (const e of [bar, home]) { e.style.setProperty('--ms', ms + 'ms'); e.style.setProperty('--curve', curve); e.classList.add('follow'); }
  }
  to.offsetWidth;
  const moving = both ? [to, from] : [to];
  for (const e of moving) e.style.transition = `opacity ${ms}ms ${curve}`;
  requestAnimationFrame(() => {
    to.style.opacity = '1';
    if (both) from.style.opacity = '0';
    if (themed) setChrome(mode);
  });
  later(ms + 120, () => { from.remove(); shown = to; });
}

function reveal(page) {
  page.style.opacity = '1';
  if (shown) shown.remove();
  shown = page;
}

function placeholders(colour, which, layout, ms) {
  if (layout === 'relayout') reveal(take());
  const slots = [...shown.querySelectorAll('.slot:not(.face)')];
  const largest = slots.reduce((a, b) => (b.offsetWidth * b.offsetHeight > a.offsetWidth * a.offsetHeight ? b : a));
  const middle = slots[Math.floor(slots.length / 2)];
  const chosen = which === 'all' || which === 'grid' ? slots : [KIND === 'map' ? middle : largest];
  for (const s of chosen) { s.classList.add(colour); s.firstChild.style.visibility = 'hidden'; }
  later(ms, () => {
    const r = rng(serial * 53 + 3 + SEED);
    for (const s of chosen) {
      if (layout === 'inplace' && !s.classList.contains('tile')) paint(s.firstChild, r);
      s.classList.remove(colour);
      s.firstChild.style.visibility = '';
    }
  });
}

function glide(e, from, to, ms) {
  e.style.transform = from;
  e.offsetWidth;
  e.style.transition = `transform ${ms}ms cubic-bezier(0.2, 0.8, 0.2, 1)`;
  requestAnimationFrame(() => { e.style.transform = to; });
}

const DO = {
  cut() { reveal(take()); },
  theme() { mode = flip(mode); setChrome(mode); reveal(take()); },
  fade1(curve, ms) { crossfade(false, Number(ms), EASE[curve], false); },
  fade2(curve, ms) { crossfade(true, Number(ms), EASE[curve], false); },
  fadetheme(curve, ms) { crossfade(true, Number(ms), EASE[curve], true); },
  ph(colour, which, layout, ms) { placeholders(colour, which, layout, Number(ms)); },
  push(ms) {
    const from = shown, to = take();
    to.style.transform = 'translateX(100%)';
    to.style.opacity = '1';
    glide(to, 'translateX(100%)', 'none', Number(ms));
    glide(from, 'none', 'translateX(-25%)', Number(ms));
    later(Number(ms) + 120, () => { from.remove(); shown = to; });
  },
  sheet(ms) {
    const panel = html('div', 'panel');
    panel.append(html('div', 'grip'));
    const r = rng(serial + 5);
    for (let i = 0; i < 6; i++) panel.append(html('p', '', phrase(r, 7)));
    shown.append(panel);
    glide(panel, 'translateY(100%)', 'none', Number(ms));
  },
  spinner(ms) {
    const wheel = put(html('div', 'wheel'));
    const t0 = performance.now();
    const turn = (t) => {
      wheel.style.transform = `rotate(${((t - t0) * 0.6) % 360}deg)`;
      if (t - t0 < Number(ms)) requestAnimationFrame(turn); else wheel.remove();
    };
    requestAnimationFrame(turn);
  },
  scroll(ms) {
    shown.style.transition = `transform ${ms}ms ease-in-out`;
    shown.offsetWidth;
    requestAnimationFrame(() => { shown.style.transform = 'translateY(-28%)'; });
  },
};

// A blank view for N frames of the recording: a bare page over everything, the next page
// (drawn already) shown under it, and the bare page gone after N frames.
function blank(frames) {
  const bare = put(html('div', 'screen ' + mode));
  bare.style.zIndex = '3';
  reveal(take());
  later(frames * 1000 / FPS - 4, () => bare.remove());
}
function run(action) {
  const [head, ...rest] = action.split('-');
  if (head.startsWith('blank')) blank(Number(head.slice(5)));
  else DO[head](...rest);
}

const plan = (query.get('steps') || '').split(',').filter(Boolean).map((s) => {
  const at = s.indexOf(':');
  return [Number(s.slice(0, at)), s.slice(at + 1)];
});
for (let i = 0; i < 20; i++) photos.push(paintPhoto(rng(1000 + i + SEED * 31)));
if (KIND === 'map') paintTerrain();
// The first layout is drawn under a black cover at an opacity of 0.996 (the page shows through at
// under one luma level: the grab still sees black) and the cover goes COVER ms later, so the page
// appears whole in one frame, the frame every step is timed from (round 7: drawn when shown, a
// photo grid under load came over 500 ms, tile by tile, and the probe, timing the steps from its
// first frame with detail, found them all that much early).
const COVER = 600;
setTimeout(() => requestAnimationFrame(() => {
  buildChrome();
  swap(makePage(serial, mode));
  document.body.className = 'on';
  const cover = html('div');
  cover.style.cssText = 'position:fixed;inset:0;background:#000;opacity:0.996;z-index:99;will-change:opacity';
  document.body.append(cover);
  later(COVER, () => {
    cover.remove();
    // The first step's page is built 300 ms after the first layout, not with it (round 7).
    later(300, () => prepareFor(0));
    const zero = performance.now();
    let next = 0;
    const tick = (t) => {
      while (next < plan.length && t - zero >= plan[next][0]) {
        const done = plan[next++][1];
        if (!cuts(done)) { const at = next; later(150, () => prepareFor(at)); }
        run(done);
      }
      if (next < plan.length) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}), FIRST - COVER);
