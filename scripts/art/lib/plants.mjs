// Vegetables, herbs and seedlings. Every plant is drawn with its base at (0,0), growing up (−y),
// sized for the hero grow box at s=1, and lit from the upper right (lighter right halves).
import { P, f, rng, TAU, lighten, darken, closedSmooth, openSmooth, scallop, tr } from "./util.mjs";

/** Leaf outline with optional frilly edge. Returns {full, right, spine} path strings. */
export function leafShape({
  len,
  w,
  bend = 0,
  p = 0.8,
  q = 0.9,
  wob = 0,
  freq = 8,
  seed = 1,
  n = 16,
}) {
  const r = rng(seed);
  const phR = r() * TAU;
  const phL = r() * TAU;
  const spine = (t) => [bend * len * t * t, -len * t];
  const normal = (t) => {
    const tx = 2 * bend * len * t;
    const ty = -len;
    const l = Math.hypot(tx, ty);
    return [-ty / l, tx / l];
  };
  const hw = (t, ph) => {
    const base = w * Math.pow(Math.max(0, Math.sin(Math.PI * Math.pow(t, p))), q);
    return base * (1 + wob * Math.sin(freq * Math.PI * t + ph) * (0.6 + 0.4 * r()));
  };
  const right = [];
  const left = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const s = spine(t);
    const nn = normal(t);
    right.push([s[0] + nn[0] * hw(t, phR), s[1] + nn[1] * hw(t, phR)]);
    if (i > 0 && i < n) left.push([s[0] - nn[0] * hw(t, phL), s[1] - nn[1] * hw(t, phL)]);
  }
  const full = closedSmooth([...right, ...left.reverse()]);
  const spinePts = [];
  for (let i = 0; i <= 6; i++) spinePts.push(spine(i / 6));
  const rightHalf = closedSmooth([...right, ...spinePts.slice(1, -1).reverse()]);
  return { full, right: rightHalf, spine: openSmooth(spinePts) };
}

/** A single two-tone leaf placed at (x,y) rotated rot degrees. */
export function leaf(o) {
  const sh = leafShape(o);
  const { x = 0, y = 0, rot = 0, sx = 1, sy = 1, fill, light, vein, veinW = 1.2, opacity } = o;
  const sc = sx !== 1 || sy !== 1 ? ` scale(${f(sx)} ${f(sy)})` : "";
  let s = `<g transform="${tr(x, y, rot)}${sc}"${opacity != null ? ` opacity="${opacity}"` : ""}>`;
  s += `<path d="${sh.full}" fill="${fill}"/>`;
  if (light) s += `<path d="${sh.right}" fill="${light}"/>`;
  if (vein)
    s += `<path d="${sh.spine}" stroke="${vein}" stroke-width="${f(veinW)}" fill="none" stroke-linecap="round" opacity="0.8"/>`;
  return s + "</g>";
}

const wrap = (x, y, s, sway, inner) => `<g transform="${tr(x, y, sway, s)}">${inner}</g>`;

export function lettuce({ x = 0, y = 0, s = 1, sway = 0, seed = 1, kind = "green" }) {
  const r = rng(seed);
  const pal =
    kind === "red"
      ? [
          ["#6e3138", "#84424a", "#c98a8a"],
          ["#8a4a45", "#a35d55", "#dba39a"],
          ["#7f9a4a", "#a3bd62", "#e2ecb8"],
        ]
      : [
          ["#4f8f3f", "#66a64c", "#c4e09a"],
          ["#6aab4c", "#86c160", "#d8edb0"],
          ["#93c865", "#b2da80", "#eef7d3"],
        ];
  let inner = "";
  const layers = [
    { n: 7, spread: 88, len: 50, w: 23, sy: 0.72 },
    { n: 5, spread: 55, len: 44, w: 21, sy: 0.85 },
    { n: 3, spread: 24, len: 34, w: 17, sy: 1 },
  ];
  layers.forEach((L, li) => {
    for (let i = 0; i < L.n; i++) {
      const a = -L.spread + (2 * L.spread * i) / (L.n - 1) + (r() - 0.5) * 8;
      const [fill, light, vein] = pal[li];
      inner += leaf({
        len: L.len * (0.9 + r() * 0.2),
        w: L.w * (0.9 + r() * 0.2),
        p: 1.1,
        q: 0.55,
        wob: 0.13,
        freq: 11,
        seed: seed * 31 + li * 7 + i,
        rot: a,
        sy: L.sy,
        fill,
        light,
        vein,
        veinW: 1.3,
      });
    }
  });
  return wrap(x, y, s, sway, inner);
}

