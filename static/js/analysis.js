// The analysis of a finished game on the replay page (issue 28, point 4; app/analysis/): a button
// asks for it (POST /api/games/{id}/analysis), the panel follows its progress, then draws each
// player's chance to win over the game with the score chart's drawing (score-chart.js), lists the
// moves that lost the most (a click goes there), and says for the move on show how much chance
// its player lost and what the hard bot would have played, in the board's own words.

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {ensureIdentity} from "./identity.js";
import {mountScoreChart} from "./score-chart.js";
import {t} from "./i18n.js";

const POLL_MS = 1500;

const percent = (v) => (typeof v === "number" ? `${Math.round(v)} %` : "unknown");
const points = (chance) => Math.round(chance * 100);

/**
 * Mount the analysis panel in `root`. opts: gameId, names (by seat), onPick(seq) (go to a move),
 * describe(seq, move) (a promise of the move's words in the position before step seq).
 * Returns {show(seq)}: the replay tells it the move on show.
 */
export function mountAnalysis(root, opts) {
  const base = `/api/games/${encodeURIComponent(opts.gameId)}/analysis`;
  const names = opts.names || [];
  const who = (seat) => names[seat] || t("Player {number}", {number: seat + 1});
  const intro = el("p", {class: "help", text: t("The hard bot can go over this game: it estimates each player's chance to win after every move and says what it would have played instead. It takes a few minutes, and everyone who opens this replay sees the result.")});
  const ask = el("button", {type: "button", "data-testid": "analyse", text: t("Analyse this game")});
  const status = el("p", {class: "analysis-status", "aria-live": "polite", "data-testid": "analysis-status"});
  const progress = el("progress", {max: 1, value: 0, hidden: true, "aria-label": t("Analysis progress")});
  const chartBox = el("div", {class: "analysis-chart"});
  const here = el("p", {class: "analysis-here", "aria-live": "polite", "data-testid": "analysis-here", hidden: true});
  const worstTitle = el("h3", {text: t("Moves that lost the most"), hidden: true});
  const worst = el("ol", {class: "analysis-worst", "data-testid": "analysis-worst", hidden: true});
  clear(root);
  root.append(intro, ask, status, progress, chartBox, here, worstTitle, worst);
  root.dataset.status = "loading";

  let found = null;
  let at = null;
  let timer = null;
  let token = 0;

  function setStatus(data) {
    root.dataset.status = data.status;
    ask.hidden = !(data.status === "none" || data.status === "failed");
    intro.hidden = data.status === "done";
    progress.hidden = data.status !== "pending";
    if (data.status === "pending") {
      progress.max = data.total; progress.value = data.done;
      status.textContent = t("Analysing: {done} of {total} positions done…", {done: data.done, total: data.total});
    } else if (data.status === "failed") {
      status.textContent = data.reason || t("The analysis failed; you may ask for it again.");
    } else if (data.status === "done") {
      status.textContent = t("Each player's chance to win after every move, from {count} games played out by the bot from each position.", {count: data.playouts});
    } else status.textContent = "";
  }

  function drawDone(data) {
    const steps = data.chances.map((chances, seq) => ({seq, scores: chances.map(points)}));
    const bySeq = new Map(data.moves.map((m) => [m.seq, m]));
    const marks = data.marked.map((seq) => ({seq, seat: bySeq.get(seq).seat}));
    const chart = mountScoreChart(chartBox, {names, steps, marks, range: [0, 100], yLabel: t("Chance to win (%)"),
      title: t("Chance to win"), testid: "analysis-chart", valueWords: percent,
      hint: t("Point at the chart or tap it to read the chances at a move; a ring marks a move that lost the most where the bot would have played another."),
      onPick: (seq) => opts.onPick(seq)});
    chart.figure.dataset.marked = data.marked.join(" ");
    clear(worst);
    for (const seq of data.marked) {
      const move = bySeq.get(seq);
      const text = t("Move {number}: {name} lost {points} % chance to win", {number: seq, name: who(move.seat), points: points(move.lost)});
      worst.append(el("li", {}, [el("button", {type: "button", text, dataset: {seq: String(seq)},
        onclick: () => opts.onPick(seq)})]));
    }
    worstTitle.hidden = worst.hidden = !data.marked.length;
    if (!data.marked.length) worst.hidden = true;
    found = {data, bySeq, chart};
    if (at !== null) show(at);
  }

  async function refresh() {
    let data;
    try {
      data = await api("GET", base);
    } catch (err) {
      root.dataset.status = "error";
      status.textContent = t("The analysis cannot be shown: {error}", {error: errorText(err)});
      ask.hidden = true;
      return;
    }
    setStatus(data);
    clearTimeout(timer);
    if (data.status === "pending") timer = setTimeout(refresh, POLL_MS);
    if (data.status === "done" && !found) drawDone(data);
  }

  ask.addEventListener("click", async () => {
    if (!(await ensureIdentity({why: t("Pick a name to ask for an analysis.")}))) return;
    ask.disabled = true;
    try {
      setStatus(await api("POST", base));
      refresh();
    } catch (err) {
      status.textContent = errorText(err);
    } finally {
      ask.disabled = false;
    }
  });

  async function show(seq) {
    at = seq;
    if (!found) return;
    found.chart.highlight(seq);
    const move = found.bySeq.get(seq);
    if (!move) { here.hidden = true; return; }
    const mine = ++token;
    const lost = points(move.lost || 0);
    const change = lost > 0 ? t("{name} lost {points} % chance to win with this move.", {name: who(move.seat), points: lost})
      : lost < 0 ? t("{name} gained {points} % chance to win with this move.", {name: who(move.seat), points: -lost})
      : t("{name}'s chance to win did not change with this move.", {name: who(move.seat)});
    let bot = "";
    if (move.same) bot = t("The bot would have played the same move.");
    else if (move.best) {
      const words = await opts.describe(seq, move.best).catch(() => null);
      if (mine !== token) return;
      const other = t("another move");
      bot = t("The bot would have played: {move}.", {move: words || other});
    }
    here.textContent = `${change} ${bot}`.trim();
    here.dataset.seq = String(seq);
    here.classList.toggle("marked", found.data.marked.includes(seq));
    here.hidden = false;
  }

  refresh();
  return {show};
}
