// The end card of a finished game in words (issue 13, point 20): the final ranking (or an
// auction's final scores), each seat's details from the outcome, the reason the game ended and
// its tie-break. Never a raw value, id or 0-based seat. The ratings (ratings.js), the score
// breakdown (breakdown.js) and the score chart (score-chart.js) are drawn beside it by the page.

import {el, clear, seatName} from "./dom.js";
import {seatDot} from "./seat_mark.js";
import {num} from "./plain_words.js";
import {t, tn} from "./i18n.js";

// The end of a game in words (issue 13, point 20): every `reason` each engine's outcome can give,
// and its `details`, as phrases; never a raw value, id or 0-based seat.
// (functions: each is said in the page's language when it is read)
const REASONS = {
  "bazaar": {"two-stalls-sold-out": () => t("The game ended because two stalls are sold out."),
             "stalled": () => t("The game ended because nobody bought a ware for too long.")},
  "bombay-bazar": {finished: () => t("The game is over: the longest trunk wins."),
                   tournament: () => t("The tournament is over: the players are ranked by their medals."),
                   solo: () => t("Solo game over: your score is your trunk minus the empty spaces minus the unused openings.")},
  "carcassonne": {finished: () => t("The game is over: every tile has been placed and the last features are scored.")},
  "carcassonne-auction": {finished: () => t("The auction is over: every tile has its owner."),
                          cancelled: () => t("The host cancelled the auction: nobody's score changed.")},
  "grand-bazaar": {finished: () => t("The game is over: the players are ranked by their money.")},
};
const TIEBREAKS = {"fewest-tokens": () => t("Equal scores: the player holding fewer tokens ranks higher."),
                   shared: () => t("Equal scores share the place.")};

/** The reason a game ended, in words. */
export function reasonText(kind, outcome) {
  const reason = outcome && outcome.reason;
  const known = (REASONS[kind] || {})[reason];
  if (known) return known();
  if (reason === "cancelled") return t("The game was cancelled.");
  return t("The game is over.");
}

/** Gold, silver and bronze tallies in words. */
export function medalText(tally) {
  const [gold = 0, silver = 0, bronze = 0] = Array.isArray(tally) ? tally : [];
  return t("{gold} gold, {silver} silver, {bronze} bronze", {gold, silver, bronze});
}

/** The solo Bombay formula: trunk − empty spaces − unused openings = solo score. */
export function soloFormula(details) {
  return t("trunk {trunk} − empty spaces {empty} − unused openings {unused}", {trunk: details.T, empty: details.E, unused: details.U});
}

