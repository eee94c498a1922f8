// Game lists: /me (the caller's games, private ones included) and /games (listed live and
// finished games). Each entry links to the game page and, once finished, to its replay.

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {ensureIdentity, whoAmI} from "./identity.js";
import {gameItem} from "./home.js";
import {settings} from "./notices.js";
import {resultWords} from "./results.js";
import {t, tn} from "./i18n.js";

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
    if (!file) { $("import-error").textContent = t("Choose a record file first."); return; }
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch {
      $("import-error").textContent = t("That file is not JSON.");
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

function myGameItem(g) {
  const finished = g.status !== "live";
  return el("li", {class: `item${g.your_turn ? " your-turn" : ""}`, "data-testid": "my-game", dataset: {gameId: g.id}}, [
    el("span", {class: "item-main"}, [
      el("strong", {text: g.title ? t(g.title) : g.kind}),
      g.your_turn ? el("span", {class: "badge-turn", text: t("Your turn")}) : null,
      el("span", {class: "muted", text: ` ${(g.players || []).join(", ")}`}),
    ]),
    el("span", {class: "item-meta", text: finished ? resultWords(g) : tn("{n} move", "{n} moves", g.seq ?? 0)}),
    el("a", {class: `button${g.your_turn ? " primary" : ""}`, href: `/games/${encodeURIComponent(g.id)}`,
      text: g.your_turn ? t("Play") : finished ? t("Result") : t("Open")}),
    finished ? el("a", {class: "button", href: `/games/${encodeURIComponent(g.id)}/replay`, text: t("Replay")}) : null,
  ]);
}

/** An open lobby of the caller's, in words: what it is and what it waits for (issue 25, point 18). */
function myLobbyItem(l) {
  const you = l.you || {};
  const host = (l.host && l.host.name) || t("the host");
  const what = l.rematch_of ? t("rematch") : l.continuing ? t("continued from move {number}", {number: l.continuing.step}) : t("lobby");
  const invited = (you.invited || []).length > 0;
  const open = l.seats.filter((s) => s.holder === "open").length;
  const waiting = l.seats.filter((s) => s.holder === "invited").length;
  let words;
  if (invited) words = t("{host} keeps a seat for you", {host});
  else if (you.is_host) words = l.ready ? t("everyone is here: you may start") : waiting || open
    ? tn("waiting for {n} player", "waiting for {n} players", waiting + open) : t("you host it");
  else words = t("hosted by {host}; you are in", {host});
  return el("li", {class: `item${invited ? " your-turn" : ""}`, "data-testid": "my-lobby", dataset: {lobbyId: l.id}}, [
    el("span", {class: "item-main"}, [el("strong", {text: t(l.title)}), el("span", {class: "muted", text: ` ${what}`})]),
    el("span", {class: "item-meta", text: words}),
    el("a", {class: `button${invited ? " primary" : ""}`, href: `/lobbies/${encodeURIComponent(l.id)}`,
      text: invited ? t("See the seat") : t("Open")}),
  ]);
}

async function loadLobbies() {
  try {
    const {lobbies} = await api("GET", "/api/lobbies/mine");
    const list = clear($("my-lobbies"));
    for (const l of lobbies || []) list.append(myLobbyItem(l));
    $("my-lobbies-section").hidden = !(lobbies || []).length;
  } catch { /* the games below still show */ }
}

function wireNotices() {
  const sound = $("notice-sound");
  const browser = $("notice-browser");
  const note = $("notice-note");
  sound.checked = settings.sound;
  browser.checked = settings.browser && "Notification" in window && Notification.permission === "granted";
  sound.addEventListener("change", () => { settings.sound = sound.checked; });
  browser.addEventListener("change", async () => {
    note.textContent = "";
    if (!browser.checked) { settings.browser = false; return; }
    if (!("Notification" in window)) {
      browser.checked = false;
      note.textContent = t("This browser cannot show notifications.");
      return;
    }
    // asked only now, because the player turned it on
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    settings.browser = answer === "granted";
    browser.checked = settings.browser;
    if (!settings.browser) note.textContent = t("The browser said no: allow notifications for this site in its settings.");
  });
}

async function mePage() {
  if (!(await ensureIdentity({why: t("Pick a name: the games you play are kept under it.")}))) { location.assign("/"); return; }
  wireImport();
  wireNotices();
  let page = 1;
  const kindBox = $("my-kind");
  try {
    for (const g of (await api("GET", "/api/catalog")).games || []) kindBox.append(el("option", {value: g.kind, text: t(g.title)}));
  } catch { /* the filter stays at "every game" */ }

  function put(list, games, emptyText, append = false) {
    if (!append) clear(list);
    if (!games.length && !append) { list.append(el("li", {class: "muted", text: emptyText})); return; }
    for (const g of games) list.append(myGameItem(g));
  }

  async function load(append = false) {
    const query = new URLSearchParams({page: String(page)});
    if (kindBox.value) query.set("kind", kindBox.value);
    try {
      const mine = await api("GET", `/api/me/games?${query}`);
      const games = mine.games || [];
      if (!append) {
        const turn = games.filter((g) => g.your_turn);
        $("my-turn-section").hidden = !turn.length;
        $("my-turn-count").textContent = String(turn.length);
        put($("my-turn"), turn, "");
        put($("my-live"), games.filter((g) => g.status === "live" && !g.your_turn), turn.length ? t("No other game in progress.") : t("No game in progress."));
      }
      put($("my-finished"), games.filter((g) => g.status !== "live"), t("No finished game yet."), append);
      $("my-more").hidden = !mine.has_more;
    } catch (err) {
      clear($("my-live")).append(el("li", {class: "form-error", text: errorText(err)}));
    }
  }
  kindBox.addEventListener("change", () => { page = 1; load(); });
  $("my-more").addEventListener("click", () => { page += 1; load(true); });
  // a notice (your turn somewhere, a game ended) changes the lists: read them again
  window.addEventListener("bazaar:notice", () => { page = 1; load(); loadLobbies(); });
  await Promise.all([load(), loadLobbies()]);
}

async function gamesPage() {
  await whoAmI();  // the lists need no name
  for (const [status, id, emptyText] of [["live", "live-games", t("No game is being played right now.")],
    ["finished", "finished-games", t("No finished games yet.")]]) {
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
