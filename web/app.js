// The page: type or click a hand, see shanten, the discard table, waits; click a
// discard and a draw to play on; score a complete hand; expected values in a worker;
// review an uploaded record. Everything is asked of pairi through one `answer()`.
import { backend, httpBackend } from "./pairi.js";
import { tileSvg, tilesSvg, codes, mpsz, handSvg, meldSvg, tileStyle, setTileStyle } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const state = { backend: null, worker: null, pending: new Map(), nextId: 1 };
window.pairi = state;

const PALETTE = [
  ..."1234567890".split("").map((d) => d + "m"),
  ..."1234567890".split("").map((d) => d + "p"),
  ..."1234567890".split("").map((d) => d + "s"),
  ..."1234567".split("").map((d) => d + "z"),
];

function fields() {
  const f = { family: $("rules").value };
  if ($("players").value === "3") f.players = 3;
  const visible = $("visible").value.trim();
  if (visible) f.visible = visible;
  return f;
}

/** Asks pairi in this thread (fast questions) and times it. */
async function ask(kind, request) {
  const t0 = performance.now();
  const answer = await state.backend.answer(kind, request);
  state.lastMs = performance.now() - t0;
  return answer;
}

/** Asks pairi off the page's thread (long questions). */
function askLong(kind, request) {
  if (!state.worker) return state.backend.answer(kind, request);
  const id = state.nextId++;
  return new Promise((resolve) => {
    state.pending.set(id, resolve);
    state.worker.postMessage({ id, kind, request });
  });
}

function showError(e) {
  const box = $("error");
  box.hidden = !e;
  box.textContent = e ? `${e.kind}: ${e.message}` : "";
}

function syncUrl() {
  const p = new URLSearchParams();
  const hand = $("hand").value.trim();
  if (hand) p.set("q", hand);
  for (const k of ["rules", "players", "dora", "visible", "round", "seat"]) {
    const v = $(k).value.trim();
    const defaults = { rules: "riichi", players: "4", round: "E", seat: "E" };
    if (v && v !== defaults[k]) p.set(k, v);
  }
  const q = p.toString();
  history.replaceState(null, "", q ? `?${q}` : location.pathname);
}

function concealedOnly() {
  return !/[\[\]\(\)]/.test($("hand").value);
}

async function update(force = false) {
  syncUrl();
  const hand = $("hand").value.trim();
  // Ask first, then redraw: the page keeps its layout while the answer is on its way
  // (a click in flight lands where it was aimed).
  const a = hand ? await ask("analyze", { hand, ...fields() }) : null;
  if ($("hand").value.trim() !== hand) return; // a newer hand is being answered
  // The same analysis as the one on the page (a field that only the score reads, such
  // as dora or the winds, has changed): the tables stay as they are, so that a click
  // begun on them when the field lost focus still lands; only the score is redone.
  const key = JSON.stringify([hand, a]);
  if (!force && key === state.drawnKey) {
    if (a && a.ok && a.ok.shanten === -1) await score();
    return;
  }
  state.drawnKey = key;
  $("hand-view").innerHTML = "";
  $("forms").innerHTML = "";
  $("useful").innerHTML = "";
  $("discards").hidden = true;
  $("score").hidden = true;
  showError(null);
  if (!a) return;
  if (a.error) {
    showError(a.error);
    return;
  }
  const r = a.ok;
  state.analysis = r;
  $("hand-view").innerHTML = handSvg(r.hand);
  $("forms").innerHTML =
    `<b>${r.shanten === -1 ? "complete" : r.shanten === 0 ? "tenpai" : r.shanten + "-shanten"}</b> ` +
    Object.entries(r.forms || {})
      .map(([form, s]) => `<span>${form} ${s}</span>`)
      .join("");
  if (r.discards) {
    const body = $("discards").querySelector("tbody");
    const best = r.discards[0];
    body.innerHTML = r.discards
      .map(
        (d) =>
          `<tr class="pick${d.shanten === best.shanten && d.count === best.count ? " best" : ""}" data-tile="${d.tile}">` +
          `<td>${tileSvg(d.tile)}</td><td>${d.shanten}</td><td class="click">${tilesSvg(d.useful, { small: true })}</td><td>${d.count}</td></tr>`,
      )
      .join("");
    $("discards").hidden = false;
  } else if (r.useful !== undefined) {
    const label = r.waits ? "waits" : "useful tiles";
    $("useful").innerHTML =
      `<div>${label} (${r.count}) — click one to draw it:</div><div class="click" id="draws">${tilesSvg(r.useful)}</div>`;
  }
  if (r.shanten === -1) {
    $("score").hidden = false;
    await score();
  }
}

