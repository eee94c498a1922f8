// The lobby of a game that serves people at a physical table (the catalogue's `table_aid`, the
// stand-alone auction; issue 25, point 21): it speaks to a host at a table, not to an online
// game. What applies and what does not (docs/decisions.md, "A lobby for a physical table"):
// - each player bids on their own phone (an open seat, taken from the invite link) or the host
//   enters their bids on this device: those are the two holders offered; no bots (the table's
//   players are people with a stake in the physical game);
// - no turn clock and no takeover level (a table keeps its own pace; nobody times out);
// - never rated (the result is a part of a game played on the table, which the site never sees);
// - private stays: only people with the link see the table's names and scores.


import {t, tn} from "./i18n.js";
/** What the table uses the game for ("the auction"), or "" for an ordinary game. */
export function tableAid(game) {
  return (game && game.table_aid) || "";
}

/** The seat holders a table's host may choose, in the host's words. */
export const tableHolders = () => [["open", t("Bids on their own phone")], ["host", t("Bids entered here")]];

/** The help above the new lobby's seats. */
export const tableSeatsHelp = () => t("You bid as the first player. Each other player bids on their own phone (send them the invite link once the lobby is made), or enter their bids here on your device.");

/** The lobby's line under its title, with no clock, rating or bot. */
export function tableMeta(lobby) {
  const host = (lobby.host && lobby.host.name) || t("the host");
  return tn("Run by {host} for {n} player at the table", "Run by {host} for {n} players at the table", lobby.seats.length, {host}) + " · "
    + (lobby.private ? t("only people with the link can see it") : t("listed for anyone to watch"));
}

/** What a seat entered on the host's device says (the table's name is the seat's own label). */
export function tableDeviceWords(lobby) {
  const host = (lobby.host && lobby.host.name) || t("the host");
  return t("bids entered on {host}'s device", {host});
}

/** The host's hint while seats are open. */
export function tableWaitingHint(open) {
  return tn("Waiting for {n} more player: each player bids on their own phone (send them the invite link), or enter their bids here (choose “Bids entered here” for their seat).",
    "Waiting for {n} more players: each player bids on their own phone (send them the invite link), or enter their bids here (choose “Bids entered here” for their seat).", open);
}

/** The start button's words: "Start the auction". */
export function tableStart(aid) {
  return aid === "the auction" ? t("Start the auction") : t("Start {what}", {what: aid});
}
