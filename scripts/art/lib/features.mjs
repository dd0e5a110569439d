// "How it works" spot illustrations (4:3, drawn in an 800×600 box).
// Shared stage: cream ground, a soft cream-deep blob, light from the upper right.
import sharp from "sharp";
import { P, f, rng, TAU, lighten, darken, svgDoc, blob } from "./util.mjs";
import { growBox } from "./box.mjs";
import * as pl from "./plants.mjs";
import {
  logoMark,
  sproutGlyph,
  sparkle,
  rosette,
  punnet,
  seedPacket,
  compostBag,
  cardboardBox,
  phone,
  coach,
  chatBubble,
} from "./props.mjs";
import { flax } from "./nature.mjs";

const VB = [0, 0, 800, 600];

function stage({
  seed = 1,
  blobFill = P.creamDeep,
  cx = 400,
  cy = 300,
  rx = 350,
  ry = 250,
  sun = true,
} = {}) {
  let s = `<rect x="-10" y="-10" width="820" height="620" fill="${P.cream}"/>`;
  s += `<path d="${blob(cx, cy, rx, ry, { seed, amp: 0.07, n: 12 })}" fill="${blobFill}"/>`;
  if (sun)
    s += `<circle cx="660" cy="118" r="54" fill="${P.sun}" opacity="0.55"/><circle cx="660" cy="118" r="36" fill="${P.sun}" opacity="0.7"/>`;
  return s;
}

const groundShadow = (cx, cy, rx, ry, op = 0.14) =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${P.ink}" opacity="${op}"/>`;

// ---------------------------------------------------------------- choose-plan
function choosePlan({ width, height }) {
  let defs = `<radialGradient id="cpGlow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${P.sun}" stop-opacity="0.75"/><stop offset="0.55" stop-color="${P.sun}" stop-opacity="0.28"/><stop offset="1" stop-color="${P.sun}" stop-opacity="0"/></radialGradient>`;
  let body = stage({ seed: 4, sun: true });
  const ground = 452;
  body += `<ellipse cx="400" cy="310" rx="240" ry="225" fill="url(#cpGlow)"/>`;
  body += `<ellipse cx="400" cy="${ground + 6}" rx="390" ry="30" fill="${darken(P.creamDeep, 0.04)}"/>`;
  const vp = [400, 150];
  const boxes = [
    {
      x: 44,
      w: 122,
      h: 44,
      rows: [
        [0.22, 0.78],
        [0.3, 0.72],
      ],
      seed: 1,
    },
    {
      x: 304,
      w: 192,
      h: 56,
      rows: [
        [0.16, 0.5, 0.84],
        [0.22, 0.5, 0.78],
      ],
      seed: 2,
    },
    {
      x: 532,
      w: 232,
      h: 64,
      rows: [
        [0.1, 0.3, 0.5, 0.7, 0.9],
        [0.14, 0.38, 0.62, 0.86],
      ],
      seed: 3,
    },
  ];
  boxes.forEach((b, bi) => {
    const g = growBox({
      x: b.x,
      y: ground - b.h,
      w: b.w,
      h: b.h,
      vp,
      k: 0.2,
      id: `cp${bi}`,
      boards: 2,
      rim: b.w * 0.045,
      seed: 20 + bi,
    });
    defs += g.defs;
    body += groundShadow(b.x + b.w / 2 - 14, ground + 4, b.w * 0.62, 12, 0.16);
    body += g.svg;
    let plants = "";
    const rr = rng(b.seed * 7);
    b.rows
      .slice()
      .reverse()
      .forEach((row, ri) => {
        const v = ri === 0 ? 0.72 : 0.3;
        row.forEach((u, k) => {
          const [px, py, sc] = g.at(u, v);
          const type = (k + ri + bi) % 3;
          if (type === 2 && bi > 0)
            plants += pl.lettuce({
              x: px,
              y: py,
              s: sc * 0.62,
              seed: b.seed * 10 + k,
              kind: k % 2 ? "red" : "green",
            });
          else
            plants += pl.seedling({
              x: px,
              y: py,
              s: sc * (1.5 + rr() * 0.3),
              seed: b.seed * 20 + k + ri * 5,
              stage: 1 + ((k + ri) % 3),
            });
        });
      });
    body += plants;
  });
  // highlight the middle plan
  body += rosette(470, ground - 70, 30);
  body +=
    sparkle(300, 230, 16, P.sun) +
    sparkle(520, 206, 11, P.sun) +
    sparkle(548, 270, 7, P.clay, 0.8) +
    sparkle(262, 310, 8, P.clay, 0.7);
  return svgDoc({ width, height, viewBox: VB, defs, body });
}