export function tomato({
  x = 0,
  y = 0,
  s = 1,
  sway = 0,
  seed = 2,
  h = 240,
  fruit = ["#d9472b", "#e4582f", "#c93a26"],
  stake = true,
  fruitCount = 3,
}) {
  const r = rng(seed);
  const leafC = "#3d7a43";
  const leafL = "#57964f";
  const stemC = "#4c7a36";
  let back = "";
  let front = "";
  // stem
  const stemPts = [];
  for (let i = 0; i <= 6; i++)
    stemPts.push([(i % 2 ? 1 : -1) * (2 + r() * 4) * (i ? 1 : 0), (-h * i) / 6]);
  const stemAt = (t) => {
    const i = Math.min(5, Math.floor(t * 6));
    const k = t * 6 - i;
    return [
      stemPts[i][0] + (stemPts[i + 1][0] - stemPts[i][0]) * k,
      stemPts[i][1] + (stemPts[i + 1][1] - stemPts[i][1]) * k,
    ];
  };
  const compound = (ox, oy, side, L, idx, layerFront) => {
    // branch curving outward then drooping, leaflets in pairs
    const ex = ox + side * L;
    const ey = oy - L * 0.25;
    const mx = ox + side * L * 0.5;
    const my = oy - L * 0.45;
    let out = `<path d="M${f(ox)} ${f(oy)}Q${f(mx)} ${f(my)} ${f(ex)} ${f(ey + L * 0.12)}" stroke="${stemC}" stroke-width="2.6" fill="none" stroke-linecap="round"/>`;
    const q = (t) => {
      const a = (1 - t) * (1 - t);
      const b = 2 * (1 - t) * t;
      const c = t * t;
      return [a * ox + b * mx + c * ex, a * oy + b * my + c * (ey + L * 0.12)];
    };
    for (let j = 1; j <= 3; j++) {
      const t = j / 3.4;
      const [px, py] = q(t);
      const baseAng = side > 0 ? 90 : -90;
      for (const up of [-1, 1]) {
        out += leaf({
          x: px,
          y: py,
          len: 20 + r() * 6,
          w: 9 + r() * 2,
          wob: 0.2,
          freq: 6,
          p: 0.9,
          seed: idx * 17 + j * 3 + (up > 0 ? 1 : 0),
          rot: baseAng + up * (side > 0 ? -55 : 55) + (r() - 0.5) * 20,
          fill: layerFront ? leafC : darken(leafC, 0.12),
          light: layerFront ? leafL : leafC,
        });
      }
    }
    const [tx, ty] = q(1);
    out += leaf({
      x: tx,
      y: ty,
      len: 22,
      w: 10,
      wob: 0.2,
      freq: 6,
      seed: idx * 5 + 99,
      rot: side * 100,
      fill: leafC,
      light: leafL,
    });
    return out;
  };
  const nb = 7;
  for (let i = 0; i < nb; i++) {
    const t = 0.12 + (i / nb) * 0.82;
    const [sx, sy] = stemAt(t);
    const side = i % 2 ? 1 : -1;
    const L = (62 - i * 5) * (0.9 + r() * 0.2);
    const part = compound(sx, sy, side, L, seed * 13 + i, i % 3 !== 0);
    if (i % 3 === 0) back += part;
    else front += part;
  }
  // top
  front += leaf({
    x: stemPts[6][0],
    y: stemPts[6][1] + 4,
    len: 26,
    w: 11,
    wob: 0.2,
    freq: 6,
    seed: seed + 5,
    rot: 8,
    fill: leafC,
    light: leafL,
  });
  let st = "";
  if (stake) {
    st += `<path d="M-9 8V${f(-h - 14)}" stroke="#c9a468" stroke-width="5" stroke-linecap="round"/>`;
    st += `<path d="M-7 8V${f(-h - 14)}" stroke="#e0c48e" stroke-width="1.6" stroke-linecap="round"/>`;
    let nodes = "";
    for (let i = 1; i < 5; i++) nodes += `M-11.5 ${f((-h * i) / 4.4)}h5`;
    st += `<path d="${nodes}" stroke="#a8844c" stroke-width="2"/>`;
    for (const tt of [0.35, 0.7]) {
      const [ax, ay] = stemAt(tt);
      st += `<path d="M-11 ${f(ay - 2)}Q${f((ax - 9) / 2)} ${f(ay + 4)} ${f(ax + 2)} ${f(ay)}" stroke="#e9dcc0" stroke-width="2" fill="none"/>`;
    }
  }
  const stem = `<path d="${openSmooth(stemPts)}" stroke="${stemC}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  // fruit trusses
  let fr = "";
  for (let c = 0; c < fruitCount; c++) {
    const t = 0.3 + c * 0.2;
    const [cx, cy] = stemAt(t);
    const side = c % 2 ? -1 : 1;
    const n = 3 + Math.floor(r() * 2);
    const bx = cx + side * 14;
    fr += `<path d="M${f(cx)} ${f(cy)}Q${f(bx)} ${f(cy - 6)} ${f(bx + side * 6)} ${f(cy + 8)}" stroke="${stemC}" stroke-width="2" fill="none"/>`;
    for (let k = 0; k < n; k++) {
      const fx = bx + side * (k * 9) + (r() - 0.5) * 6;
      const fy = cy + 14 + (k % 2) * 11 + k * 4;
      const rad = 9.5 + r() * 2.5;
      const col = fruit[Math.floor(r() * fruit.length)];
      fr += `<circle cx="${f(fx)}" cy="${f(fy)}" r="${f(rad)}" fill="${col}"/>`;
      fr += `<path d="M${f(fx - rad * 0.9)} ${f(fy + rad * 0.1)}A${f(rad)} ${f(rad)} 0 0 0 ${f(fx + rad * 0.5)} ${f(fy + rad * 0.86)}A${f(rad * 1.1)} ${f(rad * 1.1)} 0 0 1 ${f(fx - rad * 0.9)} ${f(fy + rad * 0.1)}Z" fill="${darken(col, 0.18)}"/>`;
      fr += `<ellipse cx="${f(fx + rad * 0.35)}" cy="${f(fy - rad * 0.38)}" rx="${f(rad * 0.28)}" ry="${f(rad * 0.18)}" transform="rotate(-35 ${f(fx + rad * 0.35)} ${f(fy - rad * 0.38)})" fill="#fff" opacity="0.55"/>`;
      let star = "";
      for (let j = 0; j < 5; j++) {
        const a = (j / 5) * TAU - Math.PI / 2;
        star += `M${f(fx)} ${f(fy - rad + 1)}l${f(Math.cos(a) * 5)} ${f(Math.sin(a) * 3)}`;
      }
      fr += `<path d="${star}" stroke="#3f7a34" stroke-width="2" stroke-linecap="round"/>`;
    }
  }
  return wrap(x, y, s, sway, back + st + stem + front + fr);
}

export function chard({
  x = 0,
  y = 0,
  s = 1,
  sway = 0,
  seed = 3,
  stems = ["#d23c3c", "#f2b233", "#d96a8e", "#e8e2c8"],
}) {
  const r = rng(seed);
  let inner = "";
  const n = 6;
  const order = [0, 5, 1, 4, 2, 3];
  for (const i of order) {
    const a = -42 + (84 * i) / (n - 1) + (r() - 0.5) * 10;
    const L = 40 + r() * 28 + (i === 2 || i === 3 ? 18 : 0);
    const col = stems[i % stems.length];
    const rad = (a * Math.PI) / 180;
    const ex = Math.sin(rad) * L;
    const ey = -Math.cos(rad) * L;
    let g = `<path d="M0 0Q${f(ex * 0.2)} ${f(ey * 0.6)} ${f(ex)} ${f(ey)}" stroke="${col}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
    const lf = leafShape({
      len: 70 + r() * 16,
      w: 27,
      p: 0.9,
      q: 0.75,
      wob: 0.07,
      freq: 12,
      seed: seed * 7 + i,
      bend: a > 0 ? 0.12 : -0.12,
    });
    const rot = a * 1.25;
    g += `<g transform="${tr(ex, ey, rot)}"><path d="${lf.full}" fill="#2b6340"/><path d="${lf.right}" fill="#3d8050"/>`;
    // crinkle bumps
    let crinkle = "";
    for (let k = 0; k < 5; k++) {
      const ty = -12 - k * 11;
      crinkle += `M${f(-12 + (k % 2) * 3)} ${f(ty)}q6 -5 10 0M${f(4 + (k % 2) * 2)} ${f(ty - 4)}q6 -5 10 0`;
    }
    g += `<path d="${crinkle}" stroke="#5c9a66" stroke-width="1.4" fill="none" opacity="0.55" stroke-linecap="round"/>`;
    g += `<path d="${lf.spine}" stroke="${col}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
    // side veins
    let veins = "";
    for (let k = 1; k <= 4; k++) {
      const ty = (-70 * k) / 5.5;
      veins += `M0 ${f(ty)}l-12 -10M0 ${f(ty)}l12 -10`;
    }
    g += `<path d="${veins}" stroke="${col}" stroke-width="1.4" opacity="0.7" fill="none"/>`;
    g += `</g>`;
    inner += g;
  }
  return wrap(x, y, s, sway, inner);
}

export function kale({
  x = 0,
  y = 0,
  s = 1,
  sway = 0,
  seed = 4,
  color = "#4d7d6c",
  light = "#6d9c88",
}) {
  const r = rng(seed);
  let inner = "";
  const n = 7;
  for (let i = 0; i < n; i++) {
    const a = -55 + (110 * i) / (n - 1) + (r() - 0.5) * 8;
    const L = 60 + r() * 30 - Math.abs(a) * 0.2;
    inner += `<path d="M0 0L${f(Math.sin((a * Math.PI) / 180) * 20)} ${f(-Math.cos((a * Math.PI) / 180) * 20)}" stroke="#8fb39c" stroke-width="4" stroke-linecap="round"/>`;
    inner += leaf({
      x: Math.sin((a * Math.PI) / 180) * 16,
      y: -Math.cos((a * Math.PI) / 180) * 16,
      len: L,
      w: 20,
      p: 0.95,
      q: 0.7,
      wob: 0.24,
      freq: 16,
      bend: a > 0 ? 0.15 : -0.15,
      seed: seed * 11 + i,
      rot: a * 1.1,
      fill: i % 2 ? color : darken(color, 0.08),
      light,
      vein: "#a9c9b4",
      veinW: 2,
    });
  }
  return wrap(x, y, s, sway, inner);
}

export function carrots({ x = 0, y = 0, s = 1, sway = 0, seed = 5, count = 3, spacing = 22 }) {
  const r = rng(seed);
  let inner = "";
  for (let c = 0; c < count; c++) {
    const cx = (c - (count - 1) / 2) * spacing;
    let fronds = "";
    const nf = 5;
    for (let i = 0; i < nf; i++) {
      const a = -40 + (80 * i) / (nf - 1) + (r() - 0.5) * 12;
      const L = 38 + r() * 22;
      const rad = (a * Math.PI) / 180;
      const ex = cx + Math.sin(rad) * L;
      const ey = -Math.cos(rad) * L;
      fronds += `<path d="M${f(cx)} 0Q${f(cx + Math.sin(rad) * L * 0.3)} ${f(ey * 0.6)} ${f(ex)} ${f(ey)}" stroke="#4f8f3a" stroke-width="2" fill="none"/>`;
      // feathery leaflets: little scalloped clusters along the last half
      for (let k = 0; k < 3; k++) {
        const t = 0.55 + k * 0.2;
        const px = cx + (ex - cx) * t;
        const py = ey * t;
        const rr = 6.5 - k * 0.8;
        fronds += `<path d="${scallop(px, py, rr * 1.2, rr, 7, 0.35, seed * 3 + c * 11 + i * 5 + k)}" fill="${k === 2 ? "#7cbb5a" : "#5ea048"}"/>`;
      }
    }
    inner += fronds;
    inner += `<ellipse cx="${f(cx)}" cy="2" rx="6.5" ry="4" fill="#e8782a"/><ellipse cx="${f(cx + 1.5)}" cy="0.8" rx="3" ry="1.6" fill="#f5a25a"/>`;
  }
  return wrap(x, y, s, sway, inner);
}

