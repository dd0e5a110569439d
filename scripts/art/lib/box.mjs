// The Patch grow box: a raised timber bed drawn in one-point perspective.
// Light comes from the upper right in every Patch illustration, so the front face is
// lit from the right, the top rim is brightest and an outer left side face sits in shade.
import { P, f, lerp, mix, rng, lighten, darken } from "./util.mjs";

const pt = (p) => `${f(p[0])} ${f(p[1])}`;
const poly = (pts) => "M" + pts.map(pt).join("L") + "Z";
const toward = (p, vp, k) => [lerp(p[0], vp[0], k), lerp(p[1], vp[1], k)];

/**
 * @param {object} o
 * @param {number} o.x front face left, @param {number} o.y front face top
 * @param {number} o.w front width, @param {number} o.h front height
 * @param {[number,number]} o.vp vanishing point, @param {number} o.k depth factor (0..1)
 * @param {number} [o.boards] number of horizontal boards on the front
 * @param {string} o.id unique prefix for gradient ids
 * @param {number} [o.shadow] ground-shadow length (0 to omit)
 * @param {number} [o.warm] 0..1 golden-light tint strength
 * @returns {{defs:string, svg:string, at:(u:number,v:number)=>[number,number,number], soilTopY:number}}
 */
export function growBox(o) {
  const { x, y, w, h, vp, k, id } = o;
  const boards = o.boards ?? 3;
  const warm = o.warm ?? 0;
  const seed = o.seed ?? 7;
  const r = rng(seed);
  const wood = mix(P.wood, P.sun, warm * 0.25);
  const woodLight = mix(P.woodLight, "#f6d48f", warm * 0.45);
  const FLT = [x, y];
  const FRT = [x + w, y];
  const FRB = [x + w, y + h];
  const FLB = [x, y + h];
  const BLT = toward(FLT, vp, k);
  const BRT = toward(FRT, vp, k);
  const BLB = toward(FLB, vp, k);
  const BRB = toward(FRB, vp, k);
  // top plane param: u across (0 left → 1 right), v depth (0 front → 1 back)
  const top = (u, v) => {
    const a = [lerp(FLT[0], FRT[0], u), lerp(FLT[1], FRT[1], u)];
    const b = [lerp(BLT[0], BRT[0], u), lerp(BLT[1], BRT[1], u)];
    return [lerp(a[0], b[0], v), lerp(a[1], b[1], v)];
  };
  const th = o.rim ?? Math.max(6, w * 0.035); // board thickness on screen
  const tu = th / w;
  const tv = o.rimV ?? 0.16;
  const IFL = top(tu, tv);
  const IFR = top(1 - tu, tv);
  const IBL = top(tu + 0.012, 1 - tv * 0.7);
  const IBR = top(1 - tu - 0.012, 1 - tv * 0.7);
  const sink = h * 0.14 * (1 - k);
  const SBL = [IBL[0] + (vp[0] < x ? 2 : 0), IBL[1] + sink];
  const SBR = [IBR[0], IBR[1] + sink];

  const g = (n) => `${id}-${n}`;
  let defs = "";
  defs += `<linearGradient id="${g("front")}" x1="0" x2="1" y1="0" y2="0">
<stop offset="0" stop-color="${darken(wood, 0.1)}"/><stop offset="0.7" stop-color="${wood}"/><stop offset="1" stop-color="${lighten(wood, 0.1)}"/></linearGradient>`;
  defs += `<linearGradient id="${g("soil")}" x1="0" x2="0" y1="0" y2="1">
<stop offset="0" stop-color="${P.soilDark}"/><stop offset="1" stop-color="${P.soil}"/></linearGradient>`;
  defs += `<linearGradient id="${g("shadow")}" x1="1" x2="0" y1="0" y2="0">
<stop offset="0" stop-color="${P.ink}" stop-opacity="0.34"/><stop offset="0.6" stop-color="${P.ink}" stop-opacity="0.2"/><stop offset="1" stop-color="${P.ink}" stop-opacity="0"/></linearGradient>`;

  let s = "";
  // ground shadow cast toward lower-left
  const sh = o.shadow ?? 0;
  if (sh) {
    const off = [-sh, sh * 0.16];
    const add = (p) => [p[0] + off[0], p[1] + off[1]];
    s += `<path d="${poly([BRB, [FRB[0] + 4, FRB[1]], add(FRB), add(FLB), add(BLB), BLB])}" fill="url(#${g("shadow")})"/>`;
    s += `<path d="${poly([FLB, FRB, [FRB[0] + 4, FRB[1] + 5], [FLB[0] - 8, FLB[1] + 5]])}" fill="${P.ink}" opacity="0.3"/>`;
  }
  // outer side face
  const leftVisible = vp[0] < x;
  const rightVisible = vp[0] > x + w;
  const sideShade = mix(P.woodShade, wood, 0.15);
  const sideFace = (a, b, c, d) => {
    let out = `<path d="${poly([a, b, c, d])}" fill="${sideShade}"/>`;
    for (let i = 1; i < boards; i++) {
      const t = i / boards;
      const p1 = [lerp(a[0], d[0], t), lerp(a[1], d[1], t)];
      const p2 = [lerp(b[0], c[0], t), lerp(b[1], c[1], t)];
      out += `<path d="M${pt(p1)}L${pt(p2)}" stroke="${darken(sideShade, 0.25)}" stroke-width="${f(Math.max(1.2, h * 0.018))}"/>`;
    }
    return out;
  };
  if (leftVisible) s += sideFace(FLT, BLT, BLB, FLB);
  if (rightVisible) s += sideFace(FRT, BRT, BRB, FRB);

  // rim (top surfaces of boards)
  s += `<path d="${poly([FLT, FRT, BRT, BLT])}" fill="${woodLight}"/>`;
  // inner walls visible through the opening
  s += `<path d="${poly([IFL, IFR, IBR, IBL])}" fill="${mix(P.woodShade, P.soilDark, 0.3)}"/>`;
  s += `<path d="${poly([IBL, IBR, SBR, SBL])}" fill="${darken(P.woodDark, 0.12)}"/>`;
  // soil
  s += `<path d="${poly([IFL, IFR, SBR, SBL])}" fill="url(#${g("soil")})"/>`;
  // soil crumbs
  let crumbs = "";
  for (let i = 0; i < Math.round(w / 9); i++) {
    const u = r();
    const v = r();
    const a = [lerp(IFL[0], IFR[0], u), lerp(IFL[1], IFR[1], u)];
    const b = [lerp(SBL[0], SBR[0], u), lerp(SBL[1], SBR[1], u)];
    const p = [lerp(a[0], b[0], v), lerp(a[1], b[1], v)];
    const rr = (1 + r() * 1.6) * (w / 540) * (1 - v * 0.3);
    crumbs += `M${f(p[0] - rr)} ${f(p[1])}a${f(rr)} ${f(rr * 0.6)} 0 1 0 ${f(rr * 2)} 0a${f(rr)} ${f(rr * 0.6)} 0 1 0 ${f(-rr * 2)} 0Z`;
  }
  s += `<path d="${crumbs}" fill="${P.soilLight}" opacity="0.55"/>`;
  // rim highlight on front edge
  s += `<path d="M${pt(FLT)}L${pt(FRT)}" stroke="${lighten(woodLight, 0.35)}" stroke-width="${f(Math.max(1.5, h * 0.025))}" stroke-linecap="round"/>`;

  // front face
  s += `<path d="${poly([FLT, FRT, FRB, FLB])}" fill="url(#${g("front")})"/>`;
  const bh = h / boards;
  const lw = Math.max(1.2, h * 0.02);
  let seams = "";
  let highlights = "";
  let grain = "";
  for (let i = 0; i < boards; i++) {
    const by = y + i * bh;
    if (i > 0) seams += `M${f(x)} ${f(by)}H${f(x + w)}`;
    highlights += `M${f(x + th)} ${f(by + lw * 1.2)}H${f(x + w - th)}`;
    // grain: long gentle curves
    for (let j = 0; j < 2; j++) {
      const gy = by + bh * (0.35 + j * 0.3 + (r() - 0.5) * 0.1);
      const gx0 = x + th + r() * w * 0.3;
      const gx1 = gx0 + w * (0.25 + r() * 0.35);
      const wob = (r() - 0.5) * bh * 0.18;
      grain += `M${f(gx0)} ${f(gy)}Q${f((gx0 + gx1) / 2)} ${f(gy + wob)} ${f(Math.min(gx1, x + w - th))} ${f(gy)}`;
    }
  }
  s += `<path d="${grain}" stroke="${darken(wood, 0.22)}" stroke-width="${f(lw * 0.8)}" fill="none" opacity="0.45" stroke-linecap="round"/>`;
  s += `<path d="${highlights}" stroke="${lighten(wood, 0.28)}" stroke-width="${f(lw)}" opacity="0.7"/>`;
  s += `<path d="${seams}" stroke="${darken(wood, 0.42)}" stroke-width="${f(lw * 1.3)}"/>`;
  // end posts: end grain of the side boards
  const post = (px, light) => {
    let out = `<rect x="${f(px)}" y="${f(y)}" width="${f(th)}" height="${f(h)}" fill="${light ? lighten(wood, 0.12) : darken(wood, 0.12)}"/>`;
    for (let i = 0; i < boards; i++) {
      const cy = y + i * bh + bh / 2;
      out += `<ellipse cx="${f(px + th / 2)}" cy="${f(cy)}" rx="${f(th * 0.28)}" ry="${f(bh * 0.28)}" fill="none" stroke="${darken(wood, 0.25)}" stroke-width="${f(lw * 0.6)}" opacity="0.6"/>`;
      if (i > 0)
        out += `<path d="M${f(px)} ${f(y + i * bh)}h${f(th)}" stroke="${darken(wood, 0.42)}" stroke-width="${f(lw * 1.3)}"/>`;
    }
    return out;
  };
  s += post(x, false) + post(x + w - th, true);
  // screws
  let screws = "";
  for (let i = 0; i < boards; i++) {
    const cy = y + i * bh + bh / 2;
    for (const sx of [x + th * 1.9, x + w - th * 1.9])
      screws += `<circle cx="${f(sx)}" cy="${f(cy)}" r="${f(Math.max(1.2, h * 0.018))}" fill="${darken(wood, 0.5)}" opacity="0.7"/>`;
  }
  s += screws;
  // bottom contact shadow line on the front face
  s += `<path d="M${f(x)} ${f(y + h - lw)}H${f(x + w)}" stroke="${P.ink}" stroke-opacity="0.25" stroke-width="${f(lw * 2)}"/>`;
  if (warm > 0) {
    // golden light wash from the right
    defs += `<linearGradient id="${g("warm")}" x1="0" x2="1"><stop offset="0.3" stop-color="${P.sun}" stop-opacity="0"/><stop offset="1" stop-color="${P.sun}" stop-opacity="${f(warm * 0.35)}"/></linearGradient>`;
    s += `<path d="${poly([FLT, FRT, FRB, FLB])}" fill="url(#${g("warm")})"/>`;
  }

  const at = (u, v) => {
    const a = [lerp(IFL[0], IFR[0], u), lerp(IFL[1], IFR[1], u)];
    const b = [lerp(SBL[0], SBR[0], u), lerp(SBL[1], SBR[1], u)];
    return [lerp(a[0], b[0], v), lerp(a[1], b[1], v), 1 - k * 0.9 * v];
  };
  return { defs, svg: s, at, corners: { FLT, FRT, FRB, FLB, BLT, BRT, BLB, BRB } };
}
