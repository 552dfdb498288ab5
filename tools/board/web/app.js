"use strict";
// The page of the Tetsugaku board. It knows no rules: the board is the engine's `d svg`, the
// moves a user may enter are the engine's `places` reply, and every move is judged by the
// engine. Messages to and from the server: tools/board/README.md.

const SVG_NS = "http://www.w3.org/2000/svg";
const $ = (selector) => document.querySelector(selector);

const page = {
  socket: null,
  /** The server's `hello`: variants, options, rule options. */
  hello: null,
  /** The last `state`. */
  state: null,
  /** The places clicked so far toward a move. */
  sequence: [],
  /** An engine move or a roll was asked for and has not been answered. */
  waiting: false,
  /** Taking back until a human is to move. */
  undoing: false,
  /** The analysis lines of the position on view, by multipv. */
  lines: new Map(),
  /** The text last loaded, kept to load a game chosen from it. */
  loaded: "",
};

// ---------------------------------------------------------------------------------------------
// The connection

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws`);
  page.socket = socket;
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    $("#status").textContent = "disconnected: reload the page for a new game";
    $("#status").dataset.connected = "false";
    log("error", "the connection to the server is closed");
  };
}

function send(message) {
  if (page.socket && page.socket.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify(message));
}

function receive(message) {
  switch (message.type) {
    case "hello": return setUp(message);
    case "state": return show(message);
    case "info": return analysisLine(message);
    case "bestmove":
      // A move is followed by its state; a resignation by nothing.
      if (message.move === "resign") page.waiting = false;
      return showStatus();
    case "saved": return saved(message);
    case "choose": return offerGames(message.games);
    case "engine": return log("engine", message.line);
    case "refused":
    case "error":
    case "fault":
      page.waiting = false;
      page.undoing = false;
      log(message.type, message.message);
      return showStatus();
    default:
      log("error", `unknown message ${message.type}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Set-up from `hello`: variants, rule options, level, engine options

function setUp(hello) {
  page.hello = hello;
  const variants = $("#variant");
  variants.replaceChildren(...hello.variants.map((name) => new Option(name, name)));
  const rules = $("#rules");
  rules.replaceChildren(rules.querySelector("legend"));
  for (const name of hello.rule_options) {
    const option = optionNamed(name);
    const label = labelled(name, control(option));
    label.dataset.rule = name;
    rules.append(label);
  }
  showRules();
  setUpLevel(optionNamed("Skill Level"));
  const options = $("#options");
  options.replaceChildren();
  for (const name of hello.engine_options.filter((n) => n !== "Skill Level")) {
    const input = control(optionNamed(name));
    if (!input) continue;
    input.addEventListener("change", () => send({ type: "options", values: { [name]: valueOf(input) } }));
    options.append(labelled(name, input));
  }
}

/** Shows the rule options the chosen variant reads (the engine's `rules` reply), hides the others. */
function showRules() {
  const reads = page.hello.variant_rules?.[$("#variant").value];
  let shown = 0;
  for (const label of document.querySelectorAll("#rules [data-rule]")) {
    label.hidden = reads ? !reads.includes(label.dataset.rule) : false;
    if (!label.hidden) shown++;
  }
  $("#rules").hidden = shown === 0;
}

function optionNamed(name) {
  return page.hello.options.find((option) => option.name === name);
}

function setUpLevel(option) {
  $("#level-label").hidden = !option;
  if (!option) return;
  const levels = [];
  for (let level = option.min ?? 0; level <= (option.max ?? 20); level++) levels.push(new Option(level, level));
  $("#level").replaceChildren(...levels);
  $("#level").value = option.default;
}

