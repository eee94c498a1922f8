// The replay page (/games/{id}/replay): the game's own board in mode "replay", driven by
// GET /api/games/{id}/replay?at=k, with start / step back / play / step forward / end, a scrub
// slider, the log (click an entry to jump there) and the score over time (click a move to jump
// there). The step is kept in the URL (?at=k).

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {whoAmI} from "./identity.js";
import {LogView, entryTexts} from "./log.js";
import {mountBoard} from "./board_host.js";
import {profilesOf, renderPlayers} from "./players.js";
import {fetchScores, mountScoreChart} from "./score-chart.js";
import {continueHere} from "./continue_here.js";
import {t, titled} from "./i18n.js";
import {mountAnalysis} from "./analysis.js";

const $ = (id) => document.getElementById(id);

async function replayPage() {
  const gameId = $("page").dataset.gameId;
  const base = `/api/games/${encodeURIComponent(gameId)}`;
  await whoAmI();  // a replay needs no name (issue 25, point 1); continuing asks for one
  let game, logData;
  try {
    [game, logData] = await Promise.all([api("GET", base).then(titled), api("GET", `${base}/log`)]);
  } catch (err) {
    $("step-label").textContent = t("This replay cannot be shown: {reason}", {reason: errorText(err)});
    return;
  }
  const names = (game.seats || []).map((s) => s.name);
  const marks = (game.seats || []).map((s) => s.mark || "");
  const you = (game.you && game.you.seats) || [];
  document.title = `${t("Replay: {title}", {title: game.title || game.kind})} · Bazaar`;
  $("game-title").textContent = t("Replay: {title}", {title: game.title || game.kind});

  const entries = logData.entries || [];
  const bySeq = new Map(entries.map((e) => [e.seq, e]));
  let last = Math.max(logData.seq || 0, entries.length ? entries[entries.length - 1].seq : 0);
  const cache = new Map();
  let at = 0;
  let token = 0;
  let timer = null;

  const log = new LogView($("log"), {names, onPick: (seq) => go(seq)});
  log.set(entries);
  const board = await mountBoard($("board"), {kind: game.kind, seat: game.you ? game.you.seat ?? null : null,
    names, resigned: (game.seats || []).filter((s) => s.resigned).map((s) => s.seat),
    mode: "replay", submit: async () => ({ok: false, code: "REPLAY", reason: t("this is a replay")})});

  // score over time beside the board: a picked move is where the replay goes
  let chart = null;
  try {
    const scores = await fetchScores(gameId);
    chart = mountScoreChart($("score-chart"), {names: scores.seats, steps: scores.steps,
      hint: t("Point at the chart or tap it to read the scores at a move; click it (or the button) to go there."),
      onPick: (seq) => { stop(); go(seq); }});
  } catch (err) {
    $("score-chart").textContent = t("The scores over time cannot be shown: {reason}", {reason: errorText(err)});
  }

  // the analysis (issue 28.4): chance to win, the moves that lost the most, the bot's choice
  // in the board's words in the position before the move
  const analysis = game.status === "finished" ? mountAnalysis($("analysis"), {gameId, names,
    onPick: (seq) => { stop(); go(seq); },
    describe: async (seq, move) => {
      const before = await fetchStep(seq - 1);
      return (board.describeMove && board.describeMove(move, before.view)) || null;
    }}) : null;
  if (!analysis) $("analysis-panel").hidden = true;

  const showContinue = continueHere($("continue-here"), $("continue-note"), game);
  const slider = $("scrub");
  slider.max = String(last);

  async function fetchStep(k) {
    if (!cache.has(k)) cache.set(k, api("GET", `${base}/replay?at=${k}`));
    try {
      return await cache.get(k);
    } catch (err) {
      cache.delete(k);
      throw err;
    }
  }

  function label(k, step) {
    const finished = step.view && step.view.finished;
    if (k === 0) return t("Setup (move 0 of {last})", {last});
    return finished && k === last ? t("Move {k} of {last} — final position", {k, last}) : t("Move {k} of {last}", {k, last});
  }

  async function go(k) {
    k = Math.max(0, Math.min(last, Number(k) || 0));
    at = k;
    const mine = ++token;
    slider.value = String(k);
    slider.setAttribute("aria-valuetext", k === 0 ? t("setup") : t("move {k}", {k}));
    updateButtons();
    let step;
    try {
      step = await fetchStep(k);
    } catch (err) {
      if (mine === token) $("step-label").textContent = t("Step {k} cannot be shown: {reason}", {k, reason: errorText(err)});
      return;
    }
    if (mine !== token) return;
    if (typeof step.last === "number" && step.last !== last) { last = step.last; slider.max = String(last); }
    const events = step.events || (bySeq.get(k) || {}).events || [];
    try {
      board.update({view: step.view, legal: [], events, seq: k});
    } catch (err) {
      console.error("board update failed", err);
    }
    renderPlayers($("players"), step.view, {names, marks, you, profiles: profilesOf(game), details: board.playerDetails});
    showContinue(k, step.view);
    $("step-label").textContent = label(k, step);
    $("page").dataset.at = String(k);
    const list = $("step-events");
    clear(list);
    const entry = bySeq.get(k) || {seq: k, events};
    if (k > 0) for (const text of entryTexts({...entry, events}, names)) list.append(el("li", {text}));
    else {
      const continued = (bySeq.get(0) || {}).actor === "continued";
      list.append(el("li", {class: "muted", text: continued ? t("The position this game was continued from.") : t("The game as it was set up.")}));
      if (bySeq.has(0)) for (const text of entryTexts(bySeq.get(0), names)) list.append(el("li", {text}));
    }
    log.highlight(k);
    if (chart) chart.highlight(k);
    if (analysis) analysis.show(k);
    const url = new URL(location.href);
    url.searchParams.set("at", String(k));
    history.replaceState(null, "", url);
    updateButtons();
    // warm the cache for the next step so autoplay and stepping feel instant
    if (k < last) fetchStep(k + 1).catch(() => {});
  }

  function updateButtons() {
    $("to-start").disabled = at <= 0;
    $("step-back").disabled = at <= 0;
    $("step-forward").disabled = at >= last;
    $("to-end").disabled = at >= last;
  }

  function stop() {
    clearInterval(timer);
    timer = null;
    $("play").textContent = t("▶ Play");
    $("play").setAttribute("aria-label", t("Play the replay"));
  }

  function play() {
    if (at >= last) go(0);
    $("play").textContent = t("⏸ Pause");
    $("play").setAttribute("aria-label", t("Pause the replay"));
    timer = setInterval(() => {
      if (at >= last) { stop(); return; }
      go(at + 1);
    }, Number($("speed").value) || 1000);
  }

  $("to-start").addEventListener("click", () => { stop(); go(0); });
  $("step-back").addEventListener("click", () => { stop(); go(at - 1); });
  $("step-forward").addEventListener("click", () => { stop(); go(at + 1); });
  $("to-end").addEventListener("click", () => { stop(); go(last); });
  $("play").addEventListener("click", () => (timer ? stop() : play()));
  $("speed").addEventListener("change", () => { if (timer) { stop(); play(); } });
  slider.addEventListener("input", () => { stop(); go(slider.value); });
  document.addEventListener("keydown", (event) => {
    const tag = (event.target && event.target.tagName) || "";
    if (["INPUT", "SELECT", "TEXTAREA", "BUTTON"].includes(tag) && event.target !== document.body) {
      if (tag !== "BUTTON") return;
    }
    if (event.key === "ArrowRight") { event.preventDefault(); stop(); go(at + 1); }
    else if (event.key === "ArrowLeft") { event.preventDefault(); stop(); go(at - 1); }
    else if (event.key === "Home") { event.preventDefault(); stop(); go(0); }
    else if (event.key === "End") { event.preventDefault(); stop(); go(last); }
  });

  const start = new URLSearchParams(location.search).get("at");
  await go(start === null ? 0 : Number(start));
}

replayPage().catch((err) => {
  console.error(err);
  $("step-label").textContent = t("Something went wrong: {error}", {error: errorText(err)});
});
