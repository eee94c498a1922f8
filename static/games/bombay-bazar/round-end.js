// The end of a tournament round (rules/bombay-bazar.md BOM-42 to BOM-48; issue 25, point 27).
// The server clears the board for the next round in the same step that scores the round, so
// the page alone marks the end: a panel over the new board says the round's trunks, places and
// medals in words, and stays until the player dismisses it. The server is not delayed: bots and
// other players go on, and the panel's board below stays live.

import {el} from "/static/js/dom.js";
import {t} from "/static/js/i18n.js";

const MEDALS = ["gold", "silver", "bronze"];
const MEDAL_TITLES = [t("gold medal"), t("silver medal"), t("bronze medal")];
const PLACES = [t("1st"), t("2nd"), t("3rd"), t("4th")];  // at most 4 players (BOM-10)

function place(n) {
  return PLACES[n - 1] || String(n);
}

/** The panel for a RoundEnded event: one line per player, best first, and a button that
 * dismisses it (`onDismiss`). `next` is the round that begins now. */
export function roundEndPanel(result, {nameOf, rounds, onDismiss}) {
  const seats = result.scores.map((_, seat) => seat);
  seats.sort((a, b) => result.places[a] - result.places[b] || a - b);
  const rows = seats.map((seat) => {
    const medal = result.medals ? result.medals[seat] : null;
    const trunk = result.scores[seat];
    const length = trunk < 0 ? "−" + String(-trunk) : String(trunk);
    const words = t("{place}: {who}, trunk {trunk}", {place: place(result.places[seat]), who: nameOf(seat), trunk: length});
    return el("li", {"data-testid": `bb-round-end-${seat}`}, [
      el("span", {text: words}),
      medal === null || medal === undefined ? null
        : el("span", {class: `bb-medal bb-medal-${MEDALS[medal]}`, text: MEDAL_TITLES[medal]}),
    ]);
  });
  const next = result.round + 1;
  const button = el("button", {type: "button", class: "primary", "data-testid": "bb-round-end-dismiss",
    text: next <= rounds ? t("On to round {round}", {round: next}) : t("See the result")});
  button.addEventListener("click", onDismiss);
  return el("section", {class: "bb-round-end", role: "status", "aria-label": t("Round {round} is over", {round: result.round}),
    "data-testid": "bb-round-end"}, [
    el("h3", {text: t("Round {round} of {rounds} is over", {round: result.round, rounds})}),
    el("ol", {class: "bb-round-places"}, rows),
    el("p", {class: "help", text: next <= rounds
      ? t("The board is cleared for round {round}: it is below, and the game goes on while you read.", {round: next})
      : t("The last round is scored.")}),
    button,
  ]);
}
