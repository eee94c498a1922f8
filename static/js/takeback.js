// Undo and takeback on the game page (issue 27, point 3): an "Undo" button while the last step
// of this turn revealed nothing, "Ask to take back" once the turn has passed (on tables that
// allow takebacks), and the prompt that asks the other players. The server says what this
// seat may do (GET /api/games/{id}/takeback) after every step and every takeback notice; it
// checks again on each request, so a stale button changes nothing.

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {say, t} from "./i18n.js";

/** Bind the bar in ``root``; returns ``refresh()`` for the page to call on each step and
 * each takeback notice. ``seat()`` is the seat the page acts for (null for a spectator). */
export function mountTakeback(root, {gameId, seat}) {
  const base = `/api/games/${encodeURIComponent(gameId)}`;
  let latest = 0; // answers to older refreshes are dropped
  let confirming = false;

  async function post(path, body, note) {
    try {
      await api("POST", `${base}/${path}`, body);
    } catch (err) {
      note.textContent = errorText(err);
      return;
    }
    confirming = false;
    refresh();
  }

  function draw(info) {
    clear(root);
    const mine = seat();
    const can = info.can || {};
    const asked = info.takeback;
    const note = el("p", {class: "undo-note", role: "status", "data-testid": "undo-note"});
    const buttons = el("div", {class: "undo-buttons"});
    if (can.undo) {
      buttons.append(el("button", {type: "button", "data-testid": "undo", text: t("Undo"),
        title: t("Take back your last step of this turn"), onclick: () => post("undo", {seq: info.seq, seat: mine}, note)}));
    }
    if (can.ask && !asked) {
      buttons.append(el("button", {type: "button", "data-testid": "takeback-ask", text: t("Ask to take back"),
        title: t("Ask the other players to let you take back your last move"), onclick: () => post("takeback", {seq: info.seq, seat: mine}, note)}));
    }
    if (asked) {
      note.textContent = asked.message ? say(asked.message) : asked.text;
      if (mine !== null && asked.waiting.includes(mine)) {
        if (confirming) {
          buttons.append(
            el("button", {type: "button", class: "primary", "data-testid": "takeback-confirm", text: t("Yes, take it back"),
              onclick: () => post("takeback/answer", {seq: asked.seq, accept: true}, note)}),
            el("button", {type: "button", text: t("No"), onclick: () => { confirming = false; draw(info); }}));
        } else {
          buttons.append(
            el("button", {type: "button", "data-testid": "takeback-accept", text: t("Accept"),
              onclick: () => { confirming = true; draw(info); }}),
            el("button", {type: "button", "data-testid": "takeback-decline", text: t("Decline"),
              onclick: () => post("takeback/answer", {seq: asked.seq, accept: false}, note)}));
        }
      }
    }
    root.dataset.undo = can.undo ? "yes" : "no";
    root.dataset.takeback = asked ? "asked" : "none";
    root.hidden = !buttons.childElementCount && !asked;
    root.append(note, buttons);
  }

  async function refresh() {
    const ticket = ++latest;
    const mine = seat();
    const query = mine === null || mine === undefined ? "" : `?seat=${mine}`;
    let info;
    try { info = await api("GET", `${base}/takeback${query}`); } catch { return; }
    if (ticket === latest) draw(info);
  }

  return refresh;
}
