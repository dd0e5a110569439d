// Social sharing card (1200×630): the hero scene with the Patch name and tagline.
import { heroSVG, VIEWS } from "./hero.mjs";
import { logoMark } from "./props.mjs";

export function ogSVG({ width = 1200, height = 630 }) {
  const [vx, vy] = VIEWS.og;
  const x = vx + 150;
  const y = vy + 330;
  let text = "";
  // logo mark + name
  text += `<g transform="translate(${x} ${y - 152}) scale(5.2)">${logoMark({ plate: true })}</g>`;
  text += `<text x="${x + 200}" y="${y}" font-family="DejaVu Serif, Georgia, serif" font-weight="700" font-size="200" letter-spacing="-4" fill="#fbf7ee">Patch</text>`;
  text += `<rect x="${x + 4}" y="${y + 58}" width="120" height="8" rx="4" fill="#f2c14e"/>`;
  text += `<text font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="66" font-weight="700" fill="#fbf7ee"><tspan x="${x}" y="${y + 170}">Garden supplies delivered.</tspan><tspan x="${x}" y="${y + 262}" font-weight="400" fill="#f3ecdc">We organise. You learn.</tspan></text>`;
  return heroSVG({ t: 0, width, height, view: VIEWS.og, overlay: "og", extra: text, bird: false });
}