// ---- Names: the language of yaku, fans and the score's words, kept in localStorage.
// Yaku and fan names come with pairi's answers (`breakdown`: en, ja, zh; MCR fans have
// en and zh, shown in Chinese to Japanese readers too); the rest are the page's words.

const LANG_KEY = "pairi.lang";
function initialLang() {
  try {
    const kept = localStorage.getItem(LANG_KEY);
    if (["en", "ja", "zh"].includes(kept)) return kept;
  } catch (_) {
    // No storage.
  }
  const nav = (navigator.language || "en").slice(0, 2);
  return nav === "ja" || nav === "zh" ? nav : "en";
}
state.lang = initialLang();

const WORDS = {
  en: {
    hanfu: (h, f) => `${h} han ${f} fu`,
    yakuman: (n) => (n > 1 ? `${n}× yakuman` : "yakuman"),
    fan: (n) => `${n} fan`,
    all: (x) => `${x} all`,
    points: "points",
    fuTotal: (n) => `${n} fu`,
    indicator: "dora indicator",
    limit: { mangan: "Mangan", haneman: "Haneman", baiman: "Baiman", sanbaiman: "Sanbaiman", yakuman: "Yakuman", kazoe_yakuman: "Counted yakuman" },
    reason: {
      base: "base", chiitoitsu: "seven pairs", closed_ron: "concealed ron", tsumo: "self-draw", tanki: "pair wait",
      kanchan: "closed wait", penchan: "edge wait", shanpon: "double pair wait", ryanmen: "two-sided wait",
      valued_pair: "value pair", closed_triplet: "concealed triplet", open_triplet: "open triplet",
      closed_quad: "concealed kong", open_quad: "open kong", open_no_fu: "open hand raised to 30", rounding: "rounding up",
    },
  },
  ja: {
    hanfu: (h, f) => `${h}翻${f}符`,
    yakuman: (n) => (n === 2 ? "ダブル役満" : n === 3 ? "トリプル役満" : n > 3 ? `${n}倍役満` : "役満"),
    fan: (n) => `${n}番`,
    all: (x) => `${x}オール`,
    points: "点",
    fuTotal: (n) => `${n}符`,
    indicator: "ドラ表示牌",
    limit: { mangan: "満貫", haneman: "跳満", baiman: "倍満", sanbaiman: "三倍満", yakuman: "役満", kazoe_yakuman: "数え役満" },
    reason: {
      base: "副底", chiitoitsu: "七対子", closed_ron: "門前加符", tsumo: "ツモ符", tanki: "単騎待ち",
      kanchan: "嵌張待ち", penchan: "辺張待ち", shanpon: "双碰待ち", ryanmen: "両面待ち",
      valued_pair: "役牌雀頭", closed_triplet: "暗刻", open_triplet: "明刻",
      closed_quad: "暗槓", open_quad: "明槓", open_no_fu: "喰い平和形 30符", rounding: "切り上げ",
    },
  },
  zh: {
    hanfu: (h, f) => `${h}番${f}符`,
    yakuman: (n) => (n > 1 ? `${n}倍役满` : "役满"),
    fan: (n) => `${n}番`,
    all: (x) => `每家${x}`,
    points: "点",
    fuTotal: (n) => `${n}符`,
    indicator: "宝牌指示牌",
    limit: { mangan: "满贯", haneman: "跳满", baiman: "倍满", sanbaiman: "三倍满", yakuman: "役满", kazoe_yakuman: "累计役满" },
    reason: {
      base: "底符", chiitoitsu: "七对子", closed_ron: "门清荣和", tsumo: "自摸", tanki: "单骑",
      kanchan: "嵌张", penchan: "边张", shanpon: "双碰", ryanmen: "两面",
      valued_pair: "役牌雀头", closed_triplet: "暗刻", open_triplet: "明刻",
      closed_quad: "暗杠", open_quad: "明杠", open_no_fu: "副露平和形 30符", rounding: "进位",
    },
  },
};
const words = () => WORDS[state.lang] || WORDS.en;
const DORA_KINDS = ["dora", "aka_dora", "ura_dora", "kita"];

/** A yaku's or a fan's name in the chosen language. */
function yakuName(b) {
  if (state.lang === "ja") return b.ja || b.zh || b.en;
  if (state.lang === "zh") return b.zh || b.en;
  return b.en;
}

/** Payments as players say them: 8000 (ron), 2000-4000 (non-dealer's tsumo: what
 * each non-dealer pays, then the dealer), 4000 all (the dealer's tsumo). */
