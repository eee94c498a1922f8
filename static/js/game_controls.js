// The game page's controls beside the board: Resign (asked twice: nothing commits on one tap),
// Rematch (or "Another auction", CAR-110) with the prompt of a rematch already offered, and the
// "Next game" link (issue 27): the longest-waiting other game where it is the visitor's turn.

import {api, errorText} from "./api.js";
import {showError} from "./words.js";
import {drawRematch} from "./rematch.js";
import {t} from "./i18n.js";

const $ = (id) => document.getElementById(id);
const gamePath = (gameId) => `/api/games/${encodeURIComponent(gameId)}`;

function askResign(open) {
  $("resign").hidden = open; $("resign-confirm").hidden = !open; $("resign-cancel").hidden = !open;
  $("resign-note").hidden = !open;
}

/** Wire Resign: `seat()` is the seat shown, `onResigned(seat)` marks it, `redraw()` the chrome. */
export function wireResign({gameId, kind, seat, onResigned, redraw}) {
  $("resign").addEventListener("click", () => {
    askResign(true);
    $("resign-confirm").focus();
  });
  $("resign-cancel").addEventListener("click", () => { askResign(false); redraw(); });
  $("resign-confirm").addEventListener("click", async () => {
    askResign(false);
    const which = seat();
    try {
      await api("POST", `${gamePath(gameId)}/resign`, {seat: which});
      onResigned(which);
    } catch (err) {
      showError($("move-error"), errorText(err), kind);
    }
    redraw();
  });
}

/** Show Resign (and the "Confirm moves" setting, for players only) when this seat may resign. */
export function drawResign(canResign) {
  $("resign").hidden = !canResign;
  $("confirm-moves-setting").hidden = !canResign;  // a setting for players, not spectators
  if (!canResign) { $("resign-confirm").hidden = true; $("resign-cancel").hidden = true; $("resign-note").hidden = true; }
}

/** Wire Rematch: the rematch's game if it has begun, else its lobby. */
export function wireRematch({gameId, kind}) {
  $("rematch").addEventListener("click", async () => {
    try {
      const res = await api("POST", `${gamePath(gameId)}/rematch`);
      location.assign(res.game_id ? `/games/${encodeURIComponent(res.game_id)}` : `/lobbies/${encodeURIComponent(res.lobby_id)}`);
    } catch (err) {
      showError($("move-error"), errorText(err), kind);
    }
  });
}

/** The rematch prompt and button of a finished game (`player`: the visitor played in it). */
export function drawRematchControls({finished, rematch, me, kind, player, gameId}) {
  // once a rematch is offered, its prompt stands in for the button (one lobby per table)
  const offered = finished && drawRematch($("rematch-offer"), {rematch, me: me || {}, kind,
    player, gameId, onError: (text) => { $("move-error").textContent = text; }});
  $("rematch").hidden = !finished || !player || offered;
  // the stand-alone auction's rematch is the next auction at the same table (CAR-110)
  $("rematch").textContent = kind === "carcassonne-auction" ? t("Another auction") : t("Rematch");
}

/** The "Next game" link; `refresh()` asks again (at most one question at a time). */
export function createNextGame({gameId, visitor}) {
  let asked = null;
  return {
    refresh() {
      if (!visitor.me || asked) return;
      asked = api("GET", `/api/me/next-game?after=${encodeURIComponent(gameId)}`).then((r) => {
        const link = $("next-game");
        link.hidden = !r.game_id;
        if (r.game_id) link.href = `/games/${encodeURIComponent(r.game_id)}`;
      }).catch(() => {}).finally(() => { asked = null; });
    },
  };
}
