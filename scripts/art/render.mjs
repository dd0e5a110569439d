#!/usr/bin/env node
// Regenerates every home-page artwork from the SVG drawings in scripts/art/lib.
//
//   node scripts/art/render.mjs                 # everything
//   node scripts/art/render.mjs --only=hero,og  # a subset: hero, video, features, og
//   node scripts/art/render.mjs --preview       # also write PNG previews to /tmp/art-preview
//   node scripts/art/render.mjs --svg=DIR       # also save the generated SVG sources to DIR
//
// Deterministic: no randomness beyond seeded PRNGs, fixed encoder settings, and quality
// chosen by a fixed search against each file's byte budget. The video needs ffmpeg
// (/usr/bin/ffmpeg or FFMPEG=/path/to/ffmpeg).
import sharp from "sharp";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, statSync, existsSync } from "node:fs";
import { tmpdir, availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { heroSVG, VIEWS, LOOP_SECONDS } from "#scripts/art/lib/hero.mjs";
import { FEATURES } from "#scripts/art/lib/features.mjs";
import { ogSVG } from "#scripts/art/lib/og.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const IMG = path.join(ROOT, "public/images/home");
const MEDIA = path.join(ROOT, "public/media");
const FFMPEG = process.env.FFMPEG || "/usr/bin/ffmpeg";
const FPS = 24;

const args = process.argv.slice(2);
const onlyArg = args.find((a) => a.startsWith("--only="));
const only = onlyArg ? new Set(onlyArg.slice(7).split(",")) : null;
const want = (k) => !only || only.has(k);
const PREVIEW = args.includes("--preview") ? "/tmp/art-preview" : null;
const svgArg = args.find((a) => a.startsWith("--svg="));
const SVG_DIR = svgArg ? path.resolve(svgArg.slice(6)) : null;

sharp.cache(false);
mkdirSync(IMG, { recursive: true });
mkdirSync(MEDIA, { recursive: true });
if (PREVIEW) mkdirSync(PREVIEW, { recursive: true });
if (SVG_DIR) mkdirSync(SVG_DIR, { recursive: true });

const rel = (p) => path.relative(ROOT, p);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const report = [];

/** Rasterise an SVG string to a raw RGB(A) sharp pipeline source (PNG buffer). */
async function rasterise(svg, name) {
  if (SVG_DIR && name) writeFileSync(path.join(SVG_DIR, `${name}.svg`), svg);
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/**
 * Encode png → format, lowering quality in fixed steps until the file fits its budget.
 * The search is deterministic, so the same drawing always yields the same bytes.
 */
async function encode(png, file, { format, budget, start = 92, min = 40, step = 3 }) {
  let q = start;
  let buf;
  for (;;) {
    const img = sharp(png).removeAlpha();
    if (format === "webp")
      buf = await img.webp({ quality: q, effort: 6, smartSubsample: true }).toBuffer();
    else if (format === "avif")
      buf = await img.avif({ quality: q, effort: 6, chromaSubsampling: "4:2:0" }).toBuffer();
    else if (format === "jpeg")
      buf = await img.jpeg({ quality: q, mozjpeg: true, chromaSubsampling: "4:2:0" }).toBuffer();
    else throw new Error(format);
    if (!budget || buf.length <= budget || q - step < min) break;
    q -= step;
  }
  writeFileSync(file, buf);
  const meta = await sharp(buf).metadata();
  report.push({ file: rel(file), w: meta.width, h: meta.height, bytes: buf.length, q });
  if (budget && buf.length > budget)
    console.warn(`! ${rel(file)} is ${kb(buf.length)}, over its ${kb(budget)} budget`);
  return buf;
}

async function preview(png, name) {
  if (PREVIEW)
    await sharp(png)
      .png()
      .toFile(path.join(PREVIEW, `${name}.png`));
}

// Budgets (bytes). AVIF gets the same ceiling as WebP; it normally lands well under.
const KB = 1024;

async function renderHero() {
  const wide = [
    [640, 360, 34 * KB],
    [1280, 720, 88 * KB],
    [1920, 1080, 170 * KB],
  ];
  for (const [w, h, budget] of wide) {
    const png = await rasterise(
      heroSVG({ t: 0, width: w, height: h, view: VIEWS.wide, overlay: "wide" }),
      `hero-${w}`,
    );
    await encode(png, path.join(IMG, `hero-${w}.webp`), { format: "webp", budget });
    await encode(png, path.join(IMG, `hero-${w}.avif`), {
      format: "avif",
      budget,
      start: 66,
      min: 30,
    });
    await preview(png, `hero-${w}`);
  }
  const portrait = [
    [480, 854, 45 * KB],
    [828, 1472, 88 * KB],
  ];
  for (const [w, h, budget] of portrait) {
    const png = await rasterise(
      heroSVG({ t: 0, width: w, height: h, view: VIEWS.portrait, overlay: "portrait" }),
      `hero-portrait-${w}`,
    );
    await encode(png, path.join(IMG, `hero-portrait-${w}.webp`), { format: "webp", budget });
    await encode(png, path.join(IMG, `hero-portrait-${w}.avif`), {
      format: "avif",
      budget,
      start: 66,
      min: 30,
    });
    await preview(png, `hero-portrait-${w}`);
  }
}

function ffmpeg(argv) {
  const res = spawnSync(FFMPEG, ["-hide_banner", "-loglevel", "error", "-y", ...argv], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (res.status !== 0) throw new Error(`ffmpeg failed: ${argv.join(" ")}`);
}

async function renderVideo() {
  if (!existsSync(FFMPEG))
    throw new Error(`ffmpeg not found at ${FFMPEG} (install it: apt-get install -y ffmpeg)`);
  const frames = Math.round(LOOP_SECONDS * FPS);
  const dir = mkdtempSync(path.join(tmpdir(), "patch-hero-frames-"));
  try {
    const pool = Math.max(1, Math.min(4, availableParallelism()));
    let next = 0;
    const worker = async () => {
      for (;;) {
        const i = next++;
        if (i >= frames) return;
        const svg = heroSVG({
          t: i / FPS,
          T: LOOP_SECONDS,
          width: 1280,
          height: 720,
          view: VIEWS.wide,
          overlay: "wide",
        });
        await sharp(Buffer.from(svg))
          .removeAlpha()
          .png({ compressionLevel: 1 })
          .toFile(path.join(dir, `f${String(i).padStart(4, "0")}.png`));
      }
    };
    await Promise.all(Array.from({ length: pool }, worker));
    if (PREVIEW)
      for (const i of [0, Math.round(frames / 3), Math.round((2 * frames) / 3)])
        await sharp(path.join(dir, `f${String(i).padStart(4, "0")}.png`)).toFile(
          path.join(PREVIEW, `video-frame-${i}.png`),
        );
    const input = ["-framerate", String(FPS), "-i", path.join(dir, "f%04d.png")];
    const color = [
      "-vf",
      "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
      "-colorspace",
      "bt709",
      "-color_primaries",
      "bt709",
      "-color_trc",
      "bt709",
      "-color_range",
      "tv",
    ];
    const exact = ["-an", "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact"];
    const budget = 1.5 * 1024 * 1024;
    const aim = 0.95 * 1024 * 1024;
    // VP9 (constant quality, two-pass for better rate control)
    const webm = path.join(MEDIA, "hero-loop.webm");
    for (let crf = 26; ; crf += 2) {
      const passlog = path.join(dir, "vp9pass");
      const common = [
        ...input,
        ...color,
        "-c:v",
        "libvpx-vp9",
        "-b:v",
        "0",
        "-crf",
        String(crf),
        "-row-mt",
        "1",
        "-tile-columns",
        "1",
        "-g",
        String(frames),
        "-threads",
        "2",
        "-deadline",
        "good",
        "-cpu-used",
        "1",
        "-passlogfile",
        passlog,
        ...exact,
      ];
      ffmpeg([...common, "-pass", "1", "-f", "webm", "/dev/null"]);
      ffmpeg([...common, "-pass", "2", webm]);
      if (statSync(webm).size <= aim || crf >= 50) break;
    }
    // H.264 (yuv420p, faststart)
    const mp4 = path.join(MEDIA, "hero-loop.mp4");
    for (let crf = 20; ; crf += 1) {
      ffmpeg([
        ...input,
        ...color,
        "-c:v",
        "libx264",
        "-preset",
        "veryslow",
        "-tune",
        "animation",
        "-crf",
        String(crf),
        "-profile:v",
        "high",
        "-level",
        "4.0",
        "-g",
        String(FPS * 4),
        "-threads",
        "1",
        "-movflags",
        "+faststart",
        ...exact,
        mp4,
      ]);
      if (statSync(mp4).size <= aim || crf >= 35) break;
    }
    for (const f of [webm, mp4]) {
      const size = statSync(f).size;
      report.push({
        file: rel(f),
        w: 1280,
        h: 720,
        bytes: size,
        q: `${frames} frames @ ${FPS} fps`,
      });
      if (size > budget) console.warn(`! ${rel(f)} is ${kb(size)}, over 1.5 MB`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function renderFeatures() {
  for (const [name, draw] of Object.entries(FEATURES)) {
    for (const [w, h, budget] of [
      [800, 600, 58 * KB],
      [400, 300, 24 * KB],
    ]) {
      const png = await rasterise(await draw({ width: w, height: h }), `${name}-${w}`);
      await encode(png, path.join(IMG, `${name}-${w}.webp`), { format: "webp", budget });
      await encode(png, path.join(IMG, `${name}-${w}.avif`), {
        format: "avif",
        budget,
        start: 66,
        min: 30,
      });
      await preview(png, `${name}-${w}`);
    }
  }
}

async function renderOg() {
  const png = await rasterise(ogSVG({ width: 1200, height: 630 }), "og-image");
  await encode(png, path.join(IMG, "og-image.jpg"), {
    format: "jpeg",
    budget: 118 * KB,
    start: 88,
  });
  await preview(png, "og-image");
}

const t0 = Date.now();
if (want("hero")) await renderHero();
if (want("features")) await renderFeatures();
if (want("og")) await renderOg();
if (want("video")) await renderVideo();
for (const r of report)
  console.log(
    `${r.file.padEnd(44)} ${String(r.w).padStart(4)}x${String(r.h).padEnd(5)} ${kb(r.bytes).padStart(10)}  (q ${r.q})`,
  );
console.log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