/** An input for a declared option (check, combo, spin or string), holding its default. */
function control(option) {
  if (!option || option.kind === "button") return null;
  let input;
  if (option.kind === "check") {
    input = document.createElement("input");
    input.type = "checkbox";
  } else if (option.kind === "combo") {
    input = document.createElement("select");
    input.append(...option.vars.map((v) => new Option(v, v)));
  } else {
    input = document.createElement("input");
    if (option.kind === "spin") {
      input.type = "number";
      if (option.min !== null) input.min = option.min;
      if (option.max !== null) input.max = option.max;
    }
  }
  input.dataset.option = option.name;
  setValue(input, option.default);
  return input;
}

function valueOf(input) {
  return input.type === "checkbox" ? String(input.checked) : input.value;
}

function setValue(input, value) {
  if (input.type === "checkbox") input.checked = value === "true";
  else input.value = value;
}

function labelled(text, input) {
  const label = document.createElement("label");
  label.append(`${text} `);
  if (input) label.append(input);
  return label;
}

// ---------------------------------------------------------------------------------------------
// A new state: draw everything, then let the engine move or roll if it is its turn

function show(state) {
  const previous = page.state;
  page.state = state;
  page.sequence = [];
  page.waiting = false;
  page.lines.clear();
  if (!previous || previous.variant !== state.variant || JSON.stringify(previous.rules) !== JSON.stringify(state.rules)) {
    showGameForm(state);
  }
  $("#board").innerHTML = state.svg;
  $("#flip").checked = state.flipped;
  $("#analyse").checked = state.analysing > 0;
  $("#diagram").textContent = state.diagram;
  if (state.places_error && (!previous || !previous.places_error)) {
    log("error", `the engine lists no places (${state.places_error}): enter moves as text`);
  }
  showMoves(state);
  showResult(state);
  showAnalysis();
  refresh();
  continueGame();
}

/** Redraws what depends on the places clicked: the marks on the board and the choices. */
function refresh() {
  mark();
  showChoices();
  showStatus();
}

function showGameForm(state) {
  $("#variant").value = state.variant;
  for (const input of document.querySelectorAll("#rules [data-option]")) {
    const value = state.rules[input.dataset.option];
    if (value !== undefined) setValue(input, value);
  }
  showRules();
}

function showStatus() {
  const state = page.state;
  const status = $("#status");
  if (!state) return;
  const over = state.result.winner !== "ongoing";
  const thinking = page.waiting;
  Object.assign(status.dataset, {
    variant: state.variant,
    start: state.start,
    sfen: state.sfen,
    side: state.side,
    ply: String(state.ply),
    moves: state.moves.join(" "),
    result: over ? `${state.result.winner} ${state.result.reason}` : "ongoing",
    thinking: String(thinking),
    analysing: String(state.analysing),
    connected: "true",
  });
  const viewing = state.ply < state.moves.length ? ` (viewing ${state.ply} of ${state.moves.length})` : "";
  const turn = over ? "game over" : `${sideName(state.side)} to move${thinking ? ", engine thinking…" : ""}`;
  status.textContent = `${state.variant} · ${turn} · item ${state.ply}${viewing}`;
}

function sideName(side) {
  return side === "b" ? "first player (b)" : side === "w" ? "second player (w)" : side;
}

function playerOf(side) {
  const select = side === "b" ? $("#side-b") : side === "w" ? $("#side-w") : null;
  return select ? select.value : "human";
}

function showResult(state) {
  const { winner, reason } = state.result;
  const text = winner === "ongoing" ? "" : winner === "draw" ? `Draw: ${reason}` : `${sideName(winner)} wins: ${reason}`;
  $("#result").textContent = text;
  $("#result").dataset.winner = winner;
}

function showMoves(state) {
  const list = $("#moves");
  list.replaceChildren(
    ...state.moves.map((token, index) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = "#";
      link.textContent = token;
      link.dataset.ply = index + 1;
      if (index + 1 === state.ply) link.className = "current";
      item.append(link);
      return item;
    }),
  );
  list.querySelector("a.current")?.scrollIntoView({ block: "nearest" });
}

