// Score over time (issue 14): a line chart of GET /api/games/{id}/scores, drawn as SVG with
// no build step. One line per player in the seat's colour, a legend with the names, the axes
// "Move" and "Points". Hovering (or tapping) reads a move and every score at it; a click, the
// readout's button or Enter calls onPick(seq). The chart is drawn at the pixel width of its box
// (not scaled), so its labels keep their size on a phone, and is redrawn when the box resizes.
// The same drawing serves the analysis's chance to win (static/js/analysis.js): a fixed range,
// its own words for a value, and marked moves (issue 28, point 4).

import {el, svg, clear, seatColor} from "./dom.js";
import {seatShape, seatShapePath} from "./seat_mark.js";
import {api} from "./api.js";
import {t} from "./i18n.js";

const MARKERS_UP_TO = 150; // steps; beyond, a dot per step would only blur the lines
const FONT = 12;

let cssLinked = false;
function linkCss() {
  if (cssLinked) return;
  cssLinked = true;
  document.head.append(el("link", {rel: "stylesheet", href: "/static/css/score-chart.css"}));
}

/** The series of a game: {seats, steps: [{seq, scores}], complete}. */
export function fetchScores(gameId) {
  return api("GET", `/api/games/${encodeURIComponent(gameId)}/scores`);
}

/** About `count` round tick values covering lo..hi (steps of 1, 2 or 5 times a power of ten). */
function ticks(lo, hi, count) {
  const raw = Math.max((hi - lo) / Math.max(count, 1), 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw); // whole points: never below 1
  const out = [];
  for (let v = Math.floor(lo / step) * step; v < hi + step; v += step) {
    out.push(v);
    if (v >= hi) break;
  }
  return out;
}

function moveWords(seq) { return seq === 0 ? t("Setup") : t("Move {number}", {number: seq}); }

function scoreWords(value) { return value === null || value === undefined ? t("hidden") : String(value); }

/**
 * Mount the chart in `root`. opts: names (by seat), steps, onPick(seq) (optional), pickLabel
 * (the readout button's words), hint (the readout before any reading); for another quantity
 * than points: title ("Score over time"), yLabel ("Points"), range ([lo, hi], fixed),
 * valueWords(v) (a value in the readout), marks (the seqs of moves to mark on the line) and
 * testid ("score-chart", the figure's; its svg is `${testid}-svg`).
 * Returns {update(steps), highlight(seq), destroy()}.
 */