export function marigold({ x = 0, y = 0, s = 1, sway = 0, seed = 6, flowers = 4 }) {
  const r = rng(seed);
  let inner = "";
  // bushy dark foliage
  for (let i = 0; i < 9; i++) {
    const a = -70 + (140 * i) / 8;
    inner += leaf({
      len: 26 + r() * 10,
      w: 8,
      wob: 0.3,
      freq: 9,
      seed: seed * 9 + i,
      rot: a + (r() - 0.5) * 10,
      sy: 0.9,
      fill: "#3a6b37",
      light: "#4f8544",
    });
  }
  const cols = [
    ["#e8862a", "#c8643b", "#f2a84a"],
    ["#f2b233", "#e0862a", "#f8cf68"],
  ];
  for (let i = 0; i < flowers; i++) {
    const fx = (i - (flowers - 1) / 2) * 15 + (r() - 0.5) * 6;
    const fy = -26 - r() * 16 - (i % 2) * 6;
    const rad = 10 + r() * 3;
    const [c1, c2, c3] = cols[i % 2];
    inner += `<path d="M0 -8Q${f(fx * 0.4)} ${f(fy * 0.5)} ${f(fx)} ${f(fy)}" stroke="#3a6b37" stroke-width="2" fill="none"/>`;
    inner += `<path d="${scallop(fx, fy, rad, rad * 0.85, 12, 0.3, seed * 5 + i)}" fill="${c1}"/>`;
    inner += `<path d="${scallop(fx + 1, fy - 1, rad * 0.68, rad * 0.58, 9, 0.3, seed * 7 + i)}" fill="${c3}"/>`;
    inner += `<circle cx="${f(fx + 0.5)}" cy="${f(fy)}" r="${f(rad * 0.25)}" fill="${c2}"/>`;
  }
  return wrap(x, y, s, sway, inner);
}

