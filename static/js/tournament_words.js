// Tournaments in words, shared by the list and the tournament page: places, formats, times.

import {lang, ordinal as placeWords, t} from "./i18n.js";

/** 1 → "1st" ("1.", "1er"), 2 → "2nd", 11 → "11th". */
export const ordinal = placeWords;

/** "Swiss at tables of 3" / "round robin at tables of 2". */
export function formatWords(format, size) {
  return format === "swiss" ? t("Swiss at tables of {size}", {size}) : t("round robin at tables of {size}", {size});
}

/** Points as a player reads them: 2, 1½, ½. */
export function pointsWords(points) {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  return half ? (whole ? `${whole}½` : "½") : String(whole);
}

/** A start time in words, in the reader's own clock: "today at 18:30", "on 12 March at 9:00". */
export function whenWords(iso) {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(lang, {hour: "2-digit", minute: "2-digit"});
  const today = new Date();
  if (at.toDateString() === today.toDateString()) return t("today at {time}", {time});
  return t("on {date} at {time}", {date: at.toLocaleDateString(lang, {day: "numeric", month: "long"}), time});
}
