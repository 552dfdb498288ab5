// The board viewers of an arena report: each game's positions are rebuilt from its start and
// the changes of each item (the JSON in #games), drawn into a copy of its layout's template.
// A viewer is built when its game first comes near the screen, is clicked or is linked to.
(() => {
  "use strict";
  const games = JSON.parse(document.getElementById("games").textContent);
  const sections = [...document.querySelectorAll("section.game")];
  const views = new Map();
  let active = null;

  function states(game) {
    const all = [{ cells: game.cells.slice(), captions: game.captions.slice(), marked: [] }];
    for (const [changes, retold] of game.steps) {
      const last = all[all.length - 1];
      const next = { cells: last.cells.slice(), captions: last.captions.slice(), marked: [] };
      for (let k = 0; k + 1 < changes.length; k += 2) {
        next.cells[changes[k]] = changes[k + 1];
        next.marked.push(changes[k]);
      }
      for (const line of Object.keys(retold)) next.captions[Number(line)] = retold[line];
      all.push(next);
    }
    return all;
  }

  function viewer(section, game) {
    const board = section.querySelector(".board");
    board.appendChild(document.getElementById("layout-" + game.layout).content.cloneNode(true));
    const pieces = [], rects = [];
    board.querySelectorAll("use[data-piece]").forEach((use) => { pieces[Number(use.dataset.piece)] = use; });
    board.querySelectorAll("rect[data-cell]").forEach((rect) => { rects[Number(rect.dataset.cell)] = rect; });
    const captions = board.querySelectorAll("text[data-caption]");
    const moves = section.querySelectorAll(".moves a");
    const label = section.querySelector(".ply");
    const positions = states(game);
    const view = { ply: positions.length - 1, section };
    let marked = [];
    view.show = (ply) => {
      view.ply = Math.max(0, Math.min(positions.length - 1, ply));
      const state = positions[view.ply];
      state.cells.forEach((content, cell) => {
        if (pieces[cell]) pieces[cell].setAttribute("href", "#s" + content);
      });
      captions.forEach((text) => { text.textContent = state.captions[Number(text.dataset.caption)]; });
      for (const cell of marked) rects[cell].classList.remove("last");
      marked = state.marked.filter((cell) => rects[cell]);
      for (const cell of marked) rects[cell].classList.add("last");
      moves.forEach((move, index) => move.classList.toggle("current", index + 1 === view.ply));
      label.textContent = view.ply === 0 ? "start" : "after item " + view.ply + " of " + (positions.length - 1);
    };
    view.steps = { start: () => 0, back: () => view.ply - 1, forward: () => view.ply + 1, end: () => positions.length - 1 };
    view.show(view.ply);
    return view;
  }

  function viewOf(section) {
    if (!views.has(section)) views.set(section, viewer(section, games[sections.indexOf(section)]));
    return views.get(section);
  }

  document.addEventListener("click", (event) => {
    const section = event.target.closest("section.game");
    if (!section) return;
    const view = (active = viewOf(section));
    const button = event.target.closest("button[data-go]");
    const move = event.target.closest("a[data-ply]");
    if (button) view.show(view.steps[button.dataset.go]());
    if (move) {
      event.preventDefault();
      view.show(Number(move.dataset.ply));
    }
  });
  const near = new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting) viewOf(entry.target);
  }, { rootMargin: "600px" });
  sections.forEach((section) => near.observe(section));
  const fromHash = () => {
    const section = sections.find((s) => "#" + s.id === location.hash) || sections[0];
    if (section) active = viewOf(section);
  };
  window.addEventListener("hashchange", fromHash);
  fromHash();
  document.addEventListener("keydown", (event) => {
    if (!active) return;
    const keys = { ArrowLeft: active.ply - 1, ArrowRight: active.ply + 1, Home: 0, End: Infinity };
    if (!(event.key in keys)) return;
    event.preventDefault();
    active.show(keys[event.key]);
  });
})();
