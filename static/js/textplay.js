// Playing by text (issue 31), mounted on the game page by game.js in one call: the move box
// with its short commands (move-box.js, text-commands.js), text mode (text-mode.js) and the
// one polite live region that says the other players' moves and your turn (announcer.js).
// game.js tells it each new state with `update(events, source, before)`.

import {createAnnouncer} from "./announcer.js";
import {mountMoveBox} from "./move-box.js";
import {mountTextMode} from "./text-mode.js";
import {turnWords} from "./text-commands.js";
import {eventText} from "./log.js";
import {t} from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** ctx: {gameId, kind, names, state, submit, clockOn, clocks} (see move-box.js). */
export function mountTextPlay(ctx) {
  const announcer = createAnnouncer($("textplay-live"));
  const full = {...ctx, say: (text) => announcer.now(text)};
  const box = mountMoveBox($("move-box"), full);
  const text = mountTextMode($("text-view"), $("text-mode"), ctx);
  box.refresh();

  return {
    /** A new state arrived (`before`: the view before it). */
    update(events, source, before) {
      box.refresh();
      text.refresh();
      if (source !== "patch") return;
      const seat = ctx.state.seat;
      const wasMine = seat !== null && ((before && before.to_act) || []).includes(seat);
      // the other players' moves, in the log's words and the page's language (an event's
      // `text` is its English; a move of this seat is its own to know)
      if (!wasMine) for (const e of events) if (e && (e.text || e.message)) announcer.say(eventText(e));
      const view = ctx.state.view || {};
      const mineNow = seat !== null && (view.to_act || []).includes(seat);
      if (view.finished) announcer.say(t("The game is over. Type /scores for the result."));
      else if (mineNow && !wasMine) announcer.say(turnWords(ctx));
    },
  };
}
