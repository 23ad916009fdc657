// Tiles drawn as SVG for this page. Two styles, chosen by the reader and kept in
// localStorage ("pairi.tiles"): "pictures" (the default: numbers with 萬, circles,
// bamboo sticks, honours with their characters, red fives red) and "letters" (a number
// or letter over m / p / s, E S W N, a framed blank, G and R). The characters are SVG
// paths (glyphs.js, from Noto Sans CJK), so no font beyond the system's sans-serif
// digits is needed. Every tile on the page, the Play tab's too, is drawn here.
import { GLYPHS } from "./glyphs.js";

const KEY = "pairi.tiles";
let style = "pictures";
try {
  if (globalThis.localStorage && localStorage.getItem(KEY) === "letters") style = "letters";
} catch (_) {
  // No storage (a worker, a private window): the default.
}

/** The tile style in use: "pictures" or "letters". */
export function tileStyle() {
  return style;
}

/** Chooses the tile style, kept for the next visit. */
export function setTileStyle(s) {
  style = s === "letters" ? "letters" : "pictures";
  try {
    localStorage.setItem(KEY, style);
  } catch (_) {
    // Not kept.
  }
}

const FACE = "#fffdf6";
const EDGE = "#8a8a8a";
const RED = "#d21";
const BLUE = "#1d4fa8";
const GREEN = "#18804a";
const INK = "#1b1b1b";

// ---- pictures, drawn in a 60 x 80 box

const PIN = {
  1: [[30, 40, 19]],
  2: [[30, 21, 12], [30, 59, 12]],
  3: [[15, 17, 10], [30, 40, 10], [45, 63, 10]],
  4: [[18, 22, 11], [42, 22, 11], [18, 58, 11], [42, 58, 11]],
  5: [[16, 18, 10], [44, 18, 10], [30, 40, 10], [16, 62, 10], [44, 62, 10]],
  6: [[18, 16, 9], [42, 16, 9], [18, 40, 9], [42, 40, 9], [18, 64, 9], [42, 64, 9]],
  7: [[14, 12, 7], [30, 21, 7], [46, 30, 7], [18, 48, 8], [42, 48, 8], [18, 67, 8], [42, 67, 8]],
  8: [[18, 12, 8], [42, 12, 8], [18, 31, 8], [42, 31, 8], [18, 50, 8], [42, 50, 8], [18, 69, 8], [42, 69, 8]],
  9: [[13, 15, 8], [30, 15, 8], [47, 15, 8], [13, 40, 8], [30, 40, 8], [47, 40, 8], [13, 65, 8], [30, 65, 8], [47, 65, 8]],
};
// Which circles are red on an ordinary tile (as on real sets), by index.
const PIN_RED = { 3: [1], 5: [2], 7: [0, 1, 2], 9: [3, 4, 5] };

// Bamboo sticks: [x, y, height], 10 wide (8 for the eights).
const SOU = {
  1: [[24, 8, 64]],
  2: [[25, 8, 30], [25, 42, 30]],
  3: [[25, 8, 30], [11, 42, 30], [39, 42, 30]],
  4: [[13, 8, 30], [37, 8, 30], [13, 42, 30], [37, 42, 30]],
  5: [[9, 8, 30], [41, 8, 30], [25, 25, 30], [9, 42, 30], [41, 42, 30]],
  6: [[8, 8, 30], [25, 8, 30], [42, 8, 30], [8, 42, 30], [25, 42, 30], [42, 42, 30]],
  7: [[25, 5, 22], [8, 31, 21], [25, 31, 21], [42, 31, 21], [8, 55, 21], [25, 55, 21], [42, 55, 21]],
  8: [[6, 8, 30], [19, 8, 30], [32, 8, 30], [45, 8, 30], [6, 42, 30], [19, 42, 30], [32, 42, 30], [45, 42, 30]],
  9: [[8, 5, 21], [25, 5, 21], [42, 5, 21], [8, 30, 21], [25, 30, 21], [42, 30, 21], [8, 55, 21], [25, 55, 21], [42, 55, 21]],
};
const SOU_RED = { 1: [0], 5: [2], 7: [0], 9: [1, 4, 7] };

