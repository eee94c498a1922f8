// The end of a tournament round (rules/bombay-bazar.md BOM-42 to BOM-48; issue 25, point 27).
// The server clears the board for the next round in the same step that scores the round, so
// the page alone marks the end: a panel over the new board says the round's trunks, places and
// medals in words, and stays until the player dismisses it. The server is not delayed: bots and
// other players go on, and the panel's board below stays live.

import {el} from "/static/js/dom.js";

const MEDALS = ["gold", "silver", "bronze"];

function place(n) {
  const last = n % 10, tens = Math.floor(n / 10) % 10;
  const suffix = tens === 1 ? "th" : ({1: "st", 2: "nd", 3: "rd"}[last] || "th");
  return `${n}${suffix}`;
}

/** The panel for a RoundEnded event: one line per player, best first, and a button that
 * dismisses it (`onDismiss`). `next` is the round that begins now. */
export function roundEndPanel(result, {nameOf, rounds, onDismiss}) {
  const seats = result.scores.map((_, seat) => seat);
  seats.sort((a, b) => result.places[a] - result.places[b] || a - b);
  const rows = seats.map((seat) => {
    const medal = result.medals ? result.medals[seat] : null;
    const trunk = result.scores[seat];
    const words = `${place(result.places[seat])}: ${nameOf(seat)}, trunk ${trunk < 0 ? `−${-trunk}` : trunk}`;
    return el("li", {"data-testid": `bb-round-end-${seat}`}, [
      el("span", {text: words}),
      medal === null || medal === undefined ? null
        : el("span", {class: `bb-medal bb-medal-${MEDALS[medal]}`, text: `${MEDALS[medal]} medal`}),
    ]);
  });
  const next = result.round + 1;
  const button = el("button", {type: "button", class: "primary", "data-testid": "bb-round-end-dismiss",
    text: next <= rounds ? `On to round ${next}` : "See the result"});
  button.addEventListener("click", onDismiss);
  return el("section", {class: "bb-round-end", role: "status", "aria-label": `Round ${result.round} is over`,
    "data-testid": "bb-round-end"}, [
    el("h3", {text: `Round ${result.round} of ${rounds} is over`}),
    el("ol", {class: "bb-round-places"}, rows),
    el("p", {class: "help", text: next <= rounds
      ? `The board is cleared for round ${next}: it is below, and the game goes on while you read.`
      : "The last round is scored."}),
    button,
  ]);
}
