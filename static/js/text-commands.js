// The move box's short commands (issue 31): /turn, /scores, /last, /clock and /legal, answered
// in words from what the page already holds (the per-viewer view, the clocks) or from the API
// (the log, the legal moves written in the notation). Each returns one sentence or a few.

import {api} from "./api.js";
import {listWords, say, t, tn} from "./i18n.js";

export const COMMANDS = ["/turn", "/scores", "/last", "/clock", "/legal"];
const LEGAL_SHOWN = 15;

function nameOf(ctx, seat) {
  const player = ((ctx.state.view && ctx.state.view.players) || []).find((p) => p.seat === seat);
  return (player && player.name) || ctx.names[seat] || t("Seat {number}", {number: seat + 1});
}

function points(score) {
  if (score === null || score === undefined) return t("a hidden score");
  const n = Number(score);
  return n < 0 ? tn("minus {n} point", "minus {n} points", Math.abs(n)) : tn("{n} point", "{n} points", n);
}

function duration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const parts = [];
  if (h) parts.push(tn("{n} hour", "{n} hours", h));
  if (m) parts.push(tn("{n} minute", "{n} minutes", m));
  if (r || !parts.length) parts.push(tn("{n} second", "{n} seconds", r));
  return listWords(parts);
}

/** Whose turn it is, in words, for the seat shown on this page. */
export function turnWords(ctx) {
  const view = ctx.state.view || {};
  if (view.finished || ctx.state.status === "finished") return t("The game is over.");
  const toAct = view.to_act || [];
  if (!toAct.length) return t("Nobody is to play just now.");
  const mine = toAct.includes(ctx.state.seat);
  const others = toAct.filter((s) => s !== ctx.state.seat).map((s) => nameOf(ctx, s));
  if (mine && !others.length) return t("It is your turn.");
  if (mine) return tn("It is your turn, and {names} is to play too.", "It is your turn, and {names} are to play too.", others.length, {names: listWords(others)});
  return t("It is {names}'s turn.", {names: listWords(others)});
}

function scoresWords(ctx) {
  const view = ctx.state.view || {};
  const outcome = view.outcome;
  if (view.finished && outcome && outcome.ranks) {
    const order = outcome.ranks.map((r, s) => s).sort((a, b) => outcome.ranks[a] - outcome.ranks[b]);
    return t("Final ranking: {scores}.", {scores: order.map((s) => `${nameOf(ctx, s)} ${points((outcome.scores || [])[s])}`).join("; ")});
  }
  const players = view.players || [];
  if (!players.length) return t("No scores yet.");
  return t("Scores: {scores}.", {scores: players.map((p) => `${p.seat === ctx.state.seat ? t("you") : nameOf(ctx, p.seat)} ${points(p.score)}`).join("; ")});
}

async function lastWords(ctx) {
  const data = await api("GET", `/api/games/${encodeURIComponent(ctx.gameId)}/log`);
  const moves = (data.entries || []).filter((e) => e.seq > 0);
  if (!moves.length) return t("No move has been made yet.");
  const last = moves[moves.length - 1];
  const said = (last.events || []).map((e) => (e.message ? say(e.message) : e.text)).filter(Boolean).join(" ");
  const what = said || t("a move");
  if (!Number.isInteger(last.seat)) return t("Last move, number {number}: {move}", {number: last.seq, move: what});
  if (last.seat === ctx.state.seat) return t("Last move, number {number} by you: {move}", {number: last.seq, move: what});
  return t("Last move, number {number} by {name}: {move}", {number: last.seq, name: nameOf(ctx, last.seat), move: what});
}

function clockWords(ctx) {
  if (!ctx.clockOn) return t("This game has no clock.");
  const left = ctx.clocks();
  const seats = Object.keys(left).map(Number).sort((a, b) => a - b);
  if (!seats.length) return t("No clock is running just now.");
  return seats.map((s) => (s === ctx.state.seat ? t("You have {time} left.", {time: duration(left[s])})
    : t("{name} has {time} left.", {name: nameOf(ctx, s), time: duration(left[s])}))).join(" ");
}

async function legalWords(ctx) {
  if (ctx.state.seat === null) return t("You are watching: only the players have moves.");
  const moves = await ctx.legalTexts();
  if (!moves.length) return t("You have no move to make now. {turn}", {turn: turnWords(ctx)});
  const shown = moves.slice(0, LEGAL_SHOWN).join(", ");
  if (moves.length > LEGAL_SHOWN) {
    return t("Your {count} moves: {moves}, and {more} more (type the start of a move to see them).", {count: moves.length, moves: shown, more: moves.length - LEGAL_SHOWN});
  }
  return tn("Your move: {moves}.", "Your {n} moves: {moves}.", moves.length, {moves: shown});
}

/**
 * The answer to `line` (it starts with "/"). `ctx`: {gameId, names, state, clockOn, clocks(),
 * legalTexts()} — the page's state object, read when the command runs.
 */
export async function answer(line, ctx) {
  const word = line.trim().split(/\s+/)[0].toLowerCase();
  switch (word) {
    case "/turn": return turnWords(ctx);
    case "/scores": case "/score": return scoresWords(ctx);
    case "/last": return lastWords(ctx);
    case "/clock": return clockWords(ctx);
    case "/legal": case "/moves": return legalWords(ctx);
    default:
      return t("“{word}” is not a command. The commands are {commands}.", {word: word.slice(0, 20), commands: listWords(COMMANDS)});
  }
}
