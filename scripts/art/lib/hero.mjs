// The hero scene: a New Zealand backyard in golden morning light with a Patch grow box.
// Drawn in a 1920×1080 world (extending above and below it so portrait crops work).
// heroSVG({ t }) draws the scene at time t (seconds) of a T-second seamless loop;
// t = 0 is the poster frame.
import { P, f, rng, TAU, lighten, darken, svgDoc, wave, openSmooth, blob } from "./util.mjs";
import { growBox } from "./box.mjs";
import * as pl from "./plants.mjs";
import {
  cloud,
  ponga,
  flax,
  cabbageTree,
  bushBand,
  fence,
  fenceDefs,
  fantail,
  butterfly,
} from "./nature.mjs";

export const LOOP_SECONDS = 8;
export const WORLD = { w: 1920, h: 1080 };

/** Crops of the world used by each output (x, y, w, h). */
export const VIEWS = {
  wide: [0, 0, 1920, 1080],
  portrait: [1085, -250, 748, 1330], // 9:16, grow box in the lower part
  og: [0, 36, 1920, 1008], // 1200:630
};

const SUN = [1585, 318];

// smooth ridge functions so we can place things on the hills
const ridgeFar = (x) =>
  150 + 60 * Math.sin(x / 260 + 0.7) + 35 * Math.sin(x / 120 + 2.1) + 30 * Math.sin(x / 520 + 4);
const ridgeMid = (x) =>
  95 + 45 * Math.sin(x / 210 + 2.4) + 22 * Math.sin(x / 95 + 0.4) + 30 * Math.cos(x / 430);
const ridgeNear = (x) => 55 + 30 * Math.sin(x / 170 + 1.2) + 18 * Math.sin(x / 80 + 3.3);

function hill(yBase, ridge, fill, x0 = -500, x1 = 2500) {
  const pts = [];
  for (let x = x0; x <= x1; x += 60) pts.push([x, yBase - ridge(x)]);
  return `<path d="${openSmooth(pts)}L${x1} 1700L${x0} 1700Z" fill="${fill}"/>`;
}

