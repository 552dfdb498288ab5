// Plays every variant on the board page in headless Chromium, by clicking, against the engine,
// and checks the page's position after every move against an engine process of its own.
//
//   node board_test.mjs <board url> <tetsugaku> <output dir> [variant ...]
//
// Writes <output dir>/<variant>.png per variant. Exits 1 when a check fails.

import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { mkdirSync, readFileSync } from "node:fs";

const [url, enginePath, out, ...only] = process.argv.slice(2);
const MOVES_PER_VARIANT = 10;
const WAIT = 30_000;
const failures = [];
let passed = 0;
const check = (what, ok, seen) => {
  if (ok) passed += 1;
  else {
    console.log(`FAIL ${what}${seen === undefined ? "" : ` (saw ${JSON.stringify(seen)})`}`);
    failures.push(what);
  }
  return ok;
};

// ---------------------------------------------------------------------------------------------
// The referee: an engine process of the test's own

class Engine {
  constructor(path) {
    this.process = spawn(path, [], { stdio: ["pipe", "pipe", "ignore"] });
    this.queue = [];
    this.waiting = null;
    createInterface({ input: this.process.stdout }).on("line", (line) => {
      this.queue.push(line);
      if (this.waiting) this.waiting();
    });
  }

  async line() {
    while (this.queue.length === 0) await new Promise((resolve) => (this.waiting = resolve));
    return this.queue.shift();
  }

  /** Sends `command` and reads up to the line for which `last` holds. */
  async ask(command, last) {
    this.process.stdin.write(`${command}\n`);
    const lines = [];
    for (;;) {
      const line = await this.line();
      lines.push(line);
      if (line.startsWith("info string error")) throw new Error(`the engine refused ${command}: ${line}`);
      if (last(line)) return lines;
    }
  }

  /** Sets the position after `moves` from `start` (`startpos` or `sfen ...`) of `variant`. */
  async position(variant, start, moves) {
    const command = `position ${start}${moves.length ? ` moves ${moves.join(" ")}` : ""}`;
    await this.ask(`variant ${variant}\n${command}\nisready`, (l) => l === "readyok");
  }

  async sfen() {
    const lines = await this.ask("d", (l) => l.startsWith("key "));
    return lines.find((l) => l.startsWith("sfen ")).slice(5);
  }

  async result() {
    const [line] = await this.ask("result", (l) => l.startsWith("result "));
    return line.slice(7);
  }

  /** The `places` reply: `{ moves: [{move, places}], chances: [{item, weight}] }`. */
  async places() {
    const lines = await this.ask("places", (l) => l === "placesok");
    const moves = [];
    const chances = [];
    for (const line of lines.slice(0, -1)) {
      const [kind, token, ...rest] = line.split(" ");
      if (kind === "place") moves.push({ move: token, places: rest });
      else chances.push({ item: token, weight: Number(rest[0]) });
    }
    return { moves, chances };
  }

  /** The rule options `variant` reads, from the `rules` reply. */
  async rules(variant) {
    const lines = await this.ask("rules", (l) => l === "rulesok");
    const line = lines.find((l) => l.startsWith(`rules ${variant} `) || l === `rules ${variant}`);
    return line.split(" ").slice(2);
  }

  quit() {
    this.process.stdin.end("quit\n");
  }
}

// A small seeded generator, so that the human's choices are repeatable.
let seed = 2026;
const random = (n) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return (((t ^ (t >>> 14)) >>> 0) % n);
};

// ---------------------------------------------------------------------------------------------
// The page

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
const page = await context.newPage();
const errors = [];
page.on("pageerror", (error) => errors.push(String(error)));
page.on("console", (message) => { if (message.type() === "error") errors.push(message.text()); });
const engine = new Engine(enginePath);
mkdirSync(out, { recursive: true });

const status = () => page.locator("#status").evaluate((element) => ({ ...element.dataset }));
const movesOf = (s) => (s.moves ? s.moves.split(" ") : []);

/** Waits until the page shows a position where the human (b) is to act, or the game is over. */
async function settled(before) {
  await page.waitForFunction((before) => {
    const d = document.querySelector("#status").dataset;
    if (d.moves === before || d.thinking === "true" || d.connected !== "true") return false;
    return d.result !== "ongoing" || (d.side === "b" && d.ply === String(d.moves ? d.moves.split(" ").length : 0));
  }, before, { timeout: WAIT });
  return status();
}

