// The page in headless Chromium, from a static host (pairi as WebAssembly) or from
// `pairi serve` (the HTTP API): type a hand, read the discard table, play a discard and
// a draw, score the hand, compute expected values off the page's thread, review a
// record, play a kyoku and a whole game (its record downloaded and opened in review),
// check that the page's answers are the command line's bytes for the requests of
// crates/pairi-cli/tests/fronts.jsonl, and equal its answers on a sample of the
// shared cases (skipped, saying so, without the shared data; a failure then with
// PAIRI_REQUIRE_SHARED=1). Prints the timings it measures; asserts no timing.
//
// Usage: node e2e.mjs URL PAIRI_BINARY SHARED_DATA_DIR [SCREENSHOT.png]
import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

const [url, binary, shared, shot] = process.argv.slice(2);
if (!url || !binary || !shared) {
  console.error("usage: node e2e.mjs URL PAIRI_BINARY SHARED_DATA_DIR [SCREENSHOT.png]");
  process.exit(2);
}

// The repository, where the example files and fronts.jsonl are.
const root = fileURLToPath(new URL("../../", import.meta.url));
const haveShared = existsSync(shared);
if (!haveShared) {
  if (process.env.PAIRI_REQUIRE_SHARED === "1") {
    console.error(`${shared} is missing (PAIRI_REQUIRE_SHARED=1: the shared data must be beside the repository)`);
    process.exit(1);
  }
  console.log(`skipped: needs ../shared/data (${shared}): the shared cases are not compared`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});
const failures = [];
const check = async (name, f) => {
  try {
    await f();
    console.log(`ok   ${name}`);
  } catch (e) {
    failures.push(name);
    console.log(`FAIL ${name}\n     ${String(e.stack || e).split("\n").slice(0, 4).join("\n     ")}`);
  }
};

