// Carcassonne tiles drawn as SVG from the tile data (tiles.js, generated from tiles.py).
// rules/carcassonne.md section 4 and Appendix A: a tile is 100 x 100 units in its printed
// orientation; rotation r turns it r quarter turns clockwise (CAR-9). Cities, roads, fields,
// cloisters, pennants and bazaars are drawn so that they are recognisable at a glance, and
// every segment (c0, r0, f0, cl, CAR-12) gets a spot where a figure stands or can be put.

import {svg} from "/static/js/dom.js";
import {t} from "/static/js/i18n.js";
import {TILES, ABBEY} from "./tiles.js";

const SIDE = {N: 0, E: 1, S: 2, W: 3};
const MID = [[50, 0], [100, 50], [50, 100], [0, 50]];
const HALF = {Nw: [25, 0], Ne: [75, 0], En: [100, 25], Es: [100, 75],
              Se: [75, 100], Sw: [25, 100], Ws: [0, 75], Wn: [0, 25]};
const CENTER = [50, 50];
const COLORS = {
  field: "#8cbf4a", fieldEdge: "#6f9e36", city: "#d2ae72", cityEdge: "#8a6432",
  road: "#f4efe1", roadEdge: "#7a6a55", roof: "#b8412f", wall: "#f3e6c8",
  awning: "#e8590c", awning2: "#ffd54f", pennant: "#1f5fbf", abbey: "#9fa8b3",
};

/** A point turned k quarter turns clockwise about the tile centre. */
export function turn([x, y], k) {
  let p = [x, y];
  for (let i = 0; i < ((k % 4) + 4) % 4; i += 1) p = [100 - p[1], p[0]];
  return p;
}

function quad(p0, c, p1, n = 14) {
  const out = [];
  for (let i = 0; i <= n; i += 1) {
    const t = i / n;
    const a = (1 - t) * (1 - t), b = 2 * t * (1 - t), d = t * t;
    out.push([a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]]);
  }
  return out;
}

// Canonical city shapes (printed orientation of the canonical sides), with a figure spot and
// a pennant spot; `cityShape` turns them to the sides a segment really has.
const SHAPES = {
  cap: {poly: [[0, 0], ...quad([100, 0], [50, 52], [0, 0])], spot: [50, 12], pennant: [74, 9]},
  corner: {poly: [[0, 0], ...quad([100, 0], [40, 40], [0, 100])], spot: [24, 24], pennant: [10, 12]},
  band: {poly: [...quad([0, 0], [50, 30], [100, 0]), ...quad([100, 100], [50, 70], [0, 100])],
         spot: [50, 50], pennant: [80, 32]},
  three: {poly: [[0, 0], [100, 0], ...quad([100, 100], [50, 40], [0, 100])],
          spot: [50, 30], pennant: [82, 18]},
  full: {poly: [[0, 0], [100, 0], [100, 100], [0, 100]], spot: [50, 50], pennant: [80, 20]},
};

function cityShape(sides) {
  const s = sides.map((n) => SIDE[n]).sort((a, b) => a - b);
  if (s.length === 1) return {shape: SHAPES.cap, k: s[0]};
  if (s.length === 4) return {shape: SHAPES.full, k: 0};
  if (s.length === 3) {
    const missing = [0, 1, 2, 3].find((i) => !s.includes(i));
    return {shape: SHAPES.three, k: (missing + 2) % 4};
  }
  if ((s[1] - s[0]) % 2 === 0) return {shape: SHAPES.band, k: s[0] === 1 ? 0 : 1};
  // adjacent sides: the canonical corner is W+N (3, 0)
  const k = s[0] === 0 && s[1] === 3 ? 0 : s[0] + 1;
  return {shape: SHAPES.corner, k};
}

function buildingAt(tid) {
  const t = TILES[tid];
  if (tid === "BZ11") return [50, 22];  // the road passes by the cloister
  if (t.cloister || t.bazaar) return CENTER;
  return null;
}

