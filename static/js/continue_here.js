// "Continue from here" on the replay page: a new lobby whose game starts from the step shown
// (POST /api/games/{id}/continue), then the lobby. The button says in words why it cannot be
// used where it cannot: a game still running, an imported game cut short, the final position.

import {api, errorText} from "./api.js";
import {ensureIdentity} from "./identity.js";
import {t} from "./i18n.js";

/** Why the game cannot be continued from step ``k`` (showing ``view``), or "" if it can. */
export function refusal(game, k, view) {
  if (game.status === "imported") return t("This imported game stops before its end, so its unseen cards and tiles are not all known: only a finished game can be continued.");
  if (game.status !== "finished") return t("Only a finished game can be continued: while it runs, its unseen cards and tiles are secret.");
  if (game.continued_from && !game.continued_from.game) return t("This game was imported from a continued game whose first position cannot be checked here, so it cannot be continued.");
  if (view && view.finished) return t("The game is over at this move: step back to continue from an earlier one.");
  return "";
}

/** Bind the button and its note; returns ``show(k, view)`` for the replay to call at each step. */
export function continueHere(button, note, game) {
  let at = 0;
  let busy = false;
  button.addEventListener("click", async () => {
    if (busy || button.disabled) return;
    // a visitor who only watched gets a name now: the new lobby is theirs
    if (!(await ensureIdentity({why: t("Pick a name to open a lobby for the new game.")}))) return;
    busy = true;
    button.disabled = true;
    note.textContent = t("Opening a lobby for the new game…");
    try {
      const lobby = await api("POST", `/api/games/${encodeURIComponent(game.id)}/continue`, {step: at});
      location.assign(`/lobbies/${encodeURIComponent(lobby.lobby_id)}`);
    } catch (err) {
      note.textContent = t("The game cannot be continued from here: {error}", {error: errorText(err)});
      button.disabled = false;
      busy = false;
    }
  });
  return function show(k, view) {
    at = k;
    if (busy) return;
    const why = refusal(game, k, view);
    button.disabled = !!why;
    note.textContent = why || (k === 0
      ? t("Start a new game from the setup, with the cards and tiles not yet seen shuffled again.")
      : t("Start a new game from move {number}, with the cards and tiles not yet seen shuffled again.", {number: k}));
  };
}