// ------------------------------------------------------------ supplies-arrive
function suppliesArrive({ width, height }) {
  let defs = "";
  let body = `<rect x="-10" y="-10" width="820" height="620" fill="${P.cream}"/>`;
  // wall, door and step
  body += `<rect x="0" y="0" width="800" height="470" fill="#efe2c8"/>`;
  body += `<path d="M0 0H800V470H0Z" fill="url(#saWall)"/>`;
  defs += `<linearGradient id="saWall" x1="1" x2="0" y1="0" y2="0.3"><stop offset="0" stop-color="${P.sun}" stop-opacity="0.18"/><stop offset="1" stop-color="${P.ink}" stop-opacity="0.06"/></linearGradient>`;
  // weatherboards
  let boards = "";
  for (let y = 40; y < 470; y += 46) boards += `M0 ${y}H800`;
  body += `<path d="${boards}" stroke="#d9c7a5" stroke-width="3"/>`;
  // door
  body += `<rect x="96" y="34" width="250" height="440" fill="#e8d8b8"/>`;
  body += `<rect x="112" y="50" width="218" height="424" fill="${P.leaf}"/>`;
  body += `<rect x="112" y="50" width="218" height="424" fill="url(#saDoor)"/>`;
  defs += `<linearGradient id="saDoor" x1="0" x2="1"><stop offset="0" stop-color="${P.ink}" stop-opacity="0.25"/><stop offset="1" stop-color="${P.ink}" stop-opacity="0"/></linearGradient>`;
  body += `<rect x="138" y="78" width="166" height="150" rx="6" fill="${P.leafDark}"/><rect x="138" y="254" width="166" height="190" rx="6" fill="${P.leafDark}"/>`;
  body += `<rect x="150" y="90" width="142" height="126" rx="4" fill="#a9c7b9" opacity="0.55"/>`;
  body += `<path d="M150 90L220 90L150 180Z" fill="#fff" opacity="0.2"/>`;
  body += `<circle cx="306" cy="262" r="9" fill="${P.sun}"/><circle cx="308" cy="260" r="4" fill="#fbe3a0"/>`;
  // wall lantern
  body += `<rect x="404" y="120" width="16" height="40" rx="4" fill="${P.ink}"/><path d="M394 120L430 120L424 82L400 82Z" fill="#2a3b31"/><path d="M400 116L424 116L420 88L404 88Z" fill="#f7dc8f"/><path d="M396 82H428L412 70Z" fill="${P.ink}"/>`;
  // potted plant by the door
  body += `<path d="M20 470L30 392H104L114 470Z" fill="${P.clay}"/><path d="M68 392H104L114 470H74Z" fill="${lighten(P.clay, 0.12)}"/><rect x="24" y="384" width="86" height="16" rx="4" fill="${darken(P.clay, 0.12)}"/>`;
  body += flax({ x: 67, y: 388, s: 0.62, seed: 81, n: 11, h: 210, stalks: 0, spread: 40 });
  // step and mat
  body += `<rect x="-10" y="462" width="820" height="148" fill="#cdbfa6"/>`;
  body += `<rect x="-10" y="462" width="820" height="16" fill="#ddd1bb"/>`;
  body += `<rect x="-10" y="530" width="820" height="80" fill="#b9aa8f"/>`;
  body += `<rect x="-10" y="530" width="820" height="8" fill="#a89a80"/>`;
  body += `<path d="M104 500L138 474H470L500 500Z" fill="#a8814f"/><path d="M118 494L142 478H462L484 494Z" fill="none" stroke="#8f6a3d" stroke-width="3" stroke-dasharray="2 5"/>`;
  // delivery box
  const box = cardboardBox({ x: 360, y: 508, w: 236, h: 170, d: 96 });
  body += groundShadow(440, 512, 200, 16, 0.22);
  body += `<path d="M360 510L240 526L420 540L600 512Z" fill="${P.ink}" opacity="0.1"/>`;
  body += box.back;
  // contents peeking out (between back and front layers)
  body += punnet({ x: 470, y: 318, w: 120, h: 28, cells: 4, seed: 5, stage: 3, plantScale: 1.25 });
  body += seedPacket({ x: 418, y: 366, rot: -14, color: P.sun, veg: "carrot" });
  body += seedPacket({ x: 474, y: 372, rot: -3, color: P.clay, veg: "tomato" });
  body += seedPacket({ x: 528, y: 370, rot: 10, color: "#8cbf6a", veg: "lettuce" });
  body += box.front;
  // compost bag and punnet on the step
  body += groundShadow(262, 510, 74, 10, 0.2);
  body += compostBag({ x: 270, y: 510, w: 112, h: 148 });
  body += groundShadow(650, 512, 80, 9, 0.2);
  body += punnet({
    x: 616,
    y: 512,
    w: 112,
    h: 34,
    cells: 3,
    seed: 12,
    stage: 1,
    plantScale: 1.7,
    lettuce: true,
  });
  return svgDoc({ width, height, viewBox: VB, defs, body });
}

