#!/usr/bin/env node
// Product photographs for the shop, drawn as SVG from the same pieces as the home-page artwork
// (lib/box.mjs, lib/plants.mjs, lib/props.mjs) and written as square AVIF and WebP files:
//
//   node scripts/art/products.mjs              # every product
//   node scripts/art/products.mjs --only=a,b   # some slugs
//   node scripts/art/products.mjs --preview    # also PNG previews in /tmp/art-preview/products
//
// public/images/products/<image>-{400,800}.{avif,webp}; each 800 px WebP is kept under 50 KB.
import sharp from "sharp";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { P, f, rng, lighten, darken, mix, svgDoc, blob } from "#scripts/art/lib/util.mjs";
import { growBox } from "#scripts/art/lib/box.mjs";
import * as pl from "#scripts/art/lib/plants.mjs";
import { punnet, seedPacket, compostBag, cardboardBox, sparkle } from "#scripts/art/lib/props.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(HERE, "../../public/images/products");
const args = process.argv.slice(2);
const onlyArg = args.find((a) => a.startsWith("--only="));
const only = onlyArg ? new Set(onlyArg.slice(7).split(",")) : null;
const PREVIEW = args.includes("--preview") ? "/tmp/art-preview/products" : null;
const KB = 1024;
const BUDGET = { 800: 50 * KB, 400: 18 * KB };

sharp.cache(false);
mkdirSync(OUT, { recursive: true });
if (PREVIEW) mkdirSync(PREVIEW, { recursive: true });

// Every picture is the same studio: cream backdrop, a soft blob, a ground line, light upper right.
function studio(seed, tint = P.creamDeep) {
  let s = `<rect x="-10" y="-10" width="820" height="820" fill="${P.cream}"/>`;
  s += `<path d="${blob(400, 380, 330, 300, { seed, amp: 0.07, n: 12 })}" fill="${tint}"/>`;
  s += `<circle cx="650" cy="140" r="46" fill="${P.sun}" opacity="0.45"/>`;
  s += `<ellipse cx="400" cy="640" rx="360" ry="34" fill="${darken(tint, 0.05)}"/>`;
  return s;
}
const shadow = (cx, cy, rx, ry, op = 0.15) =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${P.ink}" opacity="${op}"/>`;

/** A grow box of the given width, planted with a seeded mix of crops. */
function kit({ w, h, rows, seed, crops }) {
  const x = 400 - w / 2;
  const ground = 630;
  const g = growBox({
    x,
    y: ground - h,
    w,
    h,
    vp: [400, 220],
    k: 0.26,
    id: `kit${seed}`,
    boards: 3,
    seed,
  });
  let body = shadow(400 - 16, ground + 4, w * 0.58, 16);
  body += g.svg;
  const r = rng(seed);
  let plants = "";
  rows
    .slice()
    .reverse()
    .forEach((row, ri) => {
      const v = rows.length === 1 ? 0.5 : 0.78 - (0.56 * ri) / (rows.length - 1);
      row.forEach((u, k) => {
        const [px, py, sc] = g.at(u, 1 - v);
        const type = crops[(k + ri * 2 + seed) % crops.length];
        const s = sc * (0.95 + r() * 0.1);
        const o = { x: px, y: py, s, seed: seed * 13 + ri * 7 + k, sway: (r() - 0.5) * 6 };
        plants += pl[type](type === "tomato" ? { ...o, s: s * 0.8 } : o);
      });
    });
  // Plants sit in the soil: draw them over the back rim but under the front board.
  return { defs: g.defs, body: body + plants };
}

function kitContents(seed, scale) {
  let body = "";
  const box = cardboardBox({ x: 150, y: 620, w: 260 * scale, h: 150 * scale, d: 110 * scale });
  body += shadow(310, 626, 230, 16);
  body += box.back;
  body += compostBag({ x: 250, y: 560, w: 120, h: 170 });
  body += box.front;
  body += compostBag({ x: 560, y: 634, w: 130, h: 180 });
  body += seedPacket({ x: 660, y: 640, rot: 8, color: P.sun, veg: "tomato" });
  body += seedPacket({ x: 470, y: 650, rot: -6, color: "#8cbf6a", veg: "lettuce" });
  body += punnet({ x: 330, y: 668, w: 120, h: 36, cells: 4, seed, stage: 3, plantScale: 1.3 });
  body += sparkle(640, 300, 14);
  return body;
}

