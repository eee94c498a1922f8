// The score breakdown on the end panel (issue 14, part 1): each player's points by source, in
// words, from outcome.breakdown (Engine.score_breakdown). The winner comes first and ties keep
// the order of the outcome's ranks (then the table order); an auction ranks nobody (CAR-113).
// Wide screens get one column per player, phones one block per player (static/css/breakdown.css).
import {el, clear} from "./dom.js";
import {seatDot} from "./seat_mark.js";
import {say, t} from "./i18n.js";
import {shownWinners} from "./outcome.js";

const CSS = "/static/css/breakdown.css";

function ensureStyle() {
  if (document.querySelector(`link[href="${CSS}"]`)) return;
  document.head.append(el("link", {rel: "stylesheet", href: CSS}));
}

/** Points in words: a true minus sign for payments and penalties. */
export function pointsText(points) {
  return points < 0 ? `−${-points}` : String(points);
}

function scoreWords(score) {
  if (!Array.isArray(score)) return pointsText(score);
  const [gold = 0, silver = 0, bronze = 0] = score;
  return t("{gold} gold, {silver} silver, {bronze} bronze", {gold, silver, bronze});
}

/** The seats in the order of the outcome's ranks (ties in table order). */
export function rankedSeats(outcome) {
  const rows = outcome.breakdown || [];
  const ranks = outcome.ranks || [];
  return rows.map((b) => ({...b, rank: ranks.length ? ranks[b.seat] : null}))
    .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.seat - b.seat);
}

/** A line's label in the page's language: its message when the engine gives one (issue 29). */
function labelOf(line) {
  return line.message ? say(line.message) : line.label;
}

/** A line's items in the page's language. */
function itemsOf(line) {
  const messages = line.item_messages;
  return Array.isArray(messages) && messages.length === (line.items || []).length ? messages.map(say) : (line.items || []);
}

// Every source any player has, in the order the ranked players list them.
function sources(seats) {
  const seen = new Map();
  for (const s of seats) for (const line of s.lines) if (!seen.has(line.source)) seen.set(line.source, labelOf(line));
  return [...seen];
}

/** A row's label: the players' own when they agree; else the part they share before a colon or
 * the brackets, which hold each player's own figure ("Penalties caused (opponents lost 8; …)",
 * "Round 1: silver"), kept in the cell's title for that player: never one player's figure as
 * the whole row's (issue 25, point 27). */
function rowLabel(seats, source, fallback) {
  const labels = [...new Set(seats.flatMap((s) => s.lines.filter((l) => l.source === source).map(labelOf)))];
  if (labels.length === 1) return labels[0];
  if (!labels.length) return fallback;
  const heads = new Set(labels.map((l) => l.split(/: | \(/)[0]));
  return heads.size === 1 ? [...heads][0] : labels[0].split(" (")[0];
}

function cell(line) {
  if (!line) return el("span", {class: "muted", text: "—"});
  const points = el("span", {class: "bd-points", text: pointsText(line.points)});
  const medal = line.medal ? el("span", {class: "tag", text: t(line.medal)}) : null;
  if (!(line.items || []).length) return el("span", {}, [points, medal]);
  return el("details", {class: "bd-items"}, [
    el("summary", {}, [points, medal]),
    el("ul", {}, itemsOf(line).map((item) => el("li", {text: item}))),
  ]);
}

/** A row label as words a phone can read (issue 25, point 23): a long label's parenthesis
 * ("Penalties caused (opponents lost 2; the buyer gains nothing)") goes on a line of its own,
 * smaller, under the label's head. */
function labelNodes(text) {
  const split = /^(.+?) \((.+)\)$/.exec(text || "");
  if (!split || text.length <= 24) return [el("span", {class: "bd-label", text})];
  return [el("span", {class: "bd-label", text: split[1]}), el("span", {class: "bd-note", text: ` (${split[2]})`})];
}

function playerHead(s, name, winners) {
  const dot = seatDot(s.seat);
  return [s.rank !== null ? el("span", {class: "rank", text: `${s.rank}.`}) : null, dot,
    el("span", {text: name}), winners.has(s.seat) ? el("span", {class: "tag", text: t("winner")}) : null];
}

function table(seats, nameOf, winners) {
  const rows = sources(seats).map(([source, label]) => el("tr", {dataset: {source}}, [
    el("th", {scope: "row"}, labelNodes(rowLabel(seats, source, label))),
    ...seats.map((s) => {
      const line = s.lines.find((l) => l.source === source);
      return el("td", {dataset: {seat: String(s.seat), source, points: line ? String(line.points) : ""},
        title: line ? labelOf(line) : ""}, [cell(line)]);
    }),
  ]));
  return el("table", {class: "bd-table", "data-testid": "breakdown-table"}, [
    el("caption", {class: "sr-only", text: t("Score by source")}),
    el("thead", {}, el("tr", {}, [el("th", {scope: "col", text: t("Source")}),
      ...seats.map((s) => el("th", {scope: "col", dataset: {seat: String(s.seat)}}, playerHead(s, nameOf(s.seat), winners)))])),
    el("tbody", {}, rows),
    el("tfoot", {}, el("tr", {}, [el("th", {scope: "row", text: t("Score")}),
      ...seats.map((s) => el("td", {class: "bd-total", dataset: {seat: String(s.seat)}, text: scoreWords(s.score)}))])),
  ]);
}

function cards(seats, nameOf, winners) {
  return el("div", {class: "bd-cards", "data-testid": "breakdown-cards"}, seats.map((s) =>
    el("section", {class: "bd-card", dataset: {seat: String(s.seat)}}, [
      el("h3", {}, [...playerHead(s, nameOf(s.seat), winners),
        el("span", {class: "bd-total", text: scoreWords(s.score)})]),
      el("table", {}, el("tbody", {}, s.lines.map((line) => el("tr", {dataset: {source: line.source, points: String(line.points)}}, [
        el("th", {scope: "row"}, labelNodes(labelOf(line))), el("td", {}, [cell(line)]),
      ])))),
    ])));
}

/** Fill (or create after the ranking) the breakdown block from view.outcome.breakdown; the seats
 * in `resignedSeats` get no winner's mark (shownWinners). */
export function renderBreakdown(ranking, view, nameOf, resignedSeats = []) {
  let box = document.getElementById("breakdown");
  const outcome = view && view.outcome;
  if (!outcome || !Array.isArray(outcome.breakdown) || !outcome.breakdown.length) {
    if (box) box.hidden = true;
    return;
  }
  ensureStyle();
  if (!box) {
    box = el("section", {id: "breakdown", class: "breakdown", "data-testid": "breakdown", "aria-labelledby": "breakdown-title"});
    ranking.after(box);
  }
  box.hidden = false;
  const seats = rankedSeats(outcome);
  // the page redraws on every update (clocks, presence): keep the table, and the <details> a
  // reader opened, while nothing in it changed
  const key = JSON.stringify([outcome.breakdown, outcome.ranks, outcome.winners, resignedSeats, seats.map((s) => nameOf(s.seat))]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const winners = shownWinners(outcome, resignedSeats);
  clear(box).append(el("h3", {id: "breakdown-title", text: t("Where the points came from")}),
    table(seats, nameOf, winners), cards(seats, nameOf, winners));
}
