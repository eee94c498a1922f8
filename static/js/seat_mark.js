// A seat's shape, beside its colour (issue 31, "Boards"): a colour-blind player tells the seats
// apart by a circle, a triangle, a square ... drawn on every seat-coloured thing (the players
// panel, the figures, trunks and markers on the boards). One shape per seat colour
// (--seat-0 .. --seat-6 in static/css/app.css), in the same order.

import {el, svg} from "./dom.js";

const SHAPES = ["circle", "triangle", "square", "diamond", "star", "hexagon", "cross"];
const COLOUR_WORDS = ["red", "blue", "green", "saffron", "purple", "orange", "slate"];

/** The shape of a seat, in words: "triangle" (the data-symbol of its marks). */
export function seatShape(seat) {
  return SHAPES[Number(seat) % SHAPES.length];
}

/** A seat's colour and shape in words, for an accessible name: "blue triangle". */
export function seatMarkWords(seat) {
  return `${COLOUR_WORDS[Number(seat) % COLOUR_WORDS.length]} ${seatShape(seat)}`;
}

function polygon(n, r, turn = -Math.PI / 2) {
  const points = [];
  for (let i = 0; i < n; i += 1) {
    const a = turn + (2 * Math.PI * i) / n;
    points.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${points.join(" L")} Z`;
}

function star(r) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const a = -Math.PI / 2 + (Math.PI * i) / 5, k = i % 2 ? r * 0.45 : r;
    points.push(`${(k * Math.cos(a)).toFixed(2)},${(k * Math.sin(a)).toFixed(2)}`);
  }
  return `M${points.join(" L")} Z`;
}

/** SVG path data of a seat's shape, centred on 0,0 and r units from centre to tip. */
export function seatShapePath(seat, r) {
  const t = r * 0.34;
  switch (seatShape(seat)) {
    case "circle": return `M${-r},0 A${r},${r} 0 1,0 ${r},0 A${r},${r} 0 1,0 ${-r},0 Z`;
    case "triangle": return polygon(3, r * 1.1);
    case "square": return polygon(4, r * 1.15, -Math.PI / 4);
    case "diamond": return polygon(4, r * 1.15);
    case "star": return star(r * 1.2);
    case "hexagon": return polygon(6, r);
    default: return `M${-t},${-r} H${t} V${-t} H${r} V${t} H${t} V${r} H${-t} V${t} H${-r} V${-t} H${-t} Z`;
  }
}

/** The seat's shape as an SVG group at (x, y), r units in size: drawn on a seat-coloured piece. */
export function seatShapeGroup(seat, x, y, r, fill = "#fff") {
  return svg("path", {d: seatShapePath(seat, r), transform: `translate(${x} ${y})`, fill,
    class: "seat-shape", "data-symbol": seatShape(seat)});
}

/** A small inline mark: the seat's colour with its white shape inside (players panel, lists). */
export function seatMark(seat, attrs = {}) {
  return svg("svg", {class: "seat-mark", viewBox: "-10 -10 20 20", width: 16, height: 16,
    "data-symbol": seatShape(seat), "aria-hidden": "true", ...attrs}, [
    svg("circle", {cx: 0, cy: 0, r: 10, style: `fill:var(--seat-${seat})`}),
    svg("path", {d: seatShapePath(seat, 5.2), fill: "#fff"}),
  ]);
}

/** The round seat dot of the lists (players, lobby, results): its colour with its white shape. */
export function seatDot(seat, className = "seat-dot") {
  const dot = el("span", {class: className, "aria-hidden": "true", "data-symbol": seatShape(seat)}, [
    svg("svg", {viewBox: "-10 -10 20 20", class: "seat-dot-shape"}, [svg("path", {d: seatShapePath(seat, 5.6), fill: "#fff"})]),
  ]);
  dot.style.background = `var(--seat-${seat})`;
  return dot;
}
