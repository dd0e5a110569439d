// Landscape pieces for the New Zealand backyard: hills, clouds, native plants, fence,
// a pīwakawaka (fantail) and a kahukura (red admiral) butterfly.
// Animated pieces take (t, T): time and loop length in seconds; all motion uses whole
// numbers of cycles per loop so frame T equals frame 0.
import { f, rng, TAU, mix, lighten, darken, openSmooth, tr, wave } from "./util.mjs";

/** Soft cumulus cloud; lit from the upper right, warm shade underneath. */
export function cloud({
  x,
  y,
  w,
  h,
  seed = 1,
  tone = "#fffaf0",
  under = "#f2d6a2",
  opacity = 0.92,
}) {
  const r = rng(seed);
  const us = [0.1, 0.26, 0.44, 0.6, 0.76, 0.9];
  const ks = [0.34, 0.52, 0.72, 0.6, 0.46, 0.32];
  const puffs = us.map((u, i) => {
    const rr = h * ks[i] * (0.85 + r() * 0.3);
    return [x - w / 2 + w * u + (r() - 0.5) * w * 0.04, y - h * 0.18 - rr * 0.55, rr];
  });
  const circ = (list, k = 1, dx = 0, dy = 0) =>
    list
      .map(
        ([px, py, rr]) =>
          `M${f(px - rr * k + dx)} ${f(py + dy)}a${f(rr * k)} ${f(rr * k)} 0 1 0 ${f(rr * 2 * k)} 0a${f(rr * k)} ${f(rr * k)} 0 1 0 ${f(-rr * 2 * k)} 0Z`,
      )
      .join("");
  const bw = w * 0.43;
  const base = `M${f(x - bw)} ${f(y - h * 0.2)}a${f(bw)} ${f(h * 0.2)} 0 1 0 ${f(bw * 2)} 0a${f(bw)} ${f(h * 0.2)} 0 1 0 ${f(-bw * 2)} 0Z`;
  return (
    `<g opacity="${opacity}"><path d="${circ(puffs)}${base}" fill="${under}"/>` +
    `<path d="${circ(puffs, 0.97, h * 0.05, -h * 0.1)}${base}" fill="${tone}" transform="translate(${f(h * 0.02)} ${f(-h * 0.07)})"/></g>`
  );
}

