// The end card of the game page (#outcome): once a game is finished, its title, the final
// ranking in words (outcome.js), the rating changes (ratings.js), the score breakdown
// (breakdown.js) and the score over time (score-chart.js); and, when the end arrives while the
// player looks at the board, the card comes to where they look.

import {seatName} from "./dom.js";
import {renderRanking, outcomeTitle} from "./outcome.js";
import {showRatings} from "./ratings.js";
import {renderBreakdown} from "./breakdown.js";
import {endScoreChart} from "./score-chart.js";

const $ = (id) => document.getElementById(id);

/** Draw the card of a finished game: `tileWords` is what the board says of a won tile. */
export function drawEndCard({gameId, kind, view, names, resigned, ratings, tileWords = null}) {
  renderRanking($("ranking"), view, names, resigned, kind, {tileWords});
  showRatings($("ranking"), ratings);
  const nameOf = (seat) => (((view.players || []).find((p) => p.seat === seat) || {}).name || seatName(names, seat));
  renderBreakdown($("ranking"), view, nameOf, resigned);
  $("outcome-title").textContent = outcomeTitle(kind, view && view.outcome);
  endScoreChart($("outcome"), gameId); // score over time, once (static/js/score-chart.js)
}

/** Bring the card into view and focus its title (on a phone it was far above the board, and a
 * log line was the only sign that the game had ended; issue 25, point 26). */
export function bringEndCardIntoView() {
  requestAnimationFrame(() => {
    const card = $("outcome");
    const r = card.getBoundingClientRect();
    if (r.top < 0 || r.top > window.innerHeight - 80) card.scrollIntoView({block: "start"});
    $("outcome-title").focus({preventScroll: true});
  });
}