/** After a state: the engine moves, or rolls, when the side to move is the engine's. */
function continueGame() {
  const state = page.state;
  if (page.undoing) {
    if (state.ply > 0 && playerOf(state.side) === "engine") return send({ type: "undo" });
    page.undoing = false;
  }
  if (state.result.winner !== "ongoing" || state.ply < state.moves.length || page.waiting) return;
  if (playerOf(state.side) !== "engine") return;
  if (state.chances.length > 0) return roll();
  askEngine();
}

function askEngine() {
  page.waiting = true;
  send({ type: "go", movetime_ms: Number($("#movetime").value) || 500 });
  showStatus();
}

// ---------------------------------------------------------------------------------------------
// Entering a move by clicking places

/** The legal moves whose places begin with `sequence`. */
function candidates(sequence) {
  const moves = page.state ? page.state.places : [];
  return moves.filter((m) => m.places.length >= sequence.length && sequence.every((p, i) => m.places[i] === p));
}

/** Whether the user may enter a move now. */
function mayEnter() {
  const state = page.state;
  if (!state || page.waiting || state.result.winner !== "ongoing") return false;
  return playerOf(state.side) === "human" || state.ply < state.moves.length;
}

function clickPlace(place) {
  if (!mayEnter()) return;
  const last = page.sequence[page.sequence.length - 1];
  let sequence = place === last ? [] : [...page.sequence, place];
  if (sequence.length > 0 && candidates(sequence).length === 0) sequence = [place];
  if (candidates(sequence).length === 0) sequence = [];
  page.sequence = sequence;
  const found = candidates(sequence);
  const complete = found.filter((m) => m.places.length === sequence.length);
  if (sequence.length > 0 && complete.length === 1 && found.length === 1) return play(complete[0].move);
  refresh();
}

function play(token) {
  page.sequence = [];
  send({ type: "play", move: token });
}

/** The place under a point of the screen: the element with `data-place` there, under pieces. */
function placeAt(x, y) {
  const board = $("#board");
  for (const element of document.elementsFromPoint(x, y)) {
    const place = element.closest("[data-place]");
    if (place && board.contains(place)) return place.dataset.place;
  }
  return null;
}

/** Buttons: the moves the places clicked complete, moves entered without places, the roll. */
function showChoices() {
  const choices = $("#choices");
  choices.replaceChildren();
  const state = page.state;
  if (!state || state.result.winner !== "ongoing") return;
  if (state.chances.length > 0) {
    const button = choiceButton("Roll", roll);
    button.id = "roll";
    button.disabled = page.waiting;
    choices.append(button);
    return;
  }
  if (!mayEnter()) return;
  const sequence = page.sequence;
  const complete = sequence.length > 0 ? candidates(sequence).filter((m) => m.places.length === sequence.length) : [];
  const placeless = state.places.filter((m) => m.places.length === 0);
  for (const move of [...complete, ...placeless]) {
    const button = choiceButton(move.move, () => play(move.move));
    button.dataset.move = move.move;
    choices.append(button);
  }
  if (complete.length > 0 && candidates(sequence).length > complete.length) {
    const note = document.createElement("span");
    note.textContent = "or click on to continue the move";
    choices.append(note);
  }
}

function choiceButton(text, action) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = text;
  button.addEventListener("click", action);
  return button;
}

// ---------------------------------------------------------------------------------------------
// Marks on the board: last move, best move, places clicked, places that may come next

function mark() {
  const svg = $("#board svg");
  if (!svg) return;
  svg.querySelector("g.marks")?.remove();
  const layer = document.createElementNS(SVG_NS, "g");
  layer.setAttribute("class", "marks");
  svg.append(layer);
  const state = page.state;
  for (const place of state.last ? state.last.places : []) markPlace(svg, layer, place, "last");
  const best = page.lines.get(1)?.pv?.[0];
  const bestMove = best && state.places.find((m) => m.move === best);
  for (const place of bestMove ? bestMove.places : []) markPlace(svg, layer, place, "best");
  for (const place of page.sequence) markPlace(svg, layer, place, "selected");
  if (page.sequence.length > 0) {
    const next = new Set(candidates(page.sequence).map((m) => m.places[page.sequence.length]).filter(Boolean));
    for (const place of next) markPlace(svg, layer, place, "target");
  }
}

