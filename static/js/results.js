// A finished game's result in words, from the caller's side (`result` of GET /api/me/games and
// of a profile's recent games): the place, the winners, the date.

function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : ({1: "st", 2: "nd", 3: "rd"})[n % 10] || "th"}`;
}

/** A finished game's result, in words: the player's place, the winners, the date; `who` is
 * "You" on one's own list, the player's name on a profile. */
export function resultWords(g, who = "You") {
  const r = g.result;
  const when = g.updated_at ? new Date(g.updated_at).toLocaleDateString(undefined, {day: "numeric", month: "short", year: "numeric"}) : "";
  let words;
  if (!r) words = "Finished";
  else if (r.rank === null) words = r.reason === "cancelled" ? "Cancelled: no ranking" : "Ended without a ranking";
  // a resigned seat was played to its place by the bot: that place is never the player's win
  else if (r.resigned) words = `${who} resigned (of ${r.of})${r.winners.length ? ` · ${r.winners.join(" and ")} won` : ""}`;
  else if (r.rank === 1) words = r.winners.length > 1 ? `${who} shared first place of ${r.of}` : `${who} won (of ${r.of})`;
  else words = `${who} came ${ordinal(r.rank)} of ${r.of}${r.winners.length ? ` · ${r.winners.join(" and ")} won` : ""}`;
  return when ? `${words} · ${when}` : words;
}
