// Home page: the game catalogue (create a lobby, read the rules), open lobbies to join and
// live games to watch. The lists refresh every 5 s.

import {el, clear} from "./dom.js";
import {api, ApiError, errorText} from "./api.js";
import {ensureIdentity, whoAmI} from "./identity.js";
import {listWords, t, titled, tn} from "./i18n.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 5000;

function empty(list, text) {
  clear(list);
  list.append(el("li", {class: "muted", text}));
}

function drawCatalog(games) {
  const rules = new Set(($("page").dataset.rules || "").split(" ").filter(Boolean));
  const box = $("catalog");
  clear(box);
  box.removeAttribute("aria-busy");
  for (const g of games) {
    const range = g.min_players === g.max_players ? `${g.min_players}` : `${g.min_players}–${g.max_players}`;
    box.append(el("article", {class: "game-card", "data-kind": g.kind}, [
      el("h3", {text: g.title}),
      el("p", {class: "players-range", text: g.max_players === 1 ? t("{range} player", {range}) : t("{range} players", {range})}),
      el("p", {class: "summary", text: g.summary ? t(g.summary) : ""}),
      el("p", {class: "waiting muted", "data-testid": `waiting-${g.kind}`, "aria-live": "polite"}),
      el("div", {class: "actions"}, [
        el("a", {class: "button primary", href: `/lobbies/new?kind=${encodeURIComponent(g.kind)}`,
          "data-testid": `create-${g.kind}`, text: t("Create lobby")}),
        el("button", {type: "button", "data-testid": `bot-now-${g.kind}`, text: t("Play a bot now"),
          "aria-label": t("Play a bot now: {title}", {title: g.title}), onclick: (event) => playBotNow(g, event.currentTarget)}),
        rules.has(g.kind) ? el("a", {class: "button", href: `/rules/${encodeURIComponent(g.kind)}`, text: t("Rules")}) : null,
      ]),
      el("p", {class: "form-error", "data-testid": `bot-now-error-${g.kind}`, role: "alert"}),
    ]));
  }
  if (!games.length) box.append(el("p", {class: "muted", text: t("No games installed.")}));
}

/**
 * One click to a game against bots (issue 25, beyond): a lobby with the fewest seats that give
 * the visitor an opponent, the other seats to bots, started at once. A game that needs settings
 * first (the stand-alone auction's names and tiles) opens its new-lobby form, or its lobby,
 * which say what is missing.
 */
async function playBotNow(game, button) {
  const error = $(`page`).querySelector(`[data-testid="bot-now-error-${game.kind}"]`);
  error.textContent = "";
  if (!(await ensureIdentity({why: t("Pick a name to play {title} against a bot.", {title: game.title})}))) return;
  button.disabled = true;
  try {
    const players = Math.min(game.max_players, Math.max(2, game.min_players));
    let lobby;
    try {
      lobby = await api("POST", "/api/lobbies", {kind: game.kind, players, options: {}});
    } catch (err) {
      // a game that cannot start without its settings: its form asks for them
      if (err instanceof ApiError && (err.status === 409 || err.status === 422)) {
        location.assign(`/lobbies/new?kind=${encodeURIComponent(game.kind)}`);
        return;
      }
      throw err;
    }
    for (let seat = 1; seat < players; seat++) await api("POST", `/api/lobbies/${encodeURIComponent(lobby.id)}/bots`, {seat});
    const ready = await api("GET", `/api/lobbies/${encodeURIComponent(lobby.id)}`);
    if (!ready.ready) { location.assign(`/lobbies/${encodeURIComponent(lobby.id)}`); return; }
    const {game_id: gameId} = await api("POST", `/api/lobbies/${encodeURIComponent(lobby.id)}/start`);
    location.assign(`/games/${encodeURIComponent(gameId)}`);
  } catch (err) {
    error.textContent = t("No game against a bot right now: {error}", {error: errorText(err)});
    button.disabled = false;
  }
}

