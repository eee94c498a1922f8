// "Bot 2 is thinking…" under the turn line of the game page (issue 28, point 3): the server
// sends a `thinking` frame when a hard bot's search starts and another when it ends
// (app/play/bot_driver.py). The line also goes once the seat has moved or is no longer to act,
// so that a frame lost on a reconnection never leaves it standing.


import {t} from "./i18n.js";
/** The line in `node`; returns {onFrame(frame), onState(view, seq)}. names: the seat names. */
export function thinkingLine(node, names) {
  const thinking = new Map(); // seat -> {seq, actor}

  function words(seat, actor) {
    const name = names[seat] || t("Seat {number}", {number: seat + 1});
    if (actor === "resigned" || actor === "timeout") return t("The bot playing for {name} is thinking…", {name});
    return t("{name} is thinking…", {name});
  }

  function draw() {
    const seats = [...thinking.keys()].sort((a, b) => a - b);
    node.textContent = seats.map((seat) => words(seat, thinking.get(seat).actor)).join(" ");
    node.hidden = !seats.length;
    node.dataset.seats = seats.join(" ");
  }

  return {
    onFrame(frame) {
      if (!Number.isInteger(frame.seat)) return;
      if (frame.thinking) thinking.set(frame.seat, {seq: frame.seq, actor: frame.actor});
      else thinking.delete(frame.seat);
      draw();
    },
    onState(view, seq) {
      const toAct = new Set((view && view.to_act) || []);
      for (const [seat, at] of thinking) {
        if (seq > at.seq || !toAct.has(seat) || (view && view.finished)) thinking.delete(seat);
      }
      draw();
    },
  };
}
