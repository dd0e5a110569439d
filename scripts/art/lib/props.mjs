// Props and characters for the "How it works" illustrations.
// Same rules as the hero: flat shapes, soft two-tone shading, light from the upper right.
import { P, f, rng, mix, lighten, darken, scallop, tr } from "./util.mjs";
import { seedling, leaf, lettuce as lettuceSmall } from "./plants.mjs";

/** The Patch mark (a sprout rising from a square bed), in its 32×32 box. */
export function logoMark({ plate = false, plateColor = P.cream } = {}) {
  return (
    (plate ? `<rect width="32" height="32" rx="7" fill="${plateColor}"/>` : "") +
    `<rect x="3" y="17" width="26" height="12" rx="3" fill="#6b4a2f"/>` +
    `<rect x="3" y="17" width="26" height="4" rx="2" fill="#8a6442"/>` +
    `<path d="M16 18C16 13 16 10 16 7" stroke="#2f6b45" stroke-width="2.4" stroke-linecap="round" fill="none"/>` +
    `<path d="M16 12C11 12 8 9 8 5C12 5 16 7 16 12Z" fill="#8cbf6a"/>` +
    `<path d="M16 10C20 10 24 7.5 24 3.5C20 3.5 16 5.5 16 10Z" fill="#2f6b45"/>`
  );
}

/** Small drawn sprout used in place of the 🌱 emoji (fits a 1em box, baseline at y=0). */
export function sproutGlyph(size) {
  const k = size / 24;
  return (
    `<g transform="scale(${f(k * 100) / 100})">` +
    `<path d="M12 0V-11" stroke="#2f6b45" stroke-width="2.6" stroke-linecap="round"/>` +
    `<path d="M12 -8C6 -8 2.5 -11.5 2.5 -17C7.5 -17 12 -14 12 -8Z" fill="#8cbf6a"/>` +
    `<path d="M12 -10.5C17 -10.5 21.5 -13.5 21.5 -19.5C16 -19.5 12 -16.5 12 -10.5Z" fill="#2f6b45"/>` +
    `<path d="M5 0.5H19" stroke="#6b4a2f" stroke-width="2.6" stroke-linecap="round"/>` +
    `</g>`
  );
}

/** Four-point sparkle. */
export function sparkle(x, y, r, fill = P.sun, opacity = 1) {
  const k = r * 0.22;
  return `<path d="M${f(x)} ${f(y - r)}Q${f(x + k)} ${f(y - k)} ${f(x + r)} ${f(y)}Q${f(x + k)} ${f(y + k)} ${f(x)} ${f(y + r)}Q${f(x - k)} ${f(y + k)} ${f(x - r)} ${f(y)}Q${f(x - k)} ${f(y - k)} ${f(x)} ${f(y - r)}Z" fill="${fill}" opacity="${opacity}"/>`;
}

/** Prize rosette (no text): scalloped disc, sprout centre and two tails. */
export function rosette(x, y, r = 34) {
  let s = `<g transform="${tr(x, y)}">`;
  s += `<path d="M${f(-r * 0.45)} ${f(r * 0.4)}L${f(-r * 0.8)} ${f(r * 1.9)}L${f(-r * 0.42)} ${f(r * 1.6)}L${f(-r * 0.15)} ${f(r * 1.95)}L${f(0)} ${f(r * 0.5)}Z" fill="${darken(P.clay, 0.15)}"/>`;
  s += `<path d="M${f(r * 0.45)} ${f(r * 0.4)}L${f(r * 0.8)} ${f(r * 1.9)}L${f(r * 0.42)} ${f(r * 1.6)}L${f(r * 0.15)} ${f(r * 1.95)}L${f(0)} ${f(r * 0.5)}Z" fill="${P.clay}"/>`;
  s += `<path d="${scallop(0, 0, r, r, 16, 0.18, 5)}" fill="${P.clay}"/>`;
  s += `<circle r="${f(r * 0.72)}" fill="${P.sun}"/>`;
  s += `<circle r="${f(r * 0.6)}" fill="#f7d47a"/>`;
  s += `<g transform="translate(${f(-r * 0.42)} ${f(r * 0.38)})">${sproutGlyph(r * 0.85)}</g>`;
  return s + `</g>`;
}