/** Who is waiting for a game of each kind (issue 25, beyond): the hosts of its open lobbies. */
function drawWaiting(lobbies) {
  for (const node of document.querySelectorAll("#catalog .waiting")) {
    const kind = node.dataset.testid.replace(/^waiting-/, "");
    const open = lobbies.filter((l) => l.kind === kind);
    clear(node);
    if (!open.length) { node.textContent = t("Nobody is waiting for this game right now."); continue; }
    const hosts = [...new Set(open.map((l) => (l.host && l.host.name) || t("a player")))];
    const names = hosts.length > 3 ? listWords([...hosts.slice(0, 3), tn("{n} more", "{n} more", hosts.length - 3)]) : listWords(hosts);
    node.append(t("Waiting for players: {names}.", {names}) + " ",
      el("a", {href: `/lobbies/${encodeURIComponent(open[open.length - 1].id)}`, "data-testid": `join-waiting-${kind}`,
        text: open.length === 1 ? t("Join") : t("Join the first")}));
  }
}

function drawLobbies(all) {
  const list = $("open-lobbies");
  // a lobby without a free seat (a solo lobby, a full table) has nothing to join: not listed
  const lobbies = all.filter((l) => l.seats.some((s) => s.holder === "open"));
  drawWaiting(lobbies);
  if (!lobbies.length) { empty(list, t("No open lobbies. Create one above!")); return; }
  clear(list);
  for (const l of lobbies) {
    const taken = l.seats.filter((s) => s.holder !== "open").length;
    list.append(el("li", {class: "item"}, [
      el("span", {class: "item-main"}, [
        el("strong", {text: t(l.title)}),
        el("span", {class: "muted", text: " " + t("hosted by {name}", {name: (l.host && l.host.name) || "?"})}),
      ]),
      el("span", {class: "item-meta", text: t("{taken}/{total} seats", {taken, total: l.seats.length})}),
      el("a", {class: "button", href: `/lobbies/${encodeURIComponent(l.id)}`, text: t("Join")}),
    ]));
  }
}

export function gameItem(g, {replay = false} = {}) {
  return el("li", {class: "item"}, [
    el("span", {class: "item-main"}, [
      el("strong", {text: g.title ? t(g.title) : g.kind}),
      el("span", {class: "muted", text: ` ${(g.players || []).join(", ")}`}),
    ]),
    el("span", {class: "item-meta", text: tn("{n} move", "{n} moves", g.seq ?? 0)}),
    el("a", {class: "button", href: `/games/${encodeURIComponent(g.id)}`, text: g.status === "finished" ? t("Result") : t("Watch")}),
    replay ? el("a", {class: "button", href: `/games/${encodeURIComponent(g.id)}/replay`, text: t("Replay")}) : null,
  ]);
}

async function refreshLists() {
  try {
    drawLobbies((await api("GET", "/api/lobbies")).lobbies || []);
  } catch (err) {
    empty($("open-lobbies"), t("Lobbies unavailable: {error}", {error: errorText(err)}));
  }
  try {
    const games = (await api("GET", "/api/games?status=live")).games || [];
    const list = $("live-games");
    if (!games.length) empty(list, t("No games are being played right now."));
    else { clear(list); for (const g of games) list.append(gameItem(g)); }
  } catch (err) {
    empty($("live-games"), t("Games unavailable: {error}", {error: errorText(err)}));
  }
}

async function homePage() {
  // the games, open lobbies and live games come first; the name is asked for when the visitor
  // joins (the lobby page) or creates (the new-lobby page): issue 25, point 2
  whoAmI().catch(() => {});
  try {
    drawCatalog(((await api("GET", "/api/catalog")).games || []).map(titled));
  } catch (err) {
    clear($("catalog")).append(el("p", {class: "form-error", text: t("The catalogue is unavailable: {error}", {error: errorText(err)})}));
  }
  await refreshLists();
  setInterval(() => { if (!document.hidden) refreshLists(); }, REFRESH_MS);
}

if (document.body.classList.contains("page-home")) homePage().catch((err) => console.error(err));