function packetWithPlant(veg, color, plant, seed) {
  let body = shadow(430, 640, 250, 16);
  body += plant;
  body += `<g transform="translate(0 0)">${seedPacket({ x: 300, y: 650, w: 200, h: 280, rot: -6, color, veg })}</g>`;
  return body + sparkle(560, 240, 12, P.sun, 0.8) + (seed % 2 ? sparkle(200, 300, 9) : "");
}

function pot(x, y, w, h, color = "#b8743f") {
  return (
    `<path d="M${f(x - w / 2)} ${f(y - h)}H${f(x + w / 2)}L${f(x + w * 0.38)} ${f(y)}H${f(x - w * 0.38)}Z" fill="${color}"/>` +
    `<rect x="${f(x - w / 2 - 6)}" y="${f(y - h - 10)}" width="${f(w + 12)}" height="18" rx="4" fill="${lighten(color, 0.12)}"/>` +
    `<path d="M${f(x + w * 0.1)} ${f(y - h + 8)}L${f(x + w * 0.34)} ${f(y - h + 8)}L${f(x + w * 0.28)} ${f(y)}H${f(x + w * 0.06)}Z" fill="#fff" opacity="0.12"/>`
  );
}

// A garden trowel, not a knife: a broad scoop (as wide as it is long, with its hollow shaded and
// soil on the tip), a short cranked neck, a ferrule and a stout handle with a hanging hole. The
// width and the soil are what still read at 16–24 px, where a long narrow blade looked like a knife.
function trowel() {
  const steel = "#8f9a97";
  let s = shadow(400, 640, 280, 16);
  s += `<g transform="translate(430 380) rotate(-38)">`;
  // handle, with its hanging hole
  s += `<path d="M-34 70Q-40 250 -30 290Q0 318 30 290Q40 250 34 70Z" fill="${P.woodLight}"/>`;
  s += `<path d="M8 80Q14 240 10 285Q24 278 28 270Q34 200 30 80Z" fill="${P.wood}" opacity="0.55"/>`;
  s += `<circle cx="0" cy="262" r="11" fill="${P.creamDeep}"/>`;
  // ferrule and the neck bending up into the blade
  s += `<rect x="-38" y="40" width="76" height="38" rx="8" fill="${steel}"/>`;
  s += `<rect x="-38" y="46" width="76" height="8" fill="#fff" opacity="0.25"/>`;
  s += `<path d="M-13 44Q-16 0 -8 -40H8Q16 0 13 44Z" fill="${darken(steel, 0.15)}"/>`;
  // the scoop: broad shoulders, sides curving in to a rounded point
  s += `<path d="M-150 -40Q-170 -230 0 -360Q170 -230 150 -40Q80 -10 0 -30Q-80 -10 -150 -40Z" fill="${P.leaf}"/>`;
  // its hollow, darker, and the light catching the right-hand rim
  s += `<path d="M-118 -60Q-132 -220 0 -325Q132 -220 118 -60Q60 -40 0 -54Q-60 -40 -118 -60Z" fill="${P.leafDark}"/>`;
  s += `<path d="M0 -360Q170 -230 150 -40Q140 -38 132 -36Q150 -220 0 -340Z" fill="#fff" opacity="0.28"/>`;
  // the spine down the middle of the hollow
  s += `<path d="M0 -60V-200" stroke="${P.leaf}" stroke-width="14" stroke-linecap="round"/>`;
  // soil on the tip, with a few crumbs
  s += `<path d="M-82 -235Q-50 -285 0 -322Q50 -285 82 -235Q50 -215 18 -228Q-10 -208 -40 -226Q-62 -214 -82 -235Z" fill="${P.soil}"/>`;
  s += `<path d="M-40 -270Q0 -300 30 -282" stroke="${P.soilLight}" stroke-width="8" fill="none" stroke-linecap="round"/>`;
  s += `<circle cx="-30" cy="-208" r="9" fill="${P.soilDark}"/><circle cx="24" cy="-204" r="7" fill="${P.soilDark}"/>`;
  s += `</g>`;
  // crumbs fallen on the ground
  s += `<circle cx="250" cy="628" r="10" fill="${P.soil}"/><circle cx="282" cy="636" r="7" fill="${P.soilDark}"/><circle cx="226" cy="640" r="6" fill="${P.soilLight}"/>`;
  return s;
}