export function basil({ x = 0, y = 0, s = 1, sway = 0, seed = 7 }) {
  const r = rng(seed);
  let inner = `<path d="M0 0V-44" stroke="#4d8a3c" stroke-width="3"/>`;
  const tiers = [
    { y: -6, n: 4, len: 26, spread: 80 },
    { y: -20, n: 4, len: 22, spread: 60 },
    { y: -34, n: 3, len: 18, spread: 35 },
  ];
  tiers.forEach((T, ti) => {
    for (let i = 0; i < T.n; i++) {
      const a = -T.spread + (2 * T.spread * i) / (T.n - 1);
      inner += leaf({
        y: T.y,
        len: T.len * (0.9 + r() * 0.2),
        w: T.len * 0.5,
        p: 0.9,
        q: 0.6,
        seed: seed * 3 + ti * 5 + i,
        rot: a,
        fill: "#4e9a3e",
        light: "#79bb58",
        vein: "#a6d47f",
      });
    }
  });
  return wrap(x, y, s, sway, inner);
}

export function parsley({ x = 0, y = 0, s = 1, sway = 0, seed = 8 }) {
  const r = rng(seed);
  let stems = "";
  let heads = "";
  for (let i = 0; i < 9; i++) {
    const a = ((-60 + (120 * i) / 8 + (r() - 0.5) * 10) * Math.PI) / 180;
    const L = 26 + r() * 20;
    const ex = Math.sin(a) * L;
    const ey = -Math.cos(a) * L;
    stems += `M0 0Q${f(ex * 0.3)} ${f(ey * 0.6)} ${f(ex)} ${f(ey)}`;
    const rr = 8 + r() * 3;
    heads += `<path d="${scallop(ex, ey, rr, rr * 0.85, 8, 0.35, seed * 13 + i)}" fill="${i % 3 ? "#3d8a3a" : "#327a33"}"/>`;
    heads += `<path d="${scallop(ex + 2, ey - 2, rr * 0.55, rr * 0.45, 6, 0.35, seed * 17 + i)}" fill="#5aa84a"/>`;
  }
  return wrap(
    x,
    y,
    s,
    sway,
    `<path d="${stems}" stroke="#4a8a3a" stroke-width="2" fill="none"/>` + heads,
  );
}