function paymentText(p) {
  if (p.ron !== undefined) return String(p.ron);
  if (p.all !== undefined) return words().all(p.all);
  return `${p.non_dealer}-${p.dealer}`;
}

/** The blocks of a scored reading ("456p [567m] 11z") as tiles, each meld laid as in
 * the hand (its claimed tile sideways). */
function readingSvg(decomposition) {
  const melds = [...String((state.analysis && state.analysis.hand) || "").matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]);
  const sorted = (t) => codes(t).map((c) => (c[0] === "0" ? "5" + c[1] : c)).sort().join("");
  return String(decomposition || "")
    .split(" ")
    .filter(Boolean)
    .map((b) => {
      if (b.startsWith("[")) {
        const tiles = b.slice(1, -1);
        const i = melds.findIndex((m) => sorted(m.split(",")[0]) === sorted(tiles));
        const meld = i >= 0 ? melds.splice(i, 1)[0] : tiles;
        return meldSvg(meld, { small: true });
      }
      return `<span class="block">${tilesSvg(b, { small: true })}</span>`;
    })
    .join("");
}

async function score() {
  const hand = $("hand").value.trim();
  const typed = codes(hand.replace(/\[.*?\]/g, ""));
  const list = typed.length ? typed : codes(state.analysis.hand);
  const win = list[list.length - 1];
  const common = {
    hand,
    win,
    tsumo: $("tsumo").checked,
    round_wind: $("round").value,
    seat_wind: $("seat").value,
  };
  const view = $("score-view");
  const w = words();
  if ($("rules").value === "mcr") {
    const a = await ask("fan", common);
    if (a.error) return (view.textContent = `${a.error.kind}: ${a.error.message}`);
    const f = a.ok;
    view.innerHTML =
      `<p class="headline"><b>${w.fan(f.fan)}</b></p><div class="reading">${readingSvg(f.decomposition)}</div><table class="names">` +
      f.breakdown.map((b) => `<tr><td>${escapeHtml(yakuName(b))}</td><td>${b.points}${b.count > 1 ? " ×" + b.count : ""}</td></tr>`).join("") +
      "</table>";
    return;
  }
  const req = { ...common, riichi: $("riichi").checked };
  const dora = $("dora").value.trim();
  if (dora) req.dora = dora;
  if ($("players").value === "3") req.players = 3;
  const a = await ask("score", req);
  if (a.error) return (view.textContent = `${a.error.kind}: ${a.error.message}`);
  const s = a.ok;
  const value = s.yakuman && !s.han ? w.yakuman(s.yakuman) : w.hanfu(s.han, s.fu);
  const limit = s.limit ? `${w.limit[s.limit] || s.limit} ` : "";
  const yaku = s.breakdown.filter((b) => !DORA_KINDS.includes(b.id));
  const doras = s.breakdown.filter((b) => DORA_KINDS.includes(b.id));
  const indicators = codes(dora);
  view.innerHTML =
    `<p class="headline"><b class="payment">${limit}${paymentText(s.payments)}</b> <span>${value}</span> <span class="muted">${s.total} ${w.points}</span></p>` +
    `<div class="reading">${readingSvg(s.decomposition)} <span class="muted">${w.reason[s.wait] || s.wait}</span></div>` +
    `<table class="names">${yaku
      .map((b) => `<tr data-yaku="${b.id}"><td>${escapeHtml(yakuName(b))}</td><td>${b.yakuman ? w.yakuman(b.yakuman) : b.han}</td></tr>`)
      .join("")}</table>` +
    (doras.length || indicators.length
      ? `<p class="dora">${indicators.length ? `${w.indicator} ${tilesSvg(dora, { small: true })} ` : ""}${doras
          .map((b) => `<span data-yaku="${b.id}">${escapeHtml(yakuName(b))} ${b.han}</span>`)
          .join(" · ")}</p>`
      : "") +
    (s.yakuman && !s.han
      ? ""
      : `<p class="fu">${w.fuTotal(s.fu)}: ${s.fu_detail
          .map((f) => `<span data-fu="${f.reason}">${w.reason[f.reason] || f.reason}${f.tiles ? " " + tilesSvg(f.tiles, { small: true }) : ""} ${f.fu}</span>`)
          .join(" + ")}</p>`);
}

function setHand(list) {
  $("hand").value = mpsz(list);
  update();
}

function playDiscard(tile) {
  if (!concealedOnly() || !state.analysis) return;
  const list = codes(state.analysis.hand);
  const i = list.indexOf(tile);
  if (i < 0) return;
  list.splice(i, 1);
  setHand(list);
}

function playDraw(tile) {
  if (!concealedOnly() || !state.analysis) return;
  const list = codes(state.analysis.hand);
  list.push(tile);
  $("hand").value = mpsz(list);
  update();
}