function wateringCan() {
  const c = P.leaf;
  let s = shadow(400, 628, 260, 16);
  s += `<path d="M470 470L690 300L706 316L500 520Z" fill="${darken(c, 0.1)}"/>`;
  s += `<ellipse cx="700" cy="306" rx="30" ry="42" transform="rotate(-38 700 306)" fill="#c9a14a"/>`;
  s += `<path d="M220 380Q220 630 260 630H500Q540 630 540 380Z" fill="${c}"/>`;
  s += `<path d="M440 380H540Q540 630 500 630H450Z" fill="${lighten(c, 0.15)}"/>`;
  s += `<ellipse cx="380" cy="380" rx="160" ry="30" fill="${darken(c, 0.2)}"/>`;
  s += `<path d="M250 380Q260 220 380 220Q500 220 510 380" fill="none" stroke="${darken(c, 0.05)}" stroke-width="30" stroke-linecap="round"/>`;
  return s + `<path d="M240 500H520" stroke="#fff" stroke-width="10" opacity="0.15"/>`;
}

function gloves() {
  const g = (x, rot, col) => {
    let s = `<g transform="translate(${x} 600) rotate(${rot})">`;
    s += `<rect x="-80" y="-60" width="160" height="70" rx="14" fill="${darken(col, 0.15)}"/>`;
    s += `<path d="M-80 -60V-240Q-80 -262 -62 -262Q-44 -262 -44 -240V-300Q-44 -322 -24 -322Q-4 -322 -4 -300V-310Q-4 -334 18 -334Q38 -334 38 -310V-290Q38 -312 58 -312Q78 -312 78 -290V-160L110 -210Q124 -232 142 -220Q158 -208 146 -186L80 -60Z" fill="${col}"/>`;
    s += `<path d="M-80 -60V-150Q0 -120 78 -150V-60Z" fill="${P.clay}" opacity="0.9"/>`;
    return s + `</g>`;
  };
  return shadow(400, 628, 280, 16) + g(300, -12, "#e6dcc4") + g(510, 10, "#efe6d0");
}

function labels() {
  let s = shadow(400, 628, 240, 14);
  const r = rng(5);
  for (let i = 0; i < 7; i++) {
    const x = 250 + i * 50;
    const rot = (r() - 0.5) * 18;
    s += `<g transform="translate(${x} 620) rotate(${f(rot)})"><path d="M-20 0V-300Q-20 -320 0 -320Q20 -320 20 -300V0L0 34Z" fill="${mix(P.woodLight, P.cream, 0.3)}"/>`;
    s += `<path d="M-10 -280h20M-10 -260h14" stroke="${P.ink}" stroke-width="3" opacity="0.55"/></g>`;
  }
  s += `<g transform="translate(560 600) rotate(-60)"><rect x="-10" y="-200" width="20" height="200" fill="${P.leaf}"/><path d="M-10 0L0 30L10 0Z" fill="${P.woodLight}"/></g>`;
  return s;
}