/** Draws a mark over every element of `place`, in the SVG's own coordinates. */
function markPlace(svg, layer, place, kind) {
  const root = svg.getScreenCTM();
  if (!root) return;
  for (const element of svg.querySelectorAll(`[data-place="${CSS.escape(place)}"]`)) {
    const box = element.getBBox();
    const into = root.inverse().multiply(element.getScreenCTM());
    const rect = document.createElementNS(SVG_NS, "rect");
    for (const [key, value] of Object.entries({ x: box.x, y: box.y, width: box.width, height: box.height })) {
      rect.setAttribute(key, value);
    }
    rect.setAttribute("transform", `matrix(${into.a} ${into.b} ${into.c} ${into.d} ${into.e} ${into.f})`);
    rect.setAttribute("class", `mark ${kind}`);
    rect.dataset.mark = place;
    layer.append(rect);
  }
}

// ---------------------------------------------------------------------------------------------
// Dice: the controller rolls (Shogammon, or any game whose places reply has chance lines)

/** Picks a roll item by its weight with the browser's cryptographic random numbers. */
function roll() {
  const chances = page.state ? page.state.chances : [];
  const total = chances.reduce((sum, c) => sum + c.weight, 0);
  if (total <= 0 || page.waiting) return;
  const limit = Math.floor(2 ** 32 / total) * total;
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while (word[0] >= limit);
  let pick = word[0] % total;
  const chosen = chances.find((c) => (pick -= c.weight) < 0);
  page.waiting = true;
  send({ type: "play", move: chosen.item });
  showStatus();
}

// ---------------------------------------------------------------------------------------------
// Analysis

function analysisLine(info) {
  if (!page.state || info.pv.length === 0) return;
  page.lines.set(info.multipv ?? 1, info);
  showAnalysis();
  mark();
}

function showAnalysis() {
  const body = $("#lines tbody");
  const count = page.state ? page.state.analysing : 0;
  const rows = [...page.lines.entries()].filter(([k]) => k <= count).sort(([a], [b]) => a - b);
  body.replaceChildren(
    ...rows.map(([k, info]) => {
      const row = document.createElement("tr");
      row.dataset.multipv = k;
      for (const text of [k, score(info), info.depth ?? "", info.nodes ?? ""]) {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.append(cell);
      }
      const moves = document.createElement("td");
      info.pv.forEach((token, index) => {
        const link = document.createElement("a");
        link.href = "#";
        link.textContent = token;
        link.addEventListener("click", (event) => {
          event.preventDefault();
          for (const move of info.pv.slice(0, index + 1)) send({ type: "play", move });
        });
        moves.append(link, " ");
      });
      row.append(moves);
      return row;
    }),
  );
}

/** A score as the side to move sees it. */
function score(info) {
  const bound = info.bound === "lowerbound" ? "≥ " : info.bound === "upperbound" ? "≤ " : "";
  if (!info.score) return "";
  if ("mate" in info.score) {
    const n = info.score.mate;
    return `${bound}${n > 0 ? `wins in ${n}` : `loses in ${-n}`}`;
  }
  const pawns = info.score.cp / 100;
  return `${bound}${pawns > 0 ? "+" : ""}${pawns.toFixed(2)}`;
}

// ---------------------------------------------------------------------------------------------
// Load and save

function saved(message) {
  $("#text").value = `${message.position}\n\n${message.record}`;
  const variant = page.state ? page.state.variant : "game";
  download(`${variant}.txt`, `${message.position}\n`);
  download(`${variant}.games`, message.record);
}