function defs(t, T, view, overlay) {
  const [vx, vy, vw, vh] = view;
  const shimmer = 0.04 * wave(t, T, 2, 0.5);
  let d = fenceDefs;
  d += `<radialGradient id="sky" gradientUnits="userSpaceOnUse" cx="${SUN[0]}" cy="${SUN[1] + 60}" r="1900">
<stop offset="0" stop-color="#fff4d2"/><stop offset="0.06" stop-color="#fde6a6"/><stop offset="0.2" stop-color="#f6d38c"/><stop offset="0.36" stop-color="#e4cea2"/><stop offset="0.52" stop-color="#a9bcb0"/><stop offset="0.7" stop-color="#6b949a"/><stop offset="0.86" stop-color="#3f6d76"/><stop offset="1" stop-color="#2a5560"/></radialGradient>`;
  d += `<radialGradient id="sunGlow" gradientUnits="userSpaceOnUse" cx="${SUN[0]}" cy="${SUN[1]}" r="420">
<stop offset="0" stop-color="#fffaf0" stop-opacity="${f(0.9 + shimmer)}"/><stop offset="0.2" stop-color="#fff0c4" stop-opacity="${f(0.6 + shimmer)}"/><stop offset="0.55" stop-color="#fbe2a0" stop-opacity="0.22"/><stop offset="1" stop-color="#fbe2a0" stop-opacity="0"/></radialGradient>`;
  d += `<linearGradient id="zenith" gradientUnits="userSpaceOnUse" x1="0" y1="-260" x2="0" y2="330"><stop offset="0" stop-color="#1f4a55" stop-opacity="0.95"/><stop offset="0.45" stop-color="#2c5d68" stop-opacity="0.55"/><stop offset="1" stop-color="#3f707a" stop-opacity="0"/></linearGradient>`;
  d += `<linearGradient id="horizonGlow" gradientUnits="userSpaceOnUse" x1="0" y1="380" x2="0" y2="660"><stop offset="0" stop-color="#f7d9a0" stop-opacity="0"/><stop offset="1" stop-color="#f7d9a0" stop-opacity="0.45"/></linearGradient>`;
  d += `<radialGradient id="warmWash" gradientUnits="userSpaceOnUse" cx="${SUN[0]}" cy="${SUN[1]}" r="1400">
<stop offset="0" stop-color="#f7c85a" stop-opacity="${f(0.26 + shimmer)}"/><stop offset="0.5" stop-color="#f2b64a" stop-opacity="0.1"/><stop offset="1" stop-color="#f2c14e" stop-opacity="0"/></radialGradient>`;
  d += `<linearGradient id="lawn" gradientUnits="userSpaceOnUse" x1="0" y1="790" x2="0" y2="1330">
<stop offset="0" stop-color="#97bf5c"/><stop offset="0.35" stop-color="#6fa347"/><stop offset="1" stop-color="#3f7a3a"/></linearGradient>`;
  d += `<linearGradient id="lawnShade" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="1920" y2="0">
<stop offset="0" stop-color="#1d3327" stop-opacity="0.5"/><stop offset="0.3" stop-color="#1d3327" stop-opacity="0.3"/><stop offset="0.6" stop-color="#1d3327" stop-opacity="0"/></linearGradient>`;
  d += `<linearGradient id="haze" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#f7dc9c" stop-opacity="0"/><stop offset="0.45" stop-color="#f7dc9c" stop-opacity="0.55"/><stop offset="1" stop-color="#f7dc9c" stop-opacity="0"/></linearGradient>`;
  d += `<linearGradient id="ray" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#fff3cc" stop-opacity="0.5"/><stop offset="1" stop-color="#fff3cc" stop-opacity="0"/></linearGradient>`;
  // readability overlays
  if (overlay === "wide" || overlay === "og") {
    const strong = overlay === "og" ? 1.15 : 1;
    d += `<linearGradient id="textShade" gradientUnits="userSpaceOnUse" x1="${vx}" y1="0" x2="${vx + vw}" y2="0">
<stop offset="0" stop-color="#10241c" stop-opacity="${f(0.6 * strong)}"/><stop offset="0.3" stop-color="#10241c" stop-opacity="${f(0.45 * strong)}"/><stop offset="0.5" stop-color="#10241c" stop-opacity="${f(0.22 * strong)}"/><stop offset="0.68" stop-color="#10241c" stop-opacity="0"/></linearGradient>`;
    d += `<linearGradient id="topShade" gradientUnits="userSpaceOnUse" x1="0" y1="${vy}" x2="0" y2="${vy + vh}">
<stop offset="0" stop-color="#15291e" stop-opacity="0.35"/><stop offset="0.2" stop-color="#15291e" stop-opacity="0"/><stop offset="0.85" stop-color="#15291e" stop-opacity="0"/><stop offset="1" stop-color="#15291e" stop-opacity="0.25"/></linearGradient>`;
  } else if (overlay === "portrait") {
    d += `<linearGradient id="textShade" gradientUnits="userSpaceOnUse" x1="0" y1="${vy}" x2="0" y2="${vy + vh}">
<stop offset="0" stop-color="#0f2a2e" stop-opacity="0.45"/><stop offset="0.3" stop-color="#0f2a2e" stop-opacity="0.3"/><stop offset="0.5" stop-color="#0f2a2e" stop-opacity="0.06"/><stop offset="0.6" stop-color="#0f2a2e" stop-opacity="0"/><stop offset="0.92" stop-color="#15291e" stop-opacity="0"/><stop offset="1" stop-color="#15291e" stop-opacity="0.2"/></linearGradient>`;
  }
  return d;
}