async function ev() {
  const hand = $("hand").value.trim();
  if (!hand) return;
  const req = { hand, model: $("ev-model").value, turn: Number($("ev-turn").value) || 1 };
  const last = Number($("ev-last").value);
  if (last) req.t_max = last;
  for (const k of ["red_fives", "ura", "shanten_back", "hand_changes"]) req[k] = $(`ev-${k}`).checked;
  const dora = $("dora").value.trim();
  if (dora) req.dora = dora;
  const visible = $("visible").value.trim();
  if (visible) req.visible = visible;
  req.round_wind = $("round").value;
  req.seat_wind = $("seat").value;
  if ($("players").value === "3") req.players = 3;
  $("ev-status").textContent = "computing…";
  const t0 = performance.now();
  const a = await askLong("ev", req);
  $("ev-status").textContent = a.error
    ? `${a.error.kind}: ${a.error.message}`
    : `${a.ok.searched} hand states, ${(a.ok.memory_bytes / 1e6).toFixed(1)} MB, ${(performance.now() - t0).toFixed(0)} ms`;
  if (a.error) return;
  state.evAnswer = a.ok;
  drawEv();
}

function drawEv() {
  const r = state.evAnswer;
  if (!r) return;
  const t = r.turn;
  const body = $("ev-table").querySelector("tbody");
  body.innerHTML = r.discards
    .map(
      (d) =>
        `<tr><td>${d.tile ? tileSvg(d.tile) : "—"}${d.riichi ? " R" : ""}</td><td>${(100 * d.win[t]).toFixed(1)}</td><td>${(100 * d.tenpai[t]).toFixed(1)}</td><td>${d.score[t].toFixed(0)}</td></tr>`,
    )
    .join("");
  $("ev-table").hidden = false;
  $("ev-chart").innerHTML = chart(r.discards.slice(0, 4), t);
}

function chart(discards, from) {
  const w = 520;
  const h = 200;
  const pad = 34;
  const colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"];
  const dashes = ["", "6 3", "2 3", "8 3 2 3"];
  const n = discards[0] ? discards[0].win.length : 1;
  const x = (i) => pad + ((w - 2 * pad - 60) * (i - from)) / Math.max(1, n - 1 - from);
  const y = (v) => h - pad - (h - 2 * pad) * v;
  let s = `<svg viewBox="0 0 ${w} ${h}" width="100%" role="img" aria-label="win probability by turn"><rect width="${w}" height="${h}" fill="#fafafa"/>`;
  s += `<text x="4" y="14" font-size="11">win probability by turn</text>`;
  // Axes: probability 0 to 1 on the left, turns along the bottom.
  s += `<line x1="${pad}" y1="${y(0)}" x2="${x(n - 1)}" y2="${y(0)}" stroke="#999"/><line x1="${pad}" y1="${y(0)}" x2="${pad}" y2="${y(1)}" stroke="#999"/>`;
  for (const v of [0, 0.25, 0.5, 0.75, 1])
    s += `<text x="${pad - 4}" y="${y(v) + 3}" font-size="9" text-anchor="end">${v}</text><line x1="${pad}" y1="${y(v)}" x2="${x(n - 1)}" y2="${y(v)}" stroke="#eee"/>`;
  for (let i = from; i < n; i += Math.max(1, Math.ceil((n - from) / 9)))
    s += `<text x="${x(i)}" y="${y(0) + 12}" font-size="9" text-anchor="middle">${i}</text>`;
  s += `<text x="${x(n - 1)}" y="${h - 4}" font-size="9" text-anchor="end">turn</text>`;
  discards.forEach((d, k) => {
    const pts = d.win
      .map((v, i) => (i >= from ? `${x(i).toFixed(1)},${y(v).toFixed(1)}` : null))
      .filter(Boolean)
      .join(" ");
    // Lines told apart by dash as well as colour, so that overlapping ones still show.
    s += `<polyline fill="none" stroke="${colours[k]}" stroke-width="2" stroke-dasharray="${dashes[k]}" points="${pts}"/>`;
    // The values on hover: a point per turn with its title.
    d.win.forEach((v, i) => {
      if (i >= from)
        s += `<circle class="point" cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="3" fill="${colours[k]}"><title>${d.tile || "hand"}, turn ${i}: win ${(100 * v).toFixed(1)}%, tenpai ${(100 * d.tenpai[i]).toFixed(1)}%, expected ${d.score[i].toFixed(0)}</title></circle>`;
    });
    // The legend: the line's colour and dash beside the tile's picture.
    const ly = pad + 26 * k - 14;
    s += `<line x1="${w - 58}" y1="${ly + 12}" x2="${w - 36}" y2="${ly + 12}" stroke="${colours[k]}" stroke-width="2" stroke-dasharray="${dashes[k]}"/>`;
    s += d.tile
      ? tileSvg(d.tile, { small: true }).replace("<svg ", `<svg x="${w - 32}" y="${ly}" `)
      : `<text x="${w - 32}" y="${ly + 14}" font-size="10" fill="${colours[k]}">hand</text>`;
  });
  return s + "</svg>";
}