/** Ponga (tree fern): textured trunk and an umbrella of arching fronds. */
export function ponga({
  x,
  y,
  trunkH,
  s = 1,
  t = 0,
  T = 8,
  seed = 21,
  dark = "#21442f",
  mid = "#2f5d3d",
  light = "#487d52",
  trunk = "#3b2a1e",
  fronds = 16,
}) {
  const r = rng(seed);
  const cx = x + 10 * s;
  const cy = y - trunkH;
  let out = "";
  // trunk, slightly curved and tapered
  const tw0 = 17 * s;
  const tw1 = 12 * s;
  out += `<path d="M${f(x - tw0)} ${f(y)}C${f(x - tw0)} ${f(y - trunkH * 0.5)} ${f(cx - tw1 - 4 * s)} ${f(cy + trunkH * 0.3)} ${f(cx - tw1)} ${f(cy)}L${f(cx + tw1)} ${f(cy)}C${f(cx + tw1 - 4 * s)} ${f(cy + trunkH * 0.3)} ${f(x + tw0)} ${f(y - trunkH * 0.5)} ${f(x + tw0)} ${f(y)}Z" fill="${trunk}"/>`;
  let scars = "";
  for (let yy = y - 10 * s; yy > cy + 10 * s; yy -= 13 * s) {
    const k = (y - yy) / trunkH;
    const xx = x + (cx - x) * k * k;
    const ww = tw0 + (tw1 - tw0) * k;
    for (let j = -1; j <= 1; j++)
      scars += `M${f(xx + j * ww * 0.55 - 4 * s)} ${f(yy + (j === 0 ? 6 * s : 0))}l${f(4 * s)} ${f(-5 * s)}l${f(4 * s)} ${f(5 * s)}`;
  }
  out += `<path d="${scars}" stroke="${lighten(trunk, 0.15)}" stroke-width="${f(2 * s)}" fill="none" opacity="0.7"/>`;
  // skirt of old brown fronds hugging the top of the trunk
  {
    const top = cy + 2 * s;
    const bot = cy + 125 * s;
    const pts = [[cx - 34 * s, top]];
    const m = 11;
    for (let i = 0; i <= m; i++) {
      const u = i / m;
      const xx = cx - 26 * s + 52 * s * u;
      pts.push([xx, bot - (i % 2 ? 26 * s : 0) - r() * 14 * s + 3 * s * wave(t, T, 1, i)]);
    }
    pts.push([cx + 34 * s, top]);
    out += `<path d="M${pts.map((p) => `${f(p[0])} ${f(p[1])}`).join("L")}Z" fill="#5e4431"/>`;
    let streaks = "";
    for (let i = 0; i < 8; i++) {
      const xx = cx - 26 * s + i * 7.5 * s;
      streaks += `M${f(xx + (i - 4) * 1.5 * s)} ${f(top + 8 * s)}L${f(xx)} ${f(bot - 30 * s)}`;
    }
    out += `<path d="${streaks}" stroke="#3f2d20" stroke-width="${f(2 * s)}" opacity="0.7"/>`;
  }
  // fronds
  const list = [];
  for (let i = 0; i < fronds; i++) {
    const phi = (i / fronds) * TAU + (r() - 0.5) * 0.3;
    list.push({ phi, L: (215 + r() * 60) * s, e: 0.5 + r() * 0.4, ph: r() * TAU, i });
  }
  list.sort((a, b) => Math.sin(a.phi) - Math.sin(b.phi));
  for (const fr of list) {
    const z = Math.sin(fr.phi); // -1 back, +1 front
    const sway = 0.035 * wave(t, T, 1, fr.ph) + 0.015 * wave(t, T, 2, fr.ph * 1.7);
    const dirx = Math.cos(fr.phi + sway);
    const L = fr.L * (0.55 + 0.45 * Math.abs(dirx)) * (z > 0 ? 1.05 : 0.95);
    const up = Math.sin(fr.e) * 0.55;
    const droop = 0.75 + 0.1 * z + 0.05 * wave(t, T, 1, fr.ph + 1);
    const pts = [];
    const N = 40;
    for (let k = 0; k <= N; k++) {
      const u = k / N;
      pts.push([
        cx + L * dirx * u * (1 - 0.15 * u),
        cy - L * up * u + L * droop * u * u * 0.85 + z * L * 0.18 * u,
      ]);
    }
    const col = z > 0.3 ? light : z > -0.3 ? mid : dark;
    let d = "";
    const pw = 50 * s * (0.6 + 0.4 * Math.abs(z));
    for (let k = 1; k < N; k++) {
      const u = k / N;
      const [px, py] = pts[k];
      const [qx, qy] = pts[k + 1];
      const tx = qx - px;
      const ty = qy - py;
      const tl = Math.hypot(tx, ty) || 1;
      const nx = -ty / tl;
      const ny = tx / tl;
      const len = pw * Math.sin(Math.PI * Math.min(0.5, u * 0.9)) * Math.pow(1 - u, 0.55);
      const fw = 0.9 * tl;
      for (const sd of [-1, 1]) {
        const ex = px + nx * len * sd + (tx / tl) * len * 0.45;
        const ey = py + ny * len * sd + (ty / tl) * len * 0.45;
        d += `M${f(px)} ${f(py)}Q${f(px + nx * len * 0.5 * sd - (tx / tl) * fw * 0.2)} ${f(py + ny * len * 0.5 * sd - (ty / tl) * fw * 0.2)} ${f(ex)} ${f(ey)}Q${f(px + nx * len * 0.45 * sd + (tx / tl) * fw * 1.1)} ${f(py + ny * len * 0.45 * sd + (ty / tl) * fw * 1.1)} ${f(px + (tx / tl) * fw)} ${f(py + (ty / tl) * fw)}Z`;
      }
    }
    out += `<path d="${d}" fill="${col}"/>`;
    out += `<path d="${openSmooth(pts.filter((_, k) => (k % 3 === 0 || k === N) && k <= N - 2))}" stroke="${darken(col, 0.2)}" stroke-width="${f(2 * s)}" fill="none" stroke-linecap="round"/>`;
  }
  // koru (unfurling fronds) at the crown
  out += `<path d="M${f(cx - 4 * s)} ${f(cy)}q${f(-4 * s)} ${f(-26 * s)} ${f(8 * s)} ${f(-30 * s)}q${f(10 * s)} ${f(-2 * s)} ${f(6 * s)} ${f(10 * s)}q${f(-4 * s)} ${f(4 * s)} ${f(-7 * s)} ${f(-1 * s)}" stroke="${light}" stroke-width="${f(3.2 * s)}" fill="none" stroke-linecap="round"/>`;
  return out;
}

