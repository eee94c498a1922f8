// Small words every page writes the same way: a number with a true minus sign (U+2212, issue 25
// point 23), a count ("1 player", "3 players") and a list ("Ann, Bob and Cy").


import {listWords} from "./i18n.js";
/** A number as the page writes it: a minus sign (U+2212), not a hyphen (issue 25, point 23). */
export function num(n) {
  return typeof n === "number" && n < 0 ? `−${-n}` : String(n);
}

/** "1 player", "3 players". */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** "a, b and c", in the page's language. */
export function andWords(words) {
  return listWords(words);
}
