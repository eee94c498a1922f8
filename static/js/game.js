// The game page (/games/{id}) and the board host shared with the replay page.
// Loads the game over HTTP, mounts static/games/<kind>/board.js (or a generic fallback board),
// keeps it live through connection.js, and shows whose turn it is, the players and scores from
// the view envelope, the log in words, chat, connection state, resign, rematch and the final
// ranking. A host holding several seats (hot-seat) gets a seat switcher that follows the turn.

import {el, clear, seatColor} from "./dom.js";
import {api, errorText} from "./api.js";
import {showError} from "./words.js";
import {ensureIdentity, whoAmI} from "./identity.js";
import {Connection} from "./connection.js";
import {LogView} from "./log.js";
import {drawRematch, fetchRematch} from "./rematch.js";
import {endScoreChart} from "./score-chart.js";
import {createMoveGate} from "./move-confirm.js";
import {renderBreakdown} from "./breakdown.js";
import {showRatings} from "./ratings.js";
import {thinkingLine} from "./thinking.js";

// ------------------------------------------------------------------ board host (shared)

const SAFE_KIND = /^[a-z0-9][a-z0-9-]*$/;
const loadedCss = new Map();

// The stylesheet beside the board module, linked once per kind; resolves once it has loaded (or
// failed), so that the board is drawn with its styles on its first paint and does not jump when
// they arrive (issue 13, point 19). No HEAD probe first: the probe showed up as a failed
// (aborted) request on every game page. A kind without a stylesheet only loses its <link> again.
function loadBoardCss(kind) {
  if (!loadedCss.has(kind)) {
    loadedCss.set(kind, new Promise((resolve) => {
      const link = el("link", {rel: "stylesheet", href: `/static/games/${kind}/board.css`});
      link.addEventListener("load", resolve);
      link.addEventListener("error", () => { link.remove(); resolve(); });
      document.head.append(link);
    }));
  }
  return loadedCss.get(kind);
}

/** Mount the board module of `kind` into root; falls back to the generic board. */
export async function mountBoard(root, ctx) {
  clear(root);
  let module = null;
  if (SAFE_KIND.test(ctx.kind || "")) {
    try {
      const css = loadBoardCss(ctx.kind); // fetched beside the module, not after it
      module = await import(`/static/games/${ctx.kind}/board.js`);
      await css;
    } catch (err) {
      console.warn(`no board module for ${ctx.kind}; using the generic board`, err);
      module = null;
    }
  }
  if (module && typeof module.mount === "function") {
    try {
      root.dataset.board = ctx.kind;
      const board = module.mount(root, ctx);
      // a board may say its moves in words (for the "Confirm moves" bar, move-confirm.js)
      if (typeof module.describeMove === "function") board.describeMove = (move, view) => module.describeMove(move, view, ctx);
      // and a won tile by what it shows, for the end card ("a road tile", "“River”")
      if (typeof module.tileWords === "function") board.tileWords = module.tileWords;
      return board;
    } catch (err) {
      console.error("the board module failed to mount; using the generic board", err);
      clear(root);
    }
  }
  root.dataset.board = "fallback";
  return mountFallback(root, ctx);
}

/** A move in words for the fallback board: `Trade sell R2 · buy S1`. */
export function moveLabel(move) {
  if (!move || typeof move !== "object") return String(move);
  const parts = [];
  for (const [key, value] of Object.entries(move)) {
    if (key === "type") continue;
    const text = compact(value);
    if (text !== "–") parts.push(`${key} ${text}`);
  }
  return [move.type || "move", ...parts].join(" · ");
}

function compact(value) {
  if (value === null || typeof value !== "object") return String(value);
  if (Array.isArray(value)) return `[${value.map(compact).join(", ")}]`;
  const inner = Object.entries(value).filter(([, v]) => v !== 0).map(([k, v]) => `${k}${typeof v === "object" ? compact(v) : v}`);
  return inner.length ? inner.join(" ") : "–";
}

