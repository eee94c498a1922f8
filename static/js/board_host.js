// The board host, shared by the game page and the replay page: mounts the board module of a
// game kind (static/games/<kind>/board.js, with its board.css) into a root element, or the
// generic fallback board (the view as a tree, the legal moves as buttons) when a kind has none.
// moveLabel says a move in words when the board module cannot (the "Confirm moves" bar).

import {el, clear} from "./dom.js";
import {showError} from "./words.js";
import {t} from "./i18n.js";

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
  const note = el("p", {class: "muted", text: t("No board drawing for \"{kind}\" yet: this is the generic board.", {kind: ctx.kind})});
  const filter = el("input", {type: "search", placeholder: t("Filter moves"), "aria-label": t("Filter moves"), class: "move-filter"});
  const moves = el("div", {class: "legal-moves", "data-testid": "legal-moves"});
  const error = el("p", {class: "form-error", role: "alert"});
  const movesBox = el("section", {class: "fallback-moves"}, [el("h3", {text: t("Your moves")}), filter, moves, error]);
  const viewBox = el("section", {class: "fallback-view"}, [el("h3", {text: t("State")})]);
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
    if (shown.length > 300) moves.append(el("p", {class: "muted", text: t("{count} more: use the filter.", {count: shown.length - 300})}));
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