/** Black nursery punnet (front view, slight top), with seedlings. */
export function punnet({
  x,
  y,
  w = 110,
  h = 34,
  cells = 4,
  seed = 1,
  stage = 2,
  plantScale = 1,
  color = "#2b2f2c",
  lettuce = false,
}) {
  const r = rng(seed);
  let s = "";
  const top = y - h;
  // seedlings behind the front lip
  for (let i = 0; i < cells; i++) {
    const cx = x + (w * (i + 0.5)) / cells;
    if (lettuce)
      s += lettuceSmall({
        x: cx,
        y: top + 8,
        s: plantScale * (0.55 + r() * 0.1),
        seed: seed * 10 + i,
        kind: i % 2 ? "red" : "green",
      });
    else
      s += seedling({
        x: cx,
        y: top + 6,
        s: plantScale * (0.9 + r() * 0.25),
        sway: (r() - 0.5) * 14,
        seed: seed * 10 + i,
        stage,
      });
  }
  s += `<path d="M${f(x - 4)} ${f(top)}H${f(x + w + 4)}L${f(x + w - 4)} ${f(y)}H${f(x + 4)}Z" fill="${color}"/>`;
  s += `<path d="M${f(x - 4)} ${f(top)}H${f(x + w + 4)}V${f(top + 5)}H${f(x - 4)}Z" fill="${lighten(color, 0.18)}"/>`;
  let ribs = "";
  for (let i = 1; i < cells; i++) ribs += `M${f(x + (w * i) / cells)} ${f(top + 7)}V${f(y - 3)}`;
  s += `<path d="${ribs}" stroke="${lighten(color, 0.1)}" stroke-width="2"/>`;
  return s;
}

/** Seed packet with a little picture of its vegetable (no text). */
export function seedPacket({ x, y, w = 70, h = 96, rot = 0, color = "#f2c14e", veg = "tomato" }) {
  let s = `<g transform="${tr(x, y, rot)}">`;
  s += `<rect x="${f(-w / 2)}" y="${f(-h)}" width="${f(w)}" height="${f(h)}" rx="4" fill="${P.cream}"/>`;
  s += `<rect x="${f(-w / 2)}" y="${f(-h)}" width="${f(w)}" height="${f(h * 0.22)}" rx="4" fill="${color}"/>`;
  s += `<path d="M${f(-w / 2)} ${f(-h + 6)}h${f(w)}" stroke="${darken(color, 0.15)}" stroke-width="2" stroke-dasharray="3 3"/>`;
  s += `<rect x="${f(-w / 2 + 7)}" y="${f(-h * 0.7)}" width="${f(w - 14)}" height="${f(h * 0.5)}" rx="6" fill="${mix(color, P.cream, 0.7)}"/>`;
  const cx = 0;
  const cy = -h * 0.45;
  if (veg === "tomato") {
    s += `<circle cx="${cx}" cy="${f(cy + 2)}" r="${f(w * 0.2)}" fill="${P.tomato}"/><path d="M${f(cx - 7)} ${f(cy - w * 0.17)}l7 4l7 -4M${f(cx)} ${f(cy - w * 0.2 + 4)}v-6" stroke="#3f7a34" stroke-width="3" stroke-linecap="round" fill="none"/>`;
  } else if (veg === "carrot") {
    s += `<path d="M${f(cx - 9)} ${f(cy - 8)}L${f(cx + 9)} ${f(cy - 8)}L${f(cx)} ${f(cy + 22)}Z" fill="#e8782a"/><path d="M${f(cx)} ${f(cy - 8)}l-6 -12M${f(cx)} ${f(cy - 8)}l0 -14M${f(cx)} ${f(cy - 8)}l6 -12" stroke="#4f8f3a" stroke-width="3" stroke-linecap="round"/>`;
  } else if (veg === "lettuce") {
    s += `<path d="${scallop(cx, cy + 2, w * 0.22, w * 0.19, 10, 0.3, 4)}" fill="#7fb85a"/><path d="${scallop(cx + 2, cy, w * 0.12, w * 0.1, 7, 0.3, 6)}" fill="#b2da80"/>`;
  } else if (veg === "bean") {
    s += `<path d="M${f(cx - 12)} ${f(cy + 12)}Q${f(cx - 14)} ${f(cy - 14)} ${f(cx + 8)} ${f(cy - 16)}Q${f(cx - 2)} ${f(cy - 2)} ${f(cx - 4)} ${f(cy + 14)}Z" fill="#5d9a44"/>`;
  }
  s += `<rect x="${f(-w / 2 + 10)}" y="${f(-h * 0.14)}" width="${f(w * 0.5)}" height="4" rx="2" fill="${darken(color, 0.1)}" opacity="0.6"/>`;
  s += `<rect x="${f(-w / 2 + 10)}" y="${f(-h * 0.14 + 8)}" width="${f(w * 0.32)}" height="4" rx="2" fill="${darken(color, 0.1)}" opacity="0.4"/>`;
  s += `<rect x="${f(w * 0.1)}" y="${f(-h)}" width="${f(w * 0.4)}" height="${f(h)}" fill="#fff" opacity="0.12"/>`;
  return s + `</g>`;
}

