// The browser's side of the platform's languages (issue 29; docs/client.md, "Languages").
// The page's language is <html lang> (chosen by the server: account, cookie, Accept-Language,
// English). Its catalogue, /static/locale/<lang>.json, is compiled from the same gettext
// catalogues as the server's (`python -m app.i18n compile`); English needs none, because every
// message id is its English text with {placeholders}.
//   t("{who} ended the turn", {who: "Ann"})              a text
//   tn("{n} point", "{n} points", 3)                     a plural, chosen by Intl.PluralRules
//   say({id, args, plural?, n?})                         a message as data from the server
// Names and other arguments are never translated; an argument that is itself a message is.

export const lang = (document.documentElement.lang || "en").slice(0, 2);

async function load(code) {
  if (code === "en") return {};
  try {
    const response = await fetch(`/static/locale/${code}.json`, {credentials: "same-origin"});
    if (!response.ok) return {};
    const data = await response.json();
    return data.messages || {};
  } catch {
    return {};  // no catalogue: the English ids are shown rather than nothing
  }
}

// Top-level await: every module that imports this one runs once the catalogue is in.
const catalogue = await load(lang);
const plurals = new Intl.PluralRules(lang);
const lists = typeof Intl.ListFormat === "function" ? new Intl.ListFormat(lang === "en" ? "en-GB" : lang, {type: "conjunction"}) : null;

function fill(template, args) {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) =>
    (args && Object.prototype.hasOwnProperty.call(args, name) ? arg(args[name]) : whole));
}

function arg(value) {
  if (value && typeof value === "object" && !Array.isArray(value) && typeof value.id === "string") return say(value);
  if (Array.isArray(value)) {
    const parts = value.map(arg);
    return lists ? lists.format(parts) : parts.join(", ");
  }
  if (typeof value === "number") return formatNumber(value);
  return value === null || value === undefined ? "" : String(value);
}

/** ``id`` in the page's language, with ``{name}`` placeholders filled from ``args``. */
export function t(id, args = {}) {
  const found = catalogue[id];
  return fill(typeof found === "string" ? found : id, args);
}

/** The form of ``singular``/``plural`` for ``n`` (also ``{n}``) in the page's language. */
export function tn(singular, plural, n, args = {}) {
  const found = catalogue[singular];
  const all = {n, ...args};
  if (found && typeof found === "object") {
    const form = found[plurals.select(n)] || found.other;
    if (form) return fill(form, all);
  }
  return fill(n === 1 ? singular : plural, all);
}

/** A server's message as data ({id, args} or {id, plural, n, args}) in the page's language. */
export function say(message) {
  if (!message || typeof message.id !== "string") return "";
  if (typeof message.plural === "string") return tn(message.id, message.plural, Number(message.n), message.args || {});
  return t(message.id, message.args || {});
}

/** A game, lobby or catalogue entry with its game's title in this language (a descriptive
 * title, "Carcassonne: Bazaar auction", is in the catalogue; a game's own name is kept). */
export function titled(item) {
  return item && typeof item.title === "string" && item.title ? {...item, title: t(item.title)} : item;
}

/** A seat's mark in this language: an "@username" as typed, a guest's "guest #3f2a" (made on
 * the server, app/identity/service.py) in words: "Gast #3f2a". */
export function markWords(mark) {
  const guest = /^guest #(\w+)$/.exec(mark || "");
  return guest ? t("guest #{tag}", {tag: guest[1]}) : mark || "";
}

/** "Ann, Bob and Cy" (or "Ann, Bob und Cy") the language's way; names stay as they are. */
export function listWords(items) {
  const parts = (items || []).map(String);
  return lists ? lists.format(parts) : parts.join(", ");
}

/** 1 → "1st", "1.", "1er"; 2 → "2nd", "2.", "2e": a place in the language's way. */
export function ordinal(n) {
  if (lang === "de") return `${n}.`;
  if (lang === "fr") return n === 1 ? "1er" : `${n}e`;
  const tens = n % 100;
  return `${n}${tens >= 11 && tens <= 13 ? "th" : ({1: "st", 2: "nd", 3: "rd"})[n % 10] || "th"}`;
}

/** A number the language's way ("1,234.5", "1.234,5", "1 234,5"). */
export function formatNumber(value, options = {}) {
  return new Intl.NumberFormat(lang, options).format(value);
}

/** A date (and time) the language's way. */
export function formatDate(value, options = {dateStyle: "medium", timeStyle: "short"}) {
  return new Intl.DateTimeFormat(lang, options).format(value instanceof Date ? value : new Date(value));
}

const UNITS = [["year", 31536000], ["month", 2592000], ["week", 604800], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];

/** How long ago or ahead ``value`` is, in words ("3 minutes ago", "vor 3 Minuten"). */
export function relativeTime(value, now = Date.now()) {
  const seconds = Math.round(((value instanceof Date ? value.getTime() : new Date(value).getTime()) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(lang, {numeric: "auto"});
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === "second") return format.format(Math.round(seconds / size), unit);
  }
  return "";
}
