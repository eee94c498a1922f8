// Turn clocks on the game page: GET /api/games/{id} tells the seconds each seat has left; the
// page counts down between fetches (a fetch shortly after each state the socket brings).

import {api} from "./api.js";

/**
 * The clocks of a game. `seatQuery()` is the "?seat=n" the page reads the game with; `onFresh`
 * redraws after a fetch, `onTick` once a second while a clock runs.
 */
export function createTurnClock({game, gameId, seatQuery, onFresh, onTick}) {
  const on = Boolean(game.clock && game.clock.mode && game.clock.mode !== "off");
  let deadlines = {};
  function setDeadlines(remaining) {
    deadlines = {};
    for (const [seat, secs] of Object.entries(remaining || {})) deadlines[Number(seat)] = Date.now() + secs * 1000;
  }
  /** {seat: seconds left} now. */
  function now() {
    const out = {};
    for (const [seat, at] of Object.entries(deadlines)) out[seat] = (at - Date.now()) / 1000;
    return out;
  }
  let pending = null;
  /** Read the seconds left again (once at a time, a moment after a state arrived). */
  function refresh() {
    if (!on || pending) return;
    pending = setTimeout(async () => {
      try {
        const fresh = await api("GET", `/api/games/${encodeURIComponent(gameId)}${seatQuery()}`);
        setDeadlines(fresh.clock && fresh.clock.remaining);
        onFresh();
      } catch { /* the next move tries again */ }
      pending = null;
    }, 150);
  }
  if (on) {
    setDeadlines(game.clock.remaining);
    setInterval(() => { if (Object.keys(deadlines).length) onTick(); }, 1000);
  }
  return {now, refresh};
}