function bale() {
  const straw = "#e2c47c";
  let s = shadow(400, 630, 270, 18);
  s += `<path d="M180 360L500 300L640 380L640 620L320 640L180 560Z" fill="${darken(straw, 0.08)}"/>`;
  s += `<path d="M320 420L640 380V620L320 640Z" fill="${straw}"/>`;
  s += `<path d="M180 360L500 300L640 380L320 420Z" fill="${lighten(straw, 0.2)}"/>`;
  const r = rng(9);
  let strands = "";
  for (let i = 0; i < 70; i++) {
    const x = 330 + r() * 300;
    const y = 430 + r() * 190;
    strands += `M${f(x)} ${f(y)}l${f(20 + r() * 30)} ${f((r() - 0.5) * 8)}`;
  }
  s += `<path d="${strands}" stroke="${darken(straw, 0.2)}" stroke-width="2" opacity="0.6"/>`;
  s += `<path d="M420 410V630M560 394V624" stroke="${P.clay}" stroke-width="8"/>`;
  return s;
}

function feedBag(color) {
  let s = shadow(400, 630, 200, 16);
  s += `<path d="M270 630L282 300H518L530 630Z" fill="${color}"/>`;
  s += `<path d="M420 630L430 300H518L530 630Z" fill="#fff" opacity="0.1"/>`;
  s += `<path d="M282 300L300 250H500L518 300Z" fill="${darken(color, 0.15)}"/>`;
  s += `<rect x="300" y="400" width="200" height="120" rx="10" fill="${P.cream}"/>`;
  s += pl.leaf
    ? pl.leaf({
        x: 400,
        y: 500,
        len: 80,
        w: 30,
        rot: 20,
        fill: P.sprout,
        light: "#a9d488",
        vein: P.leaf,
      })
    : "";
  return s;
}

const drawings = {
  "starter-grow-box-kit": () =>
    kit({
      w: 360,
      h: 110,
      rows: [
        [0.2, 0.5, 0.8],
        [0.25, 0.75],
      ],
      seed: 3,
      crops: ["lettuce", "parsley", "basil", "springOnions"],
    }),
  "starter-grow-box-kit-contents": () => ({ body: kitContents(3, 0.85) }),
  "family-grow-box-kit": () =>
    kit({
      w: 470,
      h: 130,
      rows: [
        [0.15, 0.4, 0.62, 0.86],
        [0.2, 0.5, 0.8],
        [0.3, 0.7],
      ],
      seed: 5,
      crops: ["lettuce", "chard", "basil", "parsley", "tomato"],
    }),
  "family-grow-box-kit-contents": () => ({ body: kitContents(5, 1) }),
  "abundance-grow-box-kit": () =>
    kit({
      w: 640,
      h: 140,
      rows: [
        [0.1, 0.28, 0.46, 0.64, 0.82],
        [0.15, 0.38, 0.62, 0.86],
        [0.25, 0.5, 0.75],
      ],
      seed: 7,
      crops: ["kale", "lettuce", "chard", "cabbage", "tomato", "broccoli"],
    }),
  "abundance-grow-box-kit-contents": () => ({ body: kitContents(7, 1.15) }),
  "cherry-tomato-sweet-100-seeds": () => ({
    body: packetWithPlant(
      "tomato",
      P.tomato,
      pot(560, 630, 150, 120) + pl.tomato({ x: 560, y: 520, s: 1.3, seed: 4 }),
      1,
    ),
  }),
  "cos-lettuce-seeds": () => ({
    body: packetWithPlant("lettuce", "#8cbf6a", pl.lettuce({ x: 560, y: 620, s: 2.2, seed: 2 }), 2),
  }),
  "dwarf-bush-bean-seeds": () => ({
    body: packetWithPlant(
      "bean",
      "#5d9a44",
      pot(560, 630, 160, 110) + pl.broadBean({ x: 560, y: 530, s: 1.4, h: 150 }),
      3,
    ),
  }),
  "rainbow-silverbeet-seeds": () => ({
    body: packetWithPlant("lettuce", "#d96a8e", pl.chard({ x: 560, y: 620, s: 1.9, seed: 8 }), 4),
  }),
  "nantes-carrot-seeds": () => ({
    body: packetWithPlant(
      "carrot",
      "#e8782a",
      pl.carrots({ x: 520, y: 620, s: 2, count: 3, spacing: 40 }),
      5,
    ),
  }),
  "herb-seedling-trio": () => ({
    body:
      shadow(400, 630, 280, 16) +
      pot(240, 630, 130, 100, "#9b7a55") +
      pl.parsley({ x: 240, y: 530, s: 1.5 }) +
      pot(400, 630, 130, 100, "#9b7a55") +
      pl.basil({ x: 400, y: 530, s: 1.5 }) +
      pot(560, 630, 130, 100, "#9b7a55") +
      pl.springOnions({ x: 560, y: 530, s: 1.5, n: 7 }),
  }),
  "salad-greens-seedling-punnet": () => ({
    body:
      shadow(400, 630, 280, 16) +
      punnet({ x: 190, y: 630, w: 420, h: 90, cells: 6, seed: 4, lettuce: true, plantScale: 3.2 }),
  }),
  "strawberry-runners": () => ({
    body:
      shadow(400, 630, 280, 16) +
      pot(280, 630, 170, 120) +
      pl.strawberry({ x: 280, y: 510, s: 1.8, seed: 3 }) +
      pot(530, 630, 170, 120) +
      pl.strawberry({ x: 530, y: 510, s: 1.8, seed: 9 }),
  }),
  "tomato-seedlings": () => ({
    body:
      shadow(400, 630, 280, 16) +
      [240, 400, 560]
        .map(
          (x, i) =>
            pot(x, 630, 120, 100, "#2b2f2c") +
            pl.seedling({ x, y: 530, s: 3.2, stage: 3, seed: 20 + i }),
        )
        .join(""),
  }),
  "organic-vegetable-mix-40l": () => ({
    body: shadow(400, 630, 200, 16) + compostBag({ x: 400, y: 640, w: 300, h: 400 }),
  }),
  "worm-cast-compost-10l": () => ({
    body: feedBag(P.soil) + pl.seedling({ x: 620, y: 630, s: 3, stage: 3, seed: 2 }),
  }),
  "pea-straw-mulch": () => ({ body: bale() }),
  "slow-release-organic-fertiliser": () => ({ body: feedBag(P.clay) }),
  "hand-trowel": () => ({ body: trowel() }),
  "watering-can-5l": () => ({ body: wateringCan() }),
  "garden-gloves": () => ({ body: gloves() }),
  "plant-labels": () => ({ body: labels() }),
};