/** Small kraft compost bag with a folded top and leaf label. */
export function compostBag({ x, y, w = 120, h = 150 }) {
  const kraft = "#c9a473";
  let s = `<g transform="${tr(x, y)}">`;
  s += `<path d="M${f(-w / 2)} 0L${f(-w / 2 + 6)} ${f(-h + 24)}H${f(w / 2 - 6)}L${f(w / 2)} 0Z" fill="${kraft}"/>`;
  s += `<path d="M${f(w * 0.1)} 0L${f(w * 0.14)} ${f(-h + 24)}H${f(w / 2 - 6)}L${f(w / 2)} 0Z" fill="${lighten(kraft, 0.12)}"/>`;
  s += `<path d="M${f(-w / 2 + 6)} ${f(-h + 24)}H${f(w / 2 - 6)}L${f(w / 2 - 2)} ${f(-h + 6)}Q0 ${f(-h - 4)} ${f(-w / 2 + 2)} ${f(-h + 6)}Z" fill="${darken(kraft, 0.12)}"/>`;
  s += `<path d="M${f(-w / 2 + 6)} ${f(-h + 24)}H${f(w / 2 - 6)}" stroke="${darken(kraft, 0.25)}" stroke-width="2"/>`;
  // label band with leaf
  s += `<rect x="${f(-w / 2 + 3)}" y="${f(-h * 0.62)}" width="${f(w - 6)}" height="${f(h * 0.36)}" fill="${P.leaf}"/>`;
  s += `<rect x="${f(w * 0.12)}" y="${f(-h * 0.62)}" width="${f(w / 2 - 3 - w * 0.12)}" height="${f(h * 0.36)}" fill="#fff" opacity="0.08"/>`;
  s += leaf({
    x: 0,
    y: -h * 0.28,
    len: h * 0.26,
    w: h * 0.09,
    rot: 25,
    fill: P.sprout,
    light: "#a9d488",
    vein: P.leaf,
  });
  s += `<path d="M${f(-w / 2 + 8)} ${f(-h * 0.2)}H${f(w / 2 - 8)}" stroke="${darken(kraft, 0.2)}" stroke-width="2" opacity="0.5"/>`;
  // soil crumbs spilling
  s += `<path d="M${f(-w / 2 + 10)} 0q10 -10 24 0ZM${f(w / 2 - 26)} 0q8 -7 16 0Z" fill="${P.soil}"/>`;
  return s + `</g>`;
}

