// Tiny DOM builders shared by every page and board module, and how a seat is shown (its colour
// and its name).
// User text (names, chat) only ever goes through textContent: never innerHTML.


import {t} from "./i18n.js";
const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.setAttribute("class", value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [].concat(children || [])) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: el("button", {class: "x", onclick: f, text: "Go"}, [children]). */
export function el(tag, attrs, children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element: svg("circle", {cx: 1, cy: 2, r: 3}). */
export function svg(tag, attrs, children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Remove every child of a node. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** CSS colour of a seat, shared by every board: var(--seat-0) .. var(--seat-6). */
export function seatColor(seat) {
  return `var(--seat-${seat})`;
}

/** Display name of a seat: its player's name, else "Seat 2" (the page counts seats from 1). */
export function seatName(names, seat) {
  return (names && names[seat]) || t("Seat {number}", {number: seat + 1});
}

/** A translated text with nodes in it: each ``{name}`` of ``nodes`` (a link, a strong) takes
 * its place, e.g. withNodes(t("Round {round} of {link}.", {round: 2}), {link: a}). */
export function withNodes(text, nodes) {
  const out = [];
  let rest = text;
  const pattern = /\{([A-Za-z_][A-Za-z0-9_]*)\}/;
  for (let m = rest.match(pattern); m; m = rest.match(pattern)) {
    const node = Object.prototype.hasOwnProperty.call(nodes, m[1]) ? nodes[m[1]] : m[0];
    if (m.index) out.push(rest.slice(0, m.index));
    out.push(node);
    rest = rest.slice(m.index + m[0].length);
  }
  if (rest) out.push(rest);
  return out;
}