async function encode(png, file, format, budget) {
  let buf;
  for (let q = format === "webp" ? 86 : 60; q >= 30; q -= 4) {
    const img = sharp(png).removeAlpha();
    buf =
      format === "webp"
        ? await img.webp({ quality: q, effort: 6 }).toBuffer()
        : await img.avif({ quality: q, effort: 6, chromaSubsampling: "4:2:0" }).toBuffer();
    if (buf.length <= budget) break;
  }
  writeFileSync(file, buf);
  if (buf.length > budget) console.warn(`! ${file} is ${(buf.length / KB).toFixed(1)} KB`);
  return buf.length;
}

let seed = 11;
for (const [name, draw] of Object.entries(drawings)) {
  seed += 1;
  if (only && !only.has(name) && !only.has(name.replace(/-contents$/, ""))) continue;
  const { defs = "", body } = draw();
  const tints = [P.creamDeep, "#e9f0dc", "#f6e7d2", "#e6efe6"];
  const svg = svgDoc({
    width: 800,
    height: 800,
    viewBox: [0, 0, 800, 800],
    defs,
    body: studio(seed, tints[seed % tints.length]) + body,
  });
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
  const sizes = [];
  for (const size of [800, 400]) {
    const scaled = size === 800 ? png : await sharp(png).resize(size, size).png().toBuffer();
    for (const format of ["avif", "webp"])
      sizes.push(
        await encode(scaled, path.join(OUT, `${name}-${size}.${format}`), format, BUDGET[size]),
      );
  }
  if (PREVIEW)
    await sharp(png)
      .png()
      .toFile(path.join(PREVIEW, `${name}.png`));
  console.log(`${name}: ${sizes.map((b) => `${(b / KB).toFixed(1)} KB`).join(", ")}`);
}