/** Cardboard delivery box, opened, seen in two-point view. Returns {back, front} layers. */
export function cardboardBox({ x, y, w = 230, h = 160, d = 90 }) {
  // x,y = bottom-left of front face
  const dx = d * 0.82;
  const dy = -d * 0.42;
  const FL = [x, y - h];
  const FR = [x + w, y - h];
  const BR = [x + w + dx, y - h + dy];
  const BL = [x + dx, y - h + dy];
  const card = "#c68d55";
  const cardLight = "#d9a66b";
  const cardInner = "#9a6a3c";
  const p = (a) => a.map((q) => `${f(q[0])} ${f(q[1])}`).join("L");
  let back = "";
  // back flap (standing up), left flap (falling left), interior
  back += `<path d="M${p([BL, BR, [BR[0] + 16, BR[1] - h * 0.42], [BL[0] + 10, BL[1] - h * 0.44]])}Z" fill="${mix(cardLight, card, 0.4)}"/>`;
  back += `<path d="M${p([FL, BL, [BL[0] - d * 0.9, BL[1] - h * 0.05], [FL[0] - d * 0.95, FL[1] + h * 0.02]])}Z" fill="${mix(cardLight, card, 0.3)}"/>`;
  back += `<path d="M${p([FL, FR, BR, BL])}Z" fill="${cardInner}"/>`;
  back += `<path d="M${p([FL, FR, [FR[0], FR[1] + h * 0.35], [FL[0], FL[1] + h * 0.35]])}Z" fill="#000" opacity="0.0"/>`;
  let front = "";
  // front face
  front += `<path d="M${p([FL, FR, [x + w, y], [x, y]])}Z" fill="${card}"/>`;
  // right side face (lit)
  front += `<path d="M${p([FR, BR, [BR[0], BR[1] + h], [x + w, y]])}Z" fill="${cardLight}"/>`;
  // right flap (opening to the right, lit)
  front += `<path d="M${p([FR, BR, [BR[0] + d * 0.75, BR[1] + h * 0.22], [FR[0] + d * 0.78, FR[1] + h * 0.26]])}Z" fill="${lighten(cardLight, 0.12)}"/>`;
  front += `<path d="M${p([FR, BR])}" stroke="${darken(card, 0.2)}" stroke-width="2"/>`;
  // tape on front
  front += `<rect x="${f(x + w / 2 - 16)}" y="${f(y - h)}" width="32" height="${f(h * 0.28)}" fill="#e7c892" opacity="0.85"/>`;
  // top edge highlight and bottom shade
  front += `<path d="M${p([FL, FR])}" stroke="${lighten(cardLight, 0.25)}" stroke-width="3" stroke-linecap="round"/>`;
  front += `<path d="M${f(x)} ${f(y - 6)}H${f(x + w)}" stroke="#000" stroke-opacity="0.1" stroke-width="12"/>`;
  // logo sticker
  const ls = Math.min(w, h) * 0.46;
  front += `<g transform="translate(${f(x + w * 0.5 - ls / 2)} ${f(y - h * 0.62)}) scale(${f(ls / 32)})">${logoMark({ plate: true })}</g>`;
  // "this way up" arrows (icon only)
  front += `<path d="M${f(x + w - 34)} ${f(y - 24)}v-22m-6 8l6 -8l6 8M${f(x + w - 18)} ${f(y - 24)}v-22m-6 8l6 -8l6 8" stroke="${darken(card, 0.35)}" stroke-width="2.6" fill="none" stroke-linecap="round" stroke-linejoin="round" opacity="0.7"/>`;
  return { back, front, rim: { FL, FR, BR, BL } };
}