// ------------------------------------------------------------- guided-growing
let measureCache = new Map();
/** Width of a text run in user units, measured by rendering it (no font metrics files needed). */
async function measure(text, size, weight) {
  const key = `${text}|${size}|${weight}`;
  if (measureCache.has(key)) return measureCache.get(key);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="${size * 2}"><text x="10" y="${size * 1.4}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="#000">${text}</text></svg>`;
  const { info } = await sharp(Buffer.from(svg))
    .flatten({ background: "#ffffff" })
    .trim({ threshold: 10 })
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  measureCache.set(key, w);
  return w;
}

const FONT = `font-family="DejaVu Sans, Helvetica, Arial, sans-serif"`;

async function guidedGrowing({ width, height }) {
  let defs = `<filter id="ggBlur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter>`;
  defs += `<linearGradient id="ggSky" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#f6e6bd"/><stop offset="0.55" stop-color="#efe6cc"/><stop offset="1" stop-color="#dcd5b8"/></linearGradient>`;
  defs += `<linearGradient id="ggScreen" x1="0" x2="0.4" y1="0" y2="1"><stop offset="0" stop-color="#3d8155"/><stop offset="1" stop-color="${P.leafDark}"/></linearGradient>`;
  // blurred garden background
  let bg = `<rect x="-20" y="-20" width="840" height="640" fill="url(#ggSky)"/>`;
  bg += `<circle cx="640" cy="90" r="70" fill="${P.sun}" opacity="0.6"/>`;
  bg += `<path d="${blob(120, 300, 260, 120, { seed: 3 })}" fill="#7ea663"/><path d="${blob(700, 320, 260, 110, { seed: 5 })}" fill="#8fb26c"/>`;
  bg += `<rect x="-20" y="330" width="840" height="300" fill="#86b25a"/>`;
  const g = growBox({
    x: 60,
    y: 360,
    w: 420,
    h: 120,
    vp: [520, 120],
    k: 0.22,
    id: "ggb",
    boards: 3,
    seed: 31,
  });
  defs += g.defs;
  let plants = "";
  const items = [
    ["tomato", 0.15, 0.85, { h: 200 }],
    ["chard", 0.45, 0.85, {}],
    ["kale", 0.78, 0.85, {}],
    ["lettuce", 0.15, 0.4, {}],
    ["lettuce", 0.45, 0.4, { kind: "red", seed: 4 }],
    ["lettuce", 0.78, 0.4, { seed: 8 }],
  ];
  for (const [fn, u, v, o] of items) {
    const [px, py, sc] = g.at(u, v);
    plants += pl[fn]({ x: px, y: py, s: sc * 1.2, ...o });
  }
  bg += g.svg + plants;
  let body = `<g filter="url(#ggBlur)">${bg}</g>`;
  body += `<rect x="-20" y="-20" width="840" height="640" fill="${P.cream}" opacity="0.18"/>`;

  // phone screen content
  const PW = 300;
  const PH = 600;
  let screen = `<rect width="${PW}" height="${PH}" fill="url(#ggScreen)"/>`;
  // soft wallpaper: big leaves
  screen += `<g opacity="0.22">${pl.leaf({ x: 40, y: 560, len: 260, w: 80, rot: 30, fill: P.sprout })}${pl.leaf({ x: 260, y: 600, len: 220, w: 70, rot: -25, fill: P.sprout })}</g>`;
  // status-bar-ish shapes (no text): signal + battery
  screen += `<rect x="226" y="30" width="30" height="13" rx="3" fill="none" stroke="#e9f3e3" stroke-width="2"/><rect x="229" y="33" width="20" height="7" rx="1.5" fill="#e9f3e3"/>`;
  screen += `<path d="M196 43v-4M202 43v-7M208 43v-10" stroke="#e9f3e3" stroke-width="3" stroke-linecap="round"/>`;
  // notification card
  const cardX = 20;
  const cardY = 112;
  const cardW = PW - 40;
  const pad = 18;
  const size = 24;
  const lineH = 32;
  const maxW = cardW - pad * 2;
  // word-wrap with measured widths; the sprout glyph follows "lettuce!"
  const words = [
    "Time",
    "to",
    "sow",
    "your",
    "lettuce!",
    "@SPROUT",
    "Water",
    "in",
    "well",
    "this",
    "evening.",
  ];
  const space = (await measure("a a", size, 400)) - (await measure("aa", size, 400));
  const wordW = async (w) => (w === "@SPROUT" ? size * 1.05 : await measure(w, size, 400));
  const lines = [[]];
  let cur = 0;
  for (const w of words) {
    const ww = await wordW(w);
    const add = (lines.at(-1).length ? space : 0) + ww;
    if (cur + add > maxW && lines.at(-1).length) {
      lines.push([w]);
      cur = ww;
    } else {
      lines.at(-1).push(w);
      cur += add;
    }
  }
  const headH = 52;
  const cardH = pad + headH + lines.length * lineH + pad - 6;
  screen += `<rect x="${cardX}" y="${cardY + 6}" width="${cardW}" height="${cardH}" rx="22" fill="#0f2418" opacity="0.25"/>`;
  screen += `<rect x="${cardX}" y="${cardY}" width="${cardW}" height="${cardH}" rx="22" fill="#fbfaf5"/>`;
  screen += `<g transform="translate(${cardX + pad} ${cardY + pad}) scale(1.25)">${logoMark({ plate: true, plateColor: P.creamDeep })}</g>`;
  screen += `<text x="${cardX + pad + 52}" y="${cardY + pad + 29}" ${FONT} font-size="26" font-weight="700" fill="${P.ink}">Patch</text>`;
  let tx = "";
  let glyph = "";
  let y = cardY + pad + headH + 22;
  for (const line of lines) {
    let x = cardX + pad;
    let run = "";
    let runX = x;
    for (let i = 0; i < line.length; i++) {
      const w = line[i];
      if (w === "@SPROUT") {
        if (run) tx += `<tspan x="${f(runX)}" y="${y}">${run}</tspan>`;
        glyph += `<g transform="translate(${f(x)} ${y + 3})">${sproutGlyph(size)}</g>`;
        x += size * 1.05 + space;
        run = "";
        runX = x;
        continue;
      }
      run += (run ? " " : "") + w;
      x += (await wordW(w)) + space;
    }
    if (run) tx += `<tspan x="${f(runX)}" y="${y}">${run}</tspan>`;
    y += lineH;
  }
  screen += `<text ${FONT} font-size="${size}" fill="#26372d">${tx}</text>` + glyph;
  // a second, faded card hinting at earlier tips (no text: bars only)
  const c2 = cardY + cardH + 16;
  screen += `<rect x="${cardX}" y="${c2}" width="${cardW}" height="84" rx="22" fill="#fbfaf5" opacity="0.35"/>`;
  screen += `<rect x="${cardX + pad}" y="${c2 + 18}" width="40" height="40" rx="10" fill="#fbfaf5" opacity="0.6"/><rect x="${cardX + pad + 56}" y="${c2 + 22}" width="120" height="12" rx="6" fill="#fbfaf5" opacity="0.6"/><rect x="${cardX + pad + 56}" y="${c2 + 44}" width="160" height="10" rx="5" fill="#fbfaf5" opacity="0.45"/>`;
  // home bar
  screen += `<rect x="${PW / 2 - 60}" y="${PH - 26}" width="120" height="6" rx="3" fill="#e9f3e3" opacity="0.7"/>`;

  // hand + phone (left hand: fingers curl round the right edge, thumb over the left edge)
  const skin = "#b87a55";
  const skinShade = "#9a6244";
  const skinLight = "#c98d66";
  const px = 300;
  const py = 36;
  const rot = -6;
  let back = "";
  // back of the hand / fingers behind the phone, seen beyond the right edge
  back += `<path d="M${PW - 10} 250Q${PW + 56} 250 ${PW + 60} 330L${PW + 62} 520Q${PW + 40} 600 ${PW - 10} 640Z" fill="${skinShade}"/>`;
  let fingers = "";
  const fy = [262, 318, 374, 428];
  fy.forEach((y0, i) => {
    const len = 62 - i * 4;
    const th = 46 - i * 3;
    const x0 = PW - 16;
    fingers += `<rect x="${x0}" y="${y0}" width="${len}" height="${th}" rx="${th / 2}" fill="${i % 2 ? skin : skinLight}"/>`;
    fingers += `<path d="M${x0 + 6} ${y0 + th * 0.3}q-2 ${th * 0.2} 0 ${th * 0.4}" stroke="#e0a98a" stroke-width="4" fill="none" stroke-linecap="round" opacity="0.7"/>`;
    fingers += `<path d="M${x0 + len - 14} ${y0 + 8}q8 ${th * 0.35} 0 ${th - 16}" stroke="${skinShade}" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.6"/>`;
  });
  const thumb =
    `<path d="M286 640C284 580 296 520 324 478C338 452 348 430 356 414C364 400 384 400 390 414C396 428 390 446 386 462C380 494 384 540 404 640Z" fill="${skinLight}"/>` +
    `<path d="M286 640C284 580 296 520 324 478C338 452 348 430 356 414C352 440 340 470 330 500C318 540 316 590 320 640Z" fill="${skin}"/>` +
    `<path d="M362 410C372 402 386 406 388 420C386 432 374 436 364 430C358 424 358 416 362 410Z" fill="#e3ae90"/>`;
  body += `<g transform="rotate(${rot} ${px} ${py}) translate(${px} ${py})">${back}</g>`;
  body += phone({ x: px, y: py, w: PW, h: PH, rot, screen, id: "gg" });
  body += `<g transform="rotate(${rot} ${px} ${py}) translate(${px} ${py})">${fingers}</g>`;
  body += thumb;
  return svgDoc({ width, height, viewBox: VB, defs, body });
}