try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForSelector("body[data-ready='1']", { timeout: 30000 });
  const loaded = Date.now() - t0;
  const backend = await page.evaluate(() => window.pairi.backend.name);
  const interactive = await page.evaluate(() => window.pairi.interactiveMs);
  console.log(`page: ${backend} backend, interactive ${interactive.toFixed(0)} ms after navigation start (${loaded} ms wall)`);

  await check("type a hand: shanten and the discard table", async () => {
    await page.fill("#hand", "123m406p789s1122z7z");
    await page.waitForSelector("#discards:not([hidden]) tbody tr");
    const first = await page.getAttribute("#discards tbody tr:first-child", "data-tile");
    assert.equal(first, "7z");
    const rows = await page.locator("#discards tbody tr").count();
    assert.equal(rows, 12);
    assert.match(await page.textContent("#forms"), /tenpai/);
    assert.match(page.url(), /\?q=123m406p789s1122z7z/);
  });

  await check("click a discard, then a wait: a complete hand scored", async () => {
    await page.click("#discards tbody tr:first-child");
    await page.waitForSelector("#draws .tile");
    assert.equal(await page.inputValue("#hand"), "123m406p789s1122z");
    await page.click("#draws .tile[data-tile='1z']");
    await page.waitForSelector("#score:not([hidden]) #score-view p");
    const text = await page.textContent("#score-view");
    assert.match(text, /han|yakuman/);
    await page.check("#riichi");
    await page.waitForFunction(() => /Riichi/.test(document.querySelector("#score-view").textContent));
  });

  await check("palette and ?q= links", async () => {
    await page.goto(`${url}${url.includes("?") ? "&" : "?"}q=19m19p19s1234567z&rules=riichi`);
    await page.waitForSelector("body[data-ready='1']");
    assert.match(await page.textContent("#forms"), /tenpai|complete/);
    await page.click("#clear");
    await page.click("#palette .tile[data-tile='1m']");
    await page.click("#palette .tile[data-tile='0p']");
    assert.equal(await page.inputValue("#hand"), "1m0p");
  });

  await check("expected value off the page's thread", async () => {
    await page.fill("#hand", "2233m456p789s1123z");
    await page.fill("#dora", "1z");
    await page.click("#ev-run");
    await page.waitForSelector("#ev-table:not([hidden]) tbody tr", { timeout: 60000 });
    assert.match(await page.textContent("#ev-status"), /hand states, [0-9.]+ MB/);
    assert.ok((await page.locator("#ev-chart polyline").count()) >= 1);
    await page.fill("#dora", "");
  });

  await check("review an uploaded record", async () => {
    await page.setInputFiles("#record", `${root}examples/game.json`);
    await page.waitForFunction(() => /kyoku/.test(document.querySelector("#review-status").textContent), null, {
      timeout: 60000,
    });
    assert.match(await page.textContent("#review-view"), /E1/);
  });

  await check("the page's answers are the command line's bytes (fronts.jsonl)", async () => {
    const lines = readFileSync(`${root}crates/pairi-cli/tests/fronts.jsonl`, "utf8")
      .split("\n")
      .filter((l) => l.trim());
    const batchKinds = ["shanten", "analyze", "score", "fan", "ev", "play"];
    let compared = 0;
    for (const line of lines) {
      const c = JSON.parse(line);
      const request = c.request;
      if (c.record) request.record = readFileSync(`${root}${c.record}`, "utf8");
      let cli;
      if (batchKinds.includes(c.kind)) {
        const out = execFileSync(binary, [c.kind, "--batch", "-"], { input: JSON.stringify({ id: 1, ...request }) })
          .toString()
          .trimEnd();
        assert.ok(out.startsWith('{"id":1,'), out);
        cli = "{" + out.slice('{"id":1,'.length).replace('{"line":1,', "{");
      } else if (["stats", "review", "record_convert"].includes(c.kind)) {
        // These commands print the whole answer with --json; `record convert`, the record.
        cli = execFileSync(binary, c.cli, { cwd: root }).toString().trimEnd();
      } else {
        continue;
      }
      let ours = await page.evaluate(
        ([kind, request]) => window.pairi.backend.answerText(kind, request),
        [c.kind, request],
      );
      if (c.kind === "record_convert") ours = JSON.parse(ours).record.trimEnd();
      assert.equal(ours, cli, `${c.kind}: ${line.slice(0, 80)}`);
      compared++;
    }
    console.log(`     ${compared} requests: the same bytes as the command line`);
  });

  await check("the page's answers equal the command line's on shared cases", async () => {
    if (!haveShared) return;
    const sample = (file, n) =>
      readFileSync(`${shared}/${file}`, "utf8")
        .split("\n")
        .filter((l) => l.trim())
        .slice(0, n);
    for (const [kind, file, n] of [
      ["analyze", "shanten/cases.jsonl", 150],
      ["score", "riichi/score-cases.jsonl", 150],
      ["fan", "mcr/fan-seed1.jsonl", 100],
    ]) {
      const lines = sample(file, n);
      const cli = execFileSync(binary, [kind, "--batch", "-"], { input: lines.join("\n") })
        .toString()
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      const requests = lines.map((l) => {
        const r = JSON.parse(l);
        delete r.id;
        delete r.expected;
        return r;
      });
      const ours = await page.evaluate(
        async ([kind, requests]) => {
          const out = [];
          for (const r of requests) out.push(await window.pairi.backend.answer(kind, r));
          return out;
        },
        [kind, requests],
      );
      assert.equal(ours.length, cli.length);
      ours.forEach((a, i) => {
        const want = { ...cli[i] };
        delete want.id;
        if (want.error) {
          // A batch error also names its line.
          assert.deepEqual(
            { kind: a.error?.kind, message: a.error?.message },
            { kind: want.error.kind, message: want.error.message },
            `${kind} line ${i + 1}`,
          );
        } else {
          assert.deepEqual(a.ok, want, `${kind} line ${i + 1}`);
        }
      });
      console.log(`     ${kind}: ${ours.length} answers equal the CLI's`);
    }
  });

  await check("timing of a discard table in the page", async () => {
    const ms = await page.evaluate(async () => {
      const hands = ["1289m3478p25s1567z", "123m406p789s11227z", "2233m456p789s1123z", "1112345678999m5p"];
      const n = 400;
      const t = performance.now();
      for (let k = 0; k < n; k++) await window.pairi.backend.answer("analyze", { hand: hands[k % hands.length] });
      return (performance.now() - t) / n;
    });
    console.log(`     discard table (analyze request, 14 tiles, JSON both ways): ${ms.toFixed(3)} ms per request in the page`);
  });

  await check("a screenshot that is not blank", async () => {
    await page.fill("#hand", "123m406p789s1122z7z");
    await page.waitForSelector("#discards:not([hidden]) tbody tr");
    const png = await page.screenshot({ fullPage: false });
    if (shot) writeFileSync(shot, png);
    assert.ok(png.length > 20000, `screenshot of ${png.length} bytes`);
    const colours = await page.evaluate(() => {
      const svg = document.querySelectorAll("svg.tile").length;
      return svg;
    });
    assert.ok(colours > 30, `${colours} tiles drawn`);
  });

  // Screenshots of each point, at both widths, beside the main one (target/).
  const snap = async (p, name) => {
    if (shot) writeFileSync(shot.replace(/\.png$/, `-${name}.png`), await p.screenshot({ fullPage: true }));
  };
  const open = async (p, query) => {
    await p.goto(`${url}${url.includes("?") ? "&" : "?"}${query}`);
    await p.waitForSelector("body[data-ready='1']", { timeout: 30000 });
  };
  const fits = async (p, what) => {
    const [scroll, width] = await p.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= width, `${what}: ${scroll} px wide on a ${width} px screen`);
  };
  const widths = [
    ["desktop", { width: 1000, height: 900 }],
    ["390", { width: 390, height: 800 }],
  ];
  const each = async (name, f) => {
    for (const [label, viewport] of widths) {
      await check(`${name} (${label})`, async () => {
        const p = await browser.newPage({ viewport });
        p.on("pageerror", (e) => errors.push(String(e)));
        try {
          await f(p, label);
        } finally {
          await p.close();
        }
      });
    }
  };

  await each("tiles as pictures, the letters as a kept setting", async (p, label) => {
    await open(p, "q=123m406p789s1122z7z");
    await p.waitForSelector("#discards:not([hidden]) tbody tr");
    const picture = (sel) => p.$eval(sel, (e) => ({ paths: e.querySelectorAll("path").length, circles: e.querySelectorAll("circle").length, text: e.textContent }));
    // Honours are their characters drawn as paths (no font needed), pins circles, red fives red.
    assert.deepEqual(await picture("#hand-view svg.tile[data-tile='1z']"), { paths: 1, circles: 0, text: "" });
    assert.equal((await picture("#hand-view svg.tile[data-tile='4p']")).circles, 8);
    assert.ok(await p.$eval("#hand-view svg.tile[data-tile='0p']", (e) => [...e.querySelectorAll("circle")].every((c) => /#d21/.test(c.outerHTML))));
    assert.equal((await picture("#hand-view svg.tile[data-tile='1m']")).paths, 1); // 萬
    // Nothing on a tile asks a font for more than Latin letters and digits.
    const texts = await p.$$eval("svg.tile text", (ts) => ts.map((t) => t.textContent));
    assert.ok(texts.every((t) => /^[0-9A-Za-z]$/.test(t)), texts.join(" "));
    assert.equal(await p.locator("#palette svg.tile").count(), 37);
    await snap(p, `tiles-${label}`);
    // Melds apart, the claimed tile sideways, a concealed kong's ends face down.
    await open(p, "q=[567m,2][5555z,6][999s,3][7777z]EE");
    assert.equal(await p.locator("#hand-view .melds .meld").count(), 4);
    assert.equal(await p.locator("#hand-view .meld svg.sideways").count(), 4);
    assert.equal(await p.locator("#hand-view .meld svg[data-tile='back']").count(), 2);
    assert.equal(await p.getAttribute("#hand-view .meld[data-meld='567m,2'] svg:first-child", "data-tile"), "6m");
    await fits(p, "melds");
    // The letter form, kept for the next visit.
    await p.selectOption("#tile-style", "letters");
    await p.waitForFunction(() => document.querySelector("#hand-view svg.tile[data-tile='1z']").textContent === "E");
    await p.reload();
    await p.waitForSelector("body[data-ready='1']");
    assert.equal(await p.inputValue("#tile-style"), "letters");
    assert.equal(await p.textContent("#hand-view svg.tile[data-tile='1z']"), "E");
    await snap(p, `letters-${label}`);
    await p.selectOption("#tile-style", "pictures");
    await p.waitForFunction(() => document.querySelector("#hand-view svg.tile[data-tile='1z'] path"));
  });

  await each("scores with names: yaku, fu, dora, payments as players write them", async (p, label) => {
    await open(p, "q=123m456p789s11222z&seat=S");
    await p.check("#tsumo");
    await p.check("#riichi");
    const headline = () => p.textContent("#score-view .headline");
    await p.waitForFunction(() => /1300-2600/.test(document.querySelector("#score-view .headline")?.textContent || ""));
    assert.match(await headline(), /3 han 40 fu/);
    assert.match(await p.textContent("#score-view .names"), /Riichi/);
    assert.match(await p.textContent("#score-view .fu"), /40 fu: base 20 \+ self-draw 2 \+ concealed triplet/);
    await p.fill("#dora", "8s");
    await p.selectOption("#lang", "ja");
    await p.waitForFunction(() => /満貫 2000-4000/.test(document.querySelector("#score-view .headline").textContent));
    assert.match(await p.textContent("#score-view .names"), /立直.*門前清自摸和/);
    assert.match(await p.textContent("#score-view .dora"), /ドラ 1/);
    assert.match(await p.textContent("#score-view .fu"), /40符: 副底 20/);
    await snap(p, `score-ja-${label}`);
    await p.selectOption("#lang", "zh");
    await p.waitForFunction(() => /满贯 2000-4000/.test(document.querySelector("#score-view .headline").textContent));
    assert.match(await p.textContent("#score-view .names"), /门前清自摸和/);
    await p.uncheck("#tsumo");
    // A ron: one han less (no self-draw), the points alone.
    await p.waitForFunction(() => /^5200 3番40符/.test(document.querySelector("#score-view .headline").textContent));
    await p.selectOption("#lang", "en");
    await p.waitForFunction(() => /^5200 3 han 40 fu/.test(document.querySelector("#score-view .headline").textContent));
    // A dealer's tsumo, and melds in the scored reading with their claimed tile sideways.
    await open(p, "q=[567m,2]456p[5555z,6][999s,3]EE&seat=E");
    await p.check("#tsumo");
    await p.waitForFunction(() => / all/.test(document.querySelector("#score-view .headline")?.textContent || ""));
    assert.equal(await p.locator("#score-view .reading .meld svg.sideways").count(), 4);
    assert.match(await p.textContent("#score-view .fu"), /open kong/);
    await fits(p, "score");
    // MCR fans by name.
    await open(p, "q=123m456p789s11122z&rules=mcr");
    await p.waitForSelector("#score-view .names");
    assert.match(await p.textContent("#score-view .names"), /Mixed Straight/);
    await p.selectOption("#lang", "zh");
    await p.waitForFunction(() => /花龙/.test(document.querySelector("#score-view .names").textContent));
    await snap(p, `score-mcr-${label}`);
    await p.selectOption("#lang", "en");
  });

  await each("the first click after typing a dora indicator lands (a wait, a discard row)", async (p) => {
    await open(p, "q=123m406p789s1122z");
    await p.fill("#dora", "3p");
    await p.click("#draws .tile[data-tile='2z']");
    await p.waitForFunction(() => document.getElementById("hand").value === "123m406p789s11222z", null, { timeout: 5000 });
    await open(p, "q=123m406p789s1122z7z");
    await p.fill("#dora", "4p");
    await p.click("#discards tbody tr:first-child");
    await p.waitForFunction(() => document.getElementById("hand").value === "123m406p789s1122z", null, { timeout: 5000 });
  });

  await each("every view fits the screen: page, score, expected value, review", async (p, label) => {
    await open(p, "q=123m406p789s1122z7z");
    await p.waitForSelector("#discards:not([hidden]) tbody tr");
    await fits(p, "discard table");
    await p.fill("#hand", "2233m456p789s1123z");
    await p.click("#ev-run");
    await p.waitForSelector("#ev-table:not([hidden]) tbody tr", { timeout: 60000 });
    assert.ok((await p.locator("#ev-chart svg.tile").count()) >= 1, "tile pictures in the chart's legend");
    assert.ok((await p.locator("#ev-chart circle.point title").count()) >= 10, "values on hover");
    assert.match(await p.textContent("#ev-chart"), /turn/);
    // The model's options reach the request: without hand changes and shanten-back the
    // search is smaller.
    const states = async () => Number((await p.textContent("#ev-status")).match(/^(\d+) hand states/)[1]);
    const full = await states();
    await p.uncheck("#ev-hand_changes");
    await p.uncheck("#ev-shanten_back");
    await p.fill("#ev-last", "12");
    await p.click("#ev-run");
    await p.waitForFunction((n) => {
      const m = document.getElementById("ev-status").textContent.match(/^(\d+) hand states/);
      return m && Number(m[1]) !== n;
    }, full, { timeout: 60000 });
    assert.ok((await states()) < full, `${await states()} states, ${full} with every option`);
    await fits(p, "expected value");
    await p.setInputFiles("#record", `${root}examples/game.json`);
    await p.waitForFunction(() => /kyoku/.test(document.querySelector("#review-status").textContent), null, { timeout: 60000 });
    await fits(p, "review");
    // Every decision: the riichi the dealer let pass and the calls offered, as choices.
    const kinds = await p.$$eval("#review-view table.choices td.kind", (tds) => tds.map((t) => t.textContent));
    assert.ok(kinds.includes("riichi") && kinds.includes("call"), `choices: ${kinds}`);
    await snap(p, `views-${label}`);
    if (haveShared) {
      // A hanchan: discards against a riichi with each option's danger, folds, the summary.
      await p.setInputFiles("#record", `${shared}/logs/tenhou6/majiang_full_hanchan.json`);
      await p.waitForFunction(() => /10 kyoku/.test(document.querySelector("#review-status").textContent), null, { timeout: 60000 });
      await fits(p, "review of a hanchan");
      const [defence, folds, pictures, kan] = await p.evaluate(() => [
        document.querySelectorAll("#review-view tr.defence").length,
        document.querySelectorAll("#review-view tr.fold").length,
        document.querySelectorAll("#review-view tr.defence .danger-opt svg").length,
        [...document.querySelectorAll("#review-view td.kind")].some((t) => t.textContent.startsWith("kan")),
      ]);
      assert.ok(defence >= 100 && folds >= 20 && pictures > defence && kan, `${defence} defences, ${folds} folds, ${pictures} tiles, kan ${kan}`);
      assert.match(await p.textContent("#review-view table.players"), /folds/);
      await snap(p, `review-defence-${label}`);
    }
  });

  await check("the report's tile sprite is web/tiles.js's drawing", async () => {
    execFileSync(process.execPath, [`${root}web/tools/sprite.mjs`, "--check"], { stdio: "inherit" });
  });

  let evReport = false;
  await each("the HTML report fits the screen", async (p, label) => {
    const out = shot ? shot.replace(/\.png$/, "-report.html") : `${root}target/web-report.html`;
    // A whole hanchan with calls (the shared data's), else the example kyoku (no meld).
    const hanchan = `${shared}/logs/tenhou6/majiang_full_hanchan.json`;
    const game = existsSync(hanchan) ? hanchan : `${root}examples/game.json`;
    execFileSync(binary, ["review", game, "--html", out], { stdio: "ignore" });
    await p.goto(`file://${out.startsWith("/") ? out : `${process.cwd()}/${out}`}`);
    await fits(p, "report");
    // Every tile a picture: a <use> of the embedded sprite (web/tiles-sprite.svg), drawn.
    const [tiles, drawn, sideways, letters] = await p.evaluate(() => [
      document.querySelectorAll("svg.t").length,
      [...document.querySelectorAll("svg.t use")].slice(0, 50).every((u) => u.getBBox().width > 0),
      document.querySelectorAll(".meld svg.t.s").length,
      document.querySelectorAll("span.t").length,
    ]);
    assert.ok(tiles > 100 && drawn, `${tiles} tiles as SVG, drawn: ${drawn}`);
    assert.equal(letters, 0, "tiles drawn as letters");
    if (game === hanchan) assert.ok(sideways > 0, "no meld with its called tile sideways");
    await snap(p, `report-${label}`);
    if (game !== hanchan) return;
    // Every decision, with its numbers: S4.1 with expected values for seats 1 and 2
    // (seat 2's riichi against dama, seat 1's fold against it, each option's danger).
    const ev = out.replace(/\.html$/, "-ev.html");
    if (!evReport) execFileSync(binary, ["review", game, "--ev", "--kyoku", "S4.1", "--seats", "1,2", "--html", ev], { stdio: "ignore" });
    evReport = true;
    await p.goto(`file://${ev.startsWith("/") ? ev : `${process.cwd()}/${ev}`}`);
    await fits(p, "report with expected values");
    const text = await p.textContent("body");
    assert.match(text, /riichi[^★]*dama|dama s0 [0-9.]+% \d+/, "riichi and dama with their numbers");
    assert.match(text, /fold: /);
    assert.match(text, /value -?\d+/);
    assert.ok((await p.locator("tr.def .danger svg.t").count()) > 10, "each option's tile as a picture");
    await snap(p, `report-ev-${label}`);
  });

  await check("a phone's width: nothing wider than the screen", async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await phone.goto(`${url}${url.includes("?") ? "&" : "?"}q=123m406p789s1122z7z`);
    await phone.waitForSelector("#discards:not([hidden]) tbody tr");
    const [scroll, width] = await phone.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= width, `${scroll} px wide on a ${width} px screen`);
    await phone.close();
  });

  // The Play view: a new game, a few moves, then a whole kyoku, always taking the first
  // legal action (a tile when discards are legal, else the first button).
  // With `whole`, an east-only game played to its end, then its record downloaded
  // (tenhou.net/6) and opened in the review.
  const playKyoku = async (p, width, whole = false) => {
    await p.goto(`${url}#play`);
    await p.waitForSelector("body[data-ready='1']", { timeout: 30000 });
    await p.fill("#play-seed", "5");
    if (whole) await p.selectOption("#play-rules", "tenhou-tonpuu");
    await p.click("#play-new");
    await p.waitForSelector("#play-hand .tile", { timeout: 30000 });
    const tiles = await p.locator("#play-hand .tile").count();
    assert.ok(tiles === 13 || tiles === 14, `${tiles} tiles in hand`);
    assert.ok((await p.locator("#play-seats .seat").count()) === 4);
    let moves = 0;
    const t0 = Date.now();
    for (;;) {
      const before = await p.getAttribute("#play", "data-moves");
      const resultShown = await p.isVisible("#play-result");
      if ((await p.getAttribute("#play", "data-over")) === "1") break;
      if (resultShown && moves > 0 && !whole) break;
      assert.ok(moves < (whole ? 3000 : 400), `no ${whole ? "game" : "kyoku"} end after ${moves} moves`);
      if ((await p.getAttribute("#play-hand", "class")) === "click") {
        await p.click("#play-hand .tile >> nth=0");
      } else {
        await p.click("#play-actions button >> nth=0");
      }
      await p.waitForFunction((b) => document.getElementById("play").dataset.moves !== b, before, { timeout: 30000 });
      assert.equal(await p.isVisible("#play-error"), false, await p.textContent("#play-error"));
      moves++;
    }
    const result = await p.textContent("#play-result");
    assert.match(result, /wins|draw|nine terminals|four|triple|Game over/);
    const [scroll, w] = await p.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= w, `${scroll} px wide on a ${w} px screen`);
    console.log(`     ${width} px: a ${whole ? "game" : "kyoku"} in ${moves} moves, ${((Date.now() - t0) / moves).toFixed(0)} ms a move`);
    if (!whole) return;
    assert.match(result, /Game over/);
    assert.equal(await p.getAttribute("#play-menu", "open"), "", "the record menu opens at the end");
    const [download] = await Promise.all([p.waitForEvent("download"), p.click("#play-download")]);
    assert.match(download.suggestedFilename(), /^pairi-tenhou-tonpuu-seed5-seat1\.json$/);
    const text = readFileSync(await download.path(), "utf8");
    const record = JSON.parse(text);
    assert.ok(record.log.length >= 4, `${record.log.length} kyoku in the record`);
    // The page's record is the command line's bytes for the same game.
    const actions = await p.evaluate(() => window.pairi.play.answer.actions);
    // Entries are 1000 × seat + action id; no other seat's pass (id 156) is ever written.
    assert.ok(actions.every((e) => e < 1000 || e % 1000 !== 156), "another seat's pass in the actions");
    const cli = JSON.parse(
      execFileSync(binary, ["play", "--rules", "tenhou-tonpuu", "--seed", "5", "--actions", actions.join(","), "--record", "tenhou6"], {
        encoding: "utf8",
      }),
    );
    assert.equal(text, cli.record);
    await p.click("#play-review");
    await p.waitForFunction(() => /kyoku$/.test(document.getElementById("review-status").textContent), null, { timeout: 30000 });
    assert.equal(await p.isVisible("#review-view"), true);
    assert.equal(await p.textContent("#review-status"), `tenhou6, ${record.log.length} kyoku`);
    assert.ok((await p.locator("#review-view h3").count()) === record.log.length);
    const [scroll2, w2] = await p.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll2 <= w2, `the review: ${scroll2} px wide on a ${w2} px screen`);
  };

  await check("play: a kyoku against pairi's agents (desktop)", async () => {
    await playKyoku(page, 1000);
  });

  await check("play: a kyoku at a phone's width (390 px)", async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 800 } });
    phone.on("pageerror", (e) => errors.push(String(e)));
    await playKyoku(phone, 390);
    if (shot) writeFileSync(shot.replace(/\.png$/, "-play-390.png"), await phone.screenshot({ fullPage: true }));
    await phone.close();
  });

  await check("play: a whole game, downloaded and opened in review (desktop)", async () => {
    const p = await browser.newPage({ viewport: { width: 1000, height: 900 }, acceptDownloads: true });
    p.on("pageerror", (e) => errors.push(String(e)));
    await playKyoku(p, 1000, true);
    await p.close();
  });

  await check("play: a whole game, downloaded and opened in review (390 px)", async () => {
    const p = await browser.newPage({ viewport: { width: 390, height: 800 }, acceptDownloads: true });
    p.on("pageerror", (e) => errors.push(String(e)));
    await playKyoku(p, 390, true);
    if (shot) writeFileSync(shot.replace(/\.png$/, "-review-390.png"), await p.screenshot({ fullPage: true }));
    await p.close();
  });

  await check("no script error", async () => {
    assert.deepEqual(errors, []);
  });
} finally {
  await browser.close();
}
if (failures.length) {
  console.log(`${failures.length} failed: ${failures.join("; ")}`);
  process.exit(1);
}
console.log("all passed");