function glyph(ch, x, y, size, colour) {
  return `<path transform="translate(${x} ${y}) scale(${size / 1000})" fill="${colour}" d="${GLYPHS[ch]}"/>`;
}

function pictureFace(n, suit) {
  const red = n === 0;
  const k = red ? 5 : n;
  if (suit === "m") {
    return (
      `<text x="30" y="35" font-size="34" font-family="system-ui,sans-serif" text-anchor="middle" font-weight="bold" fill="${red ? RED : INK}">${k}</text>` +
      glyph("萬", 10, 38, 40, RED)
    );
  }
  if (suit === "p") {
    const reds = PIN_RED[k] || [];
    return (PIN[k] || [])
      .map(([x, y, r], i) => {
        const c = red || reds.includes(i) ? RED : k === 1 ? GREEN : BLUE;
        return (
          `<circle cx="${x}" cy="${y}" r="${r - r * 0.18}" fill="none" stroke="${c}" stroke-width="${(r * 0.34).toFixed(1)}"/>` +
          `<circle cx="${x}" cy="${y}" r="${(r * 0.3).toFixed(1)}" fill="${k === 1 && !red ? RED : c}"/>`
        );
      })
      .join("");
  }
  if (suit === "s") {
    const reds = SOU_RED[k] || [];
    const w = k === 8 ? 8 : k === 1 ? 12 : 10;
    return (SOU[k] || [])
      .map(([x, y, h], i) => {
        const c = red || reds.includes(i) ? RED : GREEN;
        const mid = y + h / 2;
        return (
          `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w / 2}" fill="${c}"/>` +
          `<rect x="${x - 1}" y="${mid - 1.5}" width="${w + 2}" height="3" rx="1.5" fill="${c}" stroke="${FACE}" stroke-width="1"/>` +
          `<rect x="${x + w / 2 - 1}" y="${y + 3}" width="2" height="${h - 6}" fill="${FACE}" opacity=".45"/>`
        );
      })
      .join("");
  }
  if (suit === "z") {
    if (n === 5) return `<rect x="13" y="15" width="34" height="50" rx="3" fill="none" stroke="${BLUE}" stroke-width="3.5"/>`;
    const ch = " 東南西北白發中"[n];
    if (!GLYPHS[ch]) return "";
    const colour = n === 6 ? GREEN : n === 7 ? RED : INK;
    return glyph(ch, 5, 15, 50, colour);
  }
  return "";
}

// ---- letters, drawn in the same box

const LETTER_SUIT = { m: "#b22", p: "#23a", s: "#282" };
const HONOUR = ["", "E", "S", "W", "N", "", "G", "R"];
const HONOUR_COLOUR = ["", INK, INK, INK, INK, "#58c", "#282", "#c22"];

function letterFace(n, suit) {
  if (suit === "z") {
    if (n === 5) return `<rect x="15" y="18" width="30" height="44" fill="none" stroke="#58c" stroke-width="4"/>`;
    return `<text x="30" y="55" font-size="40" font-family="system-ui,sans-serif" text-anchor="middle" font-weight="bold" fill="${HONOUR_COLOUR[n] || INK}">${HONOUR[n] || "?"}</text>`;
  }
  const red = n === 0;
  return (
    `<text x="30" y="40" font-size="34" font-family="system-ui,sans-serif" text-anchor="middle" font-weight="bold" fill="${red ? RED : INK}">${red ? 5 : n}</text>` +
    `<text x="30" y="69" font-size="24" font-family="system-ui,sans-serif" text-anchor="middle" font-weight="bold" fill="${LETTER_SUIT[suit] || INK}">${suit}</text>`
  );
}

/** The SVG markup of one tile: "5m", "0p" (red five), "7z"; "back" for a hidden tile.
 * Options: `small` (the palette's, the waits' size), `sideways` (a called tile). */
