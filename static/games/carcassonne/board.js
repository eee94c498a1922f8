// Board of `carcassonne` (rules/carcassonne.md): the tiles drawn as SVG from the tile data,
// pan and zoom, the tile in hand with rotate, legal squares highlighted with a preview
// (CAR-15, CAR-16), then the figure spots of the placed tile (section 6), the abbey's holes
// (CAR-86), the Bazaar auction panel (10.3, shared with carcassonne-auction), the bazaar-round
// order and queue (10.4, 10.5), scores, followers left, builder and abbey, and the unseen tiles.

import {el, svg, clear, seatColor} from "/static/js/dom.js";
import {seatShape, seatShapeGroup} from "/static/js/seat_mark.js";
import {showError} from "/static/js/words.js";
import {t, tn} from "/static/js/i18n.js";
import {tileGroup, tileIcon, segmentSpots, tileName} from "./tile-svg.js";
import {auctionMoveWords, createAuctionPanel} from "./auction-panel.js";
import {ABBEY, TILES} from "./tiles.js";

const U = 100;  // SVG units per square
// a square is never smaller than this when the board is fitted: its legal mark (6 units inset)
// is then at least 44 px, a fingertip (issue 25, point 6)
const MIN_SQUARE_PX = 48;
const SPOT_HIT = 20;  // radius, in units, of a figure spot's invisible target
const SPOT_TILE_PX = (42 * U) / (2 * SPOT_HIT);  // a placed tile this wide makes that target 42 px
const PARTS = {first: t("turn"), extra: t("extra part (builder)"), bazaar: t("bazaar turn"), abbey_round: t("end-of-game abbey round")};
const MEEPLE = "M-2.5 -3 L-8 -1 L-8 2 L-3 1.5 L-6 9 L-1.5 9 L0 5 L1.5 9 L6 9 L3 1.5 L8 2 L8 -1 L2.5 -3 Z";