async function review(file) {
  return reviewText(await file.text());
}

/** Reviews a record's text and shows it in the review section. */
async function reviewText(text) {
  $("review-status").textContent = "reviewing…";
  const a = await askLong("review", { record: text, ev: $("review-ev").checked });
  if (a.error) {
    $("review-status").textContent = `${a.error.kind}: ${a.error.message}`;
    return;
  }
  state.reviewAnswer = a.ok;
  drawReview();
}

function drawReview() {
  const r = state.reviewAnswer;
  if (!r) return;
  $("review-status").textContent = `${r.format}, ${r.kyokus.length} kyoku`;
  const players =
    "<table class=\"players\"><tr><th>player</th><th>win %</th><th>deal-in %</th><th>riichi %</th><th>best discard %</th><th>deal-ins</th><th>folds</th></tr>" +
    r.players
      .map(
        (p) =>
          `<tr><td>${p.seat} ${escapeHtml(p.name)}</td><td>${(100 * p.win_rate).toFixed(1)}</td><td>${(100 * p.deal_in_rate).toFixed(1)}</td><td>${(100 * p.riichi_rate).toFixed(1)}</td><td>${(100 * p.agreement).toFixed(1)}</td><td>${p.deal_ins}</td><td>${p.folds}</td></tr>`,
      )
      .join("") +
    "</table>";
  const kyokus = r.kyokus
    .map(
      (k) =>
        `<h3>${k.kyoku} — ${k.result}</h3><table class="decisions">` +
        k.discards
          .filter((d) => d.rank > 1 || d.flags.length || d.defence)
          .map((d) => {
            const f = d.defence;
            const cls = f ? (f.mistake ? "bad" : f.fold ? "fold" : "") : d.rank > 1 ? "bad" : "";
            const row = `<tr class="${cls}"><td>s${d.seat}</td><td class="hand">${handSvg(d.hand, { small: true })}</td><td>${tileSvg(d.discard)}</td><td>best ${d.best.map((t) => tileSvg(t, { small: true })).join("")}</td><td>${d.rank}/${d.choices}</td><td>${d.flags.join(", ")}</td></tr>`;
            return f ? row + defenceRow(f) : row;
          })
          .join("") +
        "</table>" +
        choicesTable(k.decisions || []),
    )
    .join("");
  $("review-view").innerHTML = players + kyokus;
}

/** The discards offered against a threat: each tile with its danger (and value). */
function defenceRow(f) {
  const who = f.threats.map((s) => `s${s}${f.riichi.includes(s) ? " riichi" : ""}`).join(", ");
  const verdict = f.fold ? "fold" : "against";
  const opts = f.options
    .map(
      (o) =>
        `<span class="danger-opt">${tileSvg(o.tile, { small: true })} ${(100 * o.danger).toFixed(1)}%${o.safety.length ? ` ${o.safety.join(" ")}` : ""}${o.value === undefined ? "" : ` value ${o.value.toFixed(0)}`}</span>`,
    )
    .join("");
  return `<tr class="defence"><td colspan="6"><span class="verdict">${verdict} ${who}${f.mistake ? " — mistake" : ""}:</span> ${opts}</td></tr>`;
}