function download(name, text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

function load(text) {
  page.loaded = text;
  $("#games").replaceChildren();
  send({ type: "load", text });
}

function offerGames(games) {
  $("#games").replaceChildren(
    ...games.map((game) => {
      const text = `Game ${game.number}: ${game.variant}, ${game.first} – ${game.second}, ${game.result}, ${game.moves} items`;
      const button = choiceButton(text, () => {
        $("#games").replaceChildren();
        send({ type: "load", text: page.loaded, game: game.number });
      });
      button.dataset.game = game.number;
      return button;
    }),
  );
}

function playerLabel(side) {
  return playerOf(side) === "engine" ? page.hello?.engine ?? "engine" : "human";
}

// ---------------------------------------------------------------------------------------------
// Messages

function log(kind, text) {
  const item = document.createElement("li");
  item.className = kind;
  item.textContent = `${kind}: ${text}`;
  $("#log").prepend(item);
  while ($("#log").children.length > 100) $("#log").lastChild.remove();
}

// ---------------------------------------------------------------------------------------------
// The controls

function view(ply) {
  if (!page.state) return;
  const target = Math.max(0, Math.min(page.state.moves.length, ply));
  if (target !== page.state.ply) send({ type: "view", ply: target });
}

function navigate(where) {
  const state = page.state;
  if (!state) return;
  const ply = { start: 0, back: state.ply - 1, forward: state.ply + 1, end: state.moves.length }[where];
  view(ply);
}

function bind() {
  $("#board").addEventListener("click", (event) => {
    const place = placeAt(event.clientX, event.clientY);
    if (place) clickPlace(place);
    else {
      page.sequence = [];
      refresh();
    }
  });
  $("#navigation").addEventListener("click", (event) => {
    const go = event.target.closest("[data-go]");
    if (go) navigate(go.dataset.go);
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select")) return;
    const where = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" }[event.key];
    if (where) {
      event.preventDefault();
      navigate(where);
    }
  });
  $("#moves").addEventListener("click", (event) => {
    const link = event.target.closest("a[data-ply]");
    if (!link) return;
    event.preventDefault();
    view(Number(link.dataset.ply));
  });
  $("#takeback").addEventListener("click", () => {
    if (!page.state || page.state.moves.length === 0) return;
    page.undoing = ["b", "w"].some((side) => playerOf(side) === "human");
    page.waiting = false;
    send({ type: "undo" });
  });
  $("#engine-move").addEventListener("click", askEngine);
  $("#stop").addEventListener("click", () => send({ type: "stop" }));
  $("#flip").addEventListener("change", (event) => send({ type: "flip", on: event.target.checked }));
  $("#enter").addEventListener("submit", (event) => {
    event.preventDefault();
    const token = $("#move-text").value.trim();
    if (token) play(token);
    $("#move-text").value = "";
  });
  $("#new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    const rules = {};
    for (const input of document.querySelectorAll("#rules [data-option]")) rules[input.dataset.option] = valueOf(input);
    const start = $("#start").value.trim();
    page.waiting = false;
    send({ type: "new", variant: $("#variant").value, rules, ...(start ? { start } : {}) });
  });
  $("#variant").addEventListener("change", showRules);
  for (const select of [$("#side-b"), $("#side-w")]) {
    select.addEventListener("change", () => {
      if (page.state) continueGame();
      refresh();
    });
  }
  $("#level").addEventListener("change", () => send({ type: "options", values: { "Skill Level": $("#level").value } }));
  const analyse = () => send({ type: "analyse", multipv: $("#analyse").checked ? Number($("#multipv").value) : 0 });
  $("#analyse").addEventListener("change", analyse);
  $("#multipv").addEventListener("change", () => {
    if ($("#analyse").checked) analyse();
  });
  $("#load").addEventListener("click", () => load($("#text").value));
  $("#file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    const text = await file.text();
    $("#text").value = text;
    load(text);
    event.target.value = "";
  });
  $("#save").addEventListener("click", () => send({ type: "save", first: playerLabel("b"), second: playerLabel("w") }));
}

bind();
connect();