/** Harakeke (NZ flax): fan of strap leaves, optional kōrari flower stalks. */
export function flax({
  x,
  y,
  s = 1,
  t = 0,
  T = 8,
  seed = 31,
  n = 13,
  h = 210,
  stalks = 2,
  spread = 58,
  green = "#4d7a3c",
  lightGreen = "#73a152",
  edge = "#b4562f",
  amp = 1,
}) {
  const r = rng(seed);
  const leaves = [];
  for (let i = 0; i < n; i++) {
    const a = -spread + (2 * spread * i) / (n - 1) + (r() - 0.5) * 10;
    leaves.push({
      a,
      L: h * (0.62 + 0.38 * Math.cos((a * Math.PI) / 180 / 1.3)) * (0.85 + r() * 0.25),
      ph: r() * TAU,
      tone: r(),
    });
  }
  // outer leaves first, centre leaves on top
  leaves.sort((p, q) => Math.abs(q.a) - Math.abs(p.a));
  let out = "";
  const stalkPaths = [];
  for (let k = 0; k < stalks; k++) {
    const sx = (k - (stalks - 1) / 2) * 26 * s;
    const H = h * (1.45 + r() * 0.3) * s;
    const lean = (k - (stalks - 1) / 2) * 0.12 + 0.02 * wave(t, T, 1, k * 2.1) * amp;
    let d = `M${f(sx)} 0Q${f(sx + lean * H * 0.3)} ${f(-H * 0.5)} ${f(sx + lean * H)} ${f(-H)}`;
    let flowers = "";
    for (let j = 0; j < 5; j++) {
      const u = 0.6 + j * 0.09;
      const px = sx + lean * H * u * u;
      const py = -H * u;
      const side = j % 2 ? 1 : -1;
      const bx = px + side * 14 * s;
      const by = py - 10 * s;
      d += `M${f(px)} ${f(py)}Q${f(px + side * 8 * s)} ${f(py - 2 * s)} ${f(bx)} ${f(by)}`;
      for (let m = 0; m < 3; m++) {
        const fx = bx + side * m * 3 * s;
        const fy = by - m * 2 * s;
        flowers += `M${f(fx)} ${f(fy)}q${f(side * 3 * s)} ${f(-8 * s)} ${f(side * 1 * s)} ${f(-15 * s)}`;
      }
    }
    stalkPaths.push(
      `<path d="${d}" stroke="#6d5b38" stroke-width="${f(3 * s)}" fill="none" stroke-linecap="round"/><path d="${flowers}" stroke="#8a2c25" stroke-width="${f(4 * s)}" fill="none" stroke-linecap="round"/>`,
    );
  }
  out += stalkPaths.join("");
  for (const lf of leaves) {
    const sw = (2.2 * wave(t, T, 1, lf.ph) + 0.8 * wave(t, T, 3, lf.ph * 2)) * amp;
    const a = ((lf.a + sw) * Math.PI) / 180;
    const L = lf.L * s;
    const droop = Math.pow(Math.abs(lf.a) / spread, 2) * 0.45;
    const end = [Math.sin(a) * L * (1 + droop * 0.6), -Math.cos(a) * L + droop * L * 0.7];
    const ctrl = [Math.sin(a) * L * 0.35, -L * 0.75 * Math.cos(a * 0.6)];
    const N = 10;
    const spine = [];
    for (let k = 0; k <= N; k++) {
      const u = k / N;
      spine.push([
        2 * (1 - u) * u * ctrl[0] + u * u * end[0],
        2 * (1 - u) * u * ctrl[1] + u * u * end[1],
      ]);
    }
    const w0 = 13 * s;
    const right = [];
    const left = [];
    for (let k = 0; k <= N; k++) {
      const [px, py] = spine[k];
      const [qx, qy] = spine[Math.min(N, k + 1)];
      const [ox, oy] = spine[Math.max(0, k - 1)];
      const tx = qx - ox;
      const ty = qy - oy;
      const tl = Math.hypot(tx, ty) || 1;
      const nx = -ty / tl;
      const ny = tx / tl;
      const wd = w0 * Math.pow(1 - k / N, 0.8) * (k === 0 ? 0.9 : 1);
      right.push([px + nx * wd, py + ny * wd]);
      left.push([px - nx * wd, py - ny * wd]);
    }
    const base = mix(green, darken(green, 0.2), lf.tone * 0.6);
    const lightC = mix(lightGreen, green, lf.tone * 0.4);
    const poly = (pts) => "M" + pts.map((p) => `${f(p[0])} ${f(p[1])}`).join("L");
    out += `<path d="${poly(right)}${poly(left.slice().reverse()).replace("M", "L")}Z" fill="${base}"/>`;
    out += `<path d="${poly(right)}${poly(spine.slice().reverse()).replace("M", "L")}Z" fill="${lightC}"/>`;
    out += `<path d="${poly(left)}" stroke="${edge}" stroke-width="${f(1.3 * s)}" fill="none" opacity="0.55"/>`;
  }
  return `<g transform="${tr(x, y)}">${out}</g>`;
}