export function springOnions({ x = 0, y = 0, s = 1, sway = 0, seed = 9, n = 6 }) {
  const r = rng(seed);
  let inner = "";
  for (let i = 0; i < n; i++) {
    const bx = (i - (n - 1) / 2) * 5;
    const a = (i - (n - 1) / 2) * 7 + (r() - 0.5) * 6;
    const L = 55 + r() * 25;
    const rad = (a * Math.PI) / 180;
    const ex = bx + Math.sin(rad) * L;
    const ey = -Math.cos(rad) * L;
    inner += `<path d="M${f(bx)} 0Q${f(bx + Math.sin(rad) * L * 0.4)} ${f(ey * 0.6)} ${f(ex)} ${f(ey)}" stroke="${i % 2 ? "#5f9e6b" : "#71ad73"}" stroke-width="4.5" fill="none" stroke-linecap="round"/>`;
  }
  inner += `<ellipse cx="0" cy="-2" rx="${f(n * 3)}" ry="4" fill="#f1ecd8" opacity="0.9"/>`;
  return wrap(x, y, s, sway, inner);
}

/** A young seedling: two seed leaves plus (optionally) a first true leaf. */
export function seedling({
  x = 0,
  y = 0,
  s = 1,
  sway = 0,
  seed = 10,
  stage = 1,
  color = "#6fae4f",
  light = "#9acd70",
}) {
  const r = rng(seed);
  const h = 14 + stage * 7;
  let inner = `<path d="M0 0Q${f(2 + r() * 2)} ${f(-h * 0.5)} 0 ${f(-h)}" stroke="#5d9444" stroke-width="2.4" fill="none" stroke-linecap="round"/>`;
  inner += leaf({
    y: -h,
    len: 15,
    w: 7,
    p: 1,
    q: 0.6,
    seed: seed + 1,
    rot: -62,
    fill: color,
    light,
  });
  inner += leaf({
    y: -h,
    len: 15,
    w: 7,
    p: 1,
    q: 0.6,
    seed: seed + 2,
    rot: 62,
    fill: color,
    light,
  });
  if (stage >= 2)
    inner += leaf({
      y: -h,
      len: 18 + stage * 3,
      w: 8,
      wob: 0.15,
      freq: 6,
      seed: seed + 3,
      rot: -6,
      fill: darken(color, 0.08),
      light,
      vein: lighten(light, 0.3),
    });
  if (stage >= 3)
    inner += leaf({
      y: -h + 2,
      len: 14 + stage * 2,
      w: 7,
      wob: 0.15,
      freq: 6,
      seed: seed + 4,
      rot: 30,
      fill: darken(color, 0.08),
      light,
    });
  return wrap(x, y, s, sway, inner);
}

