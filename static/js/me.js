// Game lists: /me (the caller's games, private ones included) and /games (listed live and
// finished games). Each entry links to the game page and, once finished, to its replay.

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {ensureIdentity} from "./identity.js";
import {gameItem} from "./home.js";

const $ = (id) => document.getElementById(id);

function fill(list, games, emptyText) {
  clear(list);
  if (!games.length) { list.append(el("li", {class: "muted", text: emptyText})); return; }
  for (const g of games) list.append(gameItem(g, {replay: true}));
}

function wireImport() {
  const form = $("import-form");
  form.querySelector("button").disabled = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    $("import-error").textContent = "";
    const file = $("import-file").files[0];
    if (!file) { $("import-error").textContent = "Choose a record file first."; return; }
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch {
      $("import-error").textContent = "That file is not JSON.";
      return;
    }
    try {
      const {game_id: id} = await api("POST", "/api/games/import", {record});
      location.assign(`/games/${encodeURIComponent(id)}/replay`);
    } catch (err) {
      $("import-error").textContent = errorText(err);
    }
  });
}

async function mePage() {
  await ensureIdentity();
  wireImport();
  try {
    const games = (await api("GET", "/api/me/games")).games || [];
    fill($("my-live"), games.filter((g) => g.status !== "finished"), "No game in progress.");
    fill($("my-finished"), games.filter((g) => g.status === "finished"), "No finished game yet.");
  } catch (err) {
    clear($("my-live")).append(el("li", {class: "form-error", text: errorText(err)}));
  }
}

async function gamesPage() {
  await ensureIdentity();
  for (const [status, id, emptyText] of [["live", "live-games", "No game is being played right now."],
    ["finished", "finished-games", "No finished games yet."]]) {
    try {
      fill($(id), (await api("GET", `/api/games?status=${status}`)).games || [], emptyText);
    } catch (err) {
      clear($(id)).append(el("li", {class: "form-error", text: errorText(err)}));
    }
  }
}

const page = document.body.classList;
const run = page.contains("page-me") ? mePage : page.contains("page-games") ? gamesPage : null;
if (run) run().catch((err) => console.error(err));
