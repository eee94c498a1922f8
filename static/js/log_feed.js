// The game page's log (log.js draws it): read from GET /api/games/{id}/log, and a live move's
// entry made at once from its patch, with its actor as the log would say it (a bot and its
// level, a resigned seat, a timeout); a read of the log afterwards fills in what a patch cannot.

import {api} from "./api.js";

/**
 * `log` is the LogView, `state` the page's state (resigned, away), `bots` the bot seats,
 * `levels` their levels and `takeover` who plays a seat taken over.
 */
export function createLogFeed({gameId, log, state, bots, levels, takeover}) {
  async function refresh() {
    try {
      const data = await api("GET", `/api/games/${encodeURIComponent(gameId)}/log`);
      log.merge(data.entries || []); // merge: live entries that arrived meanwhile stay
    } catch (err) {
      console.warn("log unavailable", err);
    }
  }

  // Who made a live move: the seat that was alone to act before it, else the first seat its
  // events name; the actor as GET /log would say it (bot, resigned seat).
  function liveEntry(before, seq, events) {
    const toAct = (before && before.to_act) || [];
    const named = events.find((e) => e && Number.isInteger(e.seat));
    const seat = toAct.length === 1 ? toAct[0] : named ? named.seat : null;
    let actor = null;
    let level = null;  // a timeout may be the game's own move, of no level: the log refresh says
    if (seat !== null && bots.includes(seat)) { actor = "bot"; level = levels[seat] || null; }
    else if (seat !== null && state.resigned.includes(seat)) { actor = "resigned"; level = takeover; }
    else if (seat !== null && state.away.includes(seat)) actor = "timeout";
    return {seq, seat, events, actor, level};
  }

  let soon = null;
  return {
    refresh,
    /** Read the log again in a moment (several reasons at once make one read). */
    refreshSoon() {
      clearTimeout(soon);
      soon = setTimeout(refresh, 300);
    },
    /** Add the entry of a live move (a patch's events) at once. */
    addLive(before, seq, events) { log.add(liveEntry(before, seq, events)); },
  };
}