/** Everything behind the fence: sky, sun, clouds, hills, trees. */
function backdrop(t, T) {
  let s = `<rect x="-600" y="-600" width="3200" height="1400" fill="url(#sky)"/>`;
  s += `<rect x="-600" y="-600" width="3200" height="940" fill="url(#zenith)"/>`;
  // sun and glow
  s += `<rect x="-600" y="380" width="3200" height="300" fill="url(#horizonGlow)"/><circle cx="${SUN[0]}" cy="${SUN[1]}" r="420" fill="url(#sunGlow)"/>`;
  s += `<circle cx="${SUN[0]}" cy="${SUN[1]}" r="60" fill="#fffcf2"/>`;
  // clouds drift gently back and forth (one cycle per loop)
  const dx = (k, ph) => 22 * wave(t, T, 1, ph) * k;
  s += cloud({
    x: 330 + dx(0.6, 0.6),
    y: 96,
    w: 300,
    h: 62,
    seed: 11,
    tone: "#c9d6cf",
    under: "#9db2ab",
    opacity: 0.45,
  });
  s += cloud({
    x: 770 + dx(1, 0),
    y: 236,
    w: 430,
    h: 92,
    seed: 3,
    tone: "#eef0e6",
    under: "#c4cbbb",
    opacity: 0.62,
  });
  s += cloud({
    x: 1250 + dx(0.8, 1.3),
    y: 165,
    w: 380,
    h: 84,
    seed: 5,
    tone: "#fff8e6",
    under: "#efcd92",
    opacity: 0.93,
  });
  s += cloud({
    x: 1840 + dx(0.6, 2.2),
    y: 262,
    w: 300,
    h: 66,
    seed: 8,
    tone: "#fff8e6",
    under: "#f2d39a",
    opacity: 0.9,
  });
  // hills (atmospheric perspective: warm haze on the far ones)
  s += hill(660, ridgeFar, "#b9c796");
  s += hill(700, ridgeMid, "#93b26d");
  // paddock hedgerows and tree clumps on the mid hill
  let trees = "";
  const r = rng(77);
  for (let x = -60; x < 2000; x += 38 + r() * 70) {
    const y = 700 - ridgeMid(x) + 6 + r() * 30;
    const rr = 7 + r() * 8;
    trees += `M${f(x - rr)} ${f(y)}a${f(rr)} ${f(rr)} 0 1 0 ${f(rr * 2)} 0a${f(rr)} ${f(rr)} 0 1 0 ${f(-rr * 2)} 0Z`;
  }
  s += `<path d="${trees}" fill="#6f9653"/>`;
  // a few sheep dotted on the paddocks
  let sheep = "";
  for (const [sx, sdy] of [
    [460, 34],
    [492, 40],
    [1320, 30],
    [1354, 36],
    [1700, 44],
    [880, 52],
  ]) {
    const y = 700 - ridgeMid(sx) + sdy;
    sheep += `<ellipse cx="${sx}" cy="${f(y)}" rx="5" ry="3.4" fill="#f6f1e2"/><circle cx="${sx + 5}" cy="${f(y - 1)}" r="1.6" fill="#3a3a30"/>`;
  }
  s += sheep;
  s += hill(742, ridgeNear, "#6d9c55");
  s += `<rect x="-600" y="420" width="3200" height="300" fill="url(#haze)" opacity="0.5"/>`;
  // native bush behind the fence and a couple of cabbage trees
  s += cabbageTree({ x: 640, y: 640, s: 0.95, t, T, seed: 41, trunk: "#6b5c4a", leafC: "#4f7040" });
  s += cabbageTree({
    x: 1190,
    y: 650,
    s: 1.15,
    t,
    T,
    seed: 43,
    trunk: "#6b5c4a",
    leafC: "#557a43",
  });
  s += bushBand({
    x0: -100,
    x1: 2020,
    y: 640,
    h: 70,
    seed: 52,
    colors: ["#3b6a43", "#467a4b", "#56884f"],
  });
  return s;
}

function hebe(x, y, s, seed) {
  const r = rng(seed);
  let out = `<path d="${blob(x, y - 22 * s, 46 * s, 26 * s, { seed, amp: 0.12 })}" fill="#3f6f3f"/>`;
  out += `<path d="${blob(x + 8 * s, y - 28 * s, 32 * s, 18 * s, { seed: seed + 1, amp: 0.12 })}" fill="#568a4c"/>`;
  let spikes = "";
  for (let i = 0; i < 9; i++) {
    const sx = x - 36 * s + r() * 72 * s;
    const sy = y - 30 * s - r() * 18 * s;
    spikes += `M${f(sx)} ${f(sy)}q${f(1 * s)} ${f(-8 * s)} ${f(2 * s)} ${f(-14 * s)}`;
  }
  out += `<path d="${spikes}" stroke="#9a7fc4" stroke-width="${f(5 * s)}" stroke-linecap="round" fill="none"/>`;
  return out;
}

