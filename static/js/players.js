// The players panel of the game page and the replay page: each seat's name (linked to its
// profile), marks and tags (you, bot, away, resigned), presence, score, public figures (or what
// the board says of them, board.playerDetails), the turn clock, and whose turn it is.

import {el, clear, seatColor, seatName} from "./dom.js";
import {seatDot} from "./seat_mark.js";
import {num} from "./plain_words.js";
import {shownWinners, soloFormula} from "./outcome.js";
import {markWords, t, tn} from "./i18n.js";
import {levelWord} from "./bot_levels.js";

// A public per-player figure worth a line in the generic panel: numbers, short words, small
// collections of numbers (booleans and empty collections say little without the game's context).
function showable(value) {
  if (value === null || value === undefined || typeof value === "boolean") return false;
  if (typeof value === "string") return value.length > 0 && value.length <= 24;
  if (typeof value === "object") {
    const items = Object.values(value);
    return items.length > 0 && items.length <= 8 && items.every((v) => typeof v === "number" || typeof v === "string");
  }
  return true;
}

function figure(value, key = "") {
  if (value === null || value === undefined) return "";
  // a view's `tile` is an index into a row of tiles, which the page numbers from 1 (point 25)
  if (key === "tile" && Number.isInteger(value)) return `#${value + 1}`;
  if (typeof value !== "object") return num(value);
  if (Array.isArray(value)) return value.length <= 6 ? value.map(figure).join(", ") : `${value.length}`;
  return Object.entries(value).map(([k, v]) => `${k}${v}`).join(" ");
}

/** Time left in words: "1:05" for a live clock, "2 days 3 hours" for a turn-based table. */
function clockLabel(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 3600) {
    // turn-based tables (issue 27): days and hours, as the server says them
    const days = Math.floor(s / 86400), hours = Math.floor((s % 86400) / 3600);
    return [days ? tn("{n} day", "{n} days", days) : "", hours ? tn("{n} hour", "{n} hours", hours) : ""].filter(Boolean).join(" ");
  }
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The seats held by accounts: {seat: user_id}, for links to their profiles. */
export function profilesOf(game) {
  return Object.fromEntries((game.seats || []).filter((s) => s.profile && s.user_id).map((s) => [s.seat, s.user_id]));
}

/** The players panel from the view envelope: names, scores, public figures, whose turn. */
export function renderPlayers(list, view, {names = [], marks = [], you = [], connected = null, resigned = [], bots = [], clocks = {}, away = [], levels = {}, profiles = {}, details = null, vacations = {}} = {}) {
  clear(list);
  const toAct = new Set((view && view.to_act) || []);
  const players = (view && view.players) || names.map((name, seat) => ({seat, name}));
  const outcome = view && view.outcome;
  for (const p of players) {
    const extra = Object.entries(p).filter(([k, v]) => !["seat", "name", "score"].includes(k) && showable(v));
    const dot = seatDot(p.seat);
    // an account's seat links to its profile (issue 25, point 17)
    const shown = p.name || seatName(names, p.seat);
    const profile = profiles[p.seat];
    const nameLine = el("span", {class: "player-name"}, [dot, profile
      ? el("a", {href: `/players/${encodeURIComponent(profile)}`, class: "player-link", "data-testid": `profile-${p.seat}`, text: shown})
      : el("span", {text: shown})]);
    // @username or "guest #tag": two players of one display name are told apart
    if (marks[p.seat]) nameLine.append(el("span", {class: "mark", "data-testid": `mark-${p.seat}`, text: markWords(marks[p.seat])}));
    if (you.includes(p.seat)) nameLine.append(el("span", {class: "tag", text: t("you")}));
    if (resigned.includes(p.seat)) nameLine.append(el("span", {class: "tag warn", text: t("resigned")}));
    else if (away.includes(p.seat)) {
      nameLine.append(el("span", {class: "tag warn", text: t("away"), title: t("time ran out: the platform moves for this seat until its player is back")}));
    }
    // a bot seat says its level in words: "bot (hard)" (a game from before levels: "bot")
    if (bots.includes(p.seat)) nameLine.append(el("span", {class: "tag", text: levels[p.seat] ? t("bot ({level})", {level: levelWord(levels[p.seat]) || levelWord("normal")}) : t("bot")}));
    else if (connected) {
      const online = connected.includes(p.seat);
      // role img: an aria-label on a span with no role is not read (axe aria-prohibited-attr)
      nameLine.append(el("span", {class: `presence ${online ? "on" : "off"}`, title: online ? t("connected") : t("not connected"),
        role: "img", "aria-label": online ? t("connected") : t("not connected")}));
    }
    const item = el("li", {class: "player", dataset: {seat: String(p.seat)}}, [
      nameLine,
      el("span", {class: "player-score", "data-testid": `score-${p.seat}`, text: p.score === undefined ? "" : num(p.score)}),
    ]);
    // a turn-based player on vacation, in words, with the day they are back (issue 27)
    if (vacations[p.seat]) {
      item.append(el("span", {class: "player-extra vacation", "data-testid": `vacation-${p.seat}`, text: vacations[p.seat]}));
    }
    // a board may say a player's figures in its own way (board.playerDetails, issue 25 point 23)
    const own = details ? details(p) : null;
    if (own) item.append(own);
    else if (extra.length) {
      item.append(el("span", {class: "player-extra"},
        extra.slice(0, 4).map(([k, v]) => el("span", {text: `${k.replace(/_/g, " ")}: ${figure(v, k)}`}))));
    }
    const solo = outcome && outcome.reason === "solo" && outcome.details && outcome.details.T !== undefined;
    if (solo && (outcome.scores || [])[p.seat] !== undefined) {
      // the figure above is the trunk; the solo score is the formula's result (BOM-51)
      item.append(el("span", {class: "player-extra", "data-testid": `solo-score-${p.seat}`,
        text: t("trunk {trunk} · solo score {score} = {formula}", {trunk: outcome.details.T, score: num(outcome.scores[p.seat]), formula: soloFormula(outcome.details)})}));
    }
    item.style.setProperty("--seat", seatColor(p.seat));
    if (clocks[p.seat] !== undefined && toAct.has(p.seat)) {
      const left = clocks[p.seat];
      const days = left >= 3600;
      nameLine.append(el("span", {class: `clock${left < 10 ? " low" : ""}`, "data-testid": `clock-${p.seat}`,
        role: "timer", title: days ? t("{name} has {time} to play", {name: shown, time: clockLabel(left)}) : t("time left for this move"),
        "aria-label": days ? t("{name} has {time} to play", {name: shown, time: clockLabel(left)}) : t("{time} left", {time: clockLabel(left)}),
        text: days ? t("has {time} to play", {time: clockLabel(left)}) : clockLabel(left)}));
    }
    if (toAct.has(p.seat) && !(view && view.finished)) {
      item.classList.add("to-act");
      nameLine.dataset.toPlay = t("to play");  // the mark after the name (app.css: attr(data-to-play))
      item.setAttribute("aria-current", "true");
    }
    if (outcome && shownWinners(outcome, resigned).has(p.seat)) item.classList.add("winner");
    list.append(item);
  }
}