/** Tī kōuka (cabbage tree) for the middle distance. */
export function cabbageTree({
  x,
  y,
  s = 1,
  t = 0,
  T = 8,
  seed = 41,
  trunk = "#7c6a55",
  leafC = "#5d7d45",
  old = "#a08a5a",
}) {
  const r = rng(seed);
  let out = "";
  const heads = [
    [-38, -170, 1],
    [30, -185, 0.95],
    [-4, -215, 1.05],
  ];
  let tk = `M0 0Q-2 -60 0 -110`;
  for (const [hx, hy] of heads)
    tk += `M0 -110Q${f(hx * 0.3)} ${f(hy * 0.6 - 40)} ${f(hx)} ${f(hy)}`;
  out += `<path d="${tk}" stroke="${trunk}" stroke-width="7" fill="none" stroke-linecap="round"/>`;
  for (const [hx, hy, hs] of heads) {
    const sw = 2 * wave(t, T, 1, hx);
    let dead = "";
    let live = "";
    for (let i = 0; i < 28; i++) {
      const a = ((i / 28) * 360 + r() * 8 + sw) * (Math.PI / 180);
      const L = (34 + r() * 10) * hs;
      const ex = hx + Math.cos(a) * L;
      const ey = hy + Math.sin(a) * L * 0.85 + (Math.sin(a) > 0.3 ? 8 : 0);
      const seg = `M${f(hx)} ${f(hy)}Q${f(hx + Math.cos(a) * L * 0.6)} ${f(hy + Math.sin(a) * L * 0.5 - 4)} ${f(ex)} ${f(ey)}`;
      if (Math.sin(a) > 0.45) dead += seg;
      else live += seg;
    }
    out += `<path d="${dead}" stroke="${old}" stroke-width="2.4" fill="none" stroke-linecap="round"/>`;
    out += `<path d="${live}" stroke="${leafC}" stroke-width="2.6" fill="none" stroke-linecap="round"/>`;
  }
  return `<g transform="${tr(x, y, 0, s)}">${out}</g>`;
}