// Each figure carries its seat's white shape (static/js/seat_mark.js) besides its colour, and
// is named in words for a screen reader (issue 31).
function meeple(seat, kind, [x, y], lying, label) {
  const named = {role: "img", "aria-label": label, "data-symbol": seatShape(seat), "data-seat": String(seat)};
  if (kind === "builder") {
    return svg("g", {class: "figure builder", transform: `translate(${x} ${y})`, ...named}, [
      svg("rect", {x: -8, y: -8, width: 16, height: 16, rx: 3, style: `fill:${seatColor(seat)}`, stroke: "#fff", "stroke-width": 2}),
      svg("text", {x: -1.5, y: 4.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff", text: "B"}),
      svg("circle", {cx: 8, cy: -8, r: 5, style: `fill:${seatColor(seat)}`, stroke: "#fff", "stroke-width": 1}),
      seatShapeGroup(seat, 8, -8, 3),
    ]);
  }
  return svg("g", {class: "figure follower", transform: `translate(${x} ${y}) scale(1.35) rotate(${lying ? 90 : 0})`, ...named}, [
    svg("circle", {cx: 0, cy: -6, r: 3.3, style: `fill:${seatColor(seat)}`, stroke: "#fff", "stroke-width": 1}),
    svg("path", {d: MEEPLE, style: `fill:${seatColor(seat)}`, stroke: "#fff", "stroke-width": 1, "stroke-linejoin": "round"}),
    seatShapeGroup(seat, 0, 3.2, 2.6),
  ]);
}

// ------------------------------------------------------------------ words for the keyboard
// (issue 13, point 16): squares and figure spots are named in words for a screen reader, never
// by raw coordinates or segment ids.

// the same words as app/games/carcassonne/words.py (the catalogue's ids are shared)
const SIDE_WORD = {N: t("north"), E: t("east"), S: t("south"), W: t("west")};
const NEXT_SIDE = {N: "E", E: "S", S: "W", W: "N"};
const CORNER = {Nw: "NW", Wn: "NW", Ne: "NE", En: "NE", Es: "SE", Se: "SE", Sw: "SW", Ws: "SW"};
const CORNER_WORD = {NW: t("north-west"), NE: t("north-east"), SE: t("south-east"), SW: t("south-west")};
const turnSide = (side, r) => { for (let i = 0; i < ((r % 4) + 4) % 4; i += 1) side = NEXT_SIDE[side]; return side; };
const degrees = (r) => `${r * 90}°`;

/** Where a square is, in words, from the start tile (at 0, 0; north is up). */
export function squareWords(x, y) {
  if (!x && !y) return t("the start square");
  const parts = [];
  if (y) parts.push(y < 0 ? t("{n} north", {n: -y}) : t("{n} south", {n: y}));
  if (x) parts.push(x < 0 ? t("{n} west", {n: -x}) : t("{n} east", {n: x}));
  return t("{where} of the start tile", {where: parts});
}

/** A placed tile in words: "a road and city tile 2 north and 1 east of the start tile". */
export function placedTileWords(placed) {
  const where = placed.x || placed.y ? squareWords(placed.x, placed.y) : t("on the start square");
  return `${tileName(placed.tile).replace(/-and-/g, " and ")} ${where}`;
}

/** What touches an empty square, in words: "a city tile to the north, a road tile to the west". */
export function neighbourWords(byXY, x, y) {
  const around = [[t("{tile} to the north"), 0, -1], [t("{tile} to the east"), 1, 0],
    [t("{tile} to the south"), 0, 1], [t("{tile} to the west"), -1, 0]];
  const words = around.filter(([, dx, dy]) => byXY.has(`${x + dx},${y + dy}`))
    .map(([side, dx, dy]) => side.replace("{tile}", tileName(byXY.get(`${x + dx},${y + dy}`).tile).replace(/-and-/g, " and ")));
  return words.length ? t("next to {tiles}", {tiles: words.join(", ")}) : "";
}

/** A segment (c0, r1, f0, cl) of tile `tid` turned r, in words: "the city (north)". */
export function segmentWords(tid, r, segment) {
  const tile = TILES[tid];
  if (segment === "cl") return tid === ABBEY ? t("the abbey") : t("the cloister");
  const kind = {c: "city", r: "road", f: "field"}[segment[0]];
  const i = Number(segment.slice(1));
  if (!tile || !kind) return segment;
  if (kind !== "field") {
    const sides = ((kind === "city" ? tile.cities : tile.roads)[i] || []).map((s) => turnSide(s, r));
    const ordered = ["N", "E", "S", "W"].filter((s) => sides.includes(s)).map((s) => SIDE_WORD[s]).join(", ");
    return kind === "city" ? t("the city ({sides})", {sides: ordered}) : t("the road ({sides})", {sides: ordered});
  }
  // a field is named by the sides it covers whole, then by the corners it reaches
  const halves = (tile.fields[i] || []).map((h) => turnSide(h[0], r) + turnSide(h[1].toUpperCase(), r).toLowerCase());
  const whole = ["N", "E", "S", "W"].filter((s) => halves.filter((h) => h[0] === s).length === 2);
  const corners = [];
  for (const h of halves) {
    const c = CORNER[h];
    if (whole.includes(h[0]) || whole.some((s) => c.includes(s)) || corners.includes(c)) continue;
    corners.push(c);
  }
  const words = whole.map((s) => SIDE_WORD[s]).concat(corners.map((c) => CORNER_WORD[c]));
  return words.length ? t("the field ({sides})", {sides: words.join(", ")}) : t("the field");
}

// a mouse (or a pen) is taken as the sign of a keyboard: a phone's hints name no keys
const finePointer = () => typeof matchMedia === "function" && matchMedia("(pointer: fine)").matches;

function who(names, seat) {
  return (names && names[seat]) || t("Seat {n}", {n: Number(seat) + 1});
}

/** A move in words for the "Confirm moves" bar (static/js/move-confirm.js). */
export function describeMove(move, view) {
  const at = view && (view.board || []).find((b) => b.x === move.x && b.y === move.y);
  const spot = at ? segmentWords(at.tile, at.r, move.segment) : t("the new tile");
  switch (move.type) {
    case "PlaceFigure": return move.kind === "builder" ? t("Place your builder on {spot}", {spot}) : t("Place your follower on {spot}", {spot});
    case "SkipFigure": return t("Place no figure on this tile");
    case "Draw": return t("Draw a tile");
    case "PlaceTile": return t("Place {tile} on the square {square}, turned {degrees}", {tile: tileName(view.turn.tile), square: squareWords(move.x, move.y), degrees: degrees(move.r)});
    case "PlaceAbbey": return t("Place the abbey on the square {square}", {square: squareWords(move.x, move.y)});
    case "DeclineExtra": return t("Decline the extra part (builder)");
    case "PassAbbey": return t("Keep the abbey (pass)");
    default: return auctionMoveWords(move, view && view.auction, view ? view.players.map((p) => p.name) : []);
  }
}

export function mount(root, ctx) {
  let view = null, legal = [];
  let rot = 0, selected = null, abbeyAt = null, busy = false, lastPlaced = null;
  let box = null, userMoved = false, auctionOpen = null;
  // keyboard: the target (data-key) the arrows move from, what to focus after the next draw,
  // and what Enter or Space does on each target
  let cursor = null, wantFocus = null;
  const actions = new Map();
  const names = () => (view ? view.players.map((p) => p.name) : ctx.names || []);

  const status = el("p", {class: "cc-status", "aria-live": "polite", "data-testid": "cc-status"});
  const controls = el("div", {class: "cc-controls", "data-testid": "cc-controls"});
  const error = el("p", {class: "form-error", role: "alert"});
  // a group, not an image: its squares and spots are buttons a screen reader must reach
  const canvas = svg("svg", {class: "cc-canvas", role: "group", tabindex: 0, "data-testid": "cc-canvas",
    "aria-label": t("Carcassonne board: the arrow keys move between the highlighted squares or spots, Enter chooses, R rotates the tile, Escape cancels")});
  // the figure spots' wide invisible targets lie under every spot's mark (spotHits below
  // spots): a target drawn over a neighbouring spot's mark took its taps (a tap on the city's
  // mark put a farmer in the field)
  const layers = {tiles: svg("g"), marks: svg("g"), preview: svg("g"), figures: svg("g"),
    spotHits: svg("g", {class: "cc-spot-hits", "aria-hidden": "true"}), spots: svg("g")};
  canvas.append(layers.tiles, layers.marks, layers.preview, layers.figures, layers.spotHits, layers.spots);
  const zoomBar = el("div", {class: "cc-zoom"});
  const panel = createAuctionPanel(ctx, names);
  const info = el("div", {class: "cc-info"});
  // the auction panel is open while someone must decide in it, folded away during the round
  const auctionBox = el("details", {class: "cc-auction", hidden: true}, [
    el("summary", {text: t("Bazaar auction")}), panel.el]);
  root.append(el("div", {class: "cc-host"}, [el("div", {class: "cc-board"}, [
    el("div", {class: "cc-main"}, [status, controls, error, auctionBox,
      el("div", {class: "cc-canvas-wrap"}, [canvas, zoomBar])]),
    info,
  ])]));

  // ------------------------------------------------------------------ pan and zoom

  function setBox(b) {
    box = b;
    canvas.setAttribute("viewBox", `${b.x} ${b.y} ${b.w} ${b.h}`);
  }

  // The frame fits the board to the canvas's own shape and size, which it reads each time:
  // a ResizeObserver (below) fits again once the stylesheet has given the canvas its size (the
  // first paint used to fit a 150 px high default canvas: 12 px per square), and after every
  // resize or rotation. Where the whole board would make squares smaller than a finger
  // (MIN_SQUARE_PX), it frames the area of play instead: the legal squares and the last tile.
  // While a figure is being placed, the placed tile is shown large enough that each spot's
  // target is at least 40 px wide (SPOT_HIT units of radius).
  function bounds(points) {
    const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
    return {x0: Math.min(...xs), x1: Math.max(...xs) + 1, y0: Math.min(...ys), y1: Math.max(...ys) + 1};
  }

  function fit() {
    if (!view) return;
    const rect = canvas.getBoundingClientRect();
    if (!(rect.width > 0 && rect.height > 0)) return;  // not laid out yet: the observer calls again
    const aspect = rect.width / rect.height;
    const figureTile = legalOf("PlaceFigure")[0];
    const widest = (rect.width / MIN_SQUARE_PX) * U;  // the widest frame with finger-sized squares
    // only a viewer who is to choose a square needs finger-sized squares; anyone else (a
    // spectator, a finished game) sees the whole board
    const choosing = legalOf("PlaceTile").length > 0 || legalOf("PlaceAbbey").length > 0;
    let area;
    if (figureTile) {
      area = {x0: figureTile.x, x1: figureTile.x + 1, y0: figureTile.y, y1: figureTile.y + 1};
    } else {
      // the squares to choose from are this viewer's legal moves (the view's `placements` may
      // be another tile's or none: then the frame missed every legal square, issue 25 point 6)
      const options = legalOf("PlaceTile").concat(legalOf("PlaceAbbey")).map((m) => [m.x, m.y]);
      const spots = options.length ? options : (view.placements || []).map(([x, y]) => [x, y]);
      const all = view.board.map((t) => [t.x, t.y]).concat(spots, [[0, 0]]);
      area = bounds(all);
      if (choosing && ((area.x1 - area.x0 + 2) * U > widest || (area.y1 - area.y0 + 2) * U * aspect > widest)) {
        const play = spots.concat(lastPlaced ? [lastPlaced] : []);
        if (play.length) area = bounds(play);
      }
    }
    const w = (area.x1 - area.x0 + 2) * U, h = (area.y1 - area.y0 + 2) * U;  // one square of margin
    let side = Math.max(w, h * aspect, 4 * U);
    if (figureTile) side = Math.min(side, (rect.width * U) / SPOT_TILE_PX);
    else if (choosing) side = Math.min(side, Math.max(widest, 4 * U));
    let cx = ((area.x0 + area.x1) / 2) * U, cy = ((area.y0 + area.y1) / 2) * U;
    if (choosing && (w > side || h > side / aspect)) {
      // the legal squares spread wider than finger-sized squares allow: the frame is centred on
      // the one nearest the last tile placed (the area of play), so that some are always in view
      // (issue 25, point 6); the others are a drag or "Show my options" away
      const near = nearestOption(lastPlaced || [0, 0]);
      if (near) [cx, cy] = [(near[0] + 0.5) * U, (near[1] + 0.5) * U];
    }
    setBox({x: cx - side / 2, y: cy - side / aspect / 2, w: side, h: side / aspect});
  }

  function nearestOption([x, y]) {
    const options = (legalOf("PlaceTile").length ? legalOf("PlaceTile") : legalOf("PlaceAbbey")).map((m) => [m.x, m.y]);
    let best = null;
    for (const o of options) if (!best || Math.hypot(o[0] - x, o[1] - y) < Math.hypot(best[0] - x, best[1] - y)) best = o;
    return best;
  }

  const resizer = new ResizeObserver(() => { if (!userMoved) fit(); });
  resizer.observe(canvas);

  function zoom(factor, cx, cy) {
    if (!box) return;
    const w = Math.min(Math.max(box.w * factor, 2 * U), 80 * U), h = w * (box.h / box.w);
    const px = cx ?? box.x + box.w / 2, py = cy ?? box.y + box.h / 2;
    setBox({x: px - (px - box.x) * (w / box.w), y: py - (py - box.y) * (h / box.h), w, h});
    userMoved = true;
  }

  function toUnits(event) {
    const rect = canvas.getBoundingClientRect();
    return [box.x + ((event.clientX - rect.left) / rect.width) * box.w,
            box.y + ((event.clientY - rect.top) / rect.height) * box.h];
  }

  const pointers = new Map();
  let dragged = false, pinch = null;
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    const [x, y] = toUnits(event);
    zoom(event.deltaY > 0 ? 1.15 : 1 / 1.15, x, y);
  }, {passive: false});
  canvas.addEventListener("pointerdown", (event) => {
    pointers.set(event.pointerId, {x: event.clientX, y: event.clientY});
    dragged = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = Math.hypot(a.x - b.x, a.y - b.y);
    }
  });
  canvas.addEventListener("pointermove", (event) => {
    const prev = pointers.get(event.pointerId);
    if (!prev || !box) return;
    const rect = canvas.getBoundingClientRect();
    if (pointers.size === 2 && pinch) {
      pointers.set(event.pointerId, {x: event.clientX, y: event.clientY});
      const [a, b] = [...pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      if (dist > 0) zoom(pinch / dist);
      pinch = dist;
      dragged = true;
      return;
    }
    const dx = event.clientX - prev.x, dy = event.clientY - prev.y;
    if (!dragged && Math.hypot(dx, dy) < 6) return;
    if (!dragged) canvas.setPointerCapture(event.pointerId);
    dragged = true;
    pointers.set(event.pointerId, {x: event.clientX, y: event.clientY});
    setBox({...box, x: box.x - (dx / rect.width) * box.w, y: box.y - (dy / rect.height) * box.h});
    userMoved = true;
  });
  const release = (event) => { pointers.delete(event.pointerId); if (pointers.size < 2) pinch = null; };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  // a drag must not also count as a click on a square
  canvas.addEventListener("click", (event) => { if (dragged) { event.stopPropagation(); dragged = false; } }, true);

  const zoomButton = (label, title, action) => {
    const b = el("button", {type: "button", title, "aria-label": title, text: label});
    b.addEventListener("click", action);
    return b;
  };
  const fitButton = zoomButton("⤢", t("Fit the board"), () => { userMoved = false; fit(); });
  // the board moves by taps as well as by a drag (WCAG 2.2, 2.5.7): a quarter of the frame a tap
  const pan = (fx, fy) => () => {
    if (!box) return;
    setBox({...box, x: box.x + fx * box.w / 4, y: box.y + fy * box.h / 4});
    userMoved = true;
  };
  const panBar = el("div", {class: "cc-pan", role: "group", "aria-label": t("Move the board")}, [
    zoomButton("↑", t("Show more to the north"), pan(0, -1)), zoomButton("←", t("Show more to the west"), pan(-1, 0)),
    zoomButton("→", t("Show more to the east"), pan(1, 0)), zoomButton("↓", t("Show more to the south"), pan(0, 1))]);
  zoomBar.append(zoomButton("+", t("Zoom in"), () => zoom(1 / 1.3)), zoomButton("−", t("Zoom out"), () => zoom(1.3)), fitButton, panBar);

  // ------------------------------------------------------------------ moves

  async function send(move, options) {
    if (busy) return;
    busy = true;
    error.textContent = "";
    const result = await ctx.submit(move, options);
    busy = false;
    if (!result.ok) showError(error, result.reason || result.code || t("refused"), ctx.kind);
    else { selected = null; abbeyAt = null; }
    draw();
  }

  const legalOf = (type) => (ctx.mode === "play" ? legal.filter((m) => m.type === type) : []);

  function placementsBySquare() {
    const map = new Map();
    for (const m of legalOf("PlaceTile")) {
      const key = `${m.x},${m.y}`;
      if (!map.has(key)) map.set(key, {x: m.x, y: m.y, rs: []});
      map.get(key).rs.push(m.r);
    }
    return map;
  }

  function rotate(step) {
    const squares = placementsBySquare();
    if (selected) {
      const rs = squares.get(`${selected.x},${selected.y}`).rs;
      const i = rs.indexOf(selected.r);
      selected = {...selected, r: rs[(i + step + rs.length) % rs.length]};
      rot = selected.r;
    } else {
      rot = (rot + step + 4) % 4;
    }
    draw();
  }

  // ------------------------------------------------------------------ drawing

  // The placed tiles are kept between draws: only a tile that is new (or changed, stepping
  // back in a replay) is drawn, not the whole board on every update (issue 13, point 19).
  const placed = new Map();  // "x,y" -> {id: "tile/r", node}
  function drawTiles() {
    const seen = new Set();
    for (const t of view.board) {
      const at = `${t.x},${t.y}`, id = `${t.tile}/${t.r}`;
      seen.add(at);
      const old = placed.get(at);
      if (old && old.id === id) continue;
      if (old) old.node.remove();
      const g = tileGroup(t.tile, t.r);
      g.setAttribute("transform", `translate(${t.x * U} ${t.y * U})`);
      // a placed tile is named by what it is and where (issue 31), not by its coordinates
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", placedTileWords(t));
      layers.tiles.append(g);
      placed.set(at, {id, node: g});
    }
    for (const [at, old] of placed) if (!seen.has(at)) { old.node.remove(); placed.delete(at); }
    clear(layers.marks);
    // in the figure step the tile just placed is the board's last entry (placement order)
    const last = view.board.length ? view.board[view.board.length - 1] : null;
    const here = view.phase === "figure" && last ? [last.x, last.y] : lastPlaced;
    if (here) {
      layers.marks.append(svg("rect", {x: here[0] * U + 2, y: here[1] * U + 2, width: U - 4, height: U - 4,
        class: "cc-last", fill: "none"}));
    }
  }

  function drawFigures() {
    clear(layers.figures);
    const byXY = new Map(view.board.map((t) => [`${t.x},${t.y}`, t]));
    for (const f of view.figures) {
      const at = byXY.get(`${f.x},${f.y}`);
      if (!at) continue;
      const spot = segmentSpots(at.tile, at.r)[f.segment] || [50, 50];
      const offset = f.kind === "builder" ? [10, 10] : [0, 0];
      const args = {who: who(names(), f.seat), spot: segmentWords(at.tile, at.r, f.segment), tile: placedTileWords(at)};
      const label = f.kind === "builder" ? t("{who}'s builder on {spot} of {tile}", args) : t("{who}'s follower on {spot} of {tile}", args);
      layers.figures.append(meeple(f.seat, f.kind, [f.x * U + spot[0] + offset[0], f.y * U + spot[1] + offset[1]],
        f.segment.startsWith("f"), label));
    }
  }

  function drawPlacing() {
    clear(layers.preview);
    const squares = placementsBySquare();
    if (!squares.size) return false;
    const tile = view.turn.tile;
    const around = new Map(view.board.map((b) => [`${b.x},${b.y}`, b]));
    for (const sq of squares.values()) {
      const fits = sq.rs.includes(rot);
      const or = " " + t("or") + " ";
      const turns = fits ? t("your tile fits here turned {degrees}", {degrees: degrees(rot)})
        : t("your tile fits here turned {degrees}, not as it is turned now", {degrees: sq.rs.map(degrees).join(or)});
      const mark = svg("rect", {x: sq.x * U + 3, y: sq.y * U + 3, width: U - 6, height: U - 6, rx: 6,
        class: `cc-legal${fits ? " fits" : ""}`, role: "button", "data-testid": "legal-square",
        "aria-label": t("legal square {square}, {next}: {turns}", {square: squareWords(sq.x, sq.y), next: neighbourWords(around, sq.x, sq.y), turns}),
        dataset: {x: String(sq.x), y: String(sq.y), key: `square:${sq.x},${sq.y}`, cx: String(sq.x * U + 50), cy: String(sq.y * U + 50)}});
      const choose = (keyboard) => {
        selected = {x: sq.x, y: sq.y, r: fits ? rot : sq.rs[0]};
        rot = selected.r;
        if (keyboard) wantFocus = "place-tile";  // the next step: Enter places the tile
        draw();
      };
      mark.addEventListener("click", () => choose(false));
      actions.set(mark.dataset.key, () => choose(true));
      layers.preview.append(mark);
    }
    if (selected && squares.has(`${selected.x},${selected.y}`)) {
      const g = tileGroup(tile, selected.r);
      g.setAttribute("transform", `translate(${selected.x * U} ${selected.y * U})`);
      g.setAttribute("class", "tile cc-preview");
      layers.preview.append(g, svg("rect", {x: selected.x * U, y: selected.y * U, width: U, height: U, class: "cc-selected", fill: "none"}));
    } else {
      selected = null;
    }
    return true;
  }

  function drawSpots() {
    clear(layers.spots);
    clear(layers.spotHits);
    const options = legalOf("PlaceFigure");
    if (!options.length) return;
    const at = view.board.find((b) => b.x === options[0].x && b.y === options[0].y);
    if (!at) return;
    const spots = segmentSpots(at.tile, at.r);
    for (const m of options) {
      const [sx, sy] = spots[m.segment] || [50, 50];
      const builder = m.kind === "builder";
      const x = at.x * U + sx + (builder ? 12 : 0), y = at.y * U + sy + (builder ? 12 : 0);
      const spot = segmentWords(at.tile, at.r, m.segment);
      const label = builder ? t("builder on {spot}", {spot}) : t("follower on {spot}", {spot});
      const g = svg("g", {class: `cc-spot${builder ? " builder" : ""}`, role: "button", "aria-label": label,
        "data-testid": "figure-spot", dataset: {segment: m.segment, kind: m.kind, key: `spot:${m.kind}:${m.segment}`,
          cx: String(x), cy: String(y)}}, [
        builder ? svg("rect", {x: x - 8, y: y - 8, width: 16, height: 16, rx: 3})
          : svg("circle", {cx: x, cy: y, r: 8.5}),
        svg("title", {text: label}),
      ]);
      // a wider invisible target than the mark, so that a finger finds it
      const hit = svg("circle", {class: "cc-spot-hit", cx: x, cy: y, r: SPOT_HIT, fill: "transparent",
        "data-spot": g.dataset.key});
      g.addEventListener("click", () => send(m));
      hit.addEventListener("click", () => send(m));
      actions.set(g.dataset.key, () => send(m));
      layers.spotHits.append(hit);
      layers.spots.append(g);
    }
  }

  function drawHoles() {
    const options = legalOf("PlaceAbbey");
    for (const m of options) {
      const mark = svg("rect", {x: m.x * U + 3, y: m.y * U + 3, width: U - 6, height: U - 6, rx: 6,
        class: "cc-legal fits abbey", role: "button", "data-testid": "abbey-hole",
        "aria-label": t("hole for your abbey {square} (row {row}, column {column})", {square: squareWords(m.x, m.y), row: m.y, column: m.x}),
        dataset: {key: `hole:${m.x},${m.y}`, cx: String(m.x * U + 50), cy: String(m.y * U + 50)}});
      mark.addEventListener("click", () => { abbeyAt = m; draw(); });
      actions.set(mark.dataset.key, () => { abbeyAt = m; wantFocus = "place-abbey"; draw(); });
      layers.preview.append(mark);
    }
    if (abbeyAt && options.some((m) => m.x === abbeyAt.x && m.y === abbeyAt.y)) {
      const g = tileGroup(ABBEY, 0);
      g.setAttribute("transform", `translate(${abbeyAt.x * U} ${abbeyAt.y * U})`);
      g.setAttribute("class", "tile cc-preview");
      layers.preview.append(g);
    } else {
      abbeyAt = null;
    }
  }

  function button(text, move, opts = {}) {
    const b = el("button", {type: "button", class: opts.primary ? "primary" : "", disabled: busy || opts.disabled,
      title: opts.title, text, "data-testid": opts.testid});
    b.addEventListener("click", () => (typeof move === "function" ? move() : send(move)));
    return b;
  }

  function drawControls(placing) {
    clear(controls);
    const turn = view.turn;
    if (placing) {
      // the tile in words, never its id (issue 25, point 9); keys only for a mouse and keyboard
      // (point 29: a phone has no Escape or R)
      const name = tileName(turn.tile);
      const keys = finePointer();
      const icon = tileIcon(turn.tile, selected ? selected.r : rot, 72, name);
      controls.append(el("div", {class: "cc-hand"}, [icon, el("div", {}, [
        el("p", {class: "cc-hint", text: selected
          ? (keys ? t("Your tile, {tile}, on the square {square}, turned {degrees}. Place it, or press Escape to choose another square.", {tile: name, square: squareWords(selected.x, selected.y), degrees: degrees(selected.r)})
            : t("Your tile, {tile}, on the square {square}, turned {degrees}. Place it, or tap another square.", {tile: name, square: squareWords(selected.x, selected.y), degrees: degrees(selected.r)}))
          : (keys ? t("Your tile: {tile}. Click a highlighted square (or use the arrow keys and Enter; R rotates).", {tile: name})
            : t("Your tile: {tile}. Tap a highlighted square; Rotate turns the tile.", {tile: name}))}),
        el("div", {class: "cc-buttons"}, [
          button("⟲", () => rotate(-1), {title: t("Rotate left"), testid: "rotate-left"}),
          button("⟳ " + t("Rotate"), () => rotate(1), {title: t("Rotate right"), testid: "rotate"}),
          // a square, then Place tile: already two steps, no Confirm on top (move-confirm.js)
          button(t("Place tile"), () => send({type: "PlaceTile", x: selected.x, y: selected.y, r: selected.r}, {confirmed: true}),
            {primary: true, disabled: !selected, title: selected ? "" : t("choose a highlighted square first"), testid: "place-tile"}),
        ]),
      ])]));
      return;
    }
    const row = [];
    if (view.phase === "place" && turn && turn.tile) {  // someone else's tile in hand (CAR-98)
      row.push(tileIcon(turn.tile, 0, 48, tileName(turn.tile)),
        el("span", {text: t("{who} has {tile}.", {who: who(names(), turn.seat), tile: tileName(turn.tile)})}));
    }
    if (legalOf("PlaceFigure").length || legalOf("SkipFigure").length) {
      row.push(el("span", {text: t("Put a figure on a marked spot (circle: follower, square: builder), or") + " "}));
      row.push(button(t("no figure"), {type: "SkipFigure"}, {testid: "skip-figure"}));
    }
    if (legalOf("Draw").length) row.push(button(t("Draw a tile"), {type: "Draw"}, {primary: true, testid: "draw"}));
    if (legalOf("PlaceAbbey").length) {
      row.push(abbeyAt
        ? button(abbeyAt.x || abbeyAt.y ? t("Place the abbey {square}", {square: squareWords(abbeyAt.x, abbeyAt.y)}) : t("Place the abbey on the start square"),
          () => send({type: "PlaceAbbey", x: abbeyAt.x, y: abbeyAt.y}, {confirmed: true}), {primary: true, testid: "place-abbey"})
        : el("span", {class: "muted", text: t("or tap a marked hole for your abbey")}));
    }
    if (legalOf("DeclineExtra").length) row.push(button(t("Decline the extra part"), {type: "DeclineExtra"}, {testid: "decline-extra"}));
    if (legalOf("PassAbbey").length) row.push(button(t("Keep the abbey (pass)"), {type: "PassAbbey"}, {testid: "pass-abbey"}));
    if (row.length) controls.append(el("div", {class: "cc-buttons"}, row));
  }

  function drawStatus() {
    if (view.finished) { status.textContent = t("The game is over."); return; }
    const seat = view.to_act[0];
    const turn = view.turn;
    const name = who(names(), seat);
    const you = ctx.mode === "play" && seat === ctx.seat ? t("{who} (you)", {who: name}) : name;
    const tile = turn ? tileName(turn.tile) : t("a tile");
    const doing = {
      start: t("{who} draws a tile or places the abbey", {who: you}), place: t("{who} places {tile}", {who: you, tile}),
      figure: t("{who} may put a figure on the new tile", {who: you}), extra: t("{who} takes the extra part or declines it", {who: you}),
      auction: t("{who} is deciding in the bazaar auction", {who: you}), abbey_round: t("{who} may place the abbey", {who: you}),
    }[view.phase] || t("{who} is to act", {who: you});
    status.textContent = turn && PARTS[turn.part] ? t("{doing} ({part}).", {doing, part: PARTS[turn.part]}) : `${doing}.`;
  }

  function drawInfo() {
    clear(info);
    // the players, their followers, builder and abbey are the page's players panel's
    // (playerDetails): a table here listed them a second time (issue 25, point 23)
    const bz = view.bazaar || {};
    if ((bz.won_tiles && bz.won_tiles.length) || (bz.queue && bz.queue.length) || bz.window) {
      const order = (bz.won_tiles || []).map((w) => el("li", {}, [
        el("span", {class: "seat-chip", style: `--chip:${seatColor(w.seat)}`, text: who(names(), w.seat)}),
        tileIcon(w.tile, 0, 28, tileName(w.tile)), ` ${tileName(w.tile)}`]));
      info.append(el("section", {class: "cc-bazaar", "data-testid": "cc-bazaar"}, [
        el("h3", {text: t("Bazaar round")}),
        order.length ? el("ol", {class: "play-order"}, order) : el("p", {class: "muted", text: t("Tiles are being auctioned.")}),
        bz.queue && bz.queue.length ? el("p", {text: t("Waiting bazaars (placers): {names}", {names: bz.queue.map((q) => who(names(), Array.isArray(q) ? q[0] : q)).join(", ")})}) : null,
        el("p", {class: "muted small", text: t("Won tiles never start a bazaar; nobody draws in this round.")}),
      ]));
    }
    const stack = el("section", {class: "cc-stack"}, [el("h3", {text: t("Tiles")}),
      el("p", {text: view.face_down ? t("{stack} in the stack, {down} face down for the bazaar.", {stack: view.stack, down: view.face_down})
        : t("{stack} in the stack.", {stack: view.stack})})]);
    if (view.remaining) stack.append(remainingIcons(view.remaining));
    if (view.discards && view.discards.length) stack.append(el("p", {class: "muted", text: t("Set aside (fit nowhere): {tiles}", {tiles: view.discards.map(tileName).join(", ")})}));
    info.append(stack);
  }

  // the unseen tiles change once a turn: their icons are built again only then
  let remaining = {key: null, node: null};
  function remainingIcons(counts) {
    const key = JSON.stringify(counts);
    if (key !== remaining.key) {
      remaining = {key, node: el("div", {class: "cc-remaining", "data-testid": "cc-remaining"}, Object.entries(counts).map(([tid, n]) =>
        el("span", {class: "cc-count", title: `${n} × ${tileName(tid)}`}, [tileIcon(tid, 0, 30, tileName(tid)), el("small", {text: `×${n}`})])))};
    }
    return remaining.node;
  }

  // ------------------------------------------------------------------ keyboard

  const targets = () => [...canvas.querySelectorAll("[data-key]")];
  const byKey = (key) => root.querySelector(`[data-key="${CSS.escape(key)}"]`)
    || root.querySelector(`[data-testid="${CSS.escape(key)}"]:not([disabled])`);

  // one target of the board is in the tab order (roving tabindex): the cursor, else the
  // selected square, else the first target; the arrow keys move between them
  function rove() {
    const all = targets();
    const current = all.find((t) => t.dataset.key === cursor)
      || all.find((t) => selected && t.dataset.key === `square:${selected.x},${selected.y}`) || all[0];
    for (const t of all) t.setAttribute("tabindex", t === current ? "0" : "-1");
    return current;
  }

  function focusTarget(node) {
    if (!node) return;
    cursor = node.dataset.key || cursor;
    rove();
    // bring it into the frame if panning or zooming left it outside
    const cx = Number(node.dataset.cx), cy = Number(node.dataset.cy);
    if (box && node.dataset.cx && (cx < box.x || cx > box.x + box.w || cy < box.y || cy > box.y + box.h)) {
      setBox({...box, x: cx - box.w / 2, y: cy - box.h / 2});
    }
    node.focus();
  }

  function step(from, [dx, dy]) {
    const all = targets();
    if (!from) return rove();
    const fx = Number(from.dataset.cx), fy = Number(from.dataset.cy);
    let best = null, bestScore = Infinity;
    for (const t of all) {
      if (t === from) continue;
      const vx = Number(t.dataset.cx) - fx, vy = Number(t.dataset.cy) - fy;
      const along = vx * dx + vy * dy, across = Math.abs(vx * dy - vy * dx);
      if (along <= 0) continue;
      const score = along + 2 * across;
      if (score < bestScore) { best = t; bestScore = score; }
    }
    return best || from;
  }

  const ARROWS = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
  root.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    if (e.target.closest("input, select, textarea, .cc-auction")) return;
    const target = e.target.closest("[data-key]");
    const inCanvas = canvas.contains(e.target);
    if (ARROWS[e.key] && inCanvas) {
      e.preventDefault();
      focusTarget(target ? step(target, ARROWS[e.key]) : rove());
    } else if ((e.key === "r" || e.key === "R") && view && view.phase === "place" && legalOf("PlaceTile").length) {
      e.preventDefault();
      rotate(e.shiftKey ? -1 : 1);
    } else if (e.key === "Escape" && (selected || abbeyAt)) {
      e.preventDefault();
      wantFocus = selected ? `square:${selected.x},${selected.y}` : `hole:${abbeyAt.x},${abbeyAt.y}`;
      selected = null;
      abbeyAt = null;
      draw();
    } else if ((e.key === "Enter" || e.key === " ") && target && actions.has(target.dataset.key)) {
      e.preventDefault();
      cursor = target.dataset.key;
      actions.get(target.dataset.key)();
    }
  });

  // Every draw rebuilds the squares, spots and buttons: the keyboard focus goes back to the same
  // target or button (by its data key or test id), else to the first target of the new
  // decision, its primary button, or the board itself, never to the top of the page.
  function restoreFocus(key) {
    const again = key && byKey(key);
    if (again) { if (again.dataset.key) focusTarget(again); else again.focus(); return; }
    const first = rove();
    if (first) { focusTarget(first); return; }
    const button = controls.querySelector("button.primary:not([disabled])") || controls.querySelector("button:not([disabled])");
    (button || canvas).focus({preventScroll: !button});
  }

  function draw() {
    if (!view) return;
    const active = document.activeElement;
    const inside = Boolean(active && root.contains(active));
    const had = inside ? (active.dataset.key || active.dataset.testid || null) : null;
    render();
    rove();
    const want = wantFocus;
    wantFocus = null;
    if (want) restoreFocus(want);
    else if (inside && !active.isConnected) restoreFocus(had);
  }

  function render() {
    actions.clear();
    drawTiles();
    drawFigures();
    const placing = view.phase === "place" && drawPlacing();
    if (!placing) clear(layers.preview);
    drawHoles();
    drawSpots();
    drawStatus();
    drawControls(placing);
    panel.update(view.auction || null, legal);
    const deciding = Boolean(view.auction && view.auction.decision);
    auctionBox.hidden = !view.auction;
    if (deciding !== auctionOpen) { auctionBox.open = deciding; auctionOpen = deciding; }
    drawInfo();
    const options = legalOf("PlaceTile").length > 0 || legalOf("PlaceAbbey").length > 0;
    fitButton.title = options ? t("Show my options") : t("Fit the board");
    fitButton.setAttribute("aria-label", fitButton.title);
  }

  /** What the page's players panel says of a player (players.js renderPlayers), in words. */
  function playerDetails(p) {
    if (!p || p.followers === undefined) return null;
    const parts = [tn("{n} follower in supply", "{n} followers in supply", p.followers)];
    if (p.builder !== null && p.builder !== undefined) parts.push(p.builder === "supply" ? t("builder in supply") : t("builder on the board"));
    if (p.abbey !== undefined && p.abbey !== null) parts.push(p.abbey ? t("abbey in hand") : t("abbey used"));
    return el("span", {class: "player-extra", "data-testid": `cc-player-${p.seat}`}, parts.map((text) => el("span", {text})));
  }

  return {
    playerDetails,
    update({view: newView, legal: newLegal, events}) {
      const grew = !view || newView.board.length !== view.board.length;
      const wasFigure = legalOf("PlaceFigure").length > 0;
      const optionsKey = () => legalOf("PlaceTile").concat(legalOf("PlaceAbbey")).map((m) => `${m.type}${m.x},${m.y}`).join(" ");
      const wasOptions = optionsKey();
      view = newView;
      legal = newLegal || [];
      for (const e of events || []) {
        if (e.type === "TilePlaced" || e.type === "AbbeyPlaced") lastPlaced = [e.x, e.y];
      }
      // fit again when the board grew or a figure decision began or ended
      const figureChanged = wasFigure !== legalOf("PlaceFigure").length > 0;
      // and when the squares to choose from appear: the frame was the whole board while the
      // others played, and finger-sized squares are needed now (issue 25, point 6)
      // (also from the abbey's holes to the drawn tile's squares, a choice after a choice)
      const choosingChanged = wasOptions !== optionsKey();
      if (!box || ((grew || figureChanged || choosingChanged) && !userMoved)) fit();
      draw();
    },
    destroy() {
      resizer.disconnect();
      clear(root);
    },
  };
}
