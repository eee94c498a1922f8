// The tournaments page (docs/api.md "Tournaments"): upcoming, running and finished tournaments,
// and the form to organise one. Names are user text: only ever set as text.

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {ensureIdentity} from "./identity.js";
import {formatWords, whenWords} from "./tournament_words.js";
import {t, tn} from "./i18n.js";

const $ = (id) => document.getElementById(id);
let catalog = [];

function item(tour, section) {
  const players = tn("{n} player", "{n} players", tour.players);
  const meta = section === "upcoming" ? players + ", " + t("registration closes {when}", {when: whenWords(tour.starts_at)})
    : section === "running" ? players + ", " + t("round {round} of {rounds}", {round: tour.current_round, rounds: tour.rounds})
      : players + ", " + tn("{n} round", "{n} rounds", tour.rounds);
  return el("li", {class: "item", "data-testid": "t-item"}, [
    el("span", {class: "item-main"}, [
      el("strong", {text: tour.name}),
      el("span", {class: "muted", text: ` ${tour.title}, ${formatWords(tour.format, tour.table_size)}`}),
      tour.rated ? el("span", {class: "tag", text: t("rated")}) : null,
    ]),
    el("span", {class: "item-meta", text: meta}),
    el("a", {class: "button", href: `/tournaments/${encodeURIComponent(tour.id)}`,
      text: section === "upcoming" ? t("Open") : section === "running" ? t("Follow") : t("Results")}),
  ]);
}

async function drawLists() {
  const lists = await api("GET", "/api/tournaments");
  for (const [section, empty] of [["upcoming", t("No tournament is open for registration.")],
    ["running", t("No tournament is being played.")], ["finished", t("No finished tournament yet.")]]) {
    const box = clear($(`t-${section}`));
    for (const tour of lists[section] || []) box.append(item(tour, section));
    if (!(lists[section] || []).length) box.append(el("li", {class: "muted", text: empty}));
  }
}

function sizeChoices() {
  const game = catalog.find((g) => g.kind === $("t-kind").value);
  const box = clear($("t-size"));
  if (!game) return;
  for (let n = Math.max(2, game.min_players); n <= Math.min(7, game.max_players); n++) {
    box.append(el("option", {value: String(n), text: `${n} players`}));
  }
  box.value = String(Math.min(3, Math.min(7, game.max_players)));
}

function wireForm() {
  for (let n = 1; n <= 9; n++) $("t-rounds").append(el("option", {value: String(n), text: `${n} ${n === 1 ? "round" : "rounds"}`}));
  $("t-rounds").value = "3";
  for (const g of catalog) {
    if (g.max_players >= 2) $("t-kind").append(el("option", {value: g.kind, text: g.title}));
  }
  $("t-kind").addEventListener("change", sizeChoices);
  $("t-format").addEventListener("change", () => {
    // a round robin's rounds follow from its players
    $("t-rounds-field").hidden = $("t-format").value !== "swiss";
  });
  sizeChoices();
  // by invitation means private tables, which are never rated: ticking one unticks the other
  $("t-private").addEventListener("change", () => { if ($("t-private").checked) $("t-rated").checked = false; });
  $("t-rated").addEventListener("change", () => { if ($("t-rated").checked) $("t-private").checked = false; });
  $("t-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("t-error").textContent = "";
    const [mode, seconds] = $("t-clock").value.split(":");
    const minutes = Number($("t-start").value);
    const body = {
      name: $("t-name").value.trim(), kind: $("t-kind").value, format: $("t-format").value,
      table_size: Number($("t-size").value), rounds: Number($("t-rounds").value),
      starts_at: new Date(Date.now() + minutes * 60_000).toISOString(),
      // "turn:3": turn-based, three days a move; else a live clock of seconds
      clock: mode === "turn" ? {mode, days: Number(seconds)} : {mode, seconds: Number(seconds || 0)},
      absent: $("t-absent").value,
      private: $("t-private").checked, rated: $("t-rated").checked,
    };
    const button = $("t-form").querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const tour = await api("POST", "/api/tournaments", body);
      location.assign(`/tournaments/${encodeURIComponent(tour.id)}`);
    } catch (err) {
      $("t-error").textContent = errorText(err);
      button.disabled = false;
    }
  });
}

async function main() {
  await ensureIdentity();
  try {
    catalog = (await api("GET", "/api/catalog")).games || [];
    wireForm();
    await drawLists();
  } catch (err) {
    $("t-error").textContent = errorText(err);
  }
}

main();