function wateringCan(x, y, s = 1) {
  const body = "#c8643b";
  let o = `<ellipse cx="${x - 10 * s}" cy="${y + 2 * s}" rx="${78 * s}" ry="${12 * s}" fill="#1d3327" opacity="0.28"/>`;
  o += `<g transform="translate(${x} ${y}) scale(${s})">`;
  o += `<path d="M30 -40L78 -86L86 -80L44 -28Z" fill="${darken(body, 0.1)}"/>`; // spout
  o += `<path d="M74 -92L92 -76L86 -70L70 -86Z" fill="${darken(body, 0.25)}"/>`; // rose
  o += `<path d="M-42 0L-38 -66Q0 -74 38 -66L42 0Z" fill="${body}"/>`;
  o += `<path d="M10 0L12 -70Q28 -70 38 -66L42 0Z" fill="${lighten(body, 0.14)}"/>`;
  o += `<ellipse cx="0" cy="-67" rx="38" ry="7" fill="${darken(body, 0.2)}"/>`;
  o += `<path d="M-30 -70Q-36 -112 0 -112Q36 -112 30 -70" stroke="${darken(body, 0.15)}" stroke-width="8" fill="none"/>`;
  o += `<path d="M-42 -6H42V0H-42Z" fill="${darken(body, 0.25)}"/>`;
  o += `<path d="M-32 -56V-12" stroke="#fff" stroke-opacity="0.18" stroke-width="5" stroke-linecap="round"/>`;
  o += `</g>`;
  return o;
}

/** The grow box with its plants. Returns {defs, svg}. */
function heroBox(t, T) {
  const b = growBox({
    x: 1235,
    y: 772,
    w: 545,
    h: 150,
    vp: [880, 330],
    k: 0.24,
    id: "hb",
    shadow: 250,
    warm: 0.35,
    seed: 12,
  });
  const sw = (amp, k, ph) => amp * wave(t, T, k, ph);
  const S = 1.55;
  const items = [
    ["tomato", 0.13, 0.88, { h: 250, seed: 2 }, 2.2],
    ["chard", 0.37, 0.9, { seed: 3 }, 2],
    ["kale", 0.6, 0.9, { seed: 4 }, 1.8],
    [
      "tomato",
      0.86,
      0.88,
      { h: 215, seed: 9, fruit: ["#f2b233", "#e99a2c", "#f6c24a"], fruitCount: 3 },
      2.4,
    ],
    ["lettuce", 0.1, 0.52, { seed: 1 }, 1.2],
    ["basil", 0.29, 0.56, { seed: 7 }, 1.6],
    ["lettuce", 0.49, 0.52, { kind: "red", seed: 4 }, 1.2],
    ["parsley", 0.69, 0.56, { seed: 8 }, 1.8],
    ["lettuce", 0.9, 0.5, { seed: 6 }, 1.2],
    ["marigold", 0.07, 0.14, { seed: 6 }, 2.2],
    ["carrots", 0.27, 0.16, { seed: 5 }, 2.6],
    ["lettuce", 0.5, 0.14, { seed: 12, kind: "green" }, 1.2],
    ["strawberry", 0.72, 0.16, { seed: 14 }, 1.5],
    ["marigold", 0.92, 0.14, { seed: 3, flowers: 3 }, 2.2],
  ];
  let plants = "";
  items.forEach(([fn, u, v, o, amp], i) => {
    const [x, y, sc] = b.at(u, v);
    plants += pl[fn]({ x, y, s: sc * S, sway: sw(amp, i % 3 === 0 ? 2 : 1, i * 1.3), ...o });
  });
  return { defs: b.defs, svg: b.svg + plants, corners: b.corners };
}

