// The lines at the head of the game page, in words: whose turn it is (for a player, a hot-seat
// host with several seats, a resigned seat, a spectator) and the state of the connection, in
// the page's language (static/js/i18n.js).

import {seatName} from "./dom.js";
import {t} from "./i18n.js";

/** The turn line: "Your turn", "Waiting for Bob", "Ann and Bob to play", "The game is over.". */
export function turnText(view, you, mySeat, names, status, resigned = []) {
  if (!view) return "";
  if (view.finished || status === "finished") return t("The game is over.");
  const own = you.filter((s) => !resigned.includes(s)); // the seats this person still plays
  const toAct = view.to_act || [];
  const mine = toAct.filter((s) => own.includes(s));
  if (mine.length) {
    if (you.length > 1) return t("Your turn: {seats}", {seats: mine.map((s) => seatName(names, s)).join(", ")});
    return t("Your turn");
  }
  if (mySeat !== null && resigned.includes(mySeat)) {
    return you.length > 1
      ? t("{name} resigned: the bot plays this seat to the end.", {name: seatName(names, mySeat)})
      : t("You resigned: the bot plays this seat to the end.");
  }
  if (!toAct.length) return t("Waiting…");
  const who = toAct.map((s) => seatName(names, s));  // a list: joined the language's way
  return mySeat === null ? t("{players} to play", {players: who}) : t("Waiting for {players}", {players: who});
}

// the connection's state; the game's own state (in play, finished) has a badge of its own
const CONN_TEXT = {connecting: t("Connecting…"), open: t("Connected"), reconnecting: t("Reconnecting…"), closed: t("Offline")};

/** The connection badge's words for a state of connection.js (and its info: delay, reason). */
export function connectionText(status, info = {}) {
  if (status === "reconnecting" && info.delay) return t("Reconnecting in {seconds} s…", {seconds: Math.ceil(info.delay / 1000)});
  if (status === "closed" && info.reason) return t("Offline ({reason})", {reason: info.reason});
  return CONN_TEXT[status] || status;
}
