// Ratings on the pages (docs/api.md "Ratings"): the end panel's rating change per seat, and the
// profile and leaderboard pages. A rating is one number (openskill's conservative estimate on a
// 1000 scale); its change is shown signed.

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {resultWords} from "./results.js";
import {t, tn} from "./i18n.js";

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

/** A rating as shown: "1138?" while provisional (issue 25, point 12, as lichess shows it). */
export const ratingText = (value, provisional) => `${value}${provisional ? "?" : ""}`;

/** Why a rating has a "?", in the page's language. */
export const provisionalWords = () => t("A rating marked ? is provisional: its player has few rated games of this game yet (about 10), so each result moves it a lot.");

/** Why a rating moved as it did, in words (shown on hover and on a tap of "Why?"). */
export function changeWords(r) {
  const by = Math.abs(r.change);
  const first = r.rank === 1;
  const parts = [r.change > 0 ? (first ? t("The rating went up by {by} after first place.", {by}) : t("The rating went up by {by} after place {place}.", {by, place: r.rank}))
    : r.change < 0 ? (first ? t("The rating went down by {by} after first place.", {by}) : t("The rating went down by {by} after place {place}.", {by, place: r.rank}))
      : (first ? t("The rating did not move after first place.") : t("The rating did not move after place {place}.", {place: r.rank}))];
  if (r.provisional_before || r.provisional) parts.push(provisionalWords());
  parts.push(t("The number shown is a cautious estimate, the skill found so far minus three times its uncertainty: the uncertainty shrinks with every rated game, which also lifts the number."));
  return parts.join(" ");
}

/** Add each rated seat's rating change to the end panel's ranking (its items carry data-seat). */
export function showRatings(list, ratings) {
  for (const old of list.querySelectorAll(".rating-line")) old.remove();
  for (const r of ratings || []) {
    const item = list.querySelector(`li[data-seat="${r.seat}"]`);
    if (!item) continue;
    const why = changeWords(r);
    item.append(el("span", {class: "rating-line"}, [
      el("a", {class: "rating-change", href: `/players/${encodeURIComponent(r.user_id)}`, title: why,
        "data-testid": `rating-change-${r.seat}`,
        text: t("rating {before} → {after} ({change})", {before: ratingText(r.before, r.provisional_before), after: ratingText(r.after, r.provisional), change: signed(r.change)})}),
      // a tap (no hover on a phone) opens the same words
      el("details", {class: "rating-why", "data-testid": `rating-why-${r.seat}`}, [
        el("summary", {text: t("Why?")}), el("p", {text: why})]),
    ]));
  }
}

/** A small line chart of a rating's history (SVG), newest on the right. */
function historyChart(points) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const w = 240, h = 60, pad = 6;
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "rating-chart");
  svg.setAttribute("role", "img");
  const values = [1000, ...points.map((p) => p.rating)];
  svg.setAttribute("aria-label", `Rating after each rated game: ${values.join(", ")}`);
  const lo = Math.min(...values), hi = Math.max(...values), span = Math.max(hi - lo, 1);
  const xy = values.map((v, i) => [pad + (i * (w - 2 * pad)) / Math.max(values.length - 1, 1),
    h - pad - ((v - lo) * (h - 2 * pad)) / span]);
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", xy.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" "));
  line.setAttribute("fill", "none");
  line.setAttribute("stroke", "#a0430f");
  line.setAttribute("stroke-width", "2");
  svg.append(line);
  return svg;
}