export function mountScoreChart(root, opts) {
  linkCss();
  const names = opts.names || [];
  const testid = opts.testid || "score-chart";
  const valueWords = opts.valueWords || scoreWords;
  let steps = opts.steps || [];
  let current = null; // the step the page shows (the replay's), marked on the chart
  let focus = null; // index into steps of the reading
  const legend = el("ul", {class: "score-legend", "data-testid": "score-legend"});
  const holder = el("div", {class: "score-plot"});
  const text = el("span", {class: "score-readout-text", "data-testid": "score-readout", text: opts.hint || ""});
  const go = el("button", {type: "button", class: "score-pick", "data-testid": "score-pick", hidden: true});
  const readout = el("p", {class: "score-readout", "aria-live": "polite"}, [text, go]);
  const figure = el("figure", {class: "score-chart", "data-testid": testid}, [legend, holder, readout]);
  clear(root);
  root.append(figure);
  let geometry = null;
  let lastPointer = "mouse";

  // each line has its own dash as well as its colour, and its points the seat's shape (issue 31)
  const DASHES = ["", "7 3", "2 3", "9 3 2 3", "4 4", "12 4", "2 6"];
  const dashOf = (seat) => DASHES[seat % DASHES.length];

  function drawLegend() {
    clear(legend);
    names.forEach((name, seat) => {
      const swatch = svg("svg", {class: "score-swatch", viewBox: "0 0 28 10", "aria-hidden": "true",
        "data-symbol": seatShape(seat)}, [
        svg("line", {x1: 1, y1: 5, x2: 27, y2: 5, "stroke-width": 2.2, "stroke-dasharray": dashOf(seat) || null,
          style: `stroke:${seatColor(seat)}`}),
        svg("path", {d: seatShapePath(seat, 3.6), transform: "translate(14 5)", style: `fill:${seatColor(seat)}`})]);
      legend.append(el("li", {dataset: {seat: String(seat)}}, [swatch, el("span", {text: name || `Seat ${seat + 1}`})]));
    });
  }

  function draw() {
    clear(holder);
    const width = Math.max(260, Math.floor(holder.clientWidth || root.clientWidth || 320));
    const height = width < 520 ? 210 : 250;
    const values = steps.flatMap((s) => s.scores).filter((v) => typeof v === "number");
    const lo = opts.range ? opts.range[0] : Math.min(0, ...values);
    const hi = opts.range ? opts.range[1] : Math.max(lo + 1, ...values);
    const yTicks = ticks(lo, hi, height < 230 ? 4 : 5);
    const yMin = yTicks[0], yMax = yTicks[yTicks.length - 1];
    const labelChars = Math.max(...yTicks.map((v) => String(v).length));
    const left = 14 + labelChars * FONT * 0.62, right = 14, top = 26, bottom = 40;
    const last = steps.length ? steps[steps.length - 1].seq : 0;
    const first = steps.length ? steps[0].seq : 0;
    const span = Math.max(1, last - first);
    const x = (seq) => left + ((seq - first) / span) * (width - left - right);
    const y = (v) => top + (1 - (v - yMin) / (yMax - yMin)) * (height - top - bottom);
    geometry = {x, first, last, left, right, width};

    const chart = svg("svg", {class: "score-svg", width, height, viewBox: `0 0 ${width} ${height}`,
      tabindex: 0, role: "group", "data-testid": `${testid}-svg`, "data-last": last,
      "aria-label": t("{title}, {count} steps: use the arrow keys to read a move, Enter to go to it", {title: opts.title || t("Score over time"), count: steps.length})});
    // grid and axes
    for (const v of yTicks) {
      chart.append(svg("line", {class: v === 0 ? "score-grid zero" : "score-grid", x1: left, x2: width - right, y1: y(v), y2: y(v)}));
      chart.append(svg("text", {class: "score-tick", x: left - 6, y: y(v) + FONT * 0.35, "text-anchor": "end", text: String(v)}));
    }
    const xCount = Math.max(2, Math.floor((width - left - right) / 60));
    for (const t of ticks(first, last, xCount).filter((t) => t >= first && t <= last && Number.isInteger(t))) {
      chart.append(svg("line", {class: "score-axis", x1: x(t), x2: x(t), y1: height - bottom, y2: height - bottom + 4}));
      chart.append(svg("text", {class: "score-tick", x: x(t), y: height - bottom + 6 + FONT, "text-anchor": "middle", text: String(t)}));
    }
    chart.append(svg("line", {class: "score-axis", x1: left, x2: width - right, y1: height - bottom, y2: height - bottom}));
    chart.append(svg("text", {class: "score-label", x: (left + width - right) / 2, y: height - 4, "text-anchor": "middle", text: t("Move")}));
    chart.append(svg("text", {class: "score-label", x: 4, y: FONT + 2, "text-anchor": "start", text: opts.yLabel || t("Points")}));
    // where the replay stands
    const mark = svg("line", {class: "score-current", y1: top - 4, y2: height - bottom, hidden: true});
    chart.append(mark);
    // one line per player; a hidden score (null) breaks the line
    names.forEach((_name, seat) => {
      let d = "";
      let pen = false;
      for (const s of steps) {
        const v = s.scores[seat];
        if (typeof v !== "number") { pen = false; continue; }
        d += `${pen ? "L" : "M"}${x(s.seq).toFixed(1)} ${y(v).toFixed(1)}`;
        pen = true;
      }
      const line = svg("path", {class: "score-line", d, "data-seat": seat,
        "data-scores": steps.map((s) => scoreWords(s.scores[seat])).join(" ")});
      line.style.stroke = seatColor(seat);
      if (dashOf(seat)) line.setAttribute("stroke-dasharray", dashOf(seat));
      chart.append(line);
    });
    if (steps.length <= MARKERS_UP_TO) {
      names.forEach((_name, seat) => {
        for (const s of steps) {
          const v = s.scores[seat];
          if (typeof v !== "number") continue;
          const dot = svg("path", {class: "score-point", d: seatShapePath(seat, 3),
            transform: `translate(${x(s.seq).toFixed(1)} ${y(v).toFixed(1)})`, "data-symbol": seatShape(seat),
            "data-seq": s.seq, "data-seat": seat, "data-score": v});
          dot.style.fill = seatColor(seat);
          chart.append(dot);
        }
      });
    }
    // marked moves: a ring on the mover's line and a flag under the axis
    for (const mark of opts.marks || []) {
      const step = steps.find((st) => st.seq === mark.seq);
      const v = step && step.scores[mark.seat];
      if (typeof v !== "number") continue;
      const ring = svg("circle", {class: "score-marked", cx: x(step.seq), cy: y(v), r: 6,
        "data-seq": step.seq, "data-seat": mark.seat});
      ring.style.stroke = seatColor(mark.seat);
      chart.append(ring, svg("text", {class: "score-marked-flag", x: x(step.seq), y: height - bottom - 4,
        "text-anchor": "middle", text: "!", "data-seq": step.seq}));
    }
    // the reading: a guide and a ring per player at the step read
    const guide = svg("line", {class: "score-guide", y1: top - 4, y2: height - bottom, hidden: true});
    const rings = names.map((_n, seat) => {
      const ring = svg("circle", {class: "score-ring", r: 5, hidden: true, "data-seat": seat});
      ring.style.stroke = seatColor(seat);
      return ring;
    });
    chart.append(guide, ...rings);
    // the whole plot answers the pointer: the nearest step is read (points are small on a phone)
    const pad = svg("rect", {class: "score-hit", x: left - 8, y: 0, width: width - left - right + 16, height: height - bottom + 8});
    chart.append(pad);
    holder.append(chart);
    geometry.guide = guide; geometry.rings = rings; geometry.y = y; geometry.mark = mark; geometry.svg = chart;

    pad.addEventListener("pointermove", (event) => { if (event.pointerType === "mouse") read(nearest(event)); });
    pad.addEventListener("pointerdown", (event) => { lastPointer = event.pointerType || "mouse"; });
    pad.addEventListener("pointerleave", (event) => { if (event.pointerType === "mouse") unread(); });
    pad.addEventListener("click", (event) => {
      const index = nearest(event);
      // a tap reads the move first; a second tap on it (or the button) goes there
      if (lastPointer !== "mouse" && index !== focus) { read(index); return; }
      read(index);
      pick(index);
    });
    chart.addEventListener("keydown", onKey);
    chart.addEventListener("blur", () => { if (lastPointer === "keyboard") unread(); });
    if (focus !== null && focus < steps.length) read(focus);
    showCurrent();
  }

  function nearest(event) {
    const box = geometry.svg.getBoundingClientRect();
    const px = event.clientX - box.left;
    const {first, last, left, right, width} = geometry;
    const seq = first + ((px - left) / (width - left - right)) * Math.max(1, last - first);
    let best = 0;
    for (let i = 1; i < steps.length; i++) {
      if (Math.abs(steps[i].seq - seq) < Math.abs(steps[best].seq - seq)) best = i;
    }
    return best;
  }

  function read(index) {
    if (index === null || !steps[index]) return;
    focus = index;
    const step = steps[index];
    const {x, y, guide, rings} = geometry;
    guide.setAttribute("x1", x(step.seq)); guide.setAttribute("x2", x(step.seq));
    guide.removeAttribute("hidden");
    rings.forEach((ring, seat) => {
      const v = step.scores[seat];
      if (typeof v !== "number") { ring.setAttribute("hidden", ""); return; }
      ring.setAttribute("cx", x(step.seq)); ring.setAttribute("cy", y(v));
      ring.removeAttribute("hidden");
    });
    const parts = names.map((name, seat) => `${name || t("Seat {number}", {number: seat + 1})}: ${valueWords(step.scores[seat])}`);
    text.textContent = `${moveWords(step.seq)} — ${parts.join(", ")}`;
    figure.dataset.reading = String(step.seq);
    go.hidden = !opts.onPick || step.seq === current;
    go.textContent = opts.pickLabel ? opts.pickLabel(step.seq) : (step.seq === 0 ? t("Show the setup") : t("Show move {number}", {number: step.seq}));
  }

  function unread() {
    focus = null;
    if (!geometry) return;
    geometry.guide.setAttribute("hidden", "");
    geometry.rings.forEach((ring) => ring.setAttribute("hidden", ""));
    text.textContent = opts.hint || "";
    delete figure.dataset.reading;
    go.hidden = true;
  }

  function pick(index) {
    if (!opts.onPick || !steps[index]) return;
    opts.onPick(steps[index].seq);
  }

  function onKey(event) {
    lastPointer = "keyboard";
    const at = focus ?? steps.findIndex((s) => s.seq === current);
    const moves = {ArrowRight: 1, ArrowLeft: -1, ArrowUp: 1, ArrowDown: -1};
    if (event.key in moves) read(Math.max(0, Math.min(steps.length - 1, (at < 0 ? 0 : at) + moves[event.key])));
    else if (event.key === "Home") read(0);
    else if (event.key === "End") read(steps.length - 1);
    else if ((event.key === "Enter" || event.key === " ") && focus !== null) pick(focus);
    else return;
    event.preventDefault();
    event.stopPropagation(); // the replay's own arrow keys would step the board as well
  }

  function showCurrent() {
    if (!geometry) return;
    const {mark, x, svg: chart} = geometry;
    if (current === null || current < geometry.first || current > geometry.last) { mark.setAttribute("hidden", ""); return; }
    mark.setAttribute("x1", x(current)); mark.setAttribute("x2", x(current));
    mark.removeAttribute("hidden");
    chart.dataset.current = String(current);
  }

  go.addEventListener("click", () => { if (focus !== null) pick(focus); });
  drawLegend();
  draw();
  let width = holder.clientWidth;
  const resize = new ResizeObserver(() => {
    if (holder.clientWidth !== width) { width = holder.clientWidth; draw(); }
  });
  resize.observe(holder);

  return {
    update(newSteps) { steps = newSteps || []; draw(); },
    figure,
    highlight(seq) {
      current = seq;
      showCurrent();
      if (focus !== null && steps[focus]) go.hidden = !opts.onPick || steps[focus].seq === current;
    },
    destroy() { resize.disconnect(); clear(root); },
  };
}

/**
 * The end panel of the game page: the chart of the finished game, once, before the card's
 * actions; a picked move opens the replay at that move.
 */
export async function endScoreChart(card, gameId) {
  if (card.querySelector(".score-box")) return;
  const box = el("section", {class: "score-box", "aria-label": t("Score over time")},
    [el("h3", {text: t("Score over time")})]);
  const actions = card.querySelector(".actions");
  card.insertBefore(box, actions || null);
  let data;
  try {
    data = await fetchScores(gameId);
  } catch (err) {
    box.append(el("p", {class: "muted", text: t("The scores over time cannot be shown just now.")}));
    return;
  }
  const host = el("div");
  box.append(host);
  mountScoreChart(host, {names: data.seats, steps: data.steps,
    hint: t("Point at the chart or tap it to read the scores at a move; click it (or the button) to see that move in the replay."),
    pickLabel: (seq) => (seq === 0 ? t("See the setup in the replay") : t("See move {number} in the replay", {number: seq})),
    onPick: (seq) => location.assign(`/games/${encodeURIComponent(gameId)}/replay?at=${seq}`)});
}
