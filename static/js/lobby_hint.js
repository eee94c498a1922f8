// What the lobby page says under the seats, in words, and whether Start will succeed: the
// server says whether the lobby is ready and what is missing (docs/api.md, `ready` and
// `missing`); the words about seats (open, kept for a rematch's players) come first, then what
// the host must still enter in the settings form.

import {andWords} from "./plain_words.js";
import {tableWaitingHint} from "./table_aid.js";

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
    if (ready) hint = "Everyone is here: start when you are ready.";
    else if (unset > 0) hint = `Before the start, enter ${andWords(missing.slice(people))} in the settings form.`
      + (people ? ` Also waiting for ${andWords(waitingFor)}.` : "");
    else if (invitedSeats.length && !open) hint = `Waiting for ${andWords(waitingFor)}. You may give a seat to a bot instead.`;
    else if (invitedSeats.length) hint = `Waiting for ${andWords(waitingFor)}. Send the invite link, or give a seat to a bot.`;
    else if (aid) hint = tableWaitingHint(open);
    else hint = `Waiting for ${open} more ${open === 1 ? "player" : "players"}. Send the invite link, or give the seat to a bot.`;
  } else if ((you.invited || []).length) {
    const host = (lobby.host && lobby.host.name) || "The host";
    hint = lobby.continuing
      ? `${host} continues the game from move ${lobby.continuing.step}: your seat is kept for you.`
      : `${host} offers ${lobby.kind === "carcassonne-auction" ? "another auction" : "a rematch"}: your seat is kept for you.`;
  } else {
    hint = you.seats.length ? "You are in. The game starts when the host says so." : open ? "Take a free seat to play." : "This lobby is full.";
    if (unset > 0) hint += ` The host still has to enter ${andWords(missing.slice(people))}.`;
  }
  return {ready, hint};
}