/** Leafy cabbage for winter. */
export function cabbage({ x = 0, y = 0, s = 1, sway = 0, seed = 11 }) {
  const r = rng(seed);
  let inner = "";
  for (let i = 0; i < 6; i++) {
    const a = -80 + (160 * i) / 5;
    inner += leaf({
      y: -6,
      len: 38 + r() * 8,
      w: 22,
      p: 1,
      q: 0.5,
      wob: 0.08,
      freq: 10,
      seed: seed * 5 + i,
      rot: a,
      sy: 0.7,
      fill: "#5d8f7a",
      light: "#7fae96",
      vein: "#c8ddcf",
      veinW: 1.6,
    });
  }
  inner += `<circle cx="0" cy="-22" r="22" fill="#a7cf8e"/>`;
  inner += `<path d="M-20 -16A22 22 0 0 0 16 -6A26 26 0 0 1 -20 -16Z" fill="#8dbb78"/>`;
  inner += `<path d="M-14 -34Q2 -44 16 -30M-18 -24Q0 -36 20 -20M-6 -40Q8 -38 12 -26" stroke="#cfe6b8" stroke-width="2" fill="none" stroke-linecap="round"/>`;
  return wrap(x, y, s, sway, inner);
}

/** Broad bean: upright stems with grey-green leaflets and black-and-white flowers. */
export function broadBean({ x = 0, y = 0, s = 1, sway = 0, seed = 12, h = 110 }) {
  const r = rng(seed);
  let inner = "";
  for (const ox of [-6, 6]) {
    const hh = h * (0.85 + r() * 0.2);
    inner += `<path d="M${ox} 0L${f(ox + (r() - 0.5) * 6)} ${f(-hh)}" stroke="#5d8a60" stroke-width="4" stroke-linecap="round"/>`;
    for (let k = 0; k < 4; k++) {
      const ly = -hh * (0.22 + k * 0.22);
      for (const side of [-1, 1]) {
        inner += leaf({
          x: ox,
          y: ly,
          len: 26 - k * 2,
          w: 12,
          p: 1,
          q: 0.55,
          seed: seed * 7 + k * 3 + side + ox,
          rot: side * (58 - k * 6) + (ox > 0 ? 8 : -8),
          fill: "#6f9a78",
          light: "#8fb596",
          vein: "#a9c7ae",
        });
      }
      if (k > 0 && k < 4) {
        const fxp = ox + (k % 2 ? 7 : -7);
        inner += `<ellipse cx="${f(fxp)}" cy="${f(ly + 4)}" rx="4.5" ry="3.2" fill="#fbf7ee"/><circle cx="${f(fxp + (k % 2 ? 1.5 : -1.5))}" cy="${f(ly + 4.5)}" r="1.6" fill="#1d3327"/>`;
      }
    }
  }
  return wrap(x, y, s, sway, inner);
}