/** Rounded native-bush canopy band (behind the fence). */
export function bushBand({ x0, x1, y, h, seed = 51, colors = ["#2e5a3a", "#386a43", "#44784b"] }) {
  const r = rng(seed);
  let out = "";
  colors.forEach((c, li) => {
    let d = "";
    let x = x0 - r() * 60;
    while (x < x1 + 60) {
      const rr = h * (0.35 + r() * 0.4) * (1 - li * 0.15);
      const yy = y - h * (0.2 + r() * 0.5) * (1 - li * 0.25) + li * h * 0.18;
      d += `M${f(x - rr)} ${f(yy)}a${f(rr)} ${f(rr * 0.85)} 0 1 0 ${f(rr * 2)} 0a${f(rr)} ${f(rr * 0.85)} 0 1 0 ${f(-rr * 2)} 0Z`;
      x += rr * (1.1 + r() * 0.6);
    }
    d += `M${f(x0 - 80)} ${f(y)}H${f(x1 + 80)}V${f(y + h)}H${f(x0 - 80)}Z`;
    out += `<path d="${d}" fill="${c}"/>`;
  });
  return out;
}

/** Paling fence with cap rail. Returns svg. */
export function fence({ x0, x1, top, bottom, seed = 61 }) {
  const r = rng(seed);
  const pw = 30;
  const gap = 3.5;
  let out = `<rect x="${f(x0)}" y="${f(top)}" width="${f(x1 - x0)}" height="${f(bottom - top)}" fill="#2e241c"/>`;
  let hi = "";
  let lo = "";
  for (let x = x0; x < x1; x += pw + gap) {
    const c = mix("#5d4a3a", "#6a5542", r());
    const tt = top + 8 + r() * 3;
    out += `<rect x="${f(x)}" y="${f(tt)}" width="${f(pw)}" height="${f(bottom - tt)}" fill="${c}"/>`;
    hi += `M${f(x + pw - 2.5)} ${f(tt + 2)}V${f(bottom)}`;
    lo += `M${f(x + 5 + r() * 10)} ${f(tt + 20 + r() * 40)}v${f(20 + r() * 50)}`;
  }
  out += `<path d="${hi}" stroke="#a07a52" stroke-width="2.5" opacity="0.6"/>`;
  out += `<path d="${lo}" stroke="#3e3128" stroke-width="1.4" opacity="0.5" stroke-linecap="round"/>`;
  // cap rail
  out += `<rect x="${f(x0)}" y="${f(top)}" width="${f(x1 - x0)}" height="11" fill="#7a6148"/><rect x="${f(x0)}" y="${f(top)}" width="${f(x1 - x0)}" height="3" fill="#c79a62" opacity="0.8"/><rect x="${f(x0)}" y="${f(top + 9)}" width="${f(x1 - x0)}" height="4" fill="#241c16" opacity="0.7"/>`;
  // golden light from upper right, shade near the ground
  out += `<rect x="${f(x0)}" y="${f(top)}" width="${f(x1 - x0)}" height="${f(bottom - top)}" fill="url(#fenceShade)"/>`;
  return out;
}

export const fenceDefs = `<linearGradient id="fenceShade" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#f2c14e" stop-opacity="0.16"/><stop offset="0.55" stop-color="#1d3327" stop-opacity="0.05"/><stop offset="1" stop-color="#1d3327" stop-opacity="0.4"/></linearGradient>`;

