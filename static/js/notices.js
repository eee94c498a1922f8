// Notices on every page (docs/client.md "Notices"): the page keeps a socket on /ws/me, the
// person's own channel, and says when it has become their turn in a game, when a rematch is
// offered to them, or when a game they play has ended — in a small card, in the tab's title and
// icon, with an optional sound and an optional browser notification while the tab is hidden.
// The sound and the notification are off until the player turns them on (settings below).

import {el} from "./dom.js";
import {api} from "./api.js";
import {t, say} from "./i18n.js";

const SOUND_KEY = "bazaar.notices.sound";
const NOTIFY_KEY = "bazaar.notices.browser";
const MAX_CARDS = 3;
const RETRY_MS = [1000, 3000, 10000, 30000];

export const settings = {
  get sound() { return localStorage.getItem(SOUND_KEY) === "on"; },
  set sound(on) { localStorage.setItem(SOUND_KEY, on ? "on" : "off"); },
  get browser() { return localStorage.getItem(NOTIFY_KEY) === "on"; },
  set browser(on) { localStorage.setItem(NOTIFY_KEY, on ? "on" : "off"); },
};

// What waits for the player since they last looked (issue 25, point 13): the games where it
// became their turn and the lobbies that keep a seat for them, each once however many notices
// it sent; a game that ended waits for nobody, so it marks the icon without a count.
const waiting = new Set();
let ended = false;
let plainIcon = null;

/** The tab's title and icon carry how many games wait for the player (not the notices). */
function markTab() {
  const unseen = waiting.size;
  const bare = document.title.replace(/^\(\d+\) /, "");
  const wanted = unseen ? `(${unseen}) ${bare}` : bare;
  if (document.title !== wanted) document.title = wanted;
  const icon = document.querySelector("link[rel=icon]");
  if (icon) {
    if (plainIcon === null) plainIcon = icon.getAttribute("href");
    const dot = "data:image/svg+xml," + encodeURIComponent(
      "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='#c2410c'/></svg>");
    icon.setAttribute("href", unseen || ended ? dot : plainIcon);
  }
}

function seen() {
  if (!waiting.size && !ended) return;
  waiting.clear();
  ended = false;
  markTab();
}

function waitsFor(notice) {
  if (notice.kind === "your-turn") return `game:${notice.game_id}`;
  if ((notice.kind === "rematch" || notice.kind === "continued") && notice.lobby_id) return `lobby:${notice.lobby_id}`;
  return null;
}

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch { /* no audio here: the card and the title still say it */ }
}

function target(notice) {
  if ((notice.kind === "rematch" || notice.kind === "continued") && notice.lobby_id) return `/lobbies/${encodeURIComponent(notice.lobby_id)}`;
  return `/games/${encodeURIComponent(notice.game_id)}`;
}

const LINK_TEXT = {"your-turn": () => t("Play"), rematch: () => t("See the rematch"), continued: () => t("See the lobby"),
  finished: () => t("See the result"), "table-ready": () => t("Play")};

/** A notice's words in the page's language (its message), else the server's English text. */
function noticeText(notice) {
  return notice.message ? say(notice.message) : notice.text;
}

function card(notice) {
  let box = document.getElementById("notices");
  if (!box) {
    box = el("div", {id: "notices", class: "notices", role: "status", "aria-live": "polite", "data-testid": "notices"});
    document.body.append(box);
  }
  // a tournament's new round makes the card of its last round stale: the new one replaces it
  if (notice.tournament_id) {
    for (const old of box.querySelectorAll(".notice[data-tournament]")) {
      if (old.dataset.tournament === notice.tournament_id) old.remove();
    }
  }
  while (box.children.length >= MAX_CARDS) box.firstElementChild.remove();
  const item = el("div", {class: "notice", "data-kind": notice.kind, "data-testid": "notice",
    "data-tournament": notice.tournament_id, "data-round": notice.round}, [
    el("span", {class: "notice-text", text: noticeText(notice)}),
    el("a", {class: "button primary", href: target(notice), text: LINK_TEXT[notice.kind] ? LINK_TEXT[notice.kind]() : t("Open")}),
  ]);
  item.append(el("button", {type: "button", class: "notice-close", "aria-label": t("Dismiss"), text: "×",
    onclick: () => item.remove()}));
  box.append(item);
}

