// Numbers and counts as the pages write them: a true minus sign (U+2212, issue 25 point 23),
// "1 player" / "3 players".

/** A number as the page writes it: a minus sign (U+2212), not a hyphen (issue 25, point 23). */
export function num(n) {
  return typeof n === "number" && n < 0 ? `−${-n}` : String(n);
}

/** "1 player", "3 players". */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}