/** A kyoku's choices: riichi or dama, calls or passing, kongs; each option's numbers. */
function choicesTable(list) {
  if (!list.length) return "";
  const opt = (c, o, i) => {
    let t = o.action;
    if (o.tile) t += ` ${tileSvg(o.tile, { small: true })}`;
    for (const p of o.consumed || []) t += tileSvg(p, { small: true });
    t += ` s${o.shanten}`;
    if (o.score !== undefined) t += ` ${(100 * o.win).toFixed(1)}% ${o.score.toFixed(0)}`;
    if (c.best === i) t += " ★";
    return `<span class="opt${o.taken ? " taken" : ""}">${t}</span>`;
  };
  return (
    "<table class=\"choices\">" +
    list
      .map(
        (c) =>
          `<tr class="${c.mistake ? "bad" : ""}"><td>s${c.seat}</td><td class="kind">${c.kind}${c.threat ? " (threat)" : ""}</td><td>${c.options.map((o, i) => opt(c, o, i)).join(" ")}</td><td>${c.mistake ? "mistake" : ""}</td></tr>`,
      )
      .join("") +
    "</table>"
  );
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// ---- Play: a person against pairi's agents. Each move asks pairi for the game up to
// the person's next decision (the `play` request, rebuilt from the seed and the actions
// so far), so the page keeps no game state beyond the request.

const WINDS = "ESWN";
const DRAWS = {
  fanpai: "exhaustive draw",
  nagashimangan: "nagashi mangan",
  kyushukyuhai: "nine terminals",
  sufonrenta: "four winds",
  sukaikan: "four kongs",
  suchareach: "four riichi",
  sanchaho: "triple ron",
};

/** A seat by its wind (in the kyoku whose dealer is `dealer`, the current one by
 * default) and its number. */
function seatName(a, s, dealer = a.view.dealer) {
  const wind = WINDS[(s - dealer + a.players) % a.players];
  return s === a.seat ? `${wind} (you)` : `${wind} (seat ${s + 1})`;
}

/** mjai tile names ("5mr", "E", "P") as the page's codes ("0m", "1z", "5z"). */
function fromMjai(t) {
  const honours = { E: "1z", S: "2z", W: "3z", N: "4z", P: "5z", F: "6z", C: "7z" };
  if (honours[t]) return honours[t];
  if (t.endsWith("r")) return "0" + t[1];
  return t;
}

function eventText(a, e) {
  const who = e.actor === undefined ? "" : seatName(a, e.actor) + " ";
  const t = (x) => fromMjai(x);
  switch (e.type) {
    case "start_kyoku":
      return `${e.bakaze}${e.kyoku}-${e.honba} starts`;
    case "dahai":
      return `${who}discards ${t(e.pai)}${e.tsumogiri ? " (drawn)" : ""}`;
    case "reach":
      return `${who}declares riichi`;
    case "chi":
    case "pon":
    case "daiminkan":
      return `${who}${e.type === "daiminkan" ? "kan" : e.type} ${t(e.pai)}`;
    case "ankan":
    case "kakan":
      return `${who}kan`;
    case "nukidora":
      return `${who}kita`;
    case "hora":
      return `${who}wins${e.actor === e.target ? " by tsumo" : " by ron"}`;
    case "ryukyoku":
      return `draw: ${DRAWS[e.reason] || e.reason}`;
    case "end_game":
      return "game over";
    default:
      return "";
  }
}

function actionLabel(l) {
  switch (l.type) {
    case "reach":
      return "riichi";
    case "hora":
      return l.pai ? `win ${l.pai}` : "win";
    case "chi":
    case "pon":
      return `${l.type} ${l.consumed.join("")}+${l.pai}`;
    case "daiminkan":
    case "ankan":
    case "kakan":
      return `kan ${l.pai}`;
    case "nukidora":
      return "kita";
    case "ryukyoku":
      return "nine terminals";
    case "none":
      return "pass";
    default:
      return l.type;
  }
}

function renderPlay() {
  const a = state.play.answer;
  const v = a.view;
  const n = a.players;
  $("play-info").innerHTML =
    `${v.round}${v.dealer + 1} · honba ${v.honba} · riichi sticks ${v.riichi_sticks} · tiles left ${v.tiles_left} · dora ` +
    v.dora.map((t) => tileSvg(t, { small: true })).join("");
  // The seats in turn order from the person's right.
  const order = [];
  for (let i = 1; i <= n; i++) order.push((a.seat + i) % n);
  $("play-seats").innerHTML = order
    .map((s) => {
      const river = v.rivers[s]
        .map((r) => {
          const cls = [r.tsumogiri ? "tsumogiri" : "", r.riichi ? "riichi" : "", r.called ? "called" : ""].join(" ");
          return `<span class="${cls}">${tileSvg(r.pai, { small: true })}</span>`;
        })
        .join("");
      const melds = v.melds[s].map((m) => `<span>${m.tiles.map((t) => tileSvg(t, { small: true })).join("")}</span>`).join(" ");
      const kita = v.kita[s] ? ` kita ×${v.kita[s]}` : "";
      return (
        `<div class="seat${s === a.seat ? " me" : ""}" data-seat="${s}"><span class="who${v.turn === s ? " turn" : ""}">${seatName(a, s)}</span>` +
        `<span class="score">${v.scores[s]}</span>${v.riichi[s] ? ' <b title="riichi">riichi</b>' : ""}${kita}` +
        `<span class="melds">${melds}</span><div class="river">${river}</div></div>`
      );
    })
    .join("");
  // The hand: the drawn tile apart, at the end.
  const hand = [...v.hand];
  if (v.drawn) hand.splice(hand.indexOf(v.drawn), 1);
  const discards = a.legal.filter((l) => l.type === "dahai");
  $("play-hand").className = discards.length ? "click" : "";
  $("play-hand").innerHTML =
    hand.map((t) => tileSvg(t)).join("") + (v.drawn ? `<span class="drawn">${tileSvg(v.drawn)}</span>` : "");
  $("play-actions").innerHTML = a.legal
    .filter((l) => l.type !== "dahai")
    .map((l) => `<button type="button" data-id="${l.id}">${escapeHtml(actionLabel(l))}</button>`)
    .join("");
  const results = a.results
    .map((r) => {
      const head = `<b>${r.round}${r.dealer + 1}-${r.honba}</b> `;
      const body = r.wins.length
        ? r.wins
            .map(
              (w) =>
                `${seatName(a, w.seat, r.dealer)} wins on ${tileSvg(w.pai, { small: true })} ${w.seat === w.from ? "by tsumo" : "from " + seatName(a, w.from, r.dealer)}: ` +
                `${w.yakuman ? w.yakuman + "× yakuman" : `${w.han} han ${w.fu} fu`}, ${w.points} points (${w.yaku.map((y) => y.en).join(", ")})`,
            )
            .join("<br>")
        : `${DRAWS[r.draw] || r.draw}; ready: ${r.tenpai.map((s) => seatName(a, s, r.dealer)).join(", ") || "none"}`;
      const deltas = r.deltas.map((d, s) => `${seatName(a, s, r.dealer)} ${d > 0 ? "+" : ""}${d}`).join(" · ");
      return `<div class="kyoku-result">${head}${body}<br><span class="muted">${deltas}</span></div>`;
    })
    .join("");
  const end = a.game_end
    ? `<div class="game-end"><b>Game over</b><table><tr><th>place</th><th>seat</th><th>points</th><th>result</th></tr>` +
      a.game_end.places
        .map((p, s) => [p, s])
        .sort((x, y) => x[0] - y[0])
        .map(([p, s]) => `<tr><td>${p}</td><td>${seatName(a, s)}</td><td>${a.game_end.scores[s]}</td><td>${(a.game_end.results[s] / 1000).toFixed(1)}</td></tr>`)
        .join("") +
      "</table></div>"
    : "";
  $("play-result").innerHTML = results + end;
  $("play-result").hidden = !(results || end);
  $("play-log").innerHTML = a.events
    .map((e) => eventText(a, e))
    .filter((t) => t)
    .slice(-12)
    .map(escapeHtml)
    .join(" · ");
  const box = $("play");
  box.dataset.moves = String(Number(box.dataset.moves || 0) + 1);
  box.dataset.over = a.game_end ? "1" : "0";
  if (a.game_end) $("play-menu").open = true;
}

/** The game so far as a tenhou.net/6 record (the kyoku played to their end; the whole
 * game once it is over), asked of pairi with the game's actions. */
async function playRecord() {
  const a = state.play && state.play.answer;
  if (!a) return null;
  const r = await askLong("play", { ...state.play.base, actions: a.actions, record: "tenhou6" });
  if (r.error) {
    $("play-record-status").textContent = `${r.error.kind}: ${r.error.message}`;
    return null;
  }
  $("play-record-status").textContent = a.game_end ? "the whole game" : "the kyoku played to their end";
  return r.ok.record;
}

async function playDownload() {
  const text = await playRecord();
  if (text === null) return;
  const b = state.play.base;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = `pairi-${b.rules}-seed${b.seed}-seat${b.seat + 1}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function playReview() {
  const text = await playRecord();
  if (text === null) return;
  showView("analyse");
  history.replaceState(null, "", location.pathname + location.search);
  $("review").scrollIntoView();
  await reviewText(text);
}

/** Asks for the game with `actions` and draws it. */
async function playTo(actions) {
  const req = { ...state.play.base, actions };
  $("play-error").hidden = true;
  const r = await askLong("play", req);
  if (r.error) {
    $("play-error").hidden = false;
    $("play-error").textContent = `${r.error.kind}: ${r.error.message}`;
    return;
  }
  state.play.answer = r.ok;
  renderPlay();
}

function playChoose(id) {
  const a = state.play && state.play.answer;
  if (!a || state.play.busy) return;
  state.play.busy = true;
  playTo([...a.actions, id]).finally(() => (state.play.busy = false));
}

async function newGame() {
  const rules = $("play-rules").value;
  const players = rules.endsWith("sanma") ? 3 : 4;
  const seat = Math.min(Number($("play-seat").value), players - 1);
  state.play = {
    base: { rules, seed: Math.max(0, Math.floor(Number($("play-seed").value) || 0)), seat, opponents: $("play-opponents").value },
    answer: null,
    busy: true,
  };
  $("play-menu").open = false;
  $("play-record-status").textContent = "";
  await playTo([]);
  state.play.busy = false;
}

function showView(name) {
  for (const b of document.querySelectorAll("#tabs button")) b.setAttribute("aria-selected", String(b.dataset.view === name));
  $("analyse-view").hidden = name !== "analyse";
  $("play-view").hidden = name !== "play";
  if (name === "play" && !state.play) newGame();
}

function setUpPlay() {
  $("tabs").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    history.replaceState(null, "", b.dataset.view === "play" ? `${location.search}#play` : location.pathname + location.search);
    showView(b.dataset.view);
  });
  $("play-new").addEventListener("click", newGame);
  $("play-download").addEventListener("click", playDownload);
  $("play-review").addEventListener("click", playReview);
  $("play-hand").addEventListener("click", (e) => {
    const t = e.target.closest(".tile");
    const a = state.play && state.play.answer;
    if (!t || !a) return;
    const drawn = !!t.closest(".drawn");
    const choices = a.legal.filter((l) => l.type === "dahai" && l.pai === t.dataset.tile);
    const pick = choices.find((l) => !!l.tsumogiri === drawn) || choices[0];
    if (pick) playChoose(pick.id);
  });
  $("play-actions").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (b) playChoose(Number(b.dataset.id));
  });
  if (location.hash === "#play") showView("play");
}