function tree(value, depth = 0) {
  if (value === null || typeof value !== "object") {
    return el("span", {class: `tree-leaf t-${value === null ? "null" : typeof value}`, text: JSON.stringify(value)});
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  if (!entries.length) return el("span", {class: "tree-leaf", text: Array.isArray(value) ? "[]" : "{}"});
  const list = el("ul", {class: "tree"});
  for (const [key, v] of entries) {
    const isBranch = v !== null && typeof v === "object" && Object.keys(v).length;
    const flat = Array.isArray(v) && v.every((x) => x === null || typeof x !== "object");
    if (isBranch && flat) {
      list.append(el("li", {}, [el("span", {class: "tree-key", text: `${key}: `}),
        el("span", {class: "tree-leaf", text: `[${v.map((x) => JSON.stringify(x)).join(", ")}]`})]));
    } else if (isBranch) {
      const details = el("details", {open: depth < 1}, [el("summary", {text: key}), tree(v, depth + 1)]);
      list.append(el("li", {}, [details]));
    } else {
      list.append(el("li", {}, [el("span", {class: "tree-key", text: `${key}: `}), tree(v, depth + 1)]));
    }
  }
  return list;
}

/** The generic board: the view as a readable tree plus the legal moves as buttons. */
export function mountFallback(root, ctx) {
  const note = el("p", {class: "muted", text: `No board drawing for "${ctx.kind}" yet: this is the generic board.`});
  const filter = el("input", {type: "search", placeholder: "Filter moves", "aria-label": "Filter moves", class: "move-filter"});
  const moves = el("div", {class: "legal-moves", "data-testid": "legal-moves"});
  const error = el("p", {class: "form-error", role: "alert"});
  const movesBox = el("section", {class: "fallback-moves"}, [el("h3", {text: "Your moves"}), filter, moves, error]);
  const viewBox = el("section", {class: "fallback-view"}, [el("h3", {text: "State"})]);
  root.append(note, movesBox, viewBox);
  let legal = [];
  let busy = false;

  function drawMoves() {
    clear(moves);
    const words = filter.value.trim().toLowerCase();
    const shown = legal.filter((m) => !words || moveLabel(m).toLowerCase().includes(words));
    movesBox.hidden = ctx.mode !== "play" || !legal.length;
    for (const move of shown.slice(0, 300)) {
      const button = el("button", {type: "button", class: "move", "data-testid": "legal-move",
        text: moveLabel(move), dataset: {move: JSON.stringify(move)}, disabled: busy});
      button.addEventListener("click", async () => {
        busy = true;
        drawMoves();
        error.textContent = "";
        const result = await ctx.submit(move);
        busy = false;
        if (!result.ok) showError(error, result.reason || result.code, ctx.kind);
        drawMoves();
      });
      moves.append(button);
    }
    if (shown.length > 300) moves.append(el("p", {class: "muted", text: `${shown.length - 300} more: use the filter.`}));
  }
  filter.addEventListener("input", drawMoves);

  return {
    update({view, legal: newLegal}) {
      legal = newLegal || [];
      drawMoves();
      const old = viewBox.querySelector(".tree, .tree-leaf");
      if (old) old.remove();
      viewBox.append(tree(view));
    },
    destroy() { clear(root); },
  };
}

/** Display name of a seat. */
export function seatName(names, seat) {
  return (names && names[seat]) || `Seat ${seat + 1}`;
}

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

/** A number as the page writes it: a minus sign (U+2212), not a hyphen (issue 25, point 23). */
export function num(n) {
  return typeof n === "number" && n < 0 ? `−${-n}` : String(n);
}

function figure(value, key = "") {
  if (value === null || value === undefined) return "";
  // a view's `tile` is an index into a row of tiles, which the page numbers from 1 (point 25)
  if (key === "tile" && Number.isInteger(value)) return `#${value + 1}`;
  if (typeof value !== "object") return num(value);
  if (Array.isArray(value)) return value.length <= 6 ? value.map(figure).join(", ") : `${value.length}`;
  return Object.entries(value).map(([k, v]) => `${k}${v}`).join(" ");
}

/** The players panel from the view envelope: names, scores, public figures, whose turn. */
function clockLabel(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 3600) {
    // turn-based tables (issue 27): days and hours, as the server says them
    const days = Math.floor(s / 86400), hours = Math.floor((s % 86400) / 3600);
    return [days ? plural(days, "day") : "", hours ? plural(hours, "hour") : ""].filter(Boolean).join(" ");
  }
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The seats held by accounts: {seat: user_id}, for links to their profiles. */
export function profilesOf(game) {
  return Object.fromEntries((game.seats || []).filter((s) => s.profile && s.user_id).map((s) => [s.seat, s.user_id]));
}

export function renderPlayers(list, view, {names = [], marks = [], you = [], connected = null, resigned = [], bots = [], clocks = {}, away = [], levels = {}, profiles = {}, details = null, vacations = {}} = {}) {
  clear(list);
  const toAct = new Set((view && view.to_act) || []);
  const players = (view && view.players) || names.map((name, seat) => ({seat, name}));
  const outcome = view && view.outcome;
  for (const p of players) {
    const extra = Object.entries(p).filter(([k, v]) => !["seat", "name", "score"].includes(k) && showable(v));
    const dot = el("span", {class: "seat-dot", "aria-hidden": "true"});
    dot.style.background = seatColor(p.seat);
    // an account's seat links to its profile (issue 25, point 17)
    const shown = p.name || seatName(names, p.seat);
    const profile = profiles[p.seat];
    const nameLine = el("span", {class: "player-name"}, [dot, profile
      ? el("a", {href: `/players/${encodeURIComponent(profile)}`, class: "player-link", "data-testid": `profile-${p.seat}`, text: shown})
      : el("span", {text: shown})]);
    // @username or "guest #tag": two players of one display name are told apart
    if (marks[p.seat]) nameLine.append(el("span", {class: "mark", "data-testid": `mark-${p.seat}`, text: marks[p.seat]}));
    if (you.includes(p.seat)) nameLine.append(el("span", {class: "tag", text: "you"}));
    if (resigned.includes(p.seat)) nameLine.append(el("span", {class: "tag warn", text: "resigned"}));
    else if (away.includes(p.seat)) {
      nameLine.append(el("span", {class: "tag warn", text: "away", title: "time ran out: the platform moves for this seat until its player is back"}));
    }
    // a bot seat says its level in words: "bot (hard)" (a game from before levels: "bot")
    if (bots.includes(p.seat)) nameLine.append(el("span", {class: "tag", text: levels[p.seat] ? `bot (${levels[p.seat]})` : "bot"}));
    else if (connected) {
      const online = connected.includes(p.seat);
      // role img: an aria-label on a span with no role is not read (axe aria-prohibited-attr)
      nameLine.append(el("span", {class: `presence ${online ? "on" : "off"}`, title: online ? "connected" : "not connected",
        role: "img", "aria-label": online ? "connected" : "not connected"}));
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
        text: `trunk ${outcome.details.T} · solo score ${outcome.scores[p.seat]} = ${soloFormula(outcome.details)}`}));
    }
    item.style.setProperty("--seat", seatColor(p.seat));
    if (clocks[p.seat] !== undefined && toAct.has(p.seat)) {
      const left = clocks[p.seat];
      const days = left >= 3600;
      nameLine.append(el("span", {class: `clock${left < 10 ? " low" : ""}`, "data-testid": `clock-${p.seat}`,
        role: "timer", title: days ? `${shown} has ${clockLabel(left)} to play` : "time left for this move",
        "aria-label": days ? `${shown} has ${clockLabel(left)} to play` : `${clockLabel(left)} left`,
        text: days ? `has ${clockLabel(left)} to play` : clockLabel(left)}));
    }
    if (toAct.has(p.seat) && !(view && view.finished)) {
      item.classList.add("to-act");
      item.setAttribute("aria-current", "true");
    }
    if (outcome && (outcome.winners || []).includes(p.seat)) item.classList.add("winner");
    list.append(item);
  }
}