function lawnAndGarden() {
  let s = "";
  // lawn
  s += `<rect x="-600" y="790" width="3200" height="900" fill="url(#lawn)"/>`;
  // mowing stripes converging toward the horizon
  let stripes = "";
  const vp = [880, 560];
  for (let i = -14; i < 14; i++) {
    if (i % 2) continue;
    const xa = 880 + i * 230;
    const xb = xa + 230;
    const yb = 1700;
    const k = (790 - vp[1]) / (yb - vp[1]);
    stripes += `M${f(vp[0] + (xa - vp[0]) * k)} 790L${f(xa)} ${yb}L${f(xb)} ${yb}L${f(vp[0] + (xb - vp[0]) * k)} 790Z`;
  }
  s += `<path d="${stripes}" fill="#e9f3b8" opacity="0.07"/>`;
  // border garden in front of the fence
  s += `<path d="M-600 788H2600V812Q1600 826 900 818Q300 812 -600 820Z" fill="#5a3f2a"/>`;
  s += `<path d="M-600 812Q300 806 900 812Q1600 820 2600 806V830H-600Z" fill="#1d3327" opacity="0.16"/>`;
  s += hebe(300, 806, 1, 3) + hebe(820, 808, 0.85, 5) + hebe(1620, 806, 0.8, 9);
  // lawn shade on the left (under the ponga) for a calm text area
  s += `<rect x="-600" y="790" width="3200" height="900" fill="url(#lawnShade)"/>`;
  // ponga shadow on the lawn
  s += `<path d="${blob(60, 900, 360, 60, { seed: 4, amp: 0.15 })}" fill="#1d3327" opacity="0.18"/>`;
  // daisies in the lawn
  const r = rng(91);
  let daisies = "";
  for (let i = 0; i < 26; i++) {
    const x = r() * 1900;
    const y = 840 + r() * 230;
    if (x > 1120 && x < 1820 && y < 1000) continue;
    const rr = 2 + (y - 820) / 120;
    daisies += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(rr)}" fill="#fbf7ee" opacity="0.85"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(rr * 0.4)}" fill="${P.sun}"/>`;
  }
  s += daisies;
  return s;
}

function foreground(t, T) {
  let s = "";
  const r = rng(101);
  // grass tufts along the bottom edge and at the box foot
  for (let i = 0; i < 22; i++) {
    const x = -40 + i * 92 + r() * 40;
    const y = 1075 + r() * 20;
    s += pl.grassTuft({
      x,
      y,
      s: 2.4 + r() * 0.8,
      sway: 3 * wave(t, T, 1, i * 0.7),
      seed: 200 + i,
      color: i % 2 ? "#3e7a37" : "#4a8a3d",
      n: 10,
    });
  }
  for (let i = 0; i < 7; i++) {
    const x = 1150 + i * 95 + r() * 30;
    s += pl.grassTuft({
      x,
      y: 936 + (x < 1240 ? -12 : 0) + r() * 6,
      s: 1,
      sway: 2 * wave(t, T, 1, i),
      seed: 300 + i,
      color: "#5d9a44",
      n: 8,
    });
  }
  return s;
}

function particles(t, T) {
  // dust motes floating in the sunbeams
  const r = rng(131);
  let s = "";
  for (let i = 0; i < 18; i++) {
    const bx = 1150 + r() * 700;
    const by = 380 + r() * 400;
    const k = 1 + Math.floor(r() * 2);
    const ph = r() * TAU;
    const x = bx + 26 * Math.sin((TAU * k * t) / T + ph);
    const y =
      by + 18 * Math.cos((TAU * k * t) / T + ph * 1.3) - 6 * Math.sin((TAU * 2 * t) / T + ph);
    const a = 0.35 + 0.35 * (0.5 + 0.5 * Math.sin((TAU * 2 * t) / T + ph * 2));
    s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(1.8 + r() * 2)}" fill="#fff4cf" opacity="${f(a)}"/>`;
  }
  return s;
}

