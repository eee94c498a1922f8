// The chat of the game page: its lines in the order they were said, the form (a visitor with no
// name is asked for one first), and the unread count (issue 13, point 3): lines from others that
// arrive while the chat is out of view or the tab is hidden, cleared when the player looks at it.
// The "Chat" button in a narrow screen's page head takes the player to it.

import {el} from "./dom.js";
import {api, errorText} from "./api.js";
import {showError} from "./words.js";
import {ensureIdentity} from "./identity.js";
import {t, tn} from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** One chat line: the name, the words, the time as a title. */
export function chatLine(msg) {
  const at = msg.at ? new Date(msg.at) : null;
  const title = at && !Number.isNaN(at.getTime()) ? at.toLocaleTimeString() : null;
  return el("li", {class: "chat-line", title, dataset: Number.isInteger(msg.id) ? {id: String(msg.id)} : undefined}, [
    el("span", {class: "chat-name", text: msg.name || "?"}),
    el("span", {class: "chat-text", text: msg.text || ""}),
  ]);
}

/**
 * Wire the chat panel. `visitor.me` is who is at the page (null for a nameless spectator; set
 * here once they pick a name); `conn` the game's Connection. Returns {show(msg)} for the lines
 * the socket brings.
 */
export function createChat({game, gameId, visitor, conn}) {
  let unread = 0;
  let inView = false;
  const ownLines = []; // texts this page sent: their echo is not unread
  const seen = () => inView && !document.hidden;

  function drawUnread() {
    if (seen()) unread = 0;
    for (const id of ["chat-unread", "chat-jump-unread"]) {
      const badge = $(id);
      badge.hidden = unread === 0;
      badge.textContent = unread ? t("{count} new", {count: unread}) : "";
    }
    $("chat-jump").setAttribute("aria-label", unread ? tn("Chat: {n} new line", "Chat: {n} new lines", unread) : t("Chat"));
  }

  function arrived(msg) {
    const mine = ownLines.indexOf(msg.text);
    if (mine >= 0 && msg.name === (visitor.me && visitor.me.name)) { ownLines.splice(mine, 1); return; }
    if (!seen()) unread += 1;
    drawUnread();
  }

  /** A line from the socket, in the order the lines were said: a missed line may arrive after a
   * newer live one. */
  function show(msg) {
    const list = $("chat");
    const later = Number.isInteger(msg.id)
      ? [...list.children].find((li) => li.dataset.id && Number(li.dataset.id) > msg.id) : null;
    list.insertBefore(chatLine(msg), later || null);
    list.scrollTop = list.scrollHeight;
    arrived(msg);
  }

  for (const msg of game.chat || []) $("chat").append(chatLine(msg));
  $("chat-form").querySelector("button[type=submit]").disabled = false;
  const panel = $("chat-panel");
  new IntersectionObserver((entries) => {
    for (const entry of entries) inView = entry.isIntersecting && entry.intersectionRatio >= 0.5;
    drawUnread();
  }, {threshold: [0, 0.5, 1]}).observe(panel);
  document.addEventListener("visibilitychange", drawUnread);
  $("chat-jump").addEventListener("click", () => {
    panel.scrollIntoView({block: "end"});
    $("chat-title").focus({preventScroll: true});
    unread = 0;
    drawUnread();
  });
  $("chat-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("chat-text");
    const text = input.value.trim();
    if (!text) return;
    if (!visitor.me) {
      visitor.me = await ensureIdentity({why: t("Pick a name to chat: everyone at this game will see it.")});
      if (!visitor.me) return;
      // this page's socket was a nameless spectator's: the line goes over HTTP, and the socket
      // opens again with the new name (the cookie)
      ownLines.push(text);
      try {
        await api("POST", `/api/games/${encodeURIComponent(gameId)}/chat`, {text});
        input.value = "";
      } catch (err) {
        showError($("move-error"), errorText(err), game.kind);
      }
      conn.reconnect();
      return;
    }
    ownLines.push(text);
    try {
      await conn.chat(text);
      input.value = "";
    } catch (err) {
      showError($("move-error"), errorText(err), game.kind);
    }
  });
  return {show};
}