function roadLine(tid, t, sides) {
  const idx = sides.map((n) => SIDE[n]);
  if (idx.length === 2) {
    const [a, b] = idx;
    if ((a - b + 4) % 2 === 0) return [MID[a], MID[b]];
    return quad(MID[a], CENTER, MID[b]);
  }
  const a = idx[0];
  if (tid === "BZ8") return quad(MID[a], CENTER, [80, 50]);  // bends into the east city
  const stubs = t.roads.filter((r) => r.length === 1).length;
  if (stubs >= 3 || t.cloister || t.bazaar) return [MID[a], CENTER];
  // a lone stub runs on into the city opposite (S, T, BZ9): drawn under the city
  const opposite = MID[(a + 2) % 4];
  return [MID[a], [50 + (opposite[0] - 50) * 0.6, 50 + (opposite[1] - 50) * 0.6]];
}

function along(line, frac) {
  const lengths = line.slice(1).map((p, i) => Math.hypot(p[0] - line[i][0], p[1] - line[i][1]));
  let left = lengths.reduce((a, b) => a + b, 0) * frac;
  for (let i = 0; i < lengths.length; i += 1) {
    if (left <= lengths[i]) {
      const t = lengths[i] ? left / lengths[i] : 0;
      return [line[i][0] + (line[i + 1][0] - line[i][0]) * t, line[i][1] + (line[i + 1][1] - line[i][1]) * t];
    }
    left -= lengths[i];
  }
  return line[line.length - 1];
}