function sunRays(t, T) {
  let s = "";
  const rays = [
    [196, 0.9],
    [206, 0.6],
    [218, 1],
    [232, 0.7],
    [247, 0.8],
  ];
  rays.forEach(([deg, w], i) => {
    const a = (deg * Math.PI) / 180;
    const L = 1500;
    const spread = 0.028 * w;
    const x1 = SUN[0] + Math.cos(a - spread) * L * -1;
    const y1 = SUN[1] + Math.sin(a - spread) * L * -1;
    const x2 = SUN[0] + Math.cos(a + spread) * L * -1;
    const y2 = SUN[1] + Math.sin(a + spread) * L * -1;
    const op = 0.1 + 0.06 * wave(t, T, 1 + (i % 2), i * 1.9);
    s += `<path d="M${SUN[0]} ${SUN[1]}L${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}Z" fill="#fff1c4" opacity="${f(op)}"/>`;
  });
  return s;
}

function butterflyAt(t, T) {
  const u = (TAU * t) / T;
  const x = 1480 + 190 * Math.sin(u + 0.6) + 50 * Math.sin(3 * u + 1.0);
  const y = 520 + 70 * Math.sin(2 * u + 0.2) + 26 * Math.cos(5 * u + 0.4);
  const vx = 190 * Math.cos(u + 0.6) + 150 * Math.cos(3 * u + 1.0);
  const vy = 140 * Math.cos(2 * u + 0.2) - 130 * Math.sin(5 * u + 0.4);
  const heading = (Math.atan2(vy, vx) * 180) / Math.PI;
  const rot = Math.max(
    -40,
    Math.min(
      40,
      (heading > 90 || heading < -90 ? heading - 180 * Math.sign(heading) : heading) * 0.5,
    ),
  );
  const flap = 0.5 + 0.5 * Math.cos(TAU * 20 * (t / T));
  return butterfly({ x, y, s: 0.95, flap, rot: rot + (vx < 0 ? -90 : 90) * 0.25 });
}

/**
 * @param {{t?:number, T?:number, view?:number[], width:number, height:number, overlay?:"wide"|"portrait"|"og"|"none"}} o
 */
export function heroSVG({
  t = 0,
  T = LOOP_SECONDS,
  view = VIEWS.wide,
  width,
  height,
  overlay = "wide",
  extra = "",
  bird = true,
}) {
  const { defs: d, body } = heroParts({ t, T, view, overlay, bird });
  return svgDoc({ width, height, viewBox: view, defs: d, body: body + extra });
}

/** The scene's defs and body, for composing with other layers (e.g. the social card). */
export function heroParts({
  t = 0,
  T = LOOP_SECONDS,
  view = VIEWS.wide,
  overlay = "wide",
  bird = true,
}) {
  const box = heroBox(t, T);
  let body = "";
  body += backdrop(t, T);
  body += fence({ x0: -40, x1: 1960, top: 598, bottom: 800, seed: 61 });
  if (bird) body += fantail({ x: 1000, y: 600, s: 1.5, t, T });
  body += lawnAndGarden();
  // flax clumps and ponga
  body += flax({ x: 430, y: 818, s: 0.8, t, T, seed: 33, n: 11, h: 190, stalks: 1 });
  body += flax({ x: 1105, y: 822, s: 1, t, T, seed: 34, n: 13, h: 220, stalks: 2 });
  body += ponga({ x: 70, y: 830, trunkH: 500, s: 1.6, t, T, seed: 22 });
  body += wateringCan(1080, 1010, 1.05);
  body += box.svg;
  body += flax({ x: 1905, y: 930, s: 1.35, t, T, seed: 35, n: 15, h: 240, stalks: 2, spread: 62 });
  body += foreground(t, T);
  body += butterflyAt(t, T);
  // light
  body += sunRays(t, T);
  body += `<rect x="-600" y="-600" width="3200" height="2400" fill="url(#warmWash)"/>`;
  body += particles(t, T);
  const [vx, vy, vw, vh] = view;
  if (overlay === "wide" || overlay === "og") {
    body += `<rect x="${vx}" y="${vy}" width="${vw}" height="${vh}" fill="url(#textShade)"/>`;
    body += `<rect x="${vx}" y="${vy}" width="${vw}" height="${vh}" fill="url(#topShade)"/>`;
  } else if (overlay === "portrait") {
    body += `<rect x="${vx}" y="${vy}" width="${vw}" height="${vh}" fill="url(#textShade)"/>`;
  }
  return { defs: defs(t, T, view, overlay) + box.defs, body };
}
