// "Confirm moves" (issue 13, point 15): the one place where a board's move goes to the server.
// With the setting on, a move a board submits is not sent: it is selected, the page says in
// words what will be played, and only the Confirm button (or Enter on it) sends it; Cancel or
// Escape drops it, and another move replaces it. Moves a board has already made the player
// choose in two steps (a square, then Place tile) come with {confirmed: true} and go at once.
//
// The board is told {ok: true, pending: true} at once, so that it stays usable (a different
// tap can replace the selection) and keeps what the player composed; the move's own result
// (a refusal's reason) is shown by the page.

import {el, clear} from "./dom.js";
import {confirmMoves, setConfirmMoves} from "./settings.js";
import {t} from "./i18n.js";

// A pending move is still playable if some legal move has every field it has, with the same
// value (the legal list may carry more fields than the board sends).
function same(a, b) {
  if (a === b) return true;
  if (!a || !b || typeof a !== "object" || typeof b !== "object") return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!same(a[k] ?? 0, b[k] ?? 0)) return false;
  return true;
}
const covers = (legal, move) => Object.keys(move).every((k) => same(move[k], legal[k]));

/**
 * The move gate. `bar`: the (empty, hidden) element the confirmation is drawn in; `send(move)`:
 * sends a move, resolves its result; `describe(move)`: the move in words; `board()`: the element
 * of the board (where the focus goes back after Cancel); `onRefused(result)`: a confirmed move
 * was refused.
 */
export function createMoveGate({bar, send, describe, board, onRefused}) {
  let enabled = confirmMoves();
  let pending = null;   // {move, text, from}: the selected move, its words, the control it came from
  let sending = false;
  let lastControl = null;  // the key or test id of the last control pressed on the board

  // Remember which control chose the move: after Cancel the focus goes back to it.
  const note = (event) => {
    const control = event.target.closest && event.target.closest("[data-key], [data-testid]");
    if (control && board().contains(control)) lastControl = control.dataset.key || control.dataset.testid;
  };
  document.addEventListener("click", note, true);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") note(event);
    if (event.key === "Escape" && pending && !event.defaultPrevented) {
      event.preventDefault();
      cancel(true);
    }
  }, true);

  // The chosen control is marked on the board. Boards rebuild their elements on every update,
  // so the mark is a style rule for the control's key or test id rather than a class on it.
  const mark = el("style", {id: "move-chosen-style"});
  document.head.append(mark);
  function drawMark() {
    const key = pending && pending.from;
    if (!key) { mark.textContent = ""; return; }
    const q = CSS.escape(key);
    const html = `#board [data-key="${q}"]:not(g), #board [data-testid="${q}"]:not(g)`;
    const shape = `#board g[data-key="${q}"] > :not([fill="transparent"]):not(title)`;
    mark.textContent = `${html} { outline: 3px solid var(--accent); outline-offset: 2px; }\n`
      + `${shape} { fill: var(--accent); stroke: var(--ink); stroke-width: 2.5px; }`;
  }

  function draw() {
    clear(bar);
    bar.hidden = !pending;
    document.body.classList.toggle("move-pending", Boolean(pending));
    drawMark();
    if (!pending) return;
    const confirm = el("button", {type: "button", class: "primary", "data-testid": "move-confirm", disabled: sending,
      text: sending ? t("Sending…") : t("Confirm")});
    const cancelButton = el("button", {type: "button", "data-testid": "move-cancel", disabled: sending, text: t("Cancel")});
    confirm.addEventListener("click", play);
    cancelButton.addEventListener("click", () => cancel(true));
    bar.append(
      el("p", {class: "move-confirm-text", "data-testid": "move-confirm-text"}, [
        el("span", {class: "move-confirm-lead", text: t("Your move:") + " "}), pending.text]),
      el("div", {class: "move-confirm-buttons"}, [confirm, cancelButton]));
  }

  const control = (key) => key && (board().querySelector(`[data-key="${CSS.escape(key)}"]`)
    || board().querySelector(`[data-testid="${CSS.escape(key)}"]:not([disabled])`));

  function focusBack() {
    // a move typed in the move box goes back to the box, not to the board
    if (pending && pending.back && pending.back.isConnected) { pending.back.focus({preventScroll: true}); return; }
    const target = control(pending ? pending.from : lastControl) || board().querySelector("[tabindex]");
    if (target) target.focus({preventScroll: true});
  }

  // The bar sticks to the foot of the window: a control tapped near the foot would be hidden
  // under it, so the page scrolls just enough to show the chosen control above the bar.
  function reveal() {
    requestAnimationFrame(() => {
      const node = pending && control(pending.from);
      if (!node || bar.hidden) return;
      const overlap = node.getBoundingClientRect().bottom - bar.getBoundingClientRect().top + 8;
      if (overlap > 0) window.scrollBy({top: overlap, behavior: "instant"});
    });
  }

  function cancel(byPlayer) {
    if (!pending || sending) return;
    const wasFocused = bar.contains(document.activeElement);
    if (byPlayer && wasFocused) focusBack();
    pending = null;
    draw();
  }

  async function play() {
    if (!pending || sending) return;
    sending = true;
    draw();
    const {move} = pending;
    let result;
    try { result = await send(move); } catch (err) { result = {ok: false, reason: String(err)}; }
    sending = false;
    const hadFocus = bar.contains(document.activeElement);
    if (hadFocus) focusBack();
    pending = null;
    draw();
    if (!result.ok) onRefused(result);
    return result;
  }

  return {
    /** What boards call as ctx.submit(move, {confirmed}); the move box adds {back: its input},
     * where the focus returns after Confirm or Cancel. */
    submit(move, {confirmed = false, back = null} = {}) {
      if (!enabled || confirmed) return send(move);
      let text = null;
      try { text = describe(move); } catch (err) { console.warn("no words for this move", err); }
      pending = {move, text: text || t("this move"), from: back ? null : lastControl, back};
      draw();
      // Enter again (or Space) confirms; the bar is in view, so no scrolling
      bar.querySelector("[data-testid=move-confirm]").focus({preventScroll: true});
      reveal();
      return Promise.resolve({ok: true, pending: true});
    },
    /** New legal moves: a selection that is no longer legal is dropped. */
    refresh(legal) {
      if (pending && !sending && !(legal || []).some((m) => m && covers(m, pending.move))) cancel(false);
    },
    /** Drop the selection (the board was remounted, e.g. for another seat). */
    clear() { if (!sending) { pending = null; draw(); } },
    get enabled() { return enabled; },
    /** The toggle: turn the setting on or off (stored for this browser). */
    setEnabled(on) {
      enabled = Boolean(on);
      setConfirmMoves(enabled);
      if (!enabled) cancel(false);
    },
  };
}
