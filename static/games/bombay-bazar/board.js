// Board of `bombay-bazar` (rules/bombay-bazar.md). Draws, from the public view:
// * the hex board in SVG: every trunk as curves in its owner's colour, free lengths in a
//   neutral colour, each tip marked, end pieces with their counts (BOM-7, BOM-22 to BOM-24,
//   BOM-39), the four elephants (BOM-9, BOM-13);
// * the open piles with their counts (BOM-14). On your turn: pick a picture, then only its
//   legal orientations are offered (from the server's legal moves), with a preview on your tip
//   cell, the only cell a piece can go (BOM-26, BOM-55);
// * for the page's players panel, each player's elephant and status (BOM-60; playerDetails),
//   the live trunk length being the panel's score;
// * the elephant choice (BOM-12), the parity game as a small secret form (BOM-17 to BOM-20);
// * the solo score T - E - U with this browser's best so far (BOM-51, BOM-52);
// * the tournament table with medals across rounds and the standings (BOM-45 to BOM-48).
// User text (names) goes through textContent only (dom.js).

import {el, svg, clear, seatColor} from "/static/js/dom.js";
import {seatShape, seatShapeGroup, seatMarkWords} from "/static/js/seat_mark.js";
import {errorNodes} from "/static/js/words.js";
import {t, tn} from "/static/js/i18n.js";
import {roundEndPanel} from "./round-end.js";

const R = 30;                       // hex radius (centre to corner)
const W = Math.sqrt(3) * R;         // hex width (pointy top)
const M = 44;                       // margin for the elephants
const NEUTRAL = "#a89b8c";
const MEDALS = ["gold", "silver", "bronze"];
const MEDAL_TITLES = [t("gold medal"), t("silver medal"), t("bronze medal")];
const MEDAL_COLOURS = {gold: "#d4a017", silver: "#9ea7ad", bronze: "#b2703a"};

/** Centre of cell (r, c): odd rows sit half a cell to the right (BOM-8). */
function centre(r, c) {
  return [M + W * (c + 0.5 + (r % 2 ? 0.5 : 0)), M + R + 1.5 * R * r];
}

/** Midpoint of edge e (0 = E, counter-clockwise) of a cell at (x, y), at `k` of the way out. */
function edgePoint(x, y, e, k = 1) {
  const a = (Math.PI / 3) * e;
  const d = (W / 2) * k;
  return [x + d * Math.cos(a), y - d * Math.sin(a)];
}