function tell(notice) {
  window.dispatchEvent(new CustomEvent("bazaar:notice", {detail: notice}));  // e.g. My games redraws
  const here = document.getElementById("page");
  const thisGame = here && here.dataset.gameId === notice.game_id;
  // the game's own page already shows its turn and its end; only a hidden tab needs telling
  if (thisGame && notice.kind !== "rematch" && notice.kind !== "continued" && !document.hidden) return;
  if (!thisGame) card(notice);
  // the title and the icon are for a player looking elsewhere; a card is enough for one looking here
  if (document.hidden || !document.hasFocus()) {
    const key = waitsFor(notice);
    if (key) waiting.add(key); else ended = true;
    markTab();
  }
  if (settings.sound) beep();
  if (settings.browser && document.hidden && "Notification" in window && Notification.permission === "granted") {
    const shown = new Notification(`Bazaar: ${notice.title}`, {body: noticeText(notice), tag: `${notice.kind}:${notice.game_id}`});
    shown.onclick = () => { window.focus(); location.assign(target(notice)); };
  }
}

// Catching up after a drop (issue 25, point 22): notices are not kept for a socket that was
// down, so on every reconnect the page reads the games where it is the player's turn and tells
// of those it did not know of (known: read when the channel first opened, and every turn told).
let known = null;  // game ids where it was the player's turn, as far as this page knows
let everOpened = false;

async function turnsNow() {
  const mine = await api("GET", "/api/me/games?page=1");
  return (mine.games || []).filter((g) => g.your_turn);
}

async function catchUp(first) {
  let turns;
  try { turns = await turnsNow(); } catch { return; }
  const before = known;
  // what waits now: a game whose turn has passed meanwhile may be told again when it returns
  known = new Set(turns.map((g) => g.id));
  if (first || before === null) return;
  const me = (window.bazaarIdentity && window.bazaarIdentity.name) || "";
  for (const g of turns) {
    if (before.has(g.id)) continue;
    const others = (g.players || []).filter((name) => name !== me);
    const message = others.length ? {id: "Your turn in {title} with {others}.", args: {title: g.title, others}}
      : {id: "Your turn in {title}.", args: {title: g.title}};
    tell({type: "notice", kind: "your-turn", game_id: g.id, title: g.title, message, text: say(message)});
  }
}

function connect(attempt = 0) {
  const url = new URL("/ws/me", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(url);
  window.__bazaarNoticesSocket = socket;  // for the browser tests (a dropped channel)
  let opened = false;
  socket.addEventListener("open", () => {
    opened = true;
    window.__bazaarNotices = "open";
    catchUp(!everOpened);
    everOpened = true;
  });
  socket.addEventListener("message", (event) => {
    let frame;
    try { frame = JSON.parse(event.data); } catch { return; }
    if (frame && frame.type === "notice") {
      if (frame.kind === "your-turn" && known) known.add(frame.game_id);
      tell(frame);
    }
  });
  socket.addEventListener("close", (event) => {
    window.__bazaarNotices = "closed";
    // a token replaced on this device (claim, new password) is in the cookie already: listen
    // again with it; any other 4401 means this device's session has ended (signed out elsewhere)
    const replaced = event.code === 4401 && event.reason === "SESSION_REPLACED";
    if (event.code === 4401 && !replaced) {
      window.dispatchEvent(new CustomEvent("bazaar:signed-out"));
      return;
    }
    if (event.code === 4403) return;  // not allowed here: nothing to hear
    const next = opened ? 0 : attempt + 1;
    setTimeout(() => connect(next), RETRY_MS[Math.min(next, RETRY_MS.length - 1)]);
  });
}

function start() {
  // the pages' own code sets the title; keep the count in front of whatever it says
  const title = document.querySelector("title");
  if (title) new MutationObserver(() => { if (waiting.size) markTab(); }).observe(title, {childList: true});
  document.addEventListener("visibilitychange", () => { if (!document.hidden) seen(); });
  window.addEventListener("focus", seen);
  connect();
}

// a page opens the channel once it knows who the visitor is (identity.js says so)
if (window.bazaarIdentity) start();
else window.addEventListener("bazaar:identity", start, {once: true});
