// The move box's short commands (issue 31): /turn, /scores, /last, /clock and /legal, answered
// in words from what the page already holds (the per-viewer view, the clocks) or from the API
// (the log, the legal moves written in the notation). Each returns one sentence or a few.

import {api} from "./api.js";

export const COMMANDS = ["/turn", "/scores", "/last", "/clock", "/legal"];
const LEGAL_SHOWN = 15;

function nameOf(ctx, seat) {
  const player = ((ctx.state.view && ctx.state.view.players) || []).find((p) => p.seat === seat);
  return (player && player.name) || ctx.names[seat] || `Seat ${seat + 1}`;
}

function listWords(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function points(score) {
  if (score === null || score === undefined) return "a hidden score";
  const n = Number(score);
  return `${n < 0 ? "minus " : ""}${Math.abs(n)} point${Math.abs(n) === 1 ? "" : "s"}`;
}

function duration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const parts = [];
  if (h) parts.push(`${h} hour${h === 1 ? "" : "s"}`);
  if (m) parts.push(`${m} minute${m === 1 ? "" : "s"}`);
  if (r || !parts.length) parts.push(`${r} second${r === 1 ? "" : "s"}`);
  return listWords(parts);
}

/** Whose turn it is, in words, for the seat shown on this page. */
export function turnWords(ctx) {
  const view = ctx.state.view || {};
  if (view.finished || ctx.state.status === "finished") return "The game is over.";
  const toAct = view.to_act || [];
  if (!toAct.length) return "Nobody is to play just now.";
  const mine = toAct.includes(ctx.state.seat);
  const others = toAct.filter((s) => s !== ctx.state.seat).map((s) => nameOf(ctx, s));
  if (mine && !others.length) return "It is your turn.";
  if (mine) return `It is your turn, and ${listWords(others)} ${others.length === 1 ? "is" : "are"} to play too.`;
  return `It is ${listWords(others)}'s turn.`;
}

function scoresWords(ctx) {
  const view = ctx.state.view || {};
  const outcome = view.outcome;
  if (view.finished && outcome && outcome.ranks) {
    const order = outcome.ranks.map((r, s) => s).sort((a, b) => outcome.ranks[a] - outcome.ranks[b]);
    return `Final ranking: ${order.map((s) => `${nameOf(ctx, s)} ${points((outcome.scores || [])[s])}`).join("; ")}.`;
  }
  const players = view.players || [];
  if (!players.length) return "No scores yet.";
  return `Scores: ${players.map((p) => `${p.seat === ctx.state.seat ? "you" : nameOf(ctx, p.seat)} ${points(p.score)}`).join("; ")}.`;
}

async function lastWords(ctx) {
  const data = await api("GET", `/api/games/${encodeURIComponent(ctx.gameId)}/log`);
  const moves = (data.entries || []).filter((e) => e.seq > 0);
  if (!moves.length) return "No move has been made yet.";
  const last = moves[moves.length - 1];
  const said = (last.events || []).map((e) => e.text).filter(Boolean).join(" ");
  const who = Number.isInteger(last.seat) ? (last.seat === ctx.state.seat ? "You" : nameOf(ctx, last.seat)) : null;
  return `Last move, number ${last.seq}${who ? ` by ${who}` : ""}: ${said || "a move"}`;
}

function clockWords(ctx) {
  if (!ctx.clockOn) return "This game has no clock.";
  const left = ctx.clocks();
  const seats = Object.keys(left).map(Number).sort((a, b) => a - b);
  if (!seats.length) return "No clock is running just now.";
  return seats.map((s) => `${s === ctx.state.seat ? "You have" : `${nameOf(ctx, s)} has`} ${duration(left[s])} left.`).join(" ");
}

async function legalWords(ctx) {
  if (ctx.state.seat === null) return "You are watching: only the players have moves.";
  const moves = await ctx.legalTexts();
  if (!moves.length) return `You have no move to make now. ${turnWords(ctx)}`;
  const shown = moves.slice(0, LEGAL_SHOWN).join(", ");
  const more = moves.length > LEGAL_SHOWN ? `, and ${moves.length - LEGAL_SHOWN} more (type the start of a move to see them)` : "";
  return `Your ${moves.length === 1 ? "move" : `${moves.length} moves`}: ${shown}${more}.`;
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
      return `“${word.slice(0, 20)}” is not a command. The commands are ${listWords(COMMANDS)}.`;
  }
}
