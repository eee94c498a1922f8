// Per-player settings kept in this browser (localStorage), with a default that suits the
// device: "Confirm moves" (issue 13, point 15), on by default where the
// primary pointer is a finger (a stray tap on a phone must not commit a move), off with a mouse.

const CONFIRM_KEY = "bazaar:confirm-moves";

/** Whether this device's primary pointer is coarse (a finger on a touch screen). */
export function touchPrimary() {
  try { return window.matchMedia("(pointer: coarse)").matches; } catch { return false; }
}

/** The "Confirm moves" setting: the stored choice, else on for touch screens. */
export function confirmMoves() {
  let stored = null;
  try { stored = localStorage.getItem(CONFIRM_KEY); } catch { /* storage off: the default */ }
  if (stored === "on") return true;
  if (stored === "off") return false;
  return touchPrimary();
}

/** Store the player's choice for "Confirm moves" (kept across reloads and games). */
export function setConfirmMoves(on) {
  try { localStorage.setItem(CONFIRM_KEY, on ? "on" : "off"); } catch { /* private mode: this page only */ }
}

// "Text mode" (issue 31): the board said as headings and lists for screen readers, off unless
// the player turns it on; kept like "Confirm moves".
const TEXT_MODE_KEY = "bazaar:text-mode";

/** The "Text mode" setting: the stored choice, else off. */
export function textMode() {
  try { return localStorage.getItem(TEXT_MODE_KEY) === "on"; } catch { return false; }
}

/** Store the player's choice for "Text mode" (kept across reloads and games). */
export function setTextMode(on) {
  try { localStorage.setItem(TEXT_MODE_KEY, on ? "on" : "off"); } catch { /* private mode: this page only */ }
}