function hexPoints(x, y, scale = 1) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i + Math.PI / 6;
    pts.push(`${(x + R * scale * Math.cos(a)).toFixed(1)},${(y - R * scale * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** An SVG path for one segment between edges a and b of the cell at (x, y). */
function segmentPath(x, y, a, b) {
  const [x1, y1] = edgePoint(x, y, a);
  const [x2, y2] = edgePoint(x, y, b);
  const gap = Math.min((b - a + 6) % 6, (a - b + 6) % 6);
  if (gap === 3) return `M${x1.toFixed(1)},${y1.toFixed(1)} L${x2.toFixed(1)},${y2.toFixed(1)}`;
  // hooks bend tighter than bends: pull the control point toward the edges' midpoint
  const pull = gap === 1 ? 0.45 : 0;
  const cx = x + pull * ((x1 + x2) / 2 - x);
  const cy = y + pull * ((y1 + y2) / 2 - y);
  return `M${x1.toFixed(1)},${y1.toFixed(1)} Q${cx.toFixed(1)},${cy.toFixed(1)} ${x2.toFixed(1)},${y2.toFixed(1)}`;
}

/** The segments of a picture turned by r steps (BOM-5). */
export function rotateSegments(segments, r) {
  return segments.map(([a, b]) => {
    const x = (a + r) % 6;
    const y = (b + r) % 6;
    return [Math.min(x, y), Math.max(x, y)];
  }).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

// a trunk's lines carry a thin white pattern of their seat as well as its colour (issue 31):
// seat 1 plain, then dashes, dots, dash-dot ... (the seat's shape is on its tip and elephant)
const TRUNK_PATTERNS = ["", "6 4", "1.5 3.5", "7 3 1.5 3", "3 3", "10 4", "1.5 7"];

function drawSegments(group, x, y, segments, colours, width, owners = []) {
  segments.forEach(([a, b], i) => {
    const d = segmentPath(x, y, a, b);
    group.append(svg("path", {d, class: "bb-seg-under", "stroke-width": width + 3}));
    group.append(svg("path", {d, class: "bb-seg", stroke: colours[i] || NEUTRAL, "stroke-width": width}));
    const seat = owners[i];
    if (seat !== null && seat !== undefined && TRUNK_PATTERNS[seat % TRUNK_PATTERNS.length]) {
      group.append(svg("path", {d, class: "bb-seg-pattern", stroke: "#fff", "stroke-width": 1.6, fill: "none",
        "stroke-dasharray": TRUNK_PATTERNS[seat % TRUNK_PATTERNS.length], "data-seat": String(seat)}));
    }
  });
}

/** A small stand-alone picture of a layout (for the piles and orientation buttons). */
function miniPiece(segments, colour, label) {
  const node = svg("svg", {viewBox: `${-R - 2} ${-R - 2} ${2 * R + 4} ${2 * R + 4}`, class: "bb-mini", role: "img", "aria-label": label});
  node.append(svg("polygon", {points: hexPoints(0, 0), class: "bb-mini-hex"}));
  drawSegments(node, 0, 0, segments, segments.map(() => colour), 6);
  return node;
}

// Words for a screen reader (issue 13, point 16): edge e of a cell, counter-clockwise from east
const EDGE_WORDS = [t("east"), t("north-east"), t("north-west"), t("west"), t("south-west"), t("south-east")];
const SHAPE_WORDS = {1: t("a tight hook"), 2: t("a bend"), 3: t("a straight line")};

function shapeOf([a, b]) {
  return SHAPE_WORDS[Math.min((b - a + 6) % 6, (a - b + 6) % 6)];
}

/** A picture in words: "S3, 4 left: a straight line". It starts with what the pile button
 * shows ("S3 ×4"), so that a person who says what they see can press it (WCAG 2.5.3). */
function pictureWords(pic, count) {
  return t("{picture}, {n} left: {shapes}", {picture: pic.id, n: count, shapes: pic.segments.map(shapeOf).join(", ")});
}

/** An orientation in words, from the tip's entry edge: where the trunk goes on. */
function orientationWords(pic, segs, entry, i, n) {
  const through = segs.find(([a, b]) => a === entry || b === entry);
  const out = through ? (through[0] === entry ? through[1] : through[0]) : null;
  const which = t("{picture}, orientation {i} of {n}", {picture: pic.id, i: i + 1, n});
  return out === null ? which : t("{orientation}: your trunk goes on to the {edge} ({shape})", {orientation: which, edge: EDGE_WORDS[out], shape: shapeOf(through)});
}

function seatName(ctx, view, seat) {
  const p = view.players[seat];
  return (p && p.name) || (ctx.names && ctx.names[seat]) || t("Seat {n}", {n: seat + 1});
}

function panel(title, testid, children) {
  return el("section", {class: `bb-panel bb-${testid}`, "data-testid": `bb-${testid}`, "aria-label": title},
    [el("h3", {text: title}), ...children]);
}

// ------------------------------------------------------------------ the board drawing

function drawBoard(view, ctx, preview, onTip, last) {
  const rows = view.data.row_lengths;
  const width = 2 * M + W * (Math.max(...rows) + 0.5);
  const height = 2 * M + 2 * R + 1.5 * R * (rows.length - 1);
  const root = svg("svg", {viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, class: "bb-svg", role: "img",
    "aria-label": t("Bombay Bazar board"), "data-testid": "bb-svg"});
  const seatOf = {};
  view.players.forEach((p) => { if (p.elephant) seatOf[p.elephant] = p.seat; });
  const cells = svg("g", {class: "bb-cells"});
  rows.forEach((n, r) => {
    for (let c = 0; c < n; c++) {
      const [x, y] = centre(r, c);
      cells.append(svg("polygon", {points: hexPoints(x, y), class: "bb-cell", dataset: {cell: `${r},${c}`}}));
    }
  });
  root.append(cells);
  // elephants outside their start cells, head against the head edge (BOM-9)
  for (const e of view.data.elephants) {
    const [x, y] = centre(e.start[0], e.start[1]);
    const [hx, hy] = edgePoint(x, y, e.head_edge, 1.9);
    const seat = seatOf[e.id];
    const fill = seat === undefined ? "#cfc6bb" : seatColor(seat);
    const title = seat === undefined ? t("Elephant {elephant} (not in use)", {elephant: e.id}) : t("Elephant {elephant}: {who}", {elephant: e.id, who: seatName(ctx, view, seat)});
    // the seat's shape rides on its elephant: colour is never the only sign (issue 31)
    const badge = seat === undefined ? null : svg("g", {class: "bb-elephant-seat"}, [
      svg("circle", {cx: hx + 12, cy: hy - 12, r: 8, fill, stroke: "#fff", "stroke-width": 1.5}),
      seatShapeGroup(seat, hx + 12, hy - 12, 4.5)]);
    root.append(svg("g", {class: "bb-elephant", "data-testid": `bb-elephant-${e.id}`,
      "data-symbol": seat === undefined ? null : seatShape(seat)}, [
      svg("circle", {cx: hx, cy: hy, r: 15, fill, class: "bb-elephant-body"}),
      svg("text", {x: hx, y: hy + 5, "text-anchor": "middle", class: "bb-elephant-text", text: e.id}),
      badge,
      svg("title", {text: seat === undefined ? title : `${title} (${seatMarkWords(seat)})`}),
    ]));
  }
  const pieces = svg("g", {class: "bb-pieces"});
  for (const piece of view.board.pieces) {
    const [x, y] = centre(piece.cell[0], piece.cell[1]);
    pieces.append(svg("polygon", {points: hexPoints(x, y, 0.97), class: "bb-piece"}));
    const colours = piece.owners.map((o) => (o === null ? NEUTRAL : seatColor(o)));
    drawSegments(pieces, x, y, piece.segments, colours, 6, piece.owners);
  }
  root.append(pieces);
  if (last) {
    const [x, y] = centre(last[0], last[1]);
    root.append(svg("polygon", {points: hexPoints(x, y, 0.93), class: "bb-last", "data-testid": "bb-last"}));
  }
  // end pieces: one stub per end piece, a count badge when they share a cell (BOM-39)
  for (const end of view.board.end_pieces) {
    const [x, y] = centre(end.cell[0], end.cell[1]);
    const g = svg("g", {class: "bb-end", "data-testid": "bb-end", dataset: {cell: end.cell.join(","), count: String(end.count)}});
    g.append(svg("polygon", {points: hexPoints(x, y, 0.97), class: "bb-end-cell"}));
    for (const stub of end.stubs) {
      const [sx, sy] = edgePoint(x, y, stub.edge);
      const [tx, ty] = edgePoint(x, y, stub.edge, 0.35);
      const seat = seatOf[stub.elephant];
      g.append(svg("line", {x1: sx, y1: sy, x2: tx, y2: ty, class: "bb-stub", stroke: seat === undefined ? "#5b5149" : seatColor(seat)}));
      g.append(svg("circle", {cx: tx, cy: ty, r: 5, class: "bb-stub-cap"}));
    }
    if (end.count > 1) g.append(svg("text", {x, y: y + 5, "text-anchor": "middle", class: "bb-end-count", text: `×${end.count}`}));
    g.append(svg("title", {text: tn("{n} end piece", "{n} end pieces", end.count)}));
    root.append(g);
  }
  // tips: a dashed ring in the owner's colour and a dot on the entry edge
  for (const trunk of view.trunks) {
    const seat = trunk.seat;
    if (view.players[seat].status === "out") continue;
    const [r, c, e] = trunk.tip;
    const [x, y] = centre(r, c);
    const mine = ctx.seat === seat && ctx.mode === "play";
    const [dx, dy] = edgePoint(x, y, e, 0.82);
    // the dot on the entry edge is the seat's shape, not only its colour (issue 31)
    const tip = svg("g", {class: `bb-tip${mine ? " mine" : ""}`, "data-testid": `bb-tip-${seat}`,
      "data-symbol": seatShape(seat), dataset: {cell: `${r},${c}`}}, [
      svg("polygon", {points: hexPoints(x, y, 0.86), class: "bb-tip-ring", stroke: seatColor(seat)}),
      svg("circle", {cx: dx, cy: dy, r: 7.5, fill: seatColor(seat), class: "bb-tip-dot"}),
      seatShapeGroup(seat, dx, dy, 4.2),
      svg("title", {text: (trunk.sealed ? t("Tip of {who}'s trunk ({mark}) (sealed)", {who: seatName(ctx, view, seat), mark: seatMarkWords(seat)})
        : t("Tip of {who}'s trunk ({mark})", {who: seatName(ctx, view, seat), mark: seatMarkWords(seat)}))}),
    ]);
    if (mine && onTip) {
      tip.setAttribute("tabindex", "0");
      tip.setAttribute("role", "button");
      tip.addEventListener("click", onTip);
      tip.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onTip(); } });
    }
    root.append(tip);
  }
  if (preview) {
    const [r, c] = preview.cell;
    const [x, y] = centre(r, c);
    const g = svg("g", {class: "bb-preview", "data-testid": "bb-preview"});
    g.append(svg("polygon", {points: hexPoints(x, y, 0.97), class: "bb-piece"}));
    drawSegments(g, x, y, preview.segments, preview.segments.map(([a, b]) => (a === preview.entry || b === preview.entry ? seatColor(ctx.seat) : NEUTRAL)), 6);
    if (onTip) g.addEventListener("click", onTip);
    root.append(g);
  }
  // a picture with a button inside (the player's tip) is a labelled group: an image's
  // children are hidden from assistive technology (axe nested-interactive)
  if (root.querySelector("[role=button]")) root.setAttribute("role", "group");
  return root;
}

// ------------------------------------------------------------------ panels

/** What the page's players panel says of a player (players.js renderPlayers), in words: the
 * elephant and whether the player is still in the round (the panel marks who is to play; the
 * medals are the tournament table's). A Trunks table here listed the players a second time,
 * and cut off its Medals column at both sizes (issue 25, points 23 and 27); the trunk is the
 * panel's score. */
function playerDetails(p) {
  if (!p || p.status === undefined) return null;
  const parts = [p.elephant ? t("elephant {elephant}", {elephant: p.elephant}) : t("no elephant yet"),
    p.status === "out" ? t("out of the round") : t("in the round")];
  return el("span", {class: "player-extra", "data-testid": `bb-player-${p.seat}`}, parts.map((text) => el("span", {text})));
}

function medalBadges(tally) {
  const out = [];
  tally.forEach((n, i) => {
    out.push(el("span", {class: `bb-medal bb-medal-${MEDALS[i]}`, title: `${n} ${t(MEDALS[i])}`, text: String(n)}));
  });
  return out;
}

function placementsByPicture(legal) {
  const byPicture = new Map();
  for (const move of legal) {
    if (move.type !== "PlacePiece") continue;
    if (!byPicture.has(move.picture)) byPicture.set(move.picture, []);
    byPicture.get(move.picture).push(move.rotation);
  }
  return byPicture;
}

function pilesPanel(view, ctx, state, legal, redraw) {
  const byPicture = placementsByPicture(legal);
  const myTurn = byPicture.size > 0;
  // a group of buttons (a listitem role would hide that they are buttons); the arrow keys move
  // between the piles that can be played
  const grid = el("div", {class: "bb-piles", role: "group", "aria-label": t("Piles"), "data-testid": "bb-piles"});
  for (const pic of view.data.pictures) {
    const count = view.piles[pic.id];
    const options = byPicture.get(pic.id) || [];
    const why = count === 0 ? t("this pile is empty") : (myTurn && !options.length ? t("no orientation of this picture fits your tip cell") : "");
    const button = el("button", {type: "button", class: `bb-pile${state.picture === pic.id ? " selected" : ""}${count === 0 ? " empty" : ""}`,
      "data-testid": `bb-pile-${pic.id}`, disabled: !myTurn || !options.length, title: why || t("{picture}: {n} left", {picture: pic.id, n: count}),
      "aria-label": `${pictureWords(pic, count)}${why ? ` (${why})` : ""}`,
      "aria-pressed": state.picture === pic.id ? "true" : "false"}, [
      miniPiece(pic.segments, NEUTRAL, pic.id),
      el("span", {class: "bb-pile-id", text: pic.id}),
      el("span", {class: "bb-pile-count", text: `×${count}`}),
    ]);
    button.addEventListener("click", (event) => {
      state.picture = pic.id;
      state.rotation = options.length === 1 ? options[0] : null;
      state.reveal = true;  // bring the board and the decision bar into view
      // from the keyboard (Enter or Space: no pointer) the first orientation is chosen (R turns
      // it, Enter on it goes to Place) and has the focus
      if (event.detail === 0) {
        state.rotation = options[0];
        state.focusNext = options.length === 1 ? "bb-place" : `bb-orient-${options[0]}`;
      }
      redraw();
    });
    grid.append(button);
  }
  return panel(t("Piles"), "piles-panel", [grid]);
}

// The decision of a turn, next to the board (issue 13, point 2): which orientation of the
// chosen picture, and Place. It is sticky, so that it stays in view while the player looks at
// the preview on the board or scrolls through the piles, on a phone as on a desktop.
function decisionBar(view, ctx, state, legal, redraw) {
  const byPicture = placementsByPicture(legal);
  const bar = el("div", {class: "bb-action", "data-testid": "bb-action"});
  if (!byPicture.size) return null;
  const chosen = state.picture && byPicture.get(state.picture);
  if (!chosen) {
    bar.append(el("p", {class: "help", text: t("Your turn: pick a picture from the piles, then an orientation; the preview shows it on your tip cell.")}));
    return bar;
  }
  const pic = view.data.pictures.find((p) => p.id === state.picture);
  const row = el("div", {class: "bb-orients", "data-testid": "bb-orients", role: "group", "aria-label": t("Orientations")});
  const trunk = view.trunks.find((t) => t.seat === ctx.seat);
  const entry = trunk ? trunk.tip[2] : null;
  chosen.forEach((r, i) => {
    const segs = rotateSegments(pic.segments, r);
    const words = orientationWords(pic, segs, entry, i, chosen.length);
    const b = el("button", {type: "button", class: `bb-orient${state.rotation === r ? " selected" : ""}`, "data-testid": `bb-orient-${r}`,
      title: words, "aria-label": words, "aria-pressed": state.rotation === r ? "true" : "false"},
    [miniPiece(segs, seatColor(ctx.seat), words)]);
    b.addEventListener("click", (event) => {
      state.rotation = r;
      state.reveal = true;
      if (event.detail === 0) state.focusNext = "bb-place";  // from the keyboard: Enter again places
      redraw();
    });
    row.append(b);
  });
  const place = el("button", {type: "button", class: "primary", "data-testid": "bb-place", disabled: state.rotation === null || state.busy,
    text: state.rotation === null ? t("Pick an orientation") : t("Place {picture}", {picture: pic.id})});
  place.addEventListener("click", () => state.submitPlacement());
  const cancel = el("button", {type: "button", text: t("Other picture"), "data-testid": "bb-other"});
  cancel.addEventListener("click", () => { state.focusNext = `bb-pile-${state.picture}`; state.picture = null; state.rotation = null; redraw(); });
  bar.append(el("p", {class: "help", text: t("{picture}: the orientations that fit your tip cell (R turns, Escape cancels)", {picture: pic.id})}), row,
    el("div", {class: "bb-buttons"}, [place, cancel]));
  return bar;
}

function elephantPanel(view, ctx, legal, send) {
  const children = [];
  if (view.chooser !== null && view.chooser !== undefined) {
    children.push(el("p", {text: t("{who} chooses an elephant.", {who: seatName(ctx, view, view.chooser)})}));
  }
  const moves = legal.filter((m) => m.type === "ChooseElephant");
  if (moves.length) {
    const row = el("div", {class: "bb-buttons"});
    for (const m of moves) {
      row.append(el("button", {type: "button", "data-testid": `bb-choose-${m.elephant}`, text: t("Elephant {elephant}", {elephant: m.elephant}), onclick: () => send(m)}));
    }
    children.push(row);
  }
  return panel(t("Elephants"), "elephants", children);
}

function parityPanel(view, ctx, legal, send) {
  const p = view.parity;
  const children = [];
  const names = (seats) => seats.map((s) => seatName(ctx, view, s)).join(", ") || "–";
  if (view.phase === "hide" || view.phase === "call") {
    children.push(el("p", {text: t("Round {round}. Contenders: {contenders}. First caller: {who}.", {round: p.round, contenders: names(p.contenders), who: seatName(ctx, view, p.first_caller)})}));
    children.push(el("p", {text: t("Hidden so far: {who}.", {who: names(p.hidden)})}));
    if (p.my_hide !== null && p.my_hide !== undefined) children.push(el("p", {class: "bb-secret", "data-testid": "bb-my-hide", text: t("You hid {n} (only you see this).", {n: p.my_hide})}));
    const hides = legal.filter((m) => m.type === "HideTokens");
    if (hides.length) {
      const form = el("form", {class: "bb-buttons", "data-testid": "bb-hide-form", "aria-label": t("Hide tokens (secret)")});
      form.addEventListener("submit", (ev) => ev.preventDefault());
      for (const m of hides) form.append(el("button", {type: "button", "data-testid": `bb-hide-${m.hide}`, text: t("Hide {n}", {n: m.hide}), onclick: () => send(m)}));
      children.push(el("p", {class: "help", text: t("Hide 1, 2 or 3 of your three tokens. Nobody sees it until the reveal.")}), form);
    }
    if (p.calls.length) children.push(el("p", {text: t("Calls: {calls}.", {calls: p.calls.map(([s, c]) => `${seatName(ctx, view, s)} ${t(c)}`).join(", ")})}));
    const calls = legal.filter((m) => m.type === "CallParity");
    if (calls.length) {
      const row = el("div", {class: "bb-buttons"});
      for (const m of calls) row.append(el("button", {type: "button", "data-testid": `bb-call-${m.call}`, text: m.call === "odd" ? t("Call odd") : t("Call even"), onclick: () => send(m)}));
      children.push(el("p", {class: "help", text: t("Is the total hidden odd or even?")}), row);
    }
  }
  if (p.history.length) {
    const list = el("ol", {class: "bb-history"});
    for (const h of p.history) {
      const hides = h.hides.map(([s, n]) => `${seatName(ctx, view, s)} ${n}`).join(", ");
      const result = h.void ? t("void, play again") : t("{who} dropped out", {who: names(h.dropped)});
      list.append(el("li", {text: t("Hidden {hides}: total {total} ({parity}); {result}.", {hides, total: h.total, parity: t(h.parity), result})}));
    }
    children.push(list);
  }
  return panel(t("Who starts: odd or even"), "parity", children);
}

const BEST_KEY = (version) => `bombay-bazar:solo-best:v${version}`;

/** BOM-52 in this browser: scores of finished solo games by game page; best so far. */
function soloBest(view) {
  let record = {};
  try { record = JSON.parse(localStorage.getItem(BEST_KEY(view.data_version)) || "{}") || {}; } catch { record = {}; }
  // one entry per game (the replay page of the same game shares it)
  const match = location.pathname.match(/\/games\/([^/]+)/);
  const here = match ? match[1] : location.pathname;
  const earlier = Object.entries(record).filter(([k]) => k !== here).map(([, v]) => v);
  const score = view.solo.score;
  if (!(here in record)) {
    record[here] = score;
    try { localStorage.setItem(BEST_KEY(view.data_version), JSON.stringify(record)); } catch { /* private mode */ }
  }
  const best = earlier.length ? Math.max(...earlier) : null;
  return {best: best === null ? score : Math.max(best, score), isNew: best === null || score > best};
}

function soloPanel(view) {
  if (!view.solo) {
    return panel(t("Solo"), "solo", [el("p", {class: "help", text: t("Grow your trunk as far as you can. Final score: trunk − empty spaces − unused openings.")})]);
  }
  const {T, E, U, score} = view.solo;
  const best = soloBest(view);
  return panel(t("Solo score"), "solo", [
    el("p", {"data-testid": "bb-solo-score", text: t("Trunk {T} − empty spaces {E} − unused openings {U} = {score}", {T, E, U, score})}),
    el("p", {"data-testid": "bb-solo-best", text: best.isNew ? t("Your best in this browser: {best} — a new best!", {best: best.best}) : t("Your best in this browser: {best}", {best: best.best})}),
  ]);
}

// One row per player (issue 13, point 3: with a column per player the medal badges of four
// players overflowed the side column at 1280 px): the rounds' scores, medals and place.
function tournamentPanel(view, ctx) {
  const seats = view.players.map((p) => p.seat);
  const rounds = view.results.map((res) => res.round);
  // medals and place first: with many rounds the rounds' columns scroll, never the standing
  const head = [el("tr", {}, [
    el("th", {rowspan: 2, scope: "col", text: t("Player")}),
    el("th", {rowspan: 2, scope: "col", text: t("Medals")}),
    el("th", {rowspan: 2, scope: "col", class: "num", text: t("Place")}),
    ...(rounds.length ? [el("th", {colspan: rounds.length, scope: "colgroup", class: "num", text: t("Rounds")})] : []),
  ])];
  head.push(el("tr", {}, rounds.map((r) => el("th", {scope: "col", class: "num", text: String(r)}))));
  const body = el("tbody");
  for (const s of seats) {
    const cells = view.results.map((res) => {
      const medal = res.medals ? res.medals[s] : null;
      const score = String(res.scores[s]);
      // a medal colours the round's score (its name in the title), which keeps the column narrow
      return el("td", {class: "num"}, [medal === null || medal === undefined ? score
        : el("span", {class: `bb-medal bb-medal-${MEDALS[medal]}`, title: MEDAL_TITLES[medal], text: score})]);
    });
    body.append(el("tr", {}, [el("th", {scope: "row", class: "bb-name", text: seatName(ctx, view, s)}),
      el("td", {class: "bb-tally"}, medalBadges(view.medals[s])),
      el("td", {class: "num", text: String(view.standings[s])}), ...cells]));
  }
  const table = el("table", {class: "bb-tour", "data-testid": "bb-tournament-table"}, [el("thead", {}, head), body]);
  const note = view.options.medal_tiebreak === "total" ? t("Equal golds: silver and bronze together.") : t("Equal golds: more silver, then more bronze.");
  return panel(t("Tournament: round {round} of {rounds}", {round: view.round, rounds: view.rounds}), "tournament", [table, el("p", {class: "help", text: note})]);
}

function statusLine(view, ctx) {
  if (view.finished) return t("The game is over.");
  const me = ctx.seat;
  const mine = me !== null && view.to_act.includes(me) && ctx.mode === "play";
  if (view.phase === "elephants") return mine ? t("Choose your elephant.") : t("Elephants are being chosen.");
  if (view.phase === "hide") return mine ? t("Hide 1, 2 or 3 tokens (secret).") : t("Contenders are hiding tokens.");
  if (view.phase === "call") return mine ? t("Call odd or even.") : t("{who} calls.", {who: seatName(ctx, view, view.to_act[0])});
  if (view.phase === "play") return mine ? t("Your turn: place a piece on your tip cell.") : t("{who} is placing a piece.", {who: seatName(ctx, view, view.turn)});
  return "";
}

/** A move in words for the "Confirm moves" bar (static/js/move-confirm.js). */
export function describeMove(move) {
  switch (move.type) {
    case "ChooseElephant": return t("Choose elephant {elephant}", {elephant: move.elephant});
    case "HideTokens": return tn("Hide {n} token (secret)", "Hide {n} tokens (secret)", move.hide);
    case "CallParity": return move.call === "odd" ? t("Call odd: the total hidden is odd") : t("Call even: the total hidden is even");
    case "PlacePiece": return t("Place {picture}", {picture: move.picture});
    default: return null;
  }
}

// ------------------------------------------------------------------ mount

export function mount(root, ctx) {
  // tabindex -1: the focus falls back here, never to the top of the page, when a redraw removes it
  const wrap = el("div", {class: "bb-board", tabindex: "-1"});
  root.append(wrap);
  const state = {picture: null, rotation: null, busy: false, view: null, legal: [], error: "", last: null, reveal: false,
    focusNext: null, roundEnd: null};

  async function send(move, options) {
    if (state.busy || !ctx.submit) return;
    state.busy = true;
    state.error = "";
    redraw();
    const result = await ctx.submit(move, options);
    state.busy = false;
    if (!result.ok) state.error = result.reason || result.code || "refused";
    else {
      state.picture = null;
      state.rotation = null;
      // the move is made: the focus waits on the board, without a jump, for the next turn
      if (wrap.contains(document.activeElement)) state.focusNext = BOARD;
    }
    redraw();
  }
  state.submitPlacement = () => {
    // a picture, an orientation, then Place: already two steps, no Confirm on top (move-confirm.js)
    if (state.picture && state.rotation !== null) send({type: "PlacePiece", picture: state.picture, rotation: state.rotation}, {confirmed: true});
  };

  // ---------------------------------------------------------------- keyboard (issue 13, point 16)
  // Every redraw rebuilds the panels: the focus goes back to the same control (by test id), or
  // to the next choice (focusNext), else to Place, an orientation, a pile, or the board itself.
  const BOARD = "board";
  const usable = (sel) => { const n = sel && wrap.querySelector(sel); return n && !n.disabled ? n : null; };
  function restoreFocus(testid) {
    if (testid === BOARD) { wrap.focus({preventScroll: true}); return; }
    const node = (testid && usable(`[data-testid="${CSS.escape(testid)}"]`)) || usable("[data-testid=bb-place]")
      || usable(".bb-orient.selected") || usable(".bb-orient") || usable(".bb-pile:not([disabled])")
      || usable(".bb-action button, .bb-side button");
    if (node) node.focus();
    else wrap.focus({preventScroll: true});  // the board as a whole: no jump
  }

  function redraw() {
    const active = document.activeElement;
    const inside = Boolean(active && active !== wrap && wrap.contains(active));
    const had = inside ? active.dataset.testid || null : null;
    render();
    const want = state.focusNext;
    state.focusNext = null;
    if (want || (inside && !active.isConnected)) restoreFocus(want || had);
  }

  const ARROWS = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
  function neighbour(from, group, [dx, dy]) {
    const a = from.getBoundingClientRect();
    let best = null, bestScore = Infinity;
    for (const b of group) {
      if (b === from || b.disabled) continue;
      const r = b.getBoundingClientRect();
      const vx = r.left + r.width / 2 - (a.left + a.width / 2), vy = r.top + r.height / 2 - (a.top + a.height / 2);
      const along = vx * dx + vy * dy, across = Math.abs(vx * dy - vy * dx);
      if (along <= 1) continue;
      const score = along + 2 * across;
      if (score < bestScore) { best = b; bestScore = score; }
    }
    return best;
  }

  wrap.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    if (e.target.closest("input, select, textarea")) return;
    const group = e.target.closest(".bb-piles, .bb-orients");
    const byPicture = placementsByPicture(ctx.mode === "play" ? state.legal : []);
    if (ARROWS[e.key] && group) {
      e.preventDefault();
      const next = neighbour(e.target, [...group.querySelectorAll("button")], ARROWS[e.key]);
      if (next) next.focus();
    } else if ((e.key === "r" || e.key === "R") && state.picture && byPicture.get(state.picture)) {
      e.preventDefault();
      const options = byPicture.get(state.picture);
      const i = options.indexOf(state.rotation);
      const n = options.length, step = e.shiftKey ? -1 : 1;
      state.rotation = options[i < 0 ? (step > 0 ? 0 : n - 1) : (i + step + n) % n];
      if (e.target.closest(".bb-orients")) state.focusNext = `bb-orient-${state.rotation}`;
      redraw();
    } else if (e.key === "Escape" && state.picture) {
      e.preventDefault();
      state.focusNext = `bb-pile-${state.picture}`;
      state.picture = null;
      state.rotation = null;
      redraw();
    }
  });

  function render() {
    const view = state.view;
    if (!view) return;
    clear(wrap);
    const legal = ctx.mode === "play" ? state.legal : [];
    const placements = legal.filter((m) => m.type === "PlacePiece");
    if (state.picture && !placements.some((m) => m.picture === state.picture)) { state.picture = null; state.rotation = null; }
    let preview = null;
    if (state.picture && state.rotation !== null && ctx.seat !== null) {
      const trunk = view.trunks.find((t) => t.seat === ctx.seat);
      const pic = view.data.pictures.find((p) => p.id === state.picture);
      if (trunk && pic) preview = {cell: trunk.tip.slice(0, 2), entry: trunk.tip[2], segments: rotateSegments(pic.segments, state.rotation)};
    }
    const head = el("div", {class: "bb-head"}, [
      el("p", {class: "bb-status", "data-testid": "bb-status", text: statusLine(view, ctx)}),
      el("p", {class: "form-error", role: "alert", "data-testid": "bb-error"}, errorNodes(state.error, ctx.kind)),
    ]);
    const boardBox = el("div", {class: "bb-board-box"}, [drawBoard(view, ctx, preview, placements.length ? state.submitPlacement : null, state.last)]);
    if (state.roundEnd) {
      // the round's result where the player looks, over the cleared board (issue 25, point 27)
      boardBox.classList.add("bb-after-round");
      boardBox.prepend(roundEndPanel(state.roundEnd, {nameOf: (seat) => seatName(ctx, view, seat), rounds: view.rounds,
        onDismiss: () => { state.roundEnd = null; state.focusNext = BOARD; redraw(); }}));
    }
    const side = el("div", {class: "bb-side"});
    const action = decisionBar(view, ctx, state, legal, redraw);
    if (view.phase === "elephants") side.append(elephantPanel(view, ctx, legal, send));
    if (view.parity) side.append(parityPanel(view, ctx, legal, send));
    side.append(pilesPanel(view, ctx, state, legal, redraw));
    if (view.players.length === 1) side.append(soloPanel(view));
    if (Array.isArray(view.medals)) side.append(tournamentPanel(view, ctx));
    wrap.append(head, boardBox, side);
    if (action && !state.roundEnd) wrap.insertBefore(action, boardBox.nextSibling);
    if (state.showRoundEnd && state.roundEnd) {
      // where the player looks: a phone may be scrolled to the log or the piles (as point 26's end card)
      state.showRoundEnd = false;
      const shown = wrap.querySelector("[data-testid=bb-round-end]");
      const box = shown.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) shown.scrollIntoView({block: "start"});
    }
    if (state.reveal) {
      state.reveal = false;
      // the board with its preview, and the bar under it, in view (a phone shows the piles
      // below the board, so choosing a picture scrolls the board out of sight)
      if (window.matchMedia("(max-width: 959px)").matches) boardBox.scrollIntoView({block: "start"});
    }
  }

  return {
    playerDetails,
    update({view, legal, events}) {
      // the piece placed by the last step is outlined (events come with each step)
      const placed = (events || []).filter((e) => e.type === "PiecePlaced");
      const newRound = (events || []).some((e) => e.type === "RoundEnded") && view.phase !== "over";
      const ended = (events || []).filter((e) => e.type === "RoundEnded");
      // a round that ended stays on show until dismissed (players and spectators); a replay's step shows
      // the round's end only at the step that scored it
      if (ended.length && view.phase !== "over") { state.roundEnd = ended[ended.length - 1]; state.showRoundEnd = true; }
      else if (ctx.mode === "replay") state.roundEnd = null;
      if (newRound) state.last = null;
      else if (placed.length) state.last = placed[placed.length - 1].cell;
      state.view = view;
      state.legal = legal || [];
      redraw();
    },
    destroy() { clear(root); },
  };
}