function insidePoly([x, y], poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i, i += 1) {
    const [xi, yi] = poly[i], [xj, yj] = poly[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distToLine(p, line) {
  let best = Infinity;
  for (let i = 1; i < line.length; i += 1) {
    const [ax, ay] = line[i - 1], [bx, by] = line[i];
    const dx = bx - ax, dy = by - ay;
    const len = dx * dx + dy * dy || 1;
    const t = Math.max(0, Math.min(1, ((p[0] - ax) * dx + (p[1] - ay) * dy) / len));
    best = Math.min(best, Math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy));
  }
  return best;
}

const shapeCache = new Map();
const spotCache = new Map();

// Cities, roads and the building of a tile type in its printed orientation: all a drawing
// needs, cheap, cached. The field spots (a flood fill) are only worked out when a figure spot
// is asked for (geometry, segmentSpots): drawing the board and the unseen-tile icons at
// start-up never pays for them (issue 13, point 19).
function shapes(tid) {
  if (shapeCache.has(tid)) return shapeCache.get(tid);
  const t = TILES[tid];
  const g = {cities: [], roads: [], building: buildingAt(tid)};
  if (t && tid !== ABBEY) {
    t.cities.forEach((sides) => {
      const {shape, k} = cityShape(sides);
      g.cities.push({poly: shape.poly.map((p) => turn(p, k)), spot: turn(shape.spot, k), pennant: turn(shape.pennant, k)});
    });
    t.roads.forEach((sides, i) => g.roads.push({line: roadLine(tid, t, sides), inn: t.inns[i]}));
  }
  shapeCache.set(tid, g);
  return g;
}

/** Shapes and figure spots of a tile type in its printed orientation (cached). */
export function geometry(tid) {
  if (spotCache.has(tid)) return spotCache.get(tid);
  const t = TILES[tid];
  const g = {...shapes(tid), spots: {}};
  if (!t || tid === ABBEY) {
    g.spots.cl = CENTER;
    spotCache.set(tid, g);
    return g;
  }
  const withBuilding = Boolean(g.building);
  g.cities.forEach((city, i) => {
    const {k} = cityShape(t.cities[i]);
    g.spots[`c${i}`] = withBuilding && Math.hypot(city.spot[0] - 50, city.spot[1] - 50) < 20 ? turn([24, 50], k) : city.spot;
  });
  t.roads.forEach((sides, i) => {
    // clear of junctions and buildings: a quarter along a through road, half along a stub
    g.spots[`r${i}`] = along(g.roads[i].line, sides.length === 2 ? 0.25 : 0.45);
  });
  Object.assign(g.spots, fieldSpots(t, g));
  if (t.cloister) g.spots.cl = g.building || CENTER;
  spotCache.set(tid, g);
  return g;
}

// Field spots: a multi-source flood over a 25 x 25 grid, walled by cities, roads and the
// building, grown from each field's half-edges; each field's spot is the most central cell of
// the part it reached first.
function fieldSpots(t, g) {
  const N = 25, step = 4;
  const cell = (i, j) => [step / 2 + i * step, step / 2 + j * step];
  const blocked = new Uint8Array(N * N);
  for (let j = 0; j < N; j += 1) {
    for (let i = 0; i < N; i += 1) {
      const p = cell(i, j);
      if (g.cities.some((c) => insidePoly(p, c.poly))) blocked[j * N + i] = 1;
      else if (g.roads.some((r) => distToLine(p, r.line) < 5)) blocked[j * N + i] = 1;
      else if (g.building && Math.hypot(p[0] - g.building[0], p[1] - g.building[1]) < 21) blocked[j * N + i] = 1;
    }
  }
  const owner = new Int16Array(N * N).fill(-1);
  let frontier = [];
  t.fields.forEach((halves, f) => {
    for (const h of halves) {
      const [hx, hy] = HALF[h];
      let best = -1, bestD = Infinity;
      for (let k = 0; k < N * N; k += 1) {
        if (blocked[k] || owner[k] !== -1) continue;
        const p = cell(k % N, Math.floor(k / N));
        const d = Math.hypot(p[0] - hx, p[1] - hy);
        if (d < bestD) { bestD = d; best = k; }
      }
      if (best >= 0) { owner[best] = f; frontier.push(best); }
    }
  });
  while (frontier.length) {
    const next = [];
    for (const k of frontier) {
      const i = k % N, j = Math.floor(k / N);
      for (const [di, dj] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const a = i + di, b = j + dj;
        if (a < 0 || b < 0 || a >= N || b >= N) continue;
        const m = b * N + a;
        if (blocked[m] || owner[m] !== -1) continue;
        owner[m] = owner[k];
        next.push(m);
      }
    }
    frontier = next;
  }
  const spots = {};
  t.fields.forEach((_halves, f) => {
    const cells = [];
    for (let k = 0; k < N * N; k += 1) if (owner[k] === f) cells.push(k);
    if (!cells.length) { spots[`f${f}`] = HALF[t.fields[f][0]]; return; }
    const pts = cells.map((k) => cell(k % N, Math.floor(k / N)));
    const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
    const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
    const interior = cells.filter((k) => {
      const i = k % N, j = Math.floor(k / N);
      return [[1, 0], [-1, 0], [0, 1], [0, -1]].every(([di, dj]) => {
        const a = i + di, b = j + dj;
        return a >= 0 && b >= 0 && a < N && b < N && owner[b * N + a] === f;
      });
    });
    const pool = (interior.length ? interior : cells).map((k) => cell(k % N, Math.floor(k / N)));
    pool.sort((p, q) => Math.hypot(p[0] - cx, p[1] - cy) - Math.hypot(q[0] - cx, q[1] - cy));
    spots[`f${f}`] = pool[0];
  });
  return spots;
}

/** The spot of each segment of a placed tile, in tile units after rotation r. */
export function segmentSpots(tid, r) {
  const out = {};
  for (const [name, p] of Object.entries(geometry(tid).spots)) out[name] = turn(p, r);
  return out;
}

const pointsAttr = (poly) => poly.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
const pathOf = (line) => `M${line.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join(" L")}`;

function cloister([x, y]) {
  return svg("g", {class: "cloister", transform: `translate(${x - 50} ${y - 50})`}, [
    svg("rect", {x: 38, y: 44, width: 24, height: 18, fill: COLORS.wall, stroke: "#5b4a3a", "stroke-width": 1.2}),
    svg("path", {d: "M35 45 L50 33 L65 45 Z", fill: COLORS.roof, stroke: "#5b2a20", "stroke-width": 1.2}),
    svg("rect", {x: 47, y: 52, width: 6, height: 10, fill: "#5b4a3a"}),
    svg("path", {d: "M50 24 V33 M46.5 27.5 H53.5", stroke: "#5b2a20", "stroke-width": 1.6}),
  ]);
}

function bazaar([x, y]) {
  const stripes = [];
  for (let i = 0; i < 5; i += 1) {
    stripes.push(svg("path", {d: `M${34 + i * 6.4} 44 L${40.4 + i * 6.4} 44 L${38.2 + i * 6.4} 36 L${35.4 + i * 6.4} 36 Z`,
      fill: i % 2 ? COLORS.awning2 : COLORS.awning}));
  }
  return svg("g", {class: "bazaar", transform: `translate(${x - 50} ${y - 50})`}, [
    svg("rect", {x: 36, y: 44, width: 28, height: 16, fill: "#fff3d6", stroke: "#7a4a12", "stroke-width": 1.2}),
    svg("path", {d: "M32 44 L68 44 L62 34 L38 34 Z", fill: COLORS.awning, stroke: "#7a4a12", "stroke-width": 1.2}),
    ...stripes,
    svg("circle", {cx: 44, cy: 53, r: 2.6, fill: "#c62828"}),
    svg("circle", {cx: 50, cy: 54, r: 2.6, fill: "#f9a825"}),
    svg("circle", {cx: 56, cy: 53, r: 2.6, fill: "#2e7d32"}),
  ]);
}

function pennant([x, y]) {
  return svg("path", {class: "pennant", d: `M${x - 5} ${y - 5} H${x + 5} V${y + 1} L${x} ${y + 6} L${x - 5} ${y + 1} Z`,
    fill: COLORS.pennant, stroke: "#fff", "stroke-width": 1.3});
}

const drawn = new Map();

/** An SVG group drawing tile type `tid` at rotation r, 100 x 100 units at the origin. */
export function tileGroup(tid, r = 0) {
  // drawn once per type and rotation, then copied: a board or a row of icons shows the same
  // few dozen tiles over and over (issue 13, point 19: start-up script time)
  const key = `${tid}/${((r % 4) + 4) % 4}`;
  if (!drawn.has(key)) drawn.set(key, drawTile(tid, r));
  return drawn.get(key).cloneNode(true);
}

function drawTile(tid, r) {
  const t = TILES[tid];
  const inner = svg("g", {transform: `rotate(${90 * (r % 4)} 50 50)`});
  const outer = svg("g", {class: "tile", dataset: {tile: tid}}, [inner]);
  if (tid === ABBEY) {  // rotation does not matter (CAR-86): always drawn upright
    inner.setAttribute("transform", "");
    inner.append(svg("rect", {width: 100, height: 100, fill: COLORS.abbey}),
      svg("rect", {x: 6, y: 6, width: 88, height: 88, fill: "none", stroke: "#fff", "stroke-width": 2, "stroke-dasharray": "4 3"}),
      cloister(CENTER));
    outer.append(svg("rect", {width: 100, height: 100, fill: "none", stroke: "#44403a", "stroke-width": 1}));
    return outer;
  }
  if (!t) {
    inner.append(svg("rect", {width: 100, height: 100, fill: "#ccc"}));
    return outer;
  }
  const g = shapes(tid);
  const decor = [];
  inner.append(svg("rect", {width: 100, height: 100, fill: COLORS.field}));
  for (const road of g.roads) {
    inner.append(svg("path", {d: pathOf(road.line), fill: "none", stroke: COLORS.roadEdge, "stroke-width": 11, "stroke-linecap": "butt"}));
    inner.append(svg("path", {d: pathOf(road.line), fill: "none", stroke: COLORS.road, "stroke-width": 7, "stroke-linecap": "butt"}));
    if (road.inn) {
      const [x, y] = turn(along(road.line, 0.5), r);
      decor.push(svg("g", {class: "inn"}, [
        svg("rect", {x: x + 7, y: y - 4, width: 10, height: 8, fill: COLORS.wall, stroke: "#5b4a3a"}),
        svg("path", {d: `M${x + 6} ${y - 4} L${x + 12} ${y - 9} L${x + 18} ${y - 4} Z`, fill: "#6d4c41"}),
      ]));
    }
  }
  if (t.roads.filter((s) => s.length === 1).length >= 3) {
    inner.append(svg("rect", {x: 42, y: 42, width: 16, height: 16, fill: "#8d6e63", stroke: "#4e342e", "stroke-width": 1.2}));
  }
  for (const city of g.cities) {
    inner.append(svg("polygon", {points: pointsAttr(city.poly), fill: COLORS.city, stroke: COLORS.cityEdge, "stroke-width": 2, "stroke-linejoin": "round"}));
  }
  // buildings and pennants stay upright whatever the rotation
  if (t.pennant && g.cities.length) decor.push(pennant(turn(g.cities[0].pennant, r)));
  if (t.cloister) decor.push(cloister(turn(g.building || CENTER, r)));
  if (t.bazaar) decor.push(bazaar(turn(g.building || CENTER, r)));
  outer.append(...decor);
  outer.append(svg("rect", {width: 100, height: 100, fill: "none", stroke: "#44403a", "stroke-width": 1}));
  return outer;
}

/** A stand-alone <svg> icon of a tile (or of a free-text label) `px` pixels wide. */
export function tileIcon(tid, r = 0, px = 64, title = "") {
  // an inline size: the page styles every board svg at full width
  const root = svg("svg", {viewBox: "-2 -2 104 104", width: px, height: px, style: `width:${px}px;height:${px}px`,
    class: "tile-icon", role: "img", "aria-label": title || tileName(tid)});
  if (title) root.append(svg("title", {text: title}));
  root.append(tileGroup(tid, r));
  return root;
}

/** A tile shown only as text (the stand-alone auction's labels, CAR-105): never read as a type. */
export function labelIcon(text, px = 64) {
  const root = svg("svg", {viewBox: "-2 -2 104 104", width: px, height: px, style: `width:${px}px;height:${px}px`,
    class: "tile-icon label-tile", role: "img", "aria-label": t("tile labelled {label}", {label: text})});
  root.append(svg("title", {text}));
  root.append(svg("rect", {width: 100, height: 100, rx: 6, fill: "#f7f3e8", stroke: "#8a7a5a", "stroke-width": 2, "stroke-dasharray": "6 4"}));
  const short = text.length > 14 ? `${text.slice(0, 13)}…` : text;
  root.append(svg("text", {x: 50, y: 56, "text-anchor": "middle", "font-size": short.length > 7 ? 12 : 18, fill: "#3e3522", text: short}));
  return root;
}

/** An icon for an entry of a revealed row: a type id, {"type": id} or {"label": text}. */
export function shownIcon(shown, px = 64) {
  if (typeof shown === "string" && TILES[shown]) return tileIcon(shown, 0, px, tileName(shown));
  if (shown && typeof shown === "object" && typeof shown.type === "string" && TILES[shown.type]) {
    return tileIcon(shown.type, 0, px, tileName(shown.type));
  }
  if (shown && typeof shown === "object" && "label" in shown) return labelIcon(String(shown.label), px);
  return labelIcon(String(shown), px);
}

/** The entry of a revealed row in words: its type id, or its label in quotes. */
export function shownText(shown) {
  if (shown && typeof shown === "object") {
    if ("label" in shown) return t("“{label}”", {label: String(shown.label)});
    if ("type" in shown) return tileName(String(shown.type));
  }
  return tileName(String(shown));
}

// every name tileName composes, in the page's language (the same ids as
// app/games/carcassonne/words.py TILE_WORDS)
const TILE_WORDS = {
  "a city tile": t("a city tile"),
  "a city tile with a bazaar": t("a city tile with a bazaar"),
  "a city tile with a pennant": t("a city tile with a pennant"),
  "a city-and-crossroads tile": t("a city-and-crossroads tile"),
  "a city-and-road tile": t("a city-and-road tile"),
  "a city-and-road tile with a bazaar": t("a city-and-road tile with a bazaar"),
  "a city-and-road tile with a pennant": t("a city-and-road tile with a pennant"),
  "a cloister tile": t("a cloister tile"),
  "a cloister-and-city tile": t("a cloister-and-city tile"),
  "a cloister-and-road tile": t("a cloister-and-road tile"),
  "a crossroads tile": t("a crossroads tile"),
  "a field tile with a bazaar": t("a field tile with a bazaar"),
  "a road tile": t("a road tile"),
  "a road tile with a bazaar": t("a road tile with a bazaar"),
  "a two-city tile": t("a two-city tile"),
  "a two-city-and-road tile": t("a two-city-and-road tile"),
};



/** A tile type by what it shows: "a city-and-road tile" (app/games/carcassonne/words.py). */
export function tileName(tid) {
  const tile = TILES[tid];
  if (!tile) return t("a tile");
  if (tid === ABBEY) return t("the abbey");
  const parts = [];
  if (tile.cloister) parts.push("cloister");
  if (tile.cities.length) parts.push(tile.cities.length > 1 ? "two-city" : "city");
  if (tile.roads.length > 2) parts.push("crossroads");
  else if (tile.roads.length) parts.push("road");
  const name = parts.join("-and-") || "field";
  const extras = [tile.pennant ? "a pennant" : "", tile.bazaar ? "a bazaar" : ""].filter(Boolean);
  const english = `${"aeiou".includes(name[0]) ? "an" : "a"} ${name} tile${extras.length ? ` with ${extras.join(" and ")}` : ""}`;
  return TILE_WORDS[english] || english;
}