/** Simple smartphone (portrait) with content in a clipped screen. */
export function phone({ x, y, w = 280, h = 560, rot = 0, screen = "", id = "ph" }) {
  const r = 38;
  const bz = 12;
  let s = `<g transform="${tr(x, y, rot)}">`;
  s += `<defs><clipPath id="${id}-clip"><rect x="${bz}" y="${bz}" width="${w - 2 * bz}" height="${h - 2 * bz}" rx="${r - bz + 2}"/></clipPath></defs>`;
  s += `<rect x="-3" y="-3" width="${w + 6}" height="${h + 6}" rx="${r + 3}" fill="#56605b"/>`;
  s += `<rect width="${w}" height="${h}" rx="${r}" fill="#1b2420"/>`;
  s += `<g clip-path="url(#${id}-clip)">${screen}</g>`;
  s += `<rect x="${f(w / 2 - 38)}" y="${bz + 10}" width="76" height="20" rx="10" fill="#0f1512"/>`;
  // glass reflection
  s += `<path d="M${f(w * 0.55)} ${bz}L${f(w - bz)} ${bz}L${f(w - bz)} ${f(h * 0.38)}Z" fill="#fff" opacity="0.06"/>`;
  s += `<rect x="${w + 1}" y="120" width="4" height="56" rx="2" fill="#3a4440"/>`;
  return s + `</g>`;
}

