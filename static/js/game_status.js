// The lines at the head of the game page, in words: whose turn it is (for a player, a hot-seat
// host with several seats, a resigned seat, a spectator) and the state of the connection.

import {seatName} from "./dom.js";

/** The turn line: "Your turn", "Waiting for Bob", "Ann and Bob to play", "The game is over.". */
export function turnText(view, you, mySeat, names, status, resigned = []) {
  if (!view) return "";
  if (view.finished || status === "finished") return "The game is over.";
  const own = you.filter((s) => !resigned.includes(s)); // the seats this person still plays
  const toAct = view.to_act || [];
  const mine = toAct.filter((s) => own.includes(s));
  if (mine.length) {
    if (you.length > 1) return `Your turn: ${mine.map((s) => seatName(names, s)).join(", ")}`;
    return "Your turn";
  }
  if (mySeat !== null && resigned.includes(mySeat)) {
    const whose = you.length > 1 ? `${seatName(names, mySeat)} resigned` : "You resigned";
    return `${whose}: the bot plays this seat to the end.`;
  }
  if (!toAct.length) return "Waiting…";
  const who = toAct.map((s) => seatName(names, s)).join(" and ");
  return mySeat === null ? `${who} to play` : `Waiting for ${who}`;
}

// the connection's state; the game's own state (in play, finished) has a badge of its own
const CONN_TEXT = {connecting: "Connecting…", open: "Connected", reconnecting: "Reconnecting…", closed: "Offline"};

/** The connection badge's words for a state of connection.js (and its info: delay, reason). */
export function connectionText(status, info = {}) {
  if (status === "reconnecting" && info.delay) return `Reconnecting in ${Math.ceil(info.delay / 1000)} s…`;
  if (status === "closed" && info.reason) return `Offline (${info.reason})`;
  return CONN_TEXT[status] || status;
}