/** Pumpkin on the soil with a big leaf and tendril. */
export function pumpkin({ x = 0, y = 0, s = 1, seed = 13, color = "#e0782f" }) {
  let inner = "";
  inner += leaf({
    x: -18,
    y: -4,
    len: 44,
    w: 26,
    p: 1,
    q: 0.5,
    wob: 0.12,
    freq: 5,
    seed,
    rot: -70,
    sy: 0.7,
    fill: "#4f8a46",
    light: "#6aa45a",
    vein: "#9cc883",
  });
  inner += `<ellipse cx="0" cy="-18" rx="30" ry="20" fill="${color}"/>`;
  inner += `<ellipse cx="-12" cy="-18" rx="13" ry="19" fill="${darken(color, 0.1)}"/>`;
  inner += `<ellipse cx="12" cy="-18" rx="13" ry="19" fill="${lighten(color, 0.08)}"/>`;
  inner += `<ellipse cx="0" cy="-18" rx="11" ry="20" fill="${color}"/>`;
  inner += `<ellipse cx="14" cy="-26" rx="5" ry="3" fill="#fff" opacity="0.35"/>`;
  inner += `<path d="M0 -36q-2 -8 4 -12" stroke="#6b5a2f" stroke-width="4" fill="none" stroke-linecap="round"/>`;
  inner += `<path d="M4 -46q10 -6 12 4q-2 8 6 6" stroke="#5d8a40" stroke-width="1.6" fill="none"/>`;
  return wrap(x, y, s, 0, inner);
}