export function tileSvg(code, { small = false, sideways = false } = {}) {
  const w = small ? 18 : 26;
  const h = small ? 24 : 35;
  let face;
  if (code === "back") {
    face = `<rect x="1.5" y="1.5" width="57" height="77" rx="6" fill="#d9822b" stroke="${EDGE}" stroke-width="2"/><rect x="8" y="8" width="44" height="64" rx="4" fill="none" stroke="#f2c38c" stroke-width="2"/>`;
  } else {
    const n = Number(code[0]);
    const suit = code[1];
    face =
      `<rect x="1.5" y="1.5" width="57" height="77" rx="6" fill="${FACE}" stroke="${EDGE}" stroke-width="2"/>` +
      (style === "letters" ? letterFace(n, suit) : pictureFace(n, suit));
  }
  const [W, H, vb, inner] = sideways ? [h, w, "0 0 80 60", `<g transform="translate(0 60) rotate(-90)">${face}</g>`] : [w, h, "0 0 60 80", face];
  const cls = sideways ? "tile sideways" : "tile";
  return `<svg class="${cls}" data-tile="${code}" width="${W}" height="${H}" viewBox="${vb}" role="img" aria-label="${code}">${inner}</svg>`;
}

/** The codes of an MPSZ run: "123m406p11z" → ["1m", "2m", "3m", "4p", "0p", ...]. */
export function codes(mpsz) {
  const out = [];
  let digits = [];
  for (const ch of mpsz || "") {
    if (ch >= "0" && ch <= "9") digits.push(ch);
    else if ("mpsz".includes(ch)) {
      for (const d of digits) out.push(d + ch);
      digits = [];
    }
  }
  return out;
}

/** Codes back to MPSZ, grouped by suit in the order given. */
export function mpsz(list) {
  let out = "";
  let run = "";
  let suit = "";
  for (const c of list) {
    if (c[1] !== suit && run) {
      out += run + suit;
      run = "";
    }
    suit = c[1];
    run += c[0];
  }
  return out + (run ? run + suit : "");
}

/** Tiles of an MPSZ run as SVG markup. */
export function tilesSvg(text, opts) {
  return codes(text)
    .map((c) => tileSvg(c, opts))
    .join("");
}

/** One meld of the hand notation ("567m,2", "999s,3", "4444z", "5555z,6") drawn as
 * players lay it: the claimed tile sideways, on the side of the seat it came from (a
 * chow's from the left), an added kong's fourth tile on the sideways one, a concealed
 * kong's ends face down. */
export function meldSvg(meld, opts = {}) {
  const [tiles, from] = meld.split(",");
  const list = codes(tiles);
  const src = from === undefined ? 0 : Number(from);
  const kong = list.length === 4;
  let html;
  if (kong && src === 0) {
    html = list.map((c, i) => tileSvg(i === 0 || i === 3 ? "back" : c, opts)).join("");
  } else {
    let order = list.slice();
    let side;
    if (list.length === 3 && /[mps]/.test(list[0][1]) && list[0][0] !== list[1][0]) {
      // A chow: the claimed tile (the n-th, the first without a number) first, sideways.
      const k = Math.min(Math.max((src || 1) - 1, 0), 2);
      order = [list[k], ...list.filter((_, i) => i !== k)];
      side = 0;
    } else {
      const seat = src > 4 ? src - 4 : src || 1;
      const added = src > 4;
      if (added) order = order.slice(0, 3);
      side = seat === 1 ? 0 : seat === 2 ? 1 : order.length - 1;
      const claimed = added
        ? `<span class="added">${tileSvg(order[side], { ...opts, sideways: true })}${tileSvg(list[3], { ...opts, sideways: true })}</span>`
        : null;
      if (claimed)
        return `<span class="meld" data-meld="${meld}">${order.map((c, i) => (i === side ? claimed : tileSvg(c, opts))).join("")}</span>`;
    }
    html = order.map((c, i) => tileSvg(c, i === side ? { ...opts, sideways: true } : opts)).join("");
  }
  return `<span class="meld" data-meld="${meld}">${html}</span>`;
}

/** A hand in the notation pairi writes ("455p11z[567m,2][7777z]"): the concealed tiles,
 * then each meld apart. */
export function handSvg(text, opts) {
  const melds = [...String(text).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]);
  const concealed = String(text).replace(/\[[^\]]*\]/g, "");
  return (
    `<span class="concealed">${tilesSvg(concealed, opts)}</span>` +
    (melds.length ? `<span class="melds">${melds.map((m) => meldSvg(m, opts)).join("")}</span>` : "")
  );
}