// The end of a game in words (issue 13, point 20): every `reason` each engine's outcome can give,
// and its `details`, as phrases; never a raw value, id or 0-based seat.
const REASONS = {
  "bazaar": {"two-stalls-sold-out": "The game ended because two stalls are sold out.",
             "stalled": "The game ended because nobody bought a ware for too long."},
  "bombay-bazar": {finished: "The game is over: the longest trunk wins.",
                   tournament: "The tournament is over: the players are ranked by their medals.",
                   solo: "Solo game over: your score is your trunk minus the empty spaces minus the unused openings."},
  "carcassonne": {finished: "The game is over: every tile has been placed and the last features are scored."},
  "carcassonne-auction": {finished: "The auction is over: every tile has its owner.",
                          cancelled: "The host cancelled the auction: nobody's score changed."},
  "grand-bazaar": {finished: "The game is over: the players are ranked by their money."},
};
const TIEBREAKS = {"fewest-tokens": "Equal scores: the player holding fewer tokens ranks higher.",
                   shared: "Equal scores share the place."};

/** The reason a game ended, in words. */
export function reasonText(kind, outcome) {
  const reason = outcome && outcome.reason;
  const known = (REASONS[kind] || {})[reason];
  if (known) return known;
  if (reason === "cancelled") return "The game was cancelled.";
  return "The game is over.";
}

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Gold, silver and bronze tallies in words. */
export function medalText(tally) {
  const [gold = 0, silver = 0, bronze = 0] = Array.isArray(tally) ? tally : [];
  return `${gold} gold, ${silver} silver, ${bronze} bronze`;
}

/** The solo Bombay formula: trunk − empty spaces − unused openings = solo score. */
export function soloFormula(details) {
  return `trunk ${details.T} − empty spaces ${details.E} − unused openings ${details.U}`;
}