/** Strawberry plant: trifoliate leaves, white flowers and a couple of berries. */
export function strawberry({ x = 0, y = 0, s = 1, sway = 0, seed = 14 }) {
  const r = rng(seed);
  let inner = "";
  for (let i = 0; i < 5; i++) {
    const a = ((-60 + i * 30) * Math.PI) / 180;
    const L = 26 + r() * 8;
    const ex = Math.sin(a) * L;
    const ey = -Math.cos(a) * L;
    inner += `<path d="M0 0L${f(ex)} ${f(ey)}" stroke="#4f8a3a" stroke-width="1.8"/>`;
    for (const d of [-35, 0, 35])
      inner += leaf({
        x: ex,
        y: ey,
        len: 15,
        w: 7.5,
        wob: 0.15,
        freq: 8,
        p: 1,
        q: 0.6,
        seed: seed * 9 + i * 3 + d,
        rot: (a * 180) / Math.PI + d,
        fill: "#3f7f3a",
        light: "#5d9c4c",
      });
  }
  for (const [bx, by] of [
    [-16, -4],
    [14, -2],
  ]) {
    inner += `<path d="M${bx} ${by}q-5 10 0 15q5 -5 0 -15Z" fill="#d9402b" transform="rotate(${bx > 0 ? -20 : 20} ${bx} ${by})"/>`;
  }
  inner += `<g fill="#fff"><circle cx="6" cy="-30" r="4"/><circle cx="-10" cy="-28" r="3.5"/></g><circle cx="6" cy="-30" r="1.5" fill="${P.sun}"/><circle cx="-10" cy="-28" r="1.3" fill="${P.sun}"/>`;
  return wrap(x, y, s, sway, inner);
}

/** Low mound of grass/weeds for bed edges. */
export function grassTuft({
  x = 0,
  y = 0,
  s = 1,
  sway = 0,
  seed = 15,
  color = "#5f9a46",
  n = 9,
  h = 26,
}) {
  const r = rng(seed);
  let d = "";
  for (let i = 0; i < n; i++) {
    const bx = (i - (n - 1) / 2) * 3;
    const a = (i - (n - 1) / 2) * 9 + (r() - 0.5) * 10;
    const L = h * (0.6 + r() * 0.6);
    const rad = (a * Math.PI) / 180;
    const ex = bx + Math.sin(rad) * L;
    const ey = -Math.cos(rad) * L;
    d += `M${f(bx - 2)} 0Q${f(bx + Math.sin(rad) * L * 0.5)} ${f(ey * 0.55)} ${f(ex)} ${f(ey)}Q${f(bx + Math.sin(rad) * L * 0.5 + 2)} ${f(ey * 0.5)} ${f(bx + 2)} 0Z`;
  }
  return wrap(x, y, s, sway, `<path d="${d}" fill="${color}"/>`);
}

/** Broccoli: broad blue-green leaves around a domed head of florets. */
export function broccoli({ x = 0, y = 0, s = 1, sway = 0, seed = 16 }) {
  const r = rng(seed);
  let inner = `<path d="M0 0V-40" stroke="#8fb39c" stroke-width="8" stroke-linecap="round"/>`;
  for (let i = 0; i < 6; i++) {
    const a = -70 + (140 * i) / 5 + (r() - 0.5) * 10;
    inner += leaf({
      y: -8 - (i % 2) * 8,
      len: 50 + r() * 12,
      w: 18,
      p: 0.9,
      q: 0.6,
      wob: 0.1,
      freq: 9,
      seed: seed * 3 + i,
      rot: a,
      fill: "#4d7d6c",
      light: "#6d9c88",
      vein: "#b7d1c2",
      veinW: 2,
    });
  }
  let florets = "";
  const pts = [
    [-14, -44, 11],
    [0, -50, 13],
    [14, -44, 11],
    [-7, -38, 10],
    [8, -37, 10],
    [-20, -36, 8],
    [20, -36, 8],
  ];
  for (const [fx, fy, fr] of pts)
    florets += `<circle cx="${fx}" cy="${fy}" r="${fr}" fill="#4f8247"/>`;
  for (const [fx, fy, fr] of pts)
    florets += `<circle cx="${fx + fr * 0.2}" cy="${fy - fr * 0.25}" r="${f(fr * 0.62)}" fill="#6d9f58"/>`;
  return wrap(x, y, s, sway, inner + florets);
}
