// How a lobby's settings are said in words, for the new-lobby page, the lobby page and the
// invitation beside the name form: each option's value (Yes/No, a choice's label, a seat's name,
// never raw JSON), the options that apply to a table, the notes of variations that are on, the
// clock, the takeover bot, private or public, rated or casual, and the seats by their names.

import {t, tn} from "./i18n.js";
import {levelWord} from "./bot_levels.js";

/** A bot seat's words: "Bot (hard)"; "Bot" for a seat of an older lobby without a level. */
export function botWords(level) {
  const word = levelWord(level);
  return word ? t("Bot ({level})", {level: word}) : t("Bot");
}

/** Who plays a seat taken over after a timeout or a resignation, in words. */
export function takeoverText(level) {
  if (level === "expert") return t("timeouts and resignations: expert bot");
  return level === "hard" ? t("timeouts and resignations: hard bot") : t("timeouts and resignations: normal bot");
}

/** The turn clock in words. */
export function clockText(clock) {
  if (clock && clock.mode === "turn") return tn("turn-based, {n} day per move", "turn-based, {n} days per move", clock.days);
  if (!clock || clock.mode === "off" || !clock.seconds) return t("no clock");
  if (clock.mode === "move") return t("{seconds} s per move", {seconds: clock.seconds});
  return t("{minutes} min per player", {minutes: Math.round(clock.seconds / 60)});
}

/** Who may see a lobby's game: "private" (the invite link only) or "public". */
export function privacyText(isPrivate) {
  return isPrivate ? t("private") : t("public");
}

/** Whether a game changes its players' ratings: "rated" or "casual". */
export function ratedText(rated) {
  return rated ? t("rated") : t("casual");
}

/** The lobby's line under its title: "Host: Ann · 3 players · public · casual · no clock · …". */
export function lobbyMeta(lobby) {
  const host = t("Host: {name}", {name: (lobby.host && lobby.host.name) || "?"});
  const players = tn("{n} player", "{n} players", lobby.seats.length);
  return `${host} · ${players} · `
    + `${privacyText(lobby.private)} · ${ratedText(lobby.rated)} · ${clockText(lobby.clock)} · ${takeoverText(lobby.takeover_level)}`;
}

/** An option's own words (its label, help, a choice's label, unit or note) in the page's
 * language: the engines declare them in English, and each is a message id of the catalogue
 * (app/i18n/tool.py option_words). */
export function optionText(text) {
  return text ? t(text) : text;
}

/** Two option values are the same value (JSON compares lists and objects by content). */
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Whether an option applies to a table of `players` with these option values. */
export function applies(option, players, values) {
  if (option.min_players && players < option.min_players) return false;
  return Object.entries(option.requires || {}).every(([name, value]) => same(values[name], value));
}

/** A choice in words (its label, or the name of the seat it stands for); null if it has none. */
export function choiceWords(option, value, seatNames) {
  if (option.seats && Number.isInteger(value)) return seatNames[value] || t("Seat {number}", {number: value + 1});
  const i = (option.choices || []).findIndex((c) => same(c, value));
  if (i >= 0 && option.choice_labels) return optionText(option.choice_labels[i]);
  return null;
}

function jsonWords(value) {
  if (value === null || value === undefined) return t("None");
  if (Array.isArray(value)) return value.map(jsonWords).join(", ") || t("None");
  if (typeof value === "object") return String(value.label || value.name || value.type || "set");
  return String(value);
}

/** An option's value in words: Yes/No, the choice's label, the seat's name, never raw JSON. */
export function valueWords(option, value, seatNames = []) {
  if (option.kind === "bool") return value ? t("Yes") : t("No");
  if (value === null || value === undefined) return optionText(option.none_label) || t("None");
  // a number with its unit: "30 full rounds without a purchase end the game"
  if (option.unit && typeof value === "number") return `${value} ${optionText(option.unit)}`;
  const word = choiceWords(option, value, seatNames);
  if (word !== null) return word;
  if (option.pick && Array.isArray(value)) {
    return value.map((v) => choiceWords(option, v, seatNames) ?? jsonWords(v)).join("; ");
  }
  if (option.kind === "choice" && typeof value === "string") return value.replace(/[-_]/g, " ");
  return jsonWords(value);
}

/** The seat names as the seat list shows them (for the first-player choice and summaries). */
export function lobbySeatNames(lobby, players = lobby.seats.length) {
  const names = [];
  for (let seat = 0; seat < players; seat++) {
    const s = lobby.seats[seat];
    names.push(!s || s.holder === "open" ? t("Seat {number} (open)", {number: seat + 1}) : s.name || t("Seat {number}", {number: seat + 1}));
  }
  return names;
}

/** A seat as the table calls it: the auction's table name ("Red"), else "Seat 2". */
export function seatLabel(seat) {
  return seat.table_name || t("Seat {number}", {number: seat.seat + 1});
}

/** The game's options (fixtures left out) and each one's value in this lobby (or its default). */
function lobbyValues(given, game) {
  const options = (game.options || []).filter((o) => !o.fixture);
  const values = {};
  for (const o of options) values[o.name] = Object.prototype.hasOwnProperty.call(given, o.name) ? given[o.name] : o.default;
  return {options, values};
}

/** The lobby's options as [label, value in words] pairs: those that apply, fixtures left out. */
export function optionSummary(lobby, game) {
  const given = lobby.options || {};
  const seatNames = lobbySeatNames(lobby);
  if (!game) {
    return Object.entries(given).map(([name, value]) => [name.replace(/_/g, " "), valueWords({kind: "json"}, value)]);
  }
  const {options, values} = lobbyValues(given, game);
  return options.filter((o) => applies(o, lobby.seats.length, values))
    .map((o) => [optionText(o.label) || o.name.replace(/_/g, " "), valueWords(o, values[o.name], seatNames)]);
}

/** The sentences of the options that are on and want saying (a variation on by default, issue
 * 25 point 20), each with its rule: [{note, anchor}]. */
export function optionNotes(lobby, game) {
  if (!game) return [];
  const given = lobby.options || {};
  const {options, values} = lobbyValues(given, game);
  return options.filter((o) => o.on_note && o.kind === "bool" && values[o.name] && applies(o, lobby.seats.length, values))
    .map((o) => ({note: optionText(o.on_note), anchor: o.rule_anchor || "", label: optionText(o.label) || o.name}));
}
