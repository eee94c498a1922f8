// What the lobby page says under the seats, in words, and whether Start will succeed: the
// server says whether the lobby is ready and what is missing (docs/api.md, `ready` and
// `missing`); the words about seats (open, kept for a rematch's players) come first, then what
// the host must still enter in the settings form.

import {andWords} from "./plain_words.js";
import {tableWaitingHint} from "./table_aid.js";
import {t, tn} from "./i18n.js";

/** {ready, hint} for this visitor (`you`: the lobby's `you`; `aid`: a physical table's use). */
export function lobbyHint(lobby, you, aid) {
  const open = lobby.seats.filter((s) => s.holder === "open").length;
  const missing = Array.isArray(lobby.missing) ? lobby.missing : [];
  const ready = lobby.ready === undefined ? open === 0 : !!lobby.ready;
  const invitedSeats = lobby.seats.filter((s) => s.holder === "invited");
  const people = (open ? 1 : 0) + (invitedSeats.length ? 1 : 0);  // the words about seats come first
  const unset = missing.length - people;  // what the settings must still give
  const waitingFor = missing.slice(0, people);
  let hint;
  if (you.is_host) {
    if (ready) hint = t("Everyone is here: start when you are ready.");
    else if (unset > 0) hint = t("Before the start, enter {what} in the settings form.", {what: andWords(missing.slice(people))})
      + (people ? " " + t("Also waiting for {names}.", {names: andWords(waitingFor)}) : "");
    else if (invitedSeats.length && !open) hint = t("Waiting for {names}. You may give a seat to a bot instead.", {names: andWords(waitingFor)});
    else if (invitedSeats.length) hint = t("Waiting for {names}. Send the invite link, or give a seat to a bot.", {names: andWords(waitingFor)});
    else if (aid) hint = tableWaitingHint(open);
    else hint = tn("Waiting for {n} more player. Send the invite link, or give the seat to a bot.", "Waiting for {n} more players. Send the invite link, or give the seat to a bot.", open);
  } else if ((you.invited || []).length) {
    const host = (lobby.host && lobby.host.name) || t("The host");
    hint = lobby.continuing
      ? t("{host} continues the game from move {number}: your seat is kept for you.", {host, number: lobby.continuing.step})
      : lobby.kind === "carcassonne-auction" ? t("{host} offers another auction: your seat is kept for you.", {host})
        : t("{host} offers a rematch: your seat is kept for you.", {host});
  } else {
    hint = you.seats.length ? t("You are in. The game starts when the host says so.") : open ? t("Take a free seat to play.") : t("This lobby is full.");
    if (unset > 0) hint += " " + t("The host still has to enter {what}.", {what: andWords(missing.slice(people))});
  }
  return {ready, hint};
}