// --------------------------------------------------------- year-round-support
/** A small trowel lying on the ground, its scoop to the left (year-round-support). */
function trowelOnGround(ground) {
  const y = (d) => f(ground + d);
  let s = groundShadow(690, ground + 34, 70, 6, 0.14);
  // handle and its hanging hole
  s += `<path d="M718 ${y(20)}L760 ${y(8)}" stroke="${P.woodLight}" stroke-width="14" stroke-linecap="round"/>`;
  s += `<circle cx="752" cy="${y(10.5)}" r="2.6" fill="${P.creamDeep}"/>`;
  // ferrule and neck
  s += `<path d="M704 ${y(22)}L720 ${y(18)}" stroke="#8f9a97" stroke-width="12" stroke-linecap="butt"/>`;
  // the scoop: broad shoulders curving to a rounded point, its hollow darker, soil on the tip
  s += `<path d="M706 ${y(10)}Q706 ${y(40)} 700 ${y(40)}Q668 ${y(46)} 640 ${y(30)}Q636 ${y(24)} 642 ${y(20)}Q670 ${y(2)} 706 ${y(10)}Z" fill="${P.leaf}"/>`;
  s += `<path d="M700 ${y(15)}Q700 ${y(34)} 696 ${y(35)}Q670 ${y(40)} 649 ${y(27)}Q672 ${y(10)} 700 ${y(15)}Z" fill="${P.leafDark}"/>`;
  s += `<path d="M664 ${y(22)}Q652 ${y(24)} 648 ${y(28)}Q660 ${y(36)} 672 ${y(35)}Q676 ${y(28)} 664 ${y(22)}Z" fill="${P.soil}"/>`;
  s += `<circle cx="632" cy="${y(36)}" r="3.5" fill="${P.soilDark}"/><circle cx="622" cy="${y(33)}" r="2.5" fill="${P.soil}"/>`;
  return s;
}

