// A finished game's result in words, from the caller's side (`result` of GET /api/me/games and
// of a profile's recent games): the place, the winners, the date.

import {listWords, ordinal, t} from "./i18n.js";

/** A finished game's result, in words: the player's place, the winners, the date; `who` is
 * null on one's own list ("You ..."), the player's name on a profile. */
export function resultWords(g, who = null) {
  const r = g.result;
  const when = g.updated_at ? new Date(g.updated_at).toLocaleDateString(document.documentElement.lang || undefined, {day: "numeric", month: "short", year: "numeric"}) : "";
  const won = r && r.winners.length ? " · " + t("{names} won", {names: listWords(r.winners)}) : "";
  let words;
  if (!r) words = t("Finished");
  else if (r.rank === null) words = r.reason === "cancelled" ? t("Cancelled: no ranking") : t("Ended without a ranking");
  // a resigned seat was played to its place by the bot: that place is never the player's win
  else if (r.resigned) words = (who ? t("{name} resigned (of {of})", {name: who, of: r.of}) : t("You resigned (of {of})", {of: r.of})) + won;
  else if (r.rank === 1 && r.winners.length > 1) words = who ? t("{name} shared first place of {of}", {name: who, of: r.of}) : t("You shared first place of {of}", {of: r.of});
  else if (r.rank === 1) words = who ? t("{name} won (of {of})", {name: who, of: r.of}) : t("You won (of {of})", {of: r.of});
  else words = (who ? t("{name} came {place} of {of}", {name: who, place: ordinal(r.rank), of: r.of}) : t("You came {place} of {of}", {place: ordinal(r.rank), of: r.of})) + won;
  return when ? `${words} · ${when}` : words;
}