function signed(n) { return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0"; }

// The per-seat lines under a name: what the outcome's details say about this seat.
function seatDetails(kind, outcome, seat, view, tileWords) {
  const d = outcome.details || {};
  const out = [];
  const at = (key) => (Array.isArray(d[key]) ? d[key][seat] : undefined);
  if (outcome.reason === "solo" && d.T !== undefined) {
    out.push(t("solo score = {formula} (the players panel shows the trunk, {trunk})", {formula: soloFormula(d), trunk: d.T}));
  }
  if (kind === "bazaar") {
    if (at("tokens") !== undefined) out.push(tn("{n} token left", "{n} tokens left", at("tokens")));
    if (Array.isArray(at("wares"))) out.push(tn("{n} ware bought", "{n} wares bought", at("wares").length));
    if (at("penalties")) out.push(tn("{n} point lost to penalties", "{n} points lost to penalties", at("penalties")));
  }
  if (kind === "grand-bazaar") {
    if (at("money_before_sale") !== undefined) out.push(t("money before the final sale: {money}", {money: at("money_before_sale")}));
    const sold = at("sold");
    if (sold && typeof sold === "object") {
      const count = Object.values(sold).reduce((a, b) => a + (Number(b) || 0), 0);
      out.push(count ? tn("{n} gem sold at 10 at the end", "{n} gems sold at 10 at the end", count) : t("no gem left to sell at the end"));
    }
  }
  if (kind === "carcassonne-auction") {
    if (at("changes") !== undefined && !d.cancelled) out.push(t("change {change}", {change: signed(at("changes"))}));
    const owners = d.owners || [];
    const tile = owners.indexOf(seat);
    if (tile >= 0 && !d.cancelled) {
      out.push(tileWords ? t("won tile #{number}, {tile}", {number: tile + 1, tile: tileWords(tile, view)}) : t("won tile #{number}", {number: tile + 1}));
    }
  }
  const timeouts = (outcome.timeouts || {})[String(seat)];
  if (timeouts) out.push(tn("time ran out once", "time ran out {n} times", timeouts));
  return out;
}

// The score of a seat in words: medals for a tournament, the number otherwise.
function scoreText(outcome, score) {
  if (score === undefined || score === null) return "";
  if (Array.isArray(score)) return outcome.reason === "tournament" ? medalText(score) : score.map(num).join(", ");
  return num(score);
}

/** The end panel's title for this outcome. */
export function outcomeTitle(kind, outcome) {
  if (kind === "carcassonne-auction") return t("Final scores");
  if (outcome && outcome.reason === "solo") return t("Solo result");
  return t("Final ranking");
}

/** The seats shown as winners: the outcome's winners who did not resign. A resignation is never
 * a win (docs/decisions.md, "Resigning"): the seat keeps the place its bot reached, marked
 * "resigned", without the winner's mark. */
export function shownWinners(outcome, resignedSeats = []) {
  const resigned = new Set([...((outcome && outcome.resigned) || []), ...resignedSeats]);
  return new Set(((outcome && outcome.winners) || []).filter((seat) => !resigned.has(seat)));
}

/** The final ranking from view.outcome, in words. */
export function renderRanking(list, view, names, resignedSeats = [], kind = "", {tileWords = null} = {}) {
  clear(list);
  const outcome = view && view.outcome;
  if (!outcome) return;
  const scores = outcome.scores || [];
  const ranked = (outcome.ranks || []).length > 0;
  // an auction ranks nobody (CAR-113): its seats in table order, with their scores
  const seats = (ranked ? outcome.ranks : scores).map((rank, seat) => ({seat, rank: ranked ? rank : null, score: scores[seat]}));
  if (!seats.length) for (const p of (view.players || [])) seats.push({seat: p.seat, rank: null, score: p.score});
  seats.sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.seat - b.seat);
  const winners = shownWinners(outcome, resignedSeats);
  const resigned = new Set([...(outcome.resigned || []), ...resignedSeats]);
  const showRank = ranked && outcome.reason !== "solo";
  for (const s of seats) {
    const name = ((view.players || []).find((p) => p.seat === s.seat) || {}).name || seatName(names, s.seat);
    const dot = seatDot(s.seat);
    const details = seatDetails(kind, outcome, s.seat, view, tileWords);
    const solo = outcome.reason === "solo";
    list.append(el("li", {class: winners.has(s.seat) ? "winner" : "", dataset: {seat: String(s.seat)}}, [
      showRank ? el("span", {class: "rank", text: `${s.rank}.`}) : null, dot,
      el("span", {class: "player-name", text: name}),
      el("span", {class: `player-score${Array.isArray(s.score) ? " medals" : ""}`, "data-testid": `final-score-${s.seat}`,
        text: solo ? t("solo score {score}", {score: scoreText(outcome, s.score)}) : scoreText(outcome, s.score)}),
      winners.has(s.seat) ? el("span", {class: "tag", text: t("winner")}) : null,
      resigned.has(s.seat) ? el("span", {class: "tag warn", text: t("resigned")}) : null,
      details.length ? el("span", {class: "rank-detail", text: details.join(" · ")}) : null,
    ]));
  }
  const notes = [reasonText(kind, outcome)];
  const tiebreak = (outcome.details || {}).tiebreak;
  if (kind === "bazaar" && TIEBREAKS[tiebreak]) notes.push(TIEBREAKS[tiebreak]());
  if (kind === "grand-bazaar" && winners.size > 1) notes.push(t("The top amount is shared: every player on it wins."));
  list.append(el("li", {class: "muted outcome-reason", "data-testid": "outcome-reason", text: notes.join(" ")}));
}
