// Tiles drawn as SVG, for this page: a number or letter over a suit mark, Latin faces
// only (E S W N for the winds, a framed blank, G and R for the dragons) so that no font
// beyond the system's sans-serif is needed.

const SUIT = { m: ["m", "#b22"], p: ["p", "#23a"], s: ["s", "#282"] };
const HONOUR = ["", "E", "S", "W", "N", "", "G", "R"];
const HONOUR_COLOUR = ["", "#222", "#222", "#222", "#222", "#58c", "#282", "#c22"];

/** The SVG markup of one tile: "5m", "0p" (red five), "7z". */
export function tileSvg(code, { small = false } = {}) {
  const n = Number(code[0]);
  const suit = code[1];
  const w = small ? 18 : 26;
  const h = small ? 24 : 35;
  let face = "";
  if (suit === "z") {
    if (n === 5) {
      face = `<rect x="${w * 0.25}" y="${h * 0.22}" width="${w * 0.5}" height="${h * 0.56}" fill="none" stroke="#58c" stroke-width="2"/>`;
    } else {
      face = `<text x="${w / 2}" y="${h * 0.68}" font-size="${h * 0.5}" text-anchor="middle" font-weight="bold" fill="${HONOUR_COLOUR[n] || "#222"}">${HONOUR[n] || "?"}</text>`;
    }
  } else {
    const [mark, colour] = SUIT[suit] || ["?", "#222"];
    const red = n === 0;
    face =
      `<text x="${w / 2}" y="${h * 0.5}" font-size="${h * 0.42}" text-anchor="middle" font-weight="bold" fill="${red ? "#d00" : "#222"}">${red ? 5 : n}</text>` +
      `<text x="${w / 2}" y="${h * 0.86}" font-size="${h * 0.3}" text-anchor="middle" font-weight="bold" fill="${colour}">${mark}</text>`;
  }
  return `<svg class="tile" data-tile="${code}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${code}"><rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" rx="3" fill="#fffdf6" stroke="#999"/>${face}</svg>`;
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
