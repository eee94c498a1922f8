// Small words every page writes the same way: a number with a true minus sign (U+2212, issue 25
// point 23) and a list ("Ann, Bob and Cy", in the page's language). Counts are the catalogue's
// plurals: tn("{n} player", "{n} players", n) (static/js/i18n.js).

import {listWords} from "./i18n.js";

/** A number as the page writes it: a minus sign (U+2212), not a hyphen (issue 25, point 23). */
export function num(n) {
  return typeof n === "number" && n < 0 ? `−${-n}` : String(n);
}

/** "a, b and c", in the page's language. */
export function andWords(words) {
  return listWords(words);
}
