// Opens an `arena report` page in headless Chromium (Playwright), clicks through one game with
// the buttons, the keys and the move list, checking what the viewer shows at each step, and
// takes a screenshot of that game. Exits 1 at the first check that fails.
//
//   node report_browser.mjs <report.html> <game number> <plies to step> <screenshot.png>

import { chromium } from "playwright-core";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [page_path, number, steps, screenshot] = process.argv.slice(2);
const failures = [];
const check = (what, ok, seen) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${ok ? "" : ` (saw ${JSON.stringify(seen)})`}`);
  if (!ok) failures.push(what);
};

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
const errors = [];
page.on("pageerror", (error) => errors.push(String(error)));
page.on("console", (message) => { if (message.type() === "error") errors.push(message.text()); });
const loading = Date.now();
await page.goto(pathToFileURL(resolve(page_path)).href);
console.log(`page loaded in ${Date.now() - loading} ms`);

const sections = await page.locator("section.game").count();
const places = await page.locator("section.game .board").count();
check(`every game has a place for its board (${sections} games)`, sections > 0 && places === sections, places);
const built = await page.locator("section.game .board svg").count();
check(`the boards near the screen are drawn (${built})`, built > 0 && built < sections, built);

const game = page.locator(`#game-${number}`);
await game.scrollIntoViewIfNeeded();
await game.locator(".board svg").waitFor();
const label = () => game.locator(".ply").textContent();
const items = await game.locator(".moves a").count();
check(`game ${number} opens at its end`, (await label()) === `after item ${items} of ${items}`, await label());

await game.locator("button[data-go=start]").click();
check("the start button shows the start position", (await label()) === "start", await label());
check("no square is marked at the start", (await game.locator("rect.last").count()) === 0, await game.locator("rect.last").count());

for (let i = 0; i < Number(steps); i++) await page.keyboard.press("ArrowRight");
check(`ArrowRight ${steps} times steps ${steps} items`, (await label()) === `after item ${steps} of ${items}`, await label());
const marked = await game.locator("rect.last").count();
const current = await game.locator(".moves a.current").textContent();
const expected = await game.locator(`.moves a[data-ply="${steps}"]`).textContent();
// A roll of the dice (Shogammon) moves nothing: only the roll caption changes.
const roll = /^[0-9]+$/.test(expected);
check(roll ? "a roll marks no square" : "the last move's squares are marked", roll ? marked === 0 : marked >= 1, marked);
check(`the move list marks item ${steps} (${expected})`, current === expected, current);

await page.keyboard.press("ArrowLeft");
check("ArrowLeft steps back", (await label()) === `after item ${Number(steps) - 1} of ${items}`, await label());
await game.locator("button[data-go=forward]").click();
check("the forward button steps on", (await label()) === `after item ${steps} of ${items}`, await label());
await game.locator(`.moves a[data-ply="2"]`).click();
check("a click on item 2 shows it", (await label()) === `after item 2 of ${items}`, await label());
await page.keyboard.press("End");
check("End shows the last position", (await label()) === `after item ${items} of ${items}`, await label());
await page.keyboard.press("Home");
check("Home shows the start", (await label()) === "start", await label());
await game.locator("button[data-go=end]").click();
await game.locator("button[data-go=back]").click();
check("the end and back buttons", (await label()) === `after item ${items - 1} of ${items}`, await label());

// The screenshot: the game at the ply asked for, its last move marked.
await game.locator(`.moves a[data-ply="${steps}"]`).click();
await game.screenshot({ path: screenshot });
check("no script errors", errors.length === 0, errors);
await browser.close();
console.log(failures.length === 0 ? "all checks passed" : `${failures.length} checks failed`);
process.exit(failures.length === 0 ? 0 : 1);