/** The page's position against the referee's: the same position string for the same items. */
async function checkBoard(label) {
  const s = await status();
  const moves = movesOf(s).slice(0, Number(s.ply));
  await engine.position(s.variant, s.start, moves);
  const sfen = await engine.sfen();
  check(`${label}: the page shows the engine's position after ${moves.length} items`, s.sfen === sfen, { page: s.sfen, engine: sfen });
  const result = await engine.result();
  check(`${label}: the page's result is the engine's`, s.result === result, { page: s.result, engine: result });
  return s;
}

async function clickPlace(place) {
  const element = page.locator(`#board [data-place="${place}"]`).first();
  const box = await element.boundingBox();
  if (!check(`the board has a place ${place}`, box !== null)) return;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Enters `move` by clicking its places (and the choice button where the places do not decide). */
async function clickMove(move, label) {
  const before = (await status()).moves;
  for (const [index, place] of move.places.entries()) {
    if (index > 0) {
      const marked = await page.locator(`#board .mark.target[data-mark="${CSS_escape(place)}"]`).count();
      check(`${label}: ${place} is marked as a next place of ${move.move}`, marked > 0, marked);
    }
    await clickPlace(place);
  }
  const button = page.locator(`#choices button[data-move="${CSS_escape(move.move)}"]`);
  await page.waitForFunction(({ before, token }) => {
    const played = document.querySelector("#status").dataset.moves !== before;
    return played || [...document.querySelectorAll("#choices button")].some((b) => b.dataset.move === token);
  }, { before, token: move.move }, { timeout: WAIT });
  if ((await status()).moves === before) await button.click();
  return before;
}

const CSS_escape = (text) => text.replace(/["\\]/g, "\\$&");

/** The human's turn: roll if the dice are due, else click a move chosen by `choose`. */
async function humanTurn(label, choose = (moves) => moves[random(moves.length)]) {
  const s = await status();
  await engine.position(s.variant, s.start, movesOf(s));
  const { moves, chances } = await engine.places();
  let before;
  let played;
  if (chances.length > 0) {
    before = s.moves;
    await page.locator("#roll").click();
    played = "a roll";
  } else {
    const move = choose(moves);
    before = await clickMove(move, label);
    played = move.move;
  }
  const after = await settled(before);
  check(`${label}: ${played} was played`, movesOf(after).length > movesOf(s).length, after.moves);
  await checkBoard(`${label} after ${played}`);
  return { move: played, chance: chances.length > 0 };
}

async function openPanel(id) {
  const details = page.locator(`#${id}`);
  if (!(await details.evaluate((d) => d.open))) await details.locator("summary").click();
}

/** A new game of `variant`: the human is the first player, the engine the second. */
async function newGame(variant) {
  await openPanel("setup");
  await page.selectOption("#side-b", "human");
  await page.selectOption("#side-w", "engine");
  await page.fill("#movetime", "50");
  if (await page.locator("#level-label").isVisible()) {
    const lowest = await page.locator("#level option").first().getAttribute("value");
    await page.selectOption("#level", lowest);
  }
  await page.selectOption("#variant", variant);
  const shown = await page.locator("#rules [data-rule]:visible").evaluateAll((labels) => labels.map((l) => l.dataset.rule));
  const reads = await engine.rules(variant);
  check(`${variant}: the rule options offered are the variant's own (${reads.join(", ") || "none"})`, JSON.stringify(shown) === JSON.stringify(reads), shown);
  await page.fill("#start", "");
  await page.click("#new-game button[type=submit]");
  await page.waitForFunction((variant) => {
    const d = document.querySelector("#status").dataset;
    return d.variant === variant && d.moves === "" && d.thinking === "false";
  }, variant, { timeout: WAIT });
  await checkBoard(`${variant}: new game`);
}

/** Loads pasted text and waits for the page to show `start` with `count` items. */
async function load(text, start, count) {
  await openPanel("files");
  await page.fill("#text", text);
  await page.click("#load");
  await page.waitForFunction(({ start, count }) => {
    const d = document.querySelector("#status").dataset;
    return d.start === start && (d.moves ? d.moves.split(" ").length : 0) === count && d.thinking === "false";
  }, { start, count }, { timeout: WAIT });
  return checkBoard(`loaded ${text.slice(0, 40)}`);
}

/** Loads `sfen` of the current variant and clicks `token`, which the engine must list there. */
async function playFrom(sfen, token, label) {
  await load(sfen, `sfen ${sfen}`, 0);
  const s = await status();
  await engine.position(s.variant, s.start, []);
  const { moves } = await engine.places();
  const move = moves.find((m) => m.move === token);
  if (!check(`${label}: ${token} is legal in ${sfen}`, move !== undefined, moves.map((m) => m.move))) return null;
  const before = await clickMove(move, label);
  const after = await settled(before);
  check(`${label}: ${token} is the first item`, movesOf(after)[0] === token, after.moves);
  return checkBoard(`${label} after ${token}`);
}

/** Finishes a game: `token` ends it and the page says who won. */
async function finish(sfen, token, label) {
  const after = await playFrom(sfen, token, label);
  if (!after) return;
  check(`${label}: the game is over`, after.result !== "ongoing", after.result);
  const text = await page.locator("#result").textContent();
  check(`${label}: the result is shown`, text.includes(after.result.split(" ")[1]), text);
}

// ---------------------------------------------------------------------------------------------
// What is tested per variant beyond ten moves

const chosen = (token) => (moves) => moves.find((m) => m.move === token);

const extras = {
  async shogi() {
    // A promotion is a choice between two moves with the same places; then a drop.
    await load("position startpos moves 7g7f 3c3d", "startpos", 2);
    let s = await status();
    await engine.position("shogi", s.start, movesOf(s));
    const promotions = (await engine.places()).moves.filter((m) => m.places.join() === "8h,2b");
    check("shogi: 8h2b has two moves", promotions.length === 2, promotions);
    const before = (await status()).moves;
    await clickPlace("8h");
    await clickPlace("2b");
    await page.locator('#choices button[data-move="8h2b+"]').waitFor({ timeout: WAIT });
    check("shogi: both promotion choices are offered",
      await page.locator('#choices button[data-move="8h2b"]').count() === 1);
    await page.locator('#choices button[data-move="8h2b+"]').click();
    await settled(before);
    s = await checkBoard("shogi after 8h2b+");
    check("shogi: 8h2b+ was played", movesOf(s)[2] === "8h2b+", s.moves);
    const drop = await humanTurn("shogi drop", (moves) => moves.find((m) => m.places[0] === "B*"));
    check("shogi: a bishop was dropped", drop.move.startsWith("B*"), drop.move);
    await analysis();
    await navigation();
    await saveAndLoad();
    await refusal();
    await finish("k8/9/1G7/9/9/9/9/9/8K b G 1", "G*9b", "shogi mate");
  },
  async ito() {
    const s = await playFrom("k/r/c/l/g/1/i/p/1/1/1/1/1/P/I/N/G/L/C/R/K b N 1", "+N*1k", "ito drop of the flipped face");
    check("ito: +N*1k was played", s && movesOf(s)[0] === "+N*1k", s);
  },
  async checkers() {
    await playFrom("8/8/3m1m2/8/3m1m2/4M3/8/8 b - 1", "4fx2dx4b", "checkers path");
    await finish("8/8/8/8/3m4/4M3/8/8 b - 1", "4fx6d", "checkers last capture");
  },
  async enryo() {
    await playFrom("8k/9/9/3m1m3/9/3m1m3/4M4/9/K8 b - 1", "5gx3ex5c", "enryo path");
  },
  async "philosophy-checkers"() {
    await playFrom("8k/9/9/3m1m3/9/3m1m3/4M4/9/K8 b - 1", "5gx3ex5cx7ex5g", "philosophy-checkers path");
  },
  async "philosophers-chess"() {
    await newGame("philosophers-chess");
    await humanTurn("philosophers-chess mind-move", chosen("mo1o2"));
    // 1e1d is a whole turn and the start of the double turn 1e1d,1d1c: the page offers it and
    // lets the user click on.
    const sfen = "rhnkhr/hhpphh/6/6/HHPPHE/RHNKHR b - o1 0 1";
    await load(sfen, `sfen ${sfen}`, 0);
    const before = (await status()).moves;
    await clickPlace("1e");
    await clickPlace("1d");
    await page.locator('#choices button[data-move="1e1d"]').waitFor({ timeout: WAIT });
    await clickPlace("1c");
    await settled(before);
    const s = await checkBoard("philosophers-chess double turn");
    check("philosophers-chess: the double turn 1e1d,1d1c was played", movesOf(s)[0] === "1e1d,1d1c", s.moves);
  },
  async shogammon() {
    const sfen = "4k4/9/7[sg]1/7P1/9/9/9/7R1/4K4 b - 51 1";
    const s = await playFrom(sfen, "2d2c+,2h2c+", "shogammon point capture");
    check("shogammon: the point was captured", s && s.sfen.includes("7[+P+R]1/") && s.sfen.includes(" GS "), s && s.sfen);
  },
  async hasami() {
    await finish("8p/9/9/9/3Pp4/9/9/9/5P3 b - 1", "4i4e", "hasami capture");
  },
};

/** Ten human moves (the engine answering each), in new games as long as needed. */
async function tenMoves(variant) {
  await newGame(variant);
  let clicked = 0;
  let twoSubMoves = 0;
  let marked = 0;
  while (clicked < MOVES_PER_VARIANT) {
    const s = await status();
    if (s.result !== "ongoing") {
      await newGame(variant);
      continue;
    }
    // In Shogammon, prefer turns of two sub-moves.
    const choose = (moves) => {
      const two = moves.filter((m) => m.move.includes(","));
      const pool = variant === "shogammon" && two.length > 0 ? two : moves;
      return pool[random(pool.length)];
    };
    const turn = await humanTurn(`${variant} move ${clicked + 1}`, choose);
    if (!turn.chance) clicked += 1;
    if (turn.move.includes(",")) twoSubMoves += 1;
    marked += (await page.locator("#board .mark.last").count()) > 0 ? 1 : 0;
  }
  check(`${variant}: the last move is marked on the board`, marked > 0, marked);
  if (variant === "shogammon") check("shogammon: a roll and a turn of two sub-moves", twoSubMoves > 0, twoSubMoves);
  await takeBack(variant);
}

async function takeBack(variant) {
  const s = await status();
  if (s.result !== "ongoing" || movesOf(s).length < 2) return;
  const before = s.moves;
  await page.click("#takeback");
  const after = await settled(before);
  check(`${variant}: take back leaves the human to move with fewer items`,
    movesOf(after).length < movesOf(s).length && after.side === "b", after.moves);
  await checkBoard(`${variant} after take back`);
}

// ---------------------------------------------------------------------------------------------
// Checks made once (in shogi)

async function analysis() {
  await page.selectOption("#multipv", "3");
  await page.check("#analyse");
  await page.waitForFunction(() => document.querySelectorAll("#lines tbody tr").length === 3, null, { timeout: WAIT });
  check("analysis with MultiPV 3 shows three lines", true);
  const best = page.locator("#board .mark.best");
  await best.first().waitFor({ timeout: WAIT });
  const before = (await status()).moves;
  // The lines change while the engine thinks: read the move and click it at once, in the page.
  const pv = await page.locator('#lines tbody tr[data-multipv="1"] td:last-child a').first()
    .evaluate((link) => { link.click(); return link.textContent; });
  await page.waitForFunction((before) => document.querySelector("#status").dataset.moves !== before, before, { timeout: WAIT });
  const s = await status();
  check("clicking a PV move plays it", movesOf(s)[movesOf({ moves: before }).length] === pv, { pv, moves: s.moves });
  await page.uncheck("#analyse");
  await page.waitForFunction(() => document.querySelector("#status").dataset.analysing === "0", null, { timeout: WAIT });
  await settled(before);
  await checkBoard("after the PV move");
}

async function navigation() {
  const s = await status();
  const count = movesOf(s).length;
  const ply = async () => Number((await status()).ply);
  const waitPly = (n) => page.waitForFunction((n) => document.querySelector("#status").dataset.ply === String(n), n, { timeout: WAIT });
  await page.locator("#board").click({ position: { x: 2, y: 2 } });
  await page.keyboard.press("Home");
  await waitPly(0);
  await checkBoard("navigation: Home");
  await page.keyboard.press("ArrowRight");
  await waitPly(1);
  await checkBoard("navigation: ArrowRight");
  await page.click('[data-go="end"]');
  await waitPly(count);
  await page.click('[data-go="back"]');
  await waitPly(count - 1);
  await page.keyboard.press("ArrowLeft");
  await waitPly(count - 2);
  await checkBoard("navigation: back, ArrowLeft");
  await page.locator('#moves a[data-ply="1"]').click();
  await waitPly(1);
  await page.click('[data-go="start"]');
  await waitPly(0);
  await page.click('[data-go="forward"]');
  await waitPly(1);
  await page.keyboard.press("End");
  await waitPly(count);
  check("navigation ends at the last item", (await ply()) === count);
  const svg = () => page.locator("#board svg").innerHTML();
  const plain = await svg();
  await page.check("#flip");
  await page.waitForFunction((plain) => document.querySelector("#board svg").innerHTML !== plain, plain, { timeout: WAIT });
  check("the flipped board has places", (await page.locator("#board [data-place]").count()) > 0);
  await page.uncheck("#flip");
  await page.waitForFunction((plain) => document.querySelector("#board svg").innerHTML === plain, plain, { timeout: WAIT });
  await checkBoard("after flipping the board and back");
}

async function saveAndLoad() {
  const s = await status();
  await openPanel("files");
  const downloads = [];
  page.on("download", (download) => downloads.push(download));
  await page.click("#save");
  await page.waitForFunction(() => document.querySelector("#text").value.includes("moves"), null, { timeout: WAIT });
  for (let i = 0; i < 50 && downloads.length < 2; i++) await page.waitForTimeout(100);
  check("save downloads the position line and the record", downloads.length === 2, downloads.length);
  const names = downloads.map((d) => d.suggestedFilename()).sort();
  check("the saved files", names.join() === "shogi.games,shogi.txt", names);
  const record = downloads.find((d) => d.suggestedFilename().endsWith(".games"));
  const text = record ? readFileSync(await record.path(), "utf8") : "";
  check("the record holds the game", text.includes(`moves ${s.moves}`) && text.includes('[Variant "shogi"]'), text);
  await newGame("hasami");
  await load(text, "startpos", movesOf(s).length);
  check("the loaded record is the saved game", (await status()).moves === s.moves);
  const sfen = (await status()).sfen;
  await load(sfen, `sfen ${sfen}`, 0);
  check("a pasted position string is loaded", (await status()).sfen === sfen);
}

async function refusal() {
  const before = await status();
  const log = await page.locator("#log li").count();
  await page.fill("#move-text", "9i9a");
  await page.click("#enter button[type=submit]");
  await page.waitForFunction((log) => document.querySelectorAll("#log li").length > log, log, { timeout: WAIT });
  const line = await page.locator("#log li").first().textContent();
  check("a refused move shows the engine's line", line.startsWith("refused: info string error") && line.includes("9i9a"), line);
  const after = await checkBoard("after a refused move");
  check("a refused move changes nothing", after.moves === before.moves && after.sfen === before.sfen);
}

// ---------------------------------------------------------------------------------------------

await page.goto(url);
await page.waitForFunction(() => document.querySelector("#status").dataset.connected === "true", null, { timeout: WAIT });
const variants = await page.locator("#variant option").evaluateAll((options) => options.map((o) => o.value));
check("the page lists the 15 variants", variants.length === 15, variants);
const started = Date.now();
for (const variant of variants.filter((v) => only.length === 0 || only.includes(v))) {
  const time = Date.now();
  const failed = failures.length;
  try {
    await tenMoves(variant);
    await page.screenshot({ path: `${out}/${variant}.png` });
    if (extras[variant]) await extras[variant]();
  } catch (error) {
    check(`${variant}: ${error.message.split("\n")[0]}`, false);
  }
  console.log(`${failures.length === failed ? "ok  " : "FAIL"} ${variant} (${((Date.now() - time) / 1000).toFixed(1)} s)`);
}
check("no script errors on the page", errors.length === 0, errors);
engine.quit();
await browser.close();
console.log(`${passed} checks passed, ${failures.length} failed, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failures.length === 0 ? 0 : 1);