function drawPalette() {
  $("palette").innerHTML = PALETTE.filter((c) => !(c[0] === "0" && c[1] === "z"))
    .map((c) => tileSvg(c, { small: true }))
    .join("");
}

/** Everything drawn again, after the tile style or the language changed. */
function redraw() {
  drawPalette();
  update(true);
  drawEv();
  drawReview();
  if (state.play && state.play.answer) renderPlay();
}

async function main() {
  const params = new URLSearchParams(location.search);
  for (const k of ["rules", "players", "dora", "visible", "round", "seat"]) {
    if (params.has(k)) $(k).value = params.get(k);
  }
  $("hand").value = params.get("q") || "";
  drawPalette();
  $("tile-style").value = tileStyle();
  $("lang").value = state.lang;
  $("tile-style").addEventListener("change", () => {
    setTileStyle($("tile-style").value);
    redraw();
  });
  $("lang").addEventListener("change", () => {
    state.lang = $("lang").value;
    try {
      localStorage.setItem(LANG_KEY, state.lang);
    } catch (_) {
      // Not kept.
    }
    redraw();
  });
  state.backend = await backend();
  $("backend").textContent = state.backend.name === "wasm" ? "WebAssembly, in this page" : "pairi serve";
  if (state.backend.name === "wasm" && window.Worker) {
    try {
      state.worker = new Worker("worker.js", { type: "module" });
      state.worker.onmessage = (e) => {
        const done = state.pending.get(e.data.id);
        state.pending.delete(e.data.id);
        if (done) done(e.data.answer);
      };
    } catch (_) {
      state.worker = null;
    }
  }
  $("hand").addEventListener("input", () => update());
  for (const id of ["rules", "players", "dora", "visible", "round", "seat"]) $(id).addEventListener("change", () => update());
  for (const id of ["tsumo", "riichi"]) $(id).addEventListener("change", score);
  $("palette").addEventListener("click", (e) => {
    const t = e.target.closest(".tile");
    if (t) {
      $("hand").value += t.dataset.tile;
      update();
    }
  });
  $("back").addEventListener("click", () => {
    const v = $("hand").value.trim();
    if (/\d$/.test(v)) $("hand").value = v.slice(0, -1);
    else {
      const list = codes(v);
      list.pop();
      $("hand").value = mpsz(list);
    }
    update();
  });
  $("clear").addEventListener("click", () => {
    $("hand").value = "";
    update();
  });
  $("discards").addEventListener("click", (e) => {
    const row = e.target.closest("tr.pick");
    if (row) playDiscard(row.dataset.tile);
  });
  $("useful").addEventListener("click", (e) => {
    const t = e.target.closest(".tile");
    if (t) playDraw(t.dataset.tile);
  });
  $("ev-run").addEventListener("click", ev);
  $("record").addEventListener("change", (e) => {
    const f = e.target.files[0];
    if (f) review(f);
  });
  setUpPlay();
  await update();
  state.interactiveMs = performance.now();
  document.body.dataset.ready = "1";
}

state.ready = main();
export { httpBackend };