/** Pīwakawaka (fantail) perched, facing right; tail fans open and closed over the loop. */
export function fantail({ x, y, s = 1, t = 0, T = 8 }) {
  // two quick fans per loop; smooth bump keeps it periodic
  const fan = 0.55 + 0.45 * Math.pow(0.5 + 0.5 * wave(t, T, 2, 0.4), 3);
  const tilt = 6 * wave(t, T, 4, 1.1) * 0.5 + 4;
  const head = 8 * wave(t, T, 3, 0.3);
  let tail = "";
  const n = 9;
  const spread = 18 + 34 * fan;
  const feather = (deg, L, col) => {
    const a = (deg * Math.PI) / 180;
    const ex = Math.cos(a) * L;
    const ey = Math.sin(a) * L;
    const nx = -Math.sin(a) * 4.2;
    const ny = Math.cos(a) * 4.2;
    return `<path d="M0 0L${f(ex + nx)} ${f(ey + ny)}Q${f(ex * 1.07)} ${f(ey * 1.07)} ${f(ex - nx)} ${f(ey - ny)}Z" fill="${col}"/>`;
  };
  let tips = "";
  for (let i = 0; i < n; i++) {
    const deg = 168 - spread + (2 * spread * i) / (n - 1);
    const outer = i === 0 || i === n - 1;
    tail += feather(deg, 44, outer ? "#efe9dc" : i % 2 ? "#4a3b30" : "#3f3229");
    const a = (deg * Math.PI) / 180;
    if (!outer)
      tips += `M${f(Math.cos(a) * 36)} ${f(Math.sin(a) * 36)}L${f(Math.cos(a) * 43)} ${f(Math.sin(a) * 43)}`;
  }
  tail += `<path d="${tips}" stroke="#efe8da" stroke-width="3.4" stroke-linecap="round" opacity="0.85"/>`;
  let body = "";
  body += `<g transform="translate(-13 -3)">${tail}</g>`;
  body += `<path d="M-18 -6C-14 -22 6 -26 16 -18C22 -12 20 2 8 8C-4 12 -16 6 -18 -6Z" fill="#5a4838"/>`;
  body += `<path d="M-8 2C0 -2 12 -6 18 -12C20 -2 14 8 6 9C0 10 -6 7 -8 2Z" fill="#e0a564"/>`;
  body += `<path d="M-16 -8C-8 -18 4 -18 10 -12C2 -12 -8 -8 -16 -8Z" fill="#6b5744"/>`;
  // head
  body += `<g transform="translate(14 -20) rotate(${f(head)})"><circle r="10" fill="#3d3028"/><path d="M-2 -5Q4 -7 8 -3" stroke="#f4efe4" stroke-width="2.4" fill="none" stroke-linecap="round"/><circle cx="4" cy="-1" r="1.8" fill="#111"/><path d="M9 0L16 1.5L9 3Z" fill="#2a221c"/><path d="M-3 6Q2 9 8 6" stroke="#f4efe4" stroke-width="2.2" fill="none" stroke-linecap="round"/></g>`;
  // legs
  body += `<path d="M0 8V16M6 8V16" stroke="#2a221c" stroke-width="2" stroke-linecap="round"/>`;
  return `<g transform="${tr(x, y - 16 * s, tilt - 6, s)}">${body}</g>`;
}

/** Kahukura (NZ red admiral) seen from above; flap in [0,1] (1 = wings open). */
export function butterfly({ x, y, s = 1, flap = 1, rot = 0 }) {
  const k = 0.18 + 0.82 * flap;
  let w = "";
  // fore wings
  const fore = `M0 -2C-8 -20 -30 -30 -38 -22C-42 -14 -30 -2 -4 2Z`;
  const hind = `M-1 2C-16 4 -30 14 -26 26C-20 32 -8 22 -1 8Z`;
  for (const side of [-1, 1]) {
    w += `<g transform="scale(${f(side * k)} 1)">`;
    w += `<path d="${hind}" fill="#6b3f2a"/><path d="M-6 8C-14 12 -22 18 -22 24" stroke="#d8622f" stroke-width="4" fill="none" stroke-linecap="round"/>`;
    w += `<path d="${fore}" fill="#3a2b26"/>`;
    w += `<path d="M-8 -8C-16 -14 -24 -18 -28 -16C-26 -10 -16 -4 -8 -2Z" fill="#d9452f"/>`;
    w += `<circle cx="-32" cy="-22" r="2.4" fill="#fbf7ee"/><circle cx="-25" cy="-25" r="1.8" fill="#fbf7ee"/>`;
    w += `</g>`;
  }
  const bodyS = `<ellipse cx="0" cy="2" rx="2.6" ry="12" fill="#2a201c"/><path d="M-1 -9Q-5 -18 -8 -20M1 -9Q5 -18 8 -20" stroke="#2a201c" stroke-width="1.2" fill="none"/>`;
  return `<g transform="${tr(x, y, rot, s)}">${w}${bodyS}</g>`;
}
