// Hot-seat on the game page: a host holding several seats on one device gets a seat switcher
// that follows the turn, and a hand-over screen ("Pass the device to Bob") between two seats
// (issue 25, point 32). The seat shown is kept per tab in sessionStorage, never in the address,
// so that a shared address opens as its reader's own view.

import {el, clear, seatColor, seatName} from "./dom.js";
import {t} from "./i18n.js";

const $ = (id) => document.getElementById(id);
const SEAT_KEY = (gameId) => `bazaar:seat:${gameId}`;
const SEAT = /^[0-9]{1,2}$/;

/** The hot-seat seat this tab last showed (kept out of the address, which stays shareable). */
function storedSeat(gameId) {
  try {
    const value = sessionStorage.getItem(SEAT_KEY(gameId)) || "";
    return SEAT.test(value) ? value : null;
  } catch { return null; }
}

/** Remember the seat this tab shows (null: forget it). */
export function storeSeat(gameId, seat) {
  try {
    if (seat === null) sessionStorage.removeItem(SEAT_KEY(gameId));
    else sessionStorage.setItem(SEAT_KEY(gameId), String(seat));
  } catch { /* storage off: the page follows the turn instead */ }
}

/** The seat to open the game as (a string, or null): an old address's ?seat=, honoured once and
 * then dropped from the address bar, else the one this tab last showed. */
export function wantedSeat(gameId) {
  const params = new URLSearchParams(location.search);
  const fromUrl = SEAT.test(params.get("seat") || "") ? params.get("seat") : null;
  if (params.has("seat")) {
    const url = new URL(location.href);
    url.searchParams.delete("seat");
    history.replaceState(null, "", url);
  }
  return fromUrl ?? storedSeat(gameId);
}

/**
 * The seat switcher. `state` is the page's state (seat, view, resigned, legal), `ownSeats()` the
 * seats this person still plays, `onSwitch(seat)` what the page does once the seat has changed
 * (the socket's seat, the board, the chrome).
 */
export function createHotSeat({gameId, names, you, state, boardRoot, ownSeats, onSwitch}) {
  function draw() {
    const box = $("seat-switch");
    box.hidden = you.length < 2;
    if (box.hidden) return;
    const buttons = $("seat-buttons");
    clear(buttons);
    const toAct = (state.view && state.view.to_act) || [];
    for (const s of you) {
      const b = el("button", {type: "button", class: `seat-button${s === state.seat ? " active" : ""}${toAct.includes(s) ? " to-act" : ""}`,
        "aria-pressed": s === state.seat ? "true" : "false", "data-testid": `seat-switch-${s}`,
        text: state.resigned.includes(s) ? `${seatName(names, s)} (resigned)` : seatName(names, s)});
      b.style.setProperty("--seat", seatColor(s));
      // a seat chosen by hand is the person at the device saying who they are: no hand-over
      b.addEventListener("click", () => { $("handover").hidden = true; boardRoot.hidden = false; switchSeat(s); });
      buttons.append(b);
    }
  }

  function switchSeat(seat) {
    if (seat === state.seat) return;
    state.seat = seat;
    state.legal = []; // the new seat's legal moves come with its snapshot
    storeSeat(gameId, seat); // not in the address: a shared address opens as its reader's own view
    onSwitch(seat);
  }

  function followTurn() {
    if (!$("follow-turn").checked || you.length < 2 || !state.view || state.view.finished) return;
    const toAct = state.view.to_act || [];
    const own = ownSeats();
    if (state.seat !== null && toAct.includes(state.seat) && own.includes(state.seat)) return;
    const next = own.find((s) => toAct.includes(s));
    if (next === undefined) return;
    const from = state.seat;
    switchSeat(next);
    if (from !== null && from !== next) handOver(next);
  }

  // When the turn moves to another seat on this device, the board waits behind "Pass the
  // device to Bob" until Bob says he has it.
  function handOver(seat) {
    const name = seatName(names, seat);
    $("handover-words").textContent = t("Pass the device to {name}.", {name});
    $("handover-go").textContent = t("I am {name}: show my turn", {name});
    $("handover").hidden = false;
    boardRoot.hidden = true;
    $("handover-go").focus({preventScroll: true});
  }
  $("handover-go").addEventListener("click", () => {
    $("handover").hidden = true;
    boardRoot.hidden = false;
  });

  return {draw, followTurn};
}
