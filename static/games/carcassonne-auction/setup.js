// The stand-alone auction's set-up form (CAR-105): the players at the table in clockwise
// order, their current scores if wanted, the placer, and the N tiles drawn, each picked from
// the tile catalogue's pictures or typed as a label. Replaces the generic JSON option fields.
// `summary` shows the same options on the lobby page: names by seat, tiles as pictures.

import {el, clear} from "/static/js/dom.js";
import {seatDot} from "/static/js/seat_mark.js";
import {BASE_IDS, BAZAAR_IDS} from "/static/games/carcassonne/tiles.js";
import {tileIcon, labelIcon, tileName} from "/static/games/carcassonne/tile-svg.js";
import {t} from "/static/js/i18n.js";

const CATALOGUE = [...BASE_IDS, ...BAZAAR_IDS];

/** A typed label that is a catalogue letter ("D", "bz4") is that catalogue tile (issue 25,
 * point 21): a host reads the letter off the tile list; anything else stays a label. */
export function typedTile(text) {
  const id = text.trim().toUpperCase().replace(/\s+/g, "");
  return CATALOGUE.includes(id) ? {type: id} : text.trim() ? {label: text.trim()} : undefined;
}

/** A catalogue tile's caption: what it shows, without the article ("road tile"). */
function caption(tid) {
  return tileName(tid).replace(/^(an?|ein|une) /, "");
}

/** Mount the form in `box`; the seat count follows `playersSelect`. Returns {read()}. */
export function mountSetup(box, playersSelect, initial = {}) {
  const state = {
    names: [...(initial.players || [])],
    scoresOn: Array.isArray(initial.scores),
    scores: [...(initial.scores || [])],
    placer: Number.isInteger(initial.placer) ? initial.placer : null,  // chosen by the host
    tiles: [...(initial.tiles || [])],
  };
  const root = el("div", {class: "auction-setup", "data-testid": "auction-setup"});
  box.append(root);

  const count = () => Number(playersSelect.value);

  function remember() {
    root.querySelectorAll("[data-name]").forEach((input) => { state.names[Number(input.dataset.name)] = input.value; });
    root.querySelectorAll("[data-score]").forEach((input) => { state.scores[Number(input.dataset.score)] = input.value; });
    const placer = root.querySelector("#auction-placer");
    if (placer && placer.value !== "") state.placer = Number(placer.value);
    const on = root.querySelector("#auction-scores-on");
    if (on) state.scoresOn = on.checked;
  }

  function tileSlot(i) {
    const chosen = state.tiles[i];
    const shown = chosen && chosen.type ? tileIcon(chosen.type, 0, 48, t("tile {letter}", {letter: chosen.type}))
      : chosen && chosen.label ? labelIcon(chosen.label, 48) : el("span", {class: "muted", text: t("not chosen")});
    const grid = el("div", {class: "tile-grid"});
    for (const tid of CATALOGUE) {
      const named = t("tile {letter}", {letter: tid});  // the letter printed in the rules' tile list
      grid.append(el("button", {type: "button", class: "tile-pick", title: named, "data-tile": tid,
        "aria-label": named, onclick: () => { remember(); state.tiles[i] = {type: tid}; draw(); }},
      [tileIcon(tid, 0, 40, named), el("span", {text: tid})]));
    }
    const label = el("input", {type: "text", maxlength: 40, placeholder: t("or type a label"), "aria-label": t("label of tile {number}", {number: i + 1}),
      "data-label": i, value: chosen && chosen.label ? chosen.label : ""});
    const useLabel = el("button", {type: "button", text: t("Use label"), onclick: () => {
      remember();
      state.tiles[i] = typedTile(label.value);
      draw();
    }});
    return el("div", {class: "field tile-slot"}, [
      el("div", {class: "tile-slot-head"}, [el("strong", {text: t("Tile {number}", {number: i + 1})}), shown]),
      el("details", {}, [el("summary", {text: t("Choose from the catalogue")}), grid]),
      el("div", {class: "label-row"}, [label, useLabel]),
    ]);
  }

  const nameOf = (i) => (state.names[i] || "").trim() || t("Player {number}", {number: i + 1});

  /** A name was typed: the score boxes and the placer follow without a redraw (focus stays). */
  function renamed() {
    remember();
    root.querySelectorAll("[data-score-name]").forEach((label) => { label.textContent = nameOf(Number(label.dataset.scoreName)); });
    const placer = root.querySelector("#auction-placer");
    if (placer) [...placer.options].filter((o) => o.value !== "").forEach((option) => { option.textContent = nameOf(Number(option.value)); });
  }
  root.addEventListener("input", (event) => { if (event.target.matches("[data-name]")) renamed(); });

  function draw() {
    clear(root);
    const n = count();
    const names = el("div", {class: "field"}, [el("strong", {text: t("Players at the table, clockwise")})]);
    for (let i = 0; i < n; i++) {
      const input = el("input", {type: "text", maxlength: 40, required: true, placeholder: t("Player {number}", {number: i + 1}),
        "aria-label": t("player {number}", {number: i + 1}), "data-name": i, value: state.names[i] || ""});
      names.append(input);
    }
    const scoresOn = el("input", {type: "checkbox", id: "auction-scores-on", checked: state.scoresOn,
      onchange: () => { remember(); draw(); }});
    const scores = el("div", {class: "field"}, [
      el("div", {class: "check"}, [scoresOn, el("label", {for: "auction-scores-on", text: t("Enter the current scores")})])]);
    if (state.scoresOn) {
      // each score box beside its player's name, kept up to date as the names are typed
      for (let i = 0; i < n; i++) {
        const id = `auction-score-${i}`;
        scores.append(el("div", {class: "score-row", style: "display:flex;align-items:center;gap:.5rem"}, [
          el("label", {for: id, "data-score-name": i, style: "flex:1;min-width:0;overflow-wrap:anywhere",
            text: nameOf(i)}),
          el("input", {type: "number", step: 1, inputmode: "numeric", "data-score": i, id,
            style: "width:7rem;flex:none", value: state.scores[i] ?? 0}),
        ]));
      }
    }
    const placer = el("select", {id: "auction-placer"});
    if (!Number.isInteger(state.placer) || state.placer >= n) {
      placer.append(el("option", {value: "", text: t("Choose a player"), selected: true, disabled: true}));
    }
    for (let i = 0; i < n; i++) {
      placer.append(el("option", {value: i, text: nameOf(i), selected: i === state.placer}));
    }
    const tiles = el("div", {class: "field"}, [el("strong", {text: t("The {n} tiles drawn, in the order revealed", {n})})]);
    for (let i = 0; i < n; i++) tiles.append(tileSlot(i));
    root.append(names, scores,
      el("div", {class: "field"}, [el("label", {for: "auction-placer", text: t("Who placed the bazaar tile")}), placer]),
      tiles);
  }

  playersSelect.addEventListener("change", () => { remember(); draw(); });
  draw();

  return {
    /** The options of CAR-105, or an Error saying what is missing. */
    read() {
      remember();
      const n = count();
      const players = state.names.slice(0, n).map((s) => (s || "").trim());
      if (players.some((s) => !s)) throw new Error(t("Every player needs a name."));
      if (new Set(players).size !== players.length) throw new Error(t("The players' names must differ."));
      let scores = null;
      if (state.scoresOn) {
        scores = state.scores.slice(0, n).map((s) => Number(s));
        while (scores.length < n) scores.push(0);
        if (scores.some((s) => !Number.isInteger(s))) throw new Error(t("Scores are whole numbers."));
      }
      // a label typed but not yet used counts as used ("D" is catalogue tile D)
      root.querySelectorAll("[data-label]").forEach((input) => {
        const i = Number(input.dataset.label);
        if (!state.tiles[i] && input.value.trim()) state.tiles[i] = typedTile(input.value);
      });
      const tiles = state.tiles.slice(0, n);
      if (tiles.length < n || tiles.some((t) => !t)) throw new Error(t("Choose all {n} tiles (a picture or a label).", {n}));
      if (!Number.isInteger(state.placer) || state.placer >= n) throw new Error(t("Choose who placed the bazaar tile."));
      const placer = state.placer;
      return {players, scores, placer, tiles};
    },
  };
}