async function profilePage() {
  const main = document.getElementById("page");
  const box = document.getElementById("profile");
  try {
    const p = await api("GET", `/api/players/${encodeURIComponent(main.dataset.userId)}`);
    document.getElementById("profile-name").textContent = p.name;
    document.title = `${p.name} · Bazaar`;
    clear(box);
    if (!p.ratings.length) box.append(el("p", {class: "muted", text: t("No rated game yet.")}));
    for (const r of p.ratings) {
      box.append(el("section", {class: "card rating-card", "data-testid": `rating-${r.kind}`}, [
        el("h2", {text: r.title || r.kind}),
        el("p", {class: "rating-now", title: r.provisional ? provisionalWords() : null,
          text: t("Rating {rating}", {rating: ratingText(r.rating, r.provisional)})}),
        r.provisional ? el("p", {class: "help", text: provisionalWords()}) : null,
        el("p", {class: "muted", text: tn("{n} rated game, {wins} won", "{n} rated games, {wins} won", r.games, {wins: r.wins})}),
        historyChart(r.history),
        el("p", {}, [el("a", {href: `/leaderboards/${encodeURIComponent(r.kind)}`, text: t("Leaderboard")})]),
      ]));
    }
    const played = el("ul", {class: "item-list", "data-testid": "played"});
    for (const x of p.played || []) {
      played.append(el("li", {class: "item"}, [el("strong", {text: x.title}),
        el("span", {class: "item-meta", text: tn("{n} game played, {wins} won", "{n} games played, {wins} won", x.games, {wins: x.wins})})]));
    }
    if (!(p.played || []).length) played.append(el("li", {class: "muted", text: t("No finished game yet.")}));
    box.append(el("section", {class: "card"}, [el("h2", {text: t("Games played")}), played]));
    const recent = el("ul", {class: "item-list", "data-testid": "recent-games"});
    for (const g of p.recent || []) {
      recent.append(el("li", {class: "item"}, [
        el("span", {class: "item-main"}, [el("strong", {text: g.title}), el("span", {class: "muted", text: ` ${g.players.join(", ")}`})]),
        el("span", {class: "item-meta", text: resultWords(g, p.name)}),
        el("a", {class: "button", href: `/games/${encodeURIComponent(g.id)}/replay`, text: t("Replay")}),
      ]));
    }
    if (!(p.recent || []).length) recent.append(el("li", {class: "muted", text: t("No finished game to show yet.")}));
    box.append(el("section", {class: "card"}, [el("h2", {text: t("Recent games")}), recent]));
  } catch (err) {
    clear(box).append(el("p", {class: "form-error", text: errorText(err)}));
  }
}

async function leaderboardPage() {
  const kind = document.getElementById("page").dataset.kind;
  const list = document.getElementById("leaderboard");
  try {
    const board = await api("GET", `/api/leaderboards/${encodeURIComponent(kind)}`);
    document.getElementById("leaderboard-title").textContent = t("{title}: leaderboard", {title: board.title});
    clear(list);
    if (!board.players.length) list.append(el("li", {class: "muted", text: t("Nobody has played a rated game yet.")}));
    for (const p of board.players) {
      list.append(el("li", {class: "item", "data-testid": "leader"}, [
        el("span", {class: "item-main"}, [el("strong", {text: `${p.place}. `}),
          el("a", {href: `/players/${encodeURIComponent(p.user_id)}`, text: p.name})]),
        el("span", {class: "item-meta", title: p.provisional ? provisionalWords() : null,
          text: ratingText(p.rating, p.provisional) + " · " + tn("{n} game, {wins} won", "{n} games, {wins} won", p.games, {wins: p.wins})}),
      ]));
    }
  } catch (err) {
    clear(list).append(el("li", {class: "form-error", text: errorText(err)}));
  }
}

async function leaderboardsPage() {
  const list = document.getElementById("leaderboards");
  try {
    const {games} = await api("GET", "/api/catalog");
    clear(list);
    for (const g of games || []) {
      list.append(el("li", {class: "item"}, [
        el("span", {class: "item-main"}, [el("strong", {text: g.title})]),
        el("a", {class: "button", href: `/leaderboards/${encodeURIComponent(g.kind)}`, "data-testid": `leaderboard-${g.kind}`,
          "aria-label": t("Leaderboard of {title}", {title: g.title}), text: t("Leaderboard")}),
      ]));
    }
  } catch (err) {
    clear(list).append(el("li", {class: "form-error", text: errorText(err)}));
  }
}

const page = document.body.classList;
if (page.contains("page-leaderboards")) leaderboardsPage();
if (page.contains("page-profile")) profilePage();
if (page.contains("page-leaderboard")) leaderboardPage();
