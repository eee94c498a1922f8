// The rematch prompt on a finished game's page (docs/api.md "Rematch"): one lobby for the whole
// table. GET /api/games/{id} says `rematch` ({lobby_id, by, host_id, status, game_id, invited}); a socket
// frame {type: "rematch"} says one was offered or has begun, and the page reads it again.

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {t} from "./i18n.js";

const lobbyUrl = (id) => `/lobbies/${encodeURIComponent(id)}`;
const gameUrl = (id) => `/games/${encodeURIComponent(id)}`;

/**
 * Draw the prompt into `node` and say whether it stands in for the Rematch button.
 * `rematch` is the game's rematch (or null), `me` the visitor, `player` whether they played.
 */
export function drawRematch(node, {rematch, me, player, gameId, onError, kind = ""}) {
  clear(node);
  // the stand-alone auction's next round at the same table is "another auction" (CAR-110), not
  // a rematch (issue 25, point 28)
  const auction = kind === "carcassonne-auction";
  node.hidden = !rematch;
  if (!rematch) return false;
  const invited = (rematch.invited || []).includes(me.user_id);
  let words;
  let action;
  if (rematch.game_id) {
    words = auction ? t("The next auction has begun.") : t("The rematch has begun.");
    action = el("a", {class: "button primary", href: gameUrl(rematch.game_id), "data-testid": "rematch-go",
      text: auction ? (player ? t("Go to the next auction") : t("Watch the next auction")) : (player ? t("Go to the rematch") : t("Watch the rematch"))});
  } else if (invited) {
    words = auction ? t("{name} offers another auction, with your seat kept for you.", {name: rematch.by}) : t("{name} offers a rematch, with your seat kept for you.", {name: rematch.by});
    action = el("button", {type: "button", class: "primary", "data-testid": "rematch-join", text: auction ? t("Join the next auction") : t("Join the rematch"),
      onclick: async () => {
        try {
          // pressing Rematch on an offered rematch accepts it: the same lobby, the seat kept
          const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/rematch`);
          location.assign(res.game_id ? gameUrl(res.game_id) : lobbyUrl(res.lobby_id));
        } catch (err) {
          onError(errorText(err));
        }
      }});
  } else if (player) {
    words = rematch.host_id === me.user_id ? (auction ? t("You offered another auction.") : t("You offered a rematch."))
      : (auction ? t("You are in {name}'s next auction.", {name: rematch.by}) : t("You are in {name}'s rematch.", {name: rematch.by}));
    action = el("a", {class: "button primary", href: lobbyUrl(rematch.lobby_id), "data-testid": "rematch-go",
      text: auction ? t("Go to the next auction's lobby") : t("Go to the rematch lobby")});
  } else {
    words = auction ? t("{name} offered the players another auction.", {name: rematch.by}) : t("{name} offered the players a rematch.", {name: rematch.by});
    action = el("a", {class: "button", href: lobbyUrl(rematch.lobby_id), "data-testid": "rematch-go",
      text: auction ? t("See the next auction's lobby") : t("See the rematch lobby")});
  }
  node.append(el("span", {class: "rematch-words", text: words}), action);
  return true;
}

/** Read the game's rematch again (after a socket frame said something changed). */
export async function fetchRematch(gameId) {
  const game = await api("GET", `/api/games/${encodeURIComponent(gameId)}`);
  return game.rematch || null;
}
