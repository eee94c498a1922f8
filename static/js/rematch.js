// The rematch prompt on a finished game's page (docs/api.md "Rematch"): one lobby for the whole
// table. GET /api/games/{id} says `rematch` ({lobby_id, by, host_id, status, game_id, invited}); a socket
// frame {type: "rematch"} says one was offered or has begun, and the page reads it again.

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";

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
  const noun = auction ? "the next auction" : "the rematch";
  node.hidden = !rematch;
  if (!rematch) return false;
  const invited = (rematch.invited || []).includes(me.user_id);
  let words;
  let action;
  if (rematch.game_id) {
    words = auction ? "The next auction has begun." : "The rematch has begun.";
    action = el("a", {class: "button primary", href: gameUrl(rematch.game_id), "data-testid": "rematch-go",
      text: player ? `Go to ${noun}` : `Watch ${noun}`});
  } else if (invited) {
    words = `${rematch.by} offers ${auction ? "another auction" : "a rematch"}, with your seat kept for you.`;
    action = el("button", {type: "button", class: "primary", "data-testid": "rematch-join", text: `Join ${noun}`,
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
    words = rematch.host_id === me.user_id ? `You offered ${auction ? "another auction" : "a rematch"}.`
      : `You are in ${rematch.by}'s ${auction ? "next auction" : "rematch"}.`;
    action = el("a", {class: "button primary", href: lobbyUrl(rematch.lobby_id), "data-testid": "rematch-go",
      text: `Go to ${auction ? "the next auction's" : "the rematch"} lobby`});
  } else {
    words = `${rematch.by} offered the players ${auction ? "another auction" : "a rematch"}.`;
    action = el("a", {class: "button", href: lobbyUrl(rematch.lobby_id), "data-testid": "rematch-go",
      text: `See ${auction ? "the next auction's" : "the rematch"} lobby`});
  }
  node.append(el("span", {class: "rematch-words", text: words}), action);
  return true;
}

/** Read the game's rematch again (after a socket frame said something changed). */
export async function fetchRematch(gameId) {
  const game = await api("GET", `/api/games/${encodeURIComponent(gameId)}`);
  return game.rematch || null;
}