/** One tile of the `tiles` option as the form shows it: its picture, or its label as a tile. */
export function tileFigure(tile, px = 40) {
  if (tile && tile.type) return tileIcon(tile.type, 0, px, t("tile {letter}", {letter: tile.type}));
  if (tile && tile.label) return labelIcon(tile.label, px);
  return el("span", {class: "muted", text: t("not chosen")});
}

/** The lobby's summary of the auction's options: [label, node] pairs, in words and pictures. */
export function summary(options = {}, seats = 0) {
  const names = Array.isArray(options.players) ? options.players : [];
  const named = (i) => names[i] || t("Seat {n}", {n: i + 1});
  const rows = [];
  const people = el("span", {"data-testid": "auction-players", style: "display:flex;flex-wrap:wrap;gap:.2rem .8rem"});
  for (let i = 0; i < Math.max(seats, names.length); i++) {
    const dot = seatDot(i);
    people.append(el("span", {style: "display:inline-flex;align-items:center;gap:.3rem"}, [dot, named(i)]));
  }
  rows.push([t("Players (clockwise)"), names.length ? people : el("span", {text: t("Not entered yet")})]);
  if (Array.isArray(options.scores)) {
    rows.push([t("Current scores"), el("span", {"data-testid": "auction-scores",
      text: options.scores.map((score, i) => `${named(i)} ${score}`).join(" · ")})]);
  } else {
    rows.push([t("Current scores"), el("span", {text: t("Not entered: the report shows the changes only")})]);
  }
  rows.push([t("Placed by"), el("span", {"data-testid": "auction-placer-name",
    text: Number.isInteger(options.placer) ? named(options.placer) : t("Not chosen yet")})]);
  const tiles = Array.isArray(options.tiles) ? options.tiles : [];
  const row = el("span", {"data-testid": "auction-tiles", style: "display:flex;flex-wrap:wrap;gap:.4rem"});
  tiles.forEach((tile, i) => {
    row.append(el("span", {class: "auction-tile", style: "display:inline-flex;flex-direction:column;align-items:center;font-size:.75rem;max-width:6.5rem;text-align:center",
      title: t("Tile {number}", {number: i + 1})}, [tileFigure(tile, 40),
      el("span", {text: tile && tile.label ? `#${i + 1} ` + t("“{label}”", {label: tile.label}) : tile && tile.type ? `#${i + 1} ${caption(tile.type)}` : `#${i + 1}`})]));
  });
  rows.push([t("Tiles drawn"), tiles.length ? row : el("span", {text: t("Not chosen yet")})]);
  return rows;
}
