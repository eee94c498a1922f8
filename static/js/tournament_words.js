// Tournaments in words, shared by the list and the tournament page: places, formats, times.

/** 1 → "1st", 2 → "2nd", 11 → "11th". */
export function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({1: "st", 2: "nd", 3: "rd"}[n % 10] || "th");
  return `${n}${suffix}`;
}

/** "Swiss at tables of 3" / "round robin at tables of 2". */
export function formatWords(format, size) {
  return `${format === "swiss" ? "Swiss" : "round robin"} at tables of ${size}`;
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
  const time = at.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
  const today = new Date();
  if (at.toDateString() === today.toDateString()) return `today at ${time}`;
  return `on ${at.toLocaleDateString([], {day: "numeric", month: "long"})} at ${time}`;
}
