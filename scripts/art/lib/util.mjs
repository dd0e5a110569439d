// Small, dependency-free helpers shared by every Patch illustration.
// Everything here is deterministic: randomness comes from a seeded PRNG only.

export const P = {
  cream: "#fbf7ee",
  creamDeep: "#f3ecdc",
  ink: "#1d3327",
  leaf: "#2f6b45",
  leafDark: "#234f33",
  sprout: "#8cbf6a",
  soil: "#6b4a2f",
  clay: "#c8643b",
  sun: "#f2c14e",
  // derived working colours (kept close to the brand palette)
  wood: "#b5773f",
  woodLight: "#dba565",
  woodDark: "#8a5d36",
  woodShade: "#6f4a2b",
  soilDark: "#4a3220",
  soilLight: "#7d5a3a",
  tomato: "#d9472b",
  skin: "#c98d66",
  skinShade: "#ad7352",
};

/** Round to one decimal for compact, stable SVG output. */
export const f = (n) => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
};

export const TAU = Math.PI * 2;

/** mulberry32 seeded PRNG → function returning [0,1). */
export function rng(seed) {
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const lerp = (a, b, t) => a + (b - a) * t;
export const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

function hexToRgb(hex) {
  const h = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}
function rgbToHex([r, g, b]) {
  return (
    "#" + [r, g, b].map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, "0")).join("")
  );
}
/** Mix two hex colours; t=0 → a, t=1 → b. */
export function mix(a, b, t) {
  const A = hexToRgb(a);
  const B = hexToRgb(b);
  return rgbToHex(A.map((v, i) => lerp(v, B[i], t)));
}
export const lighten = (c, t) => mix(c, "#ffffff", t);
export const darken = (c, t) => mix(c, "#000000", t);

/** Smooth closed path through points (Catmull-Rom → cubic Bézier). */
export function closedSmooth(pts, tension = 1) {
  const n = pts.length;
  let d = `M${f(pts[0][0])} ${f(pts[0][1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = pts[(i - 1 + n) % n];
    const p1 = pts[i];
    const p2 = pts[(i + 1) % n];
    const p3 = pts[(i + 2) % n];
    const c1 = [p1[0] + ((p2[0] - p0[0]) / 6) * tension, p1[1] + ((p2[1] - p0[1]) / 6) * tension];
    const c2 = [p2[0] - ((p3[0] - p1[0]) / 6) * tension, p2[1] - ((p3[1] - p1[1]) / 6) * tension];
    d += `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d + "Z";
}

/** Smooth open path through points. */
export function openSmooth(pts, tension = 1) {
  const n = pts.length;
  let d = `M${f(pts[0][0])} ${f(pts[0][1])}`;
  for (let i = 0; i < n - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)];
    const p1 = pts[i];
    const p2 = pts[i + 1];
    const p3 = pts[Math.min(n - 1, i + 2)];
    const c1 = [p1[0] + ((p2[0] - p0[0]) / 6) * tension, p1[1] + ((p2[1] - p0[1]) / 6) * tension];
    const c2 = [p2[0] - ((p3[0] - p1[0]) / 6) * tension, p2[1] - ((p3[1] - p1[1]) / 6) * tension];
    d += `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}

/** Organic blob: an ellipse whose radius wobbles. Returns a path "d". */
export function blob(
  cx,
  cy,
  rx,
  ry,
  { n = 14, amp = 0.08, seed = 1, bumps = 0, bumpAmp = 0 } = {},
) {
  const r = rng(seed);
  const pts = [];
  const ph = r() * TAU;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * TAU;
    let k = 1 + (r() - 0.5) * 2 * amp;
    if (bumps) k += bumpAmp * Math.sin(a * bumps + ph);
    pts.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k]);
  }
  return closedSmooth(pts);
}

/** Scalloped outline (lettuce edges, clouds, canopies): arcs between points on an ellipse. */
export function scallop(cx, cy, rx, ry, n, depth = 0.25, seed = 3, startAngle = 0) {
  const r = rng(seed);
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = startAngle + (i / n) * TAU;
    const k = 1 + (r() - 0.5) * 0.12;
    pts.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k]);
  }
  let d = `M${f(pts[0][0])} ${f(pts[0][1])}`;
  for (let i = 0; i < n; i++) {
    const p1 = pts[i];
    const p2 = pts[(i + 1) % n];
    const mx = (p1[0] + p2[0]) / 2;
    const my = (p1[1] + p2[1]) / 2;
    // push control point outward from centre
    const ox = mx - cx;
    const oy = my - cy;
    const len = Math.hypot(ox, oy) || 1;
    const seg = Math.hypot(p2[0] - p1[0], p2[1] - p1[1]);
    const c = [mx + (ox / len) * seg * depth * 2, my + (oy / len) * seg * depth * 2];
    d += `Q${f(c[0])} ${f(c[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d + "Z";
}

/**
 * Pointed leaf shape with its base at (0,0) pointing up (−y), length len and half-width w.
 * bend skews the tip sideways. Returns path d (local coordinates).
 */
export function leafPath(len, w, bend = 0, round = 0.55) {
  const tipX = bend * len;
  return (
    `M0 0C${f(w * 1.1)} ${f(-len * 0.22)} ${f(w * 0.9 + tipX * 0.6)} ${f(-len * round - 0.2 * len)} ${f(tipX)} ${f(-len)}` +
    `C${f(-w * 0.9 + tipX * 0.6)} ${f(-len * round - 0.2 * len)} ${f(-w * 1.1)} ${f(-len * 0.22)} 0 0Z`
  );
}

/** Half-leaf (one side) for two-tone leaves: right side of leafPath. */
export function halfLeafPath(len, w, bend = 0, round = 0.55) {
  const tipX = bend * len;
  return `M0 0C${f(w * 1.1)} ${f(-len * 0.22)} ${f(w * 0.9 + tipX * 0.6)} ${f(-len * round - 0.2 * len)} ${f(tipX)} ${f(-len)}Q${f(tipX * 0.5)} ${f(-len * 0.5)} 0 0Z`;
}

export const tr = (x, y, rot = 0, s = 1) =>
  `translate(${f(x)} ${f(y)})` +
  (rot ? ` rotate(${f(rot)})` : "") +
  (s !== 1 ? ` scale(${Math.round(s * 1000) / 1000})` : "");

/** Wrap SVG content in a root element. */
export function svgDoc({ width, height, viewBox, defs = "", body }) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox.map(f).join(" ")}">` +
    (defs ? `<defs>${defs}</defs>` : "") +
    body +
    `</svg>`
  );
}

/** Periodic wave helper for animations: integer k keeps the loop seamless. */
export const wave = (t, T, k, phase = 0) => Math.sin((TAU * k * t) / T + phase);

/** A unique-id factory so several drawings can live in one SVG. */
export function ids(prefix) {
  let i = 0;
  return (name = "g") => `${prefix}-${name}-${i++}`;
}