/** Faceless gardening coach kneeling, facing right, pointing forward. */
export function coach({ x, y, s = 1 }) {
  const skin = "#b87a55";
  const skinShade = "#9a6244";
  const shirt = P.leaf;
  const shirtLight = "#3d8155";
  const pants = "#34515e";
  const pantsDark = "#28404b";
  const boot = "#5a3d27";
  const hat = "#e4c17f";
  const hatShade = "#c9a25f";
  let g = "";
  // back leg: knee on the ground, shin back
  g += `<path d="M-10 -92Q-30 -40 -34 -8" stroke="${pantsDark}" stroke-width="40" stroke-linecap="round" fill="none"/>`;
  g += `<path d="M-34 -12L-108 -10" stroke="${pantsDark}" stroke-width="34" stroke-linecap="round"/>`;
  g += `<path d="M-112 -26Q-136 -24 -140 -4L-118 0Z" fill="${boot}"/>`;
  // front leg: thigh forward, shin down
  g += `<path d="M0 -92Q40 -98 66 -92" stroke="${pants}" stroke-width="42" stroke-linecap="round" fill="none"/>`;
  g += `<path d="M70 -90L74 -18" stroke="${pants}" stroke-width="34" stroke-linecap="round"/>`;
  g += `<path d="M56 -22H96Q112 -22 112 -6V0H56Z" fill="${boot}"/>`;
  g += `<path d="M56 -4H112V0H56Z" fill="${darken(boot, 0.3)}"/>`;
  // torso (shirt) leaning slightly forward
  g += `<path d="M-36 -96Q-40 -160 -14 -206Q8 -226 36 -214Q58 -200 54 -160L44 -96Z" fill="${shirt}"/>`;
  g += `<path d="M18 -216Q50 -206 54 -160L44 -96H20Q34 -150 18 -216Z" fill="${shirtLight}"/>`;
  // apron
  g += `<path d="M-20 -150Q10 -156 42 -148L48 -90Q10 -82 -26 -90Z" fill="${P.clay}"/>`;
  g += `<path d="M-20 -150Q-24 -170 -12 -196M42 -148Q48 -170 36 -200" stroke="${darken(P.clay, 0.1)}" stroke-width="5" fill="none"/>`;
  g += `<rect x="-4" y="-134" width="30" height="22" rx="4" fill="${darken(P.clay, 0.12)}"/>`;
  // back arm resting on the front knee
  g += `<path d="M-6 -196Q-20 -150 8 -120Q34 -104 62 -108" stroke="${darken(shirt, 0.12)}" stroke-width="26" stroke-linecap="round" fill="none"/>`;
  g += `<circle cx="66" cy="-108" r="13" fill="${skinShade}"/>`;
  // neck and head
  g += `<rect x="8" y="-236" width="20" height="26" rx="8" fill="${skinShade}"/>`;
  g += `<circle cx="22" cy="-262" r="32" fill="${skin}"/>`;
  g += `<path d="M-8 -258Q-18 -240 -10 -226Q4 -232 6 -252Z" fill="#4a3326"/>`; // hair at nape
  g += `<circle cx="-12" cy="-236" r="11" fill="#4a3326"/>`; // bun
  g += `<ellipse cx="6" cy="-258" rx="6" ry="9" fill="${skinShade}"/>`; // ear
  // sun hat
  g += `<ellipse cx="22" cy="-280" rx="66" ry="15" fill="${hatShade}"/>`;
  g += `<ellipse cx="24" cy="-284" rx="64" ry="13" fill="${hat}"/>`;
  g += `<path d="M-12 -284Q-12 -326 22 -328Q56 -326 56 -284Z" fill="${hat}"/>`;
  g += `<path d="M26 -328Q56 -324 56 -284H36Q40 -310 26 -328Z" fill="#f0d398"/>`;
  g += `<path d="M-12 -290Q22 -280 56 -290V-300Q22 -290 -12 -300Z" fill="${P.leaf}"/>`;
  g += `<path d="M50 -298q10 -14 18 -8q-6 10 -18 8Z" fill="${P.sprout}"/>`;
  // pointing arm (front)
  g += `<path d="M30 -200Q70 -196 112 -200" stroke="${shirt}" stroke-width="26" stroke-linecap="round" fill="none"/>`;
  g += `<path d="M108 -200L150 -208" stroke="${skin}" stroke-width="18" stroke-linecap="round"/>`;
  g += `<circle cx="156" cy="-208" r="13" fill="${skin}"/>`;
  g += `<path d="M160 -214L188 -222" stroke="${skin}" stroke-width="8" stroke-linecap="round"/>`;
  g += `<path d="M150 -200Q160 -194 166 -200" stroke="${skinShade}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
  // rolled cuff
  g += `<path d="M104 -214V-186" stroke="${shirtLight}" stroke-width="9" stroke-linecap="round"/>`;
  return `<g transform="${tr(x, y, 0, s)}">${g}</g>`;
}

/** Rounded chat bubble with three dots and a small sprout (icon, no text). */
export function chatBubble({ x, y, w = 150, h = 96, tail = "left" }) {
  let s = `<g transform="${tr(x, y)}">`;
  const tx = tail === "left" ? w * 0.2 : w * 0.8;
  const bubble = `M${f(h / 2)} 0H${f(w - h / 2)}A${f(h / 2)} ${f(h / 2)} 0 0 1 ${f(w - h / 2)} ${f(h)}H${f(tx + 14)}L${f(tx - (tail === "left" ? 14 : -14))} ${f(h + 26)}L${f(tx - 6)} ${f(h)}H${f(h / 2)}A${f(h / 2)} ${f(h / 2)} 0 0 1 ${f(h / 2)} 0Z`;
  s += `<path d="${bubble}" transform="translate(-5 7)" fill="${P.ink}" opacity="0.12"/>`;
  s += `<path d="${bubble}" fill="#fff"/>`;
  s += `<path d="${bubble}" fill="none" stroke="${P.leaf}" stroke-width="4"/>`;
  for (let i = 0; i < 3; i++)
    s += `<circle cx="${f(w * 0.3 + i * w * 0.16)}" cy="${f(h / 2 + 2)}" r="${f(h * 0.08)}" fill="${P.leaf}" opacity="${0.45 + i * 0.25}"/>`;
  s += `<g transform="translate(${f(w * 0.74)} ${f(h * 0.7)})">${sproutGlyph(h * 0.42)}</g>`;
  return s + `</g>`;
}