function yearRoundSupport({ width, height }) {
  let defs = "";
  let body = stage({ seed: 9, cx: 420, cy: 300, rx: 360, ry: 240 });
  const ground = 500;
  body += `<path d="M20 ${ground + 6}Q400 ${ground + 30} 780 ${ground + 6}" stroke="${darken(P.creamDeep, 0.08)}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  const g = growBox({
    x: 392,
    y: ground - 96,
    w: 360,
    h: 96,
    vp: [200, 120],
    k: 0.22,
    id: "yrs",
    boards: 2,
    seed: 41,
  });
  defs += g.defs;
  body += groundShadow(560, ground + 6, 220, 16, 0.16);
  body += g.svg;
  const items = [
    ["tomato", 0.2, 0.85, { h: 180, seed: 3, fruitCount: 2 }],
    ["chard", 0.55, 0.85, { seed: 5 }],
    ["kale", 0.85, 0.85, { seed: 4 }],
    ["lettuce", 0.18, 0.35, { seed: 2 }],
    ["basil", 0.5, 0.4, { seed: 7 }],
    ["lettuce", 0.8, 0.35, { kind: "red", seed: 5 }],
  ];
  let plants = "";
  for (const [fn, u, v, o] of items) {
    const [px, py, sc] = g.at(u, v);
    plants += pl[fn]({ x: px, y: py, s: sc * 1.1, ...o });
  }
  body += plants;
  // coach kneeling to the left of the box, pointing at the front lettuce
  body += groundShadow(190, ground + 4, 130, 12, 0.16);
  body += coach({ x: 210, y: ground, s: 1 });
  // a trowel on the ground, drawn as the shop's (scripts/art/products.mjs): a broad scoop as wide
  // as it is long with soil on its tip, a short neck and a stout wooden handle, so it never reads as
  // a knife at the picture's small sizes
  body += trowelOnGround(ground);
  // chat bubble above
  body += chatBubble({ x: 300, y: 60, w: 168, h: 92, tail: "left" });
  body += sparkle(492, 92, 12, P.sun) + sparkle(520, 140, 7, P.clay, 0.8);
  return svgDoc({ width, height, viewBox: VB, defs, body });
}

// --------------------------------------------------------- year-round-growing
function seasonPanel(season, x, y, w, h, idx) {
  const id = `sp${idx}`;
  const cfg = {
    summer: { bg: ["#fbe3a0", "#fdf1cf"], ground: "#d7c48d" },
    autumn: { bg: ["#f3c9a4", "#fbe6d2"], ground: "#d2ae8a" },
    winter: { bg: ["#cfdfe0", "#ecf2f0"], ground: "#bcc9c6" },
    spring: { bg: ["#d7eac3", "#f1f7e6"], ground: "#b9cf9d" },
  }[season];
  let defs = `<clipPath id="${id}c"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22"/></clipPath>`;
  defs += `<linearGradient id="${id}g" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${cfg.bg[0]}"/><stop offset="1" stop-color="${cfg.bg[1]}"/></linearGradient>`;
  let s = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id}g)"/>`;
  const gy = y + h * 0.8;
  s += `<path d="M${x} ${f(gy)}Q${f(x + w / 2)} ${f(gy - 14)} ${x + w} ${f(gy)}V${y + h}H${x}Z" fill="${cfg.ground}"/>`;
  // season sky details
  if (season === "summer") {
    s += `<circle cx="${x + w - 62}" cy="${y + 58}" r="30" fill="${P.sun}"/>`;
    let rays = "";
    for (let i = 0; i < 10; i++) {
      const a = (i / 10) * TAU;
      rays += `M${f(x + w - 62 + Math.cos(a) * 40)} ${f(y + 58 + Math.sin(a) * 40)}l${f(Math.cos(a) * 12)} ${f(Math.sin(a) * 12)}`;
    }
    s += `<path d="${rays}" stroke="${P.sun}" stroke-width="5" stroke-linecap="round"/>`;
  } else if (season === "autumn") {
    const r = rng(7);
    for (let i = 0; i < 7; i++) {
      const lx = x + 30 + r() * (w - 60);
      const ly = y + 20 + r() * h * 0.4;
      s += pl.leaf({
        x: lx,
        y: ly,
        len: 20,
        w: 9,
        rot: r() * 360,
        fill: [P.clay, "#e0872f", "#b8472b", P.sun][i % 4],
        light: lighten([P.clay, "#e0872f", "#b8472b", P.sun][i % 4], 0.15),
      });
    }
  } else if (season === "winter") {
    s += `<circle cx="${x + w - 62}" cy="${y + 58}" r="26" fill="#fbf7ee" opacity="0.9"/>`;
    const r = rng(9);
    let flakes = "";
    for (let i = 0; i < 16; i++) {
      const fx = x + 16 + r() * (w - 32);
      const fy = y + 14 + r() * h * 0.62;
      flakes += `<circle cx="${f(fx)}" cy="${f(fy)}" r="${f(2 + r() * 2.5)}" fill="#fff"/>`;
    }
    s += flakes;
  } else if (season === "spring") {
    // blossom branch from the top-left corner
    s += `<path d="M${x - 4} ${y + 34}Q${x + 70} ${y + 30} ${x + 130} ${y + 62}M${x + 60} ${y + 36}Q${x + 80} ${y + 12} ${x + 110} ${y + 8}" stroke="#7a5a44" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    const fl = [
      [x + 40, y + 30],
      [x + 84, y + 42],
      [x + 122, y + 58],
      [x + 100, y + 12],
      [x + 64, y + 22],
      [x + 140, y + 70],
    ];
    for (const [bx, by] of fl) {
      let petals = "";
      for (let k = 0; k < 5; k++) {
        const a = (k / 5) * TAU;
        petals += `<circle cx="${f(bx + Math.cos(a) * 7)}" cy="${f(by + Math.sin(a) * 7)}" r="6.5" fill="#f7c6cf"/>`;
      }
      s += petals + `<circle cx="${bx}" cy="${by}" r="4" fill="${P.sun}"/>`;
    }
    s += `<g transform="translate(${x + w - 70} ${y + 64})"><ellipse rx="9" ry="7" fill="${P.sun}"/><path d="M-3 -6v12M3 -6v12" stroke="${P.ink}" stroke-width="3"/><ellipse cx="-4" cy="-9" rx="6" ry="4" fill="#fff" opacity="0.8"/><ellipse cx="4" cy="-10" rx="6" ry="4" fill="#fff" opacity="0.8"/></g>`;
  }
  // the same grow box in every season
  const bw = w * 0.56;
  const bx = x + (w - bw) / 2;
  const bh = 48;
  const g = growBox({
    x: bx,
    y: gy - bh + 8,
    w: bw,
    h: bh,
    vp: [x + w / 2, y + 20],
    k: 0.2,
    id: `${id}b`,
    boards: 2,
    seed: 50 + idx,
    rim: 7,
  });
  defs += g.defs;
  s += `<ellipse cx="${f(bx + bw / 2 - 10)}" cy="${f(gy + 10)}" rx="${f(bw * 0.6)}" ry="9" fill="${P.ink}" opacity="0.14"/>`;
  s += g.svg;
  const at = (u, v) => g.at(u, v);
  let plants = "";
  const put = (fn, u, v, o = {}, k = 0.62) => {
    const [px, py, sc] = at(u, v);
    plants += pl[fn]({ x: px, y: py, s: sc * k, ...o });
  };
  if (season === "summer") {
    put("tomato", 0.22, 0.8, { h: 190, seed: 2, fruitCount: 3 }, 0.55);
    put("tomato", 0.75, 0.8, { h: 170, seed: 6, fruitCount: 3 }, 0.55);
    put("basil", 0.5, 0.6, { seed: 3 }, 0.7);
    put("marigold", 0.18, 0.25, { seed: 4 }, 0.75);
    put("lettuce", 0.5, 0.2, { seed: 2 }, 0.6);
    put("marigold", 0.84, 0.25, { seed: 8, flowers: 3 }, 0.75);
  } else if (season === "autumn") {
    put("kale", 0.25, 0.85, { seed: 4 }, 0.6);
    put("chard", 0.7, 0.85, { seed: 5 }, 0.6);
    put("pumpkin", 0.3, 0.25, { seed: 3 }, 0.85);
    put("pumpkin", 0.72, 0.3, { seed: 5, color: "#e8a33a" }, 0.7);
  } else if (season === "winter") {
    put("broccoli", 0.2, 0.85, { seed: 4 }, 0.95);
    put("broccoli", 0.8, 0.85, { seed: 6 }, 0.9);
    put("cabbage", 0.5, 0.7, { seed: 3 }, 0.95);
    put("cabbage", 0.3, 0.2, { seed: 5 }, 0.8);
    put("kale", 0.74, 0.25, { seed: 7, color: "#3f6d60", light: "#5d8a7c" }, 0.6);
  } else if (season === "spring") {
    for (const [u, v, st] of [
      [0.15, 0.8, 2],
      [0.38, 0.8, 1],
      [0.62, 0.8, 3],
      [0.85, 0.8, 2],
      [0.15, 0.3, 3],
      [0.38, 0.3, 2],
      [0.62, 0.3, 1],
      [0.85, 0.3, 3],
    ])
      put("seedling", u, v, { seed: Math.round(u * 100 + v * 10), stage: st }, 1.3);
  }
  s += plants;
  if (season === "winter") {
    // frost on the rim
    const { FLT, FRT } = g.corners;
    s += `<path d="M${f(FLT[0])} ${f(FLT[1] + 1)}H${f(FRT[0])}" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity="0.85"/>`;
  }
  return { defs, svg: `<g clip-path="url(#${id}c)">${s}</g>` };
}

function yearRoundGrowing({ width, height }) {
  let defs = "";
  let body = `<rect x="-10" y="-10" width="820" height="620" fill="${P.cream}"/>`;
  const m = 22;
  const gap = 18;
  const w = (800 - 2 * m - gap) / 2;
  const h = (600 - 2 * m - gap) / 2;
  const order = [
    ["summer", m, m],
    ["autumn", m + w + gap, m],
    ["spring", m, m + h + gap],
    ["winter", m + w + gap, m + h + gap],
  ];
  order.forEach(([season, x, y], i) => {
    const p = seasonPanel(season, x, y, w, h, i);
    defs += p.defs;
    body += p.svg;
  });
  // a cycle badge in the middle: summer → autumn → winter → spring
  const cx = 400;
  const cy = 300;
  body += `<circle cx="${cx}" cy="${cy}" r="44" fill="${P.cream}"/>`;
  const R = 26;
  const arc = (a0, a1) => {
    const p0 = [cx + Math.cos(a0) * R, cy + Math.sin(a0) * R];
    const p1 = [cx + Math.cos(a1) * R, cy + Math.sin(a1) * R];
    const head = a1;
    const hx = p1[0];
    const hy = p1[1];
    const tx = -Math.sin(head);
    const ty = Math.cos(head);
    const nx = Math.cos(head);
    const ny = Math.sin(head);
    return (
      `<path d="M${f(p0[0])} ${f(p0[1])}A${R} ${R} 0 0 1 ${f(p1[0])} ${f(p1[1])}" stroke="${P.leaf}" stroke-width="6" fill="none" stroke-linecap="round"/>` +
      `<path d="M${f(hx + tx * 9)} ${f(hy + ty * 9)}L${f(hx + nx * 8 - tx * 2)} ${f(hy + ny * 8 - ty * 2)}L${f(hx - nx * 8 - tx * 2)} ${f(hy - ny * 8 - ty * 2)}Z" fill="${P.leaf}"/>`
    );
  };
  body += arc(-Math.PI * 0.95, -Math.PI * 0.1) + arc(Math.PI * 0.05, Math.PI * 0.9);
  body += `<g transform="translate(${cx - 11} ${cy + 9})">${sproutGlyph(22)}</g>`;
  return svgDoc({ width, height, viewBox: VB, defs, body });
}

export const FEATURES = {
  "choose-plan": choosePlan,
  "supplies-arrive": suppliesArrive,
  "guided-growing": guidedGrowing,
  "year-round-support": yearRoundSupport,
  "year-round-growing": yearRoundGrowing,
};