function signed(n) { return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0"; }

// The per-seat lines under a name: what the outcome's details say about this seat.
function seatDetails(kind, outcome, seat, view, tileWords) {
  const d = outcome.details || {};
  const out = [];
  const at = (key) => (Array.isArray(d[key]) ? d[key][seat] : undefined);
  if (outcome.reason === "solo" && d.T !== undefined) {
    out.push(`solo score = ${soloFormula(d)} (the players panel shows the trunk, ${d.T})`);
  }
  if (kind === "bazaar") {
    if (at("tokens") !== undefined) out.push(`${plural(at("tokens"), "token")} left`);
    if (Array.isArray(at("wares"))) out.push(`${plural(at("wares").length, "ware")} bought`);
    if (at("penalties")) out.push(`${at("penalties")} points lost to penalties`);
  }
  if (kind === "grand-bazaar") {
    if (at("money_before_sale") !== undefined) out.push(`money before the final sale: ${at("money_before_sale")}`);
    const sold = at("sold");
    if (sold && typeof sold === "object") {
      const count = Object.values(sold).reduce((a, b) => a + (Number(b) || 0), 0);
      if (count) out.push(`${plural(count, "card")} sold at the end`);
    }
  }
  if (kind === "carcassonne-auction") {
    if (at("changes") !== undefined && !d.cancelled) out.push(`change ${signed(at("changes"))}`);
    const owners = d.owners || [];
    const tile = owners.indexOf(seat);
    if (tile >= 0 && !d.cancelled) {
      out.push(`won tile #${tile + 1}${tileWords ? `, ${tileWords(tile, view)}` : ""}`);
    }
  }
  const timeouts = (outcome.timeouts || {})[String(seat)];
  if (timeouts) out.push(`time ran out ${timeouts === 1 ? "once" : `${timeouts} times`}`);
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
  if (kind === "carcassonne-auction") return "Final scores";
  if (outcome && outcome.reason === "solo") return "Solo result";
  return "Final ranking";
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
  const winners = new Set(outcome.winners || []);
  const resigned = new Set([...(outcome.resigned || []), ...resignedSeats]);
  const showRank = ranked && outcome.reason !== "solo";
  for (const s of seats) {
    const name = ((view.players || []).find((p) => p.seat === s.seat) || {}).name || seatName(names, s.seat);
    const dot = el("span", {class: "seat-dot", "aria-hidden": "true"});
    dot.style.background = seatColor(s.seat);
    const details = seatDetails(kind, outcome, s.seat, view, tileWords);
    const solo = outcome.reason === "solo";
    list.append(el("li", {class: winners.has(s.seat) ? "winner" : "", dataset: {seat: String(s.seat)}}, [
      showRank ? el("span", {class: "rank", text: `${s.rank}.`}) : null, dot,
      el("span", {class: "player-name", text: name}),
      el("span", {class: `player-score${Array.isArray(s.score) ? " medals" : ""}`, "data-testid": `final-score-${s.seat}`,
        text: solo ? `solo score ${scoreText(outcome, s.score)}` : scoreText(outcome, s.score)}),
      winners.has(s.seat) ? el("span", {class: "tag", text: "winner"}) : null,
      resigned.has(s.seat) ? el("span", {class: "tag warn", text: "resigned"}) : null,
      details.length ? el("span", {class: "rank-detail", text: details.join(" · ")}) : null,
    ]));
  }
  const notes = [reasonText(kind, outcome)];
  const tiebreak = (outcome.details || {}).tiebreak;
  if (kind === "bazaar" && TIEBREAKS[tiebreak]) notes.push(TIEBREAKS[tiebreak]);
  list.append(el("li", {class: "muted outcome-reason", "data-testid": "outcome-reason", text: notes.join(" ")}));
}

// ------------------------------------------------------------------ the game page

const $ = (id) => document.getElementById(id);

function turnText(view, you, mySeat, names, status, resigned = []) {
  if (!view) return "";
  if (view.finished || status === "finished") return "The game is over.";
  const own = you.filter((s) => !resigned.includes(s)); // the seats this person still plays
  const toAct = view.to_act || [];
  const mine = toAct.filter((s) => own.includes(s));
  if (mine.length) {
    if (you.length > 1) return `Your turn: ${mine.map((s) => seatName(names, s)).join(", ")}`;
    return "Your turn";
  }
  if (mySeat !== null && resigned.includes(mySeat)) {
    const whose = you.length > 1 ? `${seatName(names, mySeat)} resigned` : "You resigned";
    return `${whose}: the bot plays this seat to the end.`;
  }
  if (!toAct.length) return "Waiting…";
  const who = toAct.map((s) => seatName(names, s)).join(" and ");
  return mySeat === null ? `${who} to play` : `Waiting for ${who}`;
}

function chatLine(msg) {
  const at = msg.at ? new Date(msg.at) : null;
  const title = at && !Number.isNaN(at.getTime()) ? at.toLocaleTimeString() : null;
  return el("li", {class: "chat-line", title, dataset: Number.isInteger(msg.id) ? {id: String(msg.id)} : undefined}, [
    el("span", {class: "chat-name", text: msg.name || "?"}),
    el("span", {class: "chat-text", text: msg.text || ""}),
  ]);
}

// the connection's state; the game's own state (in play, finished) has a badge of its own
const CONN_TEXT = {connecting: "Connecting…", open: "Connected", reconnecting: "Reconnecting…", closed: "Offline"};

const SEAT_KEY = (gameId) => `bazaar:seat:${gameId}`;

/** The hot-seat seat this tab last showed (kept out of the address, which stays shareable). */
function storedSeat(gameId) {
  try {
    const value = sessionStorage.getItem(SEAT_KEY(gameId)) || "";
    return /^[0-9]{1,2}$/.test(value) ? value : null;
  } catch { return null; }
}

function storeSeat(gameId, seat) {
  try {
    if (seat === null) sessionStorage.removeItem(SEAT_KEY(gameId));
    else sessionStorage.setItem(SEAT_KEY(gameId), String(seat));
  } catch { /* storage off: the page follows the turn instead */ }
}

async function gamePage() {
  const main = $("page");
  const gameId = main.dataset.gameId;
  // a shared link opens the game with no name asked (issue 25, point 1): the visitor watches;
  // a name is asked for when they first act (chat)
  let me = await whoAmI();
  window.addEventListener("bazaar:signed-out", () => { me = null; });
  // an old address may still carry ?seat=: honour it once, then drop it from the address bar
  const params = new URLSearchParams(location.search);
  const fromUrl = /^[0-9]{1,2}$/.test(params.get("seat") || "") ? params.get("seat") : null;
  if (params.has("seat")) {
    const url = new URL(location.href);
    url.searchParams.delete("seat");
    history.replaceState(null, "", url);
  }
  const wanted = fromUrl ?? storedSeat(gameId);
  let game;
  try {
    game = await api("GET", `/api/games/${encodeURIComponent(gameId)}${wanted !== null ? `?seat=${encodeURIComponent(wanted)}` : ""}`);
  } catch (err) {
    $("turn").textContent = `This game cannot be shown: ${errorText(err)}`;
    $("conn-status").hidden = true;
    return;
  }
  const names = (game.seats || []).map((s) => s.name);
  const thinking = thinkingLine($("thinking"), names); // "Bot 2 is thinking…" (issue 28.3)
  // "Next game" (issue 27): the longest-waiting other game where it is your turn; rechecked
  // after every move that the page sees
  let nextAsked = null;
  function refreshNextGame() {
    if (!me || nextAsked) return;
    nextAsked = api("GET", `/api/me/next-game?after=${encodeURIComponent(gameId)}`).then((r) => {
      const link = $("next-game");
      link.hidden = !r.game_id;
      if (r.game_id) link.href = `/games/${encodeURIComponent(r.game_id)}`;
    }).catch(() => {}).finally(() => { nextAsked = null; });
  }
  refreshNextGame();
  const marks = (game.seats || []).map((s) => s.mark || "");
  const you = (game.you && game.you.seats) || [];
  const bots = (game.seats || []).filter((s) => s.holder === "bot").map((s) => s.seat);
  // each bot seat's level, and who plays a seat taken over after a timeout or a resignation
  const levels = Object.fromEntries((game.seats || []).filter((s) => s.holder === "bot" && s.level).map((s) => [s.seat, s.level]));
  const takeover = game.takeover_level || null;
  const profiles = profilesOf(game);
  const vacations = Object.fromEntries((game.seats || []).filter((s) => s.vacation).map((s) => [s.seat, s.vacation.words]));
  // the seats on the host's device (hot-seat) are as connected as the host is
  const hostId = game.host && game.host.user_id;
  const device = (game.seats || []).filter((s) => s.holder === "host" || (hostId && s.user_id === hostId))
    .map((s) => s.seat);
  const state = {
    seat: game.you ? game.you.seat ?? null : null,
    view: game.view, legal: game.legal || [], seq: game.seq, status: game.status,
    connected: null, resigned: (game.seats || []).filter((s) => s.resigned).map((s) => s.seat),
    board: null, mountToken: 0, away: game.away || [], rematch: game.rematch || null,
    ratings: game.ratings || [],
  };
  storeSeat(gameId, you.length > 1 ? state.seat : null);
  document.title = `${game.title || game.kind} · Bazaar`;
  $("game-title").textContent = game.title || game.kind;
  const log = new LogView($("log"), {names});
  const boardRoot = $("board");

  const send = async (move) => {
    $("move-error").textContent = "";
    const result = await conn.move(move);
    if (!result.ok && boardRoot.dataset.board === "fallback") showError($("move-error"), result.reason || result.code, game.kind);
    return result;
  };
  // every move of every board goes through the "Confirm moves" gate (issue 13, point 15)
  const gate = createMoveGate({bar: $("move-confirm"), send, board: () => boardRoot,
    describe: (move) => (state.board && state.board.describeMove && state.board.describeMove(move, state.view)) || moveLabel(move),
    onRefused: (result) => { $("move-error").textContent = result.reason || result.code || "The move was refused."; }});
  const submit = (move, options) => gate.submit(move, options);
  const toggle = $("confirm-moves");
  toggle.checked = gate.enabled;
  toggle.addEventListener("change", () => gate.setEnabled(toggle.checked));

  async function remount() {
    const token = ++state.mountToken;
    if (state.board) { try { state.board.destroy(); } catch { /* ignore */ } state.board = null; }
    gate.clear();
    const mode = state.seat === null || resignedHere() ? "spectate" : "play";
    const board = await mountBoard(boardRoot, {kind: game.kind, seat: state.seat, names, mode, submit,
                                               isHost: Boolean(game.you && game.you.is_host)});
    if (token !== state.mountToken) { board.destroy(); return; }
    state.board = board;
    drawBoard([]);
    // the players panel and the end card use what the board says (playerDetails, tileWords),
    // and the board module may arrive after the first state: draw them again with it
    if (state.view) drawChrome();
  }

  function drawBoard(events) {
    if (state.board && state.view) {
      try {
        // a resigned seat is the bot's: nothing on the board acts for it
        state.board.update({view: state.view, legal: resignedHere() ? [] : state.legal, events, seq: state.seq});
      } catch (err) {
        console.error("board update failed", err);
      }
    }
  }

  function resignedHere() { return state.seat !== null && state.resigned.includes(state.seat); }
  function ownSeats() { return you.filter((s) => !state.resigned.includes(s)); }

  function connectedSeats() {
    if (!state.connected) return null;
    const seats = new Set(state.connected);
    if (device.some((s) => seats.has(s))) for (const s of device) seats.add(s);
    return [...seats];
  }

  function drawPlayers() {
    renderPlayers($("players"), state.view, {names, marks, you, connected: connectedSeats(), resigned: state.resigned, bots, levels, profiles,
      vacations, clocks: clocksNow(), away: state.away, details: state.board && state.board.playerDetails});
  }

  function drawChrome() {
    refreshNextGame();
    const finished = state.status === "finished" || (state.view && state.view.finished);
    // for tools and tests: what this page currently shows
    main.dataset.seq = String(state.seq ?? 0);
    main.dataset.status = finished ? "finished" : "live";
    main.dataset.seat = state.seat === null ? "" : String(state.seat);
    $("turn").textContent = turnText(state.view, you, state.seat, names, state.status, state.resigned);
    const badge = $("game-status");
    badge.dataset.state = finished ? "finished" : "live";
    badge.textContent = finished ? "Finished" : "In play";
    const own = ownSeats();
    const myTurn = !finished && ((state.view && state.view.to_act) || []).some((s) => own.includes(s));
    document.title = `${myTurn ? "● Your turn · " : ""}${game.title || game.kind} · Bazaar`;
    $("turn").classList.toggle("mine", myTurn);
    drawPlayers();
    $("outcome").hidden = !finished;
    if (finished) {
      renderRanking($("ranking"), state.view, names, state.resigned, game.kind,
        {tileWords: state.board && state.board.tileWords});
      showRatings($("ranking"), state.ratings);
      renderBreakdown($("ranking"), state.view, (seat) => (((state.view.players || []).find((p) => p.seat === seat) || {}).name || seatName(names, seat)));
      $("outcome-title").textContent = outcomeTitle(game.kind, state.view && state.view.outcome);
      endScoreChart($("outcome"), gameId); // score over time, once (static/js/score-chart.js)
    }
    // once a rematch is offered, its prompt stands in for the button (one lobby per table)
    const offered = finished && drawRematch($("rematch-offer"), {rematch: state.rematch, me: me || {}, kind: game.kind,
      player: you.length > 0, gameId, onError: (text) => { $("move-error").textContent = text; }});
    $("rematch").hidden = !finished || !you.length || offered;
    // the stand-alone auction's rematch is the next auction at the same table (CAR-110)
    $("rematch").textContent = game.kind === "carcassonne-auction" ? "Another auction" : "Rematch";
    const canResign = !finished && state.seat !== null && !state.resigned.includes(state.seat);
    $("resign").hidden = !canResign;
    $("confirm-moves-setting").hidden = !canResign;  // a setting for players, not spectators
    if (!canResign) { $("resign-confirm").hidden = true; $("resign-cancel").hidden = true; $("resign-note").hidden = true; }
    drawSeatSwitch();
  }

  // The end arrives while the player looks at the board: the end card comes to where they look
  // (on a phone it was far above, and a log line was the only sign; issue 25, point 26). Once.
  let endSeen = true;
  function showEnd() {
    if (endSeen || state.status !== "finished") return;
    endSeen = true;
    requestAnimationFrame(() => {
      const card = $("outcome");
      const r = card.getBoundingClientRect();
      if (r.top < 0 || r.top > window.innerHeight - 80) card.scrollIntoView({block: "start"});
      $("outcome-title").focus({preventScroll: true});
    });
  }

  // Turn clocks: GET /api/games/{id} tells the seconds left; the page counts down between fetches.
  const clockOn = game.clock && game.clock.mode && game.clock.mode !== "off";
  let deadlines = {};
  function setDeadlines(remaining) {
    deadlines = {};
    for (const [seat, secs] of Object.entries(remaining || {})) deadlines[Number(seat)] = Date.now() + secs * 1000;
  }
  function clocksNow() {
    const out = {};
    for (const [seat, at] of Object.entries(deadlines)) out[seat] = (at - Date.now()) / 1000;
    return out;
  }
  let clockFetch = null;
  function refreshClock() {
    if (!clockOn || clockFetch) return;
    clockFetch = setTimeout(async () => {
      try {
        const fresh = await api("GET", `/api/games/${encodeURIComponent(gameId)}${state.seat !== null ? `?seat=${state.seat}` : ""}`);
        setDeadlines(fresh.clock && fresh.clock.remaining);
        drawChrome();
      } catch { /* the next move tries again */ }
      clockFetch = null;
    }, 150);
  }
  if (clockOn) {
    setDeadlines(game.clock.remaining);
    setInterval(() => { if (Object.keys(deadlines).length) drawPlayers(); }, 1000);
  }

  function drawSeatSwitch() {
    const box = $("seat-switch");
    box.hidden = you.length < 2;
    if (box.hidden) return;
    const buttons = $("seat-buttons");
    clear(buttons);
    const toAct = (state.view && state.view.to_act) || [];
    for (const s of you) {
      const b = el("button", {type: "button", class: `seat-button${s === state.seat ? " active" : ""}${toAct.includes(s) ? " to-act" : ""}`,
        "aria-pressed": s === state.seat ? "true" : "false", "data-testid": `seat-switch-${s}`,
        text: state.resigned.includes(s) ? `${seatName(names, s)} (resigned)` : seatName(names, s)});
      b.style.setProperty("--seat", seatColor(s));
      // a seat chosen by hand is the person at the device saying who they are: no hand-over
      b.addEventListener("click", () => { $("handover").hidden = true; boardRoot.hidden = false; switchSeat(s); });
      buttons.append(b);
    }
  }

  function switchSeat(seat) {
    if (seat === state.seat) return;
    state.seat = seat;
    state.legal = []; // the new seat's legal moves come with its snapshot
    conn.setSeat(seat);
    storeSeat(gameId, seat); // not in the address: a shared address opens as its reader's own view
    remount();
    drawChrome();
  }

  function followTurn() {
    if (!$("follow-turn").checked || you.length < 2 || !state.view || state.view.finished) return;
    const toAct = state.view.to_act || [];
    const own = ownSeats();
    if (state.seat !== null && toAct.includes(state.seat) && own.includes(state.seat)) return;
    const next = own.find((s) => toAct.includes(s));
    if (next === undefined) return;
    const from = state.seat;
    switchSeat(next);
    if (from !== null && from !== next) handOver(next);
  }

  // Hot-seat: when the turn moves to another seat on this device, the board waits behind
  // "Pass the device to Bob" until Bob says he has it (issue 25, point 32).
  function handOver(seat) {
    const name = seatName(names, seat);
    $("handover-words").textContent = `Pass the device to ${name}.`;
    $("handover-go").textContent = `I am ${name}: show my turn`;
    $("handover").hidden = false;
    boardRoot.hidden = true;
    $("handover-go").focus({preventScroll: true});
  }
  $("handover-go").addEventListener("click", () => {
    $("handover").hidden = true;
    boardRoot.hidden = false;
  });

  async function refreshLog() {
    try {
      const data = await api("GET", `/api/games/${encodeURIComponent(gameId)}/log`);
      log.merge(data.entries || []); // merge: live entries that arrived meanwhile stay
    } catch (err) {
      console.warn("log unavailable", err);
    }
  }

  // Who made a live move, for its log entry: the seat that was alone to act before it, else
  // the first seat its events name; the actor as GET /log would say it (bot, resigned seat).
  function liveEntry(before, seq, events) {
    const toAct = (before && before.to_act) || [];
    const named = events.find((e) => e && Number.isInteger(e.seat));
    const seat = toAct.length === 1 ? toAct[0] : named ? named.seat : null;
    let actor = null;
    let level = null;  // a timeout may be the game's own move, of no level: the log refresh says
    if (seat !== null && bots.includes(seat)) { actor = "bot"; level = levels[seat] || null; }
    else if (seat !== null && state.resigned.includes(seat)) { actor = "resigned"; level = takeover; }
    else if (seat !== null && state.away.includes(seat)) actor = "timeout";
    return {seq, seat, events, actor, level};
  }
  let logSoon = null;
  function refreshLogSoon() {
    clearTimeout(logSoon);
    logSoon = setTimeout(refreshLog, 300);
  }

  // Chat unread count (issue 13, point 3): lines from others that arrive while the chat is out
  // of view (or the tab is hidden); cleared when the player looks at the chat.
  let unread = 0;
  let chatInView = false;
  const ownLines = []; // texts this page sent: their echo is not unread
  function chatSeen() { return chatInView && !document.hidden; }
  function chatArrived(msg) {
    const mine = ownLines.indexOf(msg.text);
    if (mine >= 0 && msg.name === (me && me.name)) { ownLines.splice(mine, 1); return; }
    if (!chatSeen()) unread += 1;
    drawUnread();
  }
  function drawUnread() {
    if (chatSeen()) unread = 0;
    for (const id of ["chat-unread", "chat-jump-unread"]) {
      const badge = $(id);
      badge.hidden = unread === 0;
      badge.textContent = unread ? `${unread} new` : "";
    }
    $("chat-jump").setAttribute("aria-label", unread ? `Chat: ${unread} new ${unread === 1 ? "line" : "lines"}` : "Chat");
  }
  // On a wide screen the side column fits the window from where it starts: the players on top,
  // the log and the chat share the rest, so the chat is in view without scrolling the page.
  const side = document.querySelector(".side");
  const wide = window.matchMedia("(min-width: 900px)");
  function fitSide() {
    if (!wide.matches) { side.classList.remove("fit"); side.style.height = ""; return; }
    side.classList.add("fit");
    const top = Math.max(16, side.getBoundingClientRect().top);
    // never squeezed below a useful height (the end card above pushes it down): then the page
    // scrolls a little, and the column sticks to the top of the window
    side.style.height = `${Math.max(window.innerHeight - top - 16, Math.min(window.innerHeight - 32, 520))}px`;
  }

  const conn = new Connection(gameId, {
    seat: state.seat,
    seq: game.seq,
    chatIds: (game.chat || []).map((m) => m.id),
    onState({view, legal, events, seq, status, source}) {
      const wasFinished = state.status === "finished";
      const lastSeq = state.seq;
      const before = state.view;
      state.view = view; state.legal = legal; state.seq = seq;
      if (status) state.status = status;
      if (view && view.finished) state.status = "finished";
      if (source === "patch" && events.length) {
        log.add(liveEntry(before, seq, events));
      } else if (source === "snapshot" && seq > lastSeq) {
        refreshLog();
      }
      if (!wasFinished && state.status === "finished") {
        refreshLog();
        endSeen = false;
        // a rated game's new ratings are written before its end is sent: read them once
        if (game.rated) {
          api("GET", `/api/games/${encodeURIComponent(gameId)}`)
            .then((again) => { state.ratings = again.ratings || []; drawChrome(); }).catch(() => {});
        }
      }
      drawBoard(events);
      thinking.onState(view, seq);
      gate.refresh(resignedHere() ? [] : legal);
      drawChrome();
      showEnd();
      refreshClock();
      followTurn();
    },
    onStatus(status, info) {
      // the session of a visitor who had one ended elsewhere: the page says so (identity.js)
      if (status === "closed" && info.code === 4401 && me) window.dispatchEvent(new CustomEvent("bazaar:signed-out"));
      const node = $("conn-status");
      node.dataset.state = status;
      node.textContent = status === "reconnecting" && info.delay
        ? `Reconnecting in ${Math.ceil(info.delay / 1000)} s…`
        : status === "closed" && info.reason ? `Offline (${info.reason})` : CONN_TEXT[status] || status;
    },
    onChat(msg) {
      // in the order the lines were said: a missed line may arrive after a newer live one
      const list = $("chat");
      const later = Number.isInteger(msg.id)
        ? [...list.children].find((li) => li.dataset.id && Number(li.dataset.id) > msg.id) : null;
      list.insertBefore(chatLine(msg), later || null);
      list.scrollTop = list.scrollHeight;
      chatArrived(msg);
    },
    onPresence(connected) { state.connected = connected; drawChrome(); },
    onAway(seats) {
      // a clock ran out: the move it caused may be in the log already, without its actor
      if (seats.some((s) => !state.away.includes(s))) refreshLogSoon();
      state.away = seats; drawChrome();
    },
    onResigned(seat) { markResigned(seat); },
    onThinking(frame) { thinking.onFrame(frame); },
    async onRematch() {
      try { state.rematch = await fetchRematch(gameId); } catch { return; }
      drawChrome();
    },
    onError(frame) {
      // errors not tied to a move of ours (a chat line refused, a rate limit): say so
      console.warn("server error", frame);
      showError($("move-error"), frame.reason || frame.code || "", game.kind);
    },
  });

  for (const msg of game.chat || []) $("chat").append(chatLine(msg));
  $("chat-form").querySelector("button[type=submit]").disabled = false;
  fitSide();
  window.addEventListener("resize", fitSide);
  window.addEventListener("scroll", () => requestAnimationFrame(fitSide), {passive: true});
  new ResizeObserver(() => fitSide()).observe($("outcome"));
  // the chat in view: seen by the player, so its unread count clears; the Chat button in the
  // page's head (a narrow screen's) takes the player to it
  const chatPanel = $("chat-panel");
  new IntersectionObserver((entries) => {
    for (const entry of entries) chatInView = entry.isIntersecting && entry.intersectionRatio >= 0.5;
    drawUnread();
  }, {threshold: [0, 0.5, 1]}).observe(chatPanel);
  document.addEventListener("visibilitychange", drawUnread);
  $("chat-jump").addEventListener("click", () => {
    chatPanel.scrollIntoView({block: "end"});
    $("chat-title").focus({preventScroll: true});
    unread = 0;
    drawUnread();
  });
  $("chat-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("chat-text");
    const text = input.value.trim();
    if (!text) return;
    if (!me) {
      me = await ensureIdentity({why: "Pick a name to chat: everyone at this game will see it."});
      if (!me) return;
      // this page's socket was a nameless spectator's: the line goes over HTTP, and the socket
      // opens again with the new name (the cookie)
      ownLines.push(text);
      try {
        await api("POST", `/api/games/${encodeURIComponent(gameId)}/chat`, {text});
        input.value = "";
      } catch (err) {
        showError($("move-error"), errorText(err), game.kind);
      }
      conn.reconnect();
      return;
    }
    ownLines.push(text);
    try {
      await conn.chat(text);
      input.value = "";
    } catch (err) {
      showError($("move-error"), errorText(err), game.kind);
    }
  });

  // a seat resigned (this page's or anyone's): the bot plays it; when it is the seat shown here,
  // the board turns into a spectator's and the turn line says so
  function markResigned(seat) {
    if (state.resigned.includes(seat)) return;
    state.resigned.push(seat);
    if (seat === state.seat) { remount(); followTurn(); }
    drawChrome();
  }

  function askResign(open) {
    $("resign").hidden = open; $("resign-confirm").hidden = !open; $("resign-cancel").hidden = !open;
    $("resign-note").hidden = !open;
  }
  $("resign").addEventListener("click", () => {
    askResign(true);
    $("resign-confirm").focus();
  });
  $("resign-cancel").addEventListener("click", () => { askResign(false); drawChrome(); });
  $("resign-confirm").addEventListener("click", async () => {
    askResign(false);
    try {
      await api("POST", `/api/games/${encodeURIComponent(gameId)}/resign`, {seat: state.seat});
      markResigned(state.seat);
    } catch (err) {
      showError($("move-error"), errorText(err), game.kind);
    }
    drawChrome();
  });
  $("rematch").addEventListener("click", async () => {
    try {
      const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/rematch`);
      location.assign(res.game_id ? `/games/${encodeURIComponent(res.game_id)}` : `/lobbies/${encodeURIComponent(res.lobby_id)}`);
    } catch (err) {
      showError($("move-error"), errorText(err), game.kind);
    }
  });

  drawChrome();
  await remount();
  refreshLog();
  conn.start();
  followTurn();
  window.addEventListener("pagehide", () => conn.close());
  window.bazaar = {conn, state}; // for debugging from the console and for the browser tests
}

if (document.body.classList.contains("page-game")) {
  gamePage().catch((err) => {
    console.error(err);
    const turn = document.getElementById("turn");
    if (turn) turn.textContent = `Something went wrong: ${errorText(err)}`;
  });
}
