// The option forms of the two lobby pages (the new-lobby form and the host's settings on the
// lobby page), built from the catalogue's option schema: one field per option (a checkbox, a
// choice, a pick of several, a number or JSON), read back with complaints in words, shown only
// where the option applies; the seat holders' choices; private and rated kept apart; a game's
// own set-up form (SETUP_FORMS) where it has one; the link to the game's rules.

import {el, clear} from "./dom.js";
import {applies, choiceWords, optionText, same, valueWords} from "./lobby_words.js";
import {t} from "./i18n.js";

const $ = (id) => document.getElementById(id);

// A holder choice "bot" is the normal bot, "bot-hard" the hard one and "bot-expert" the expert,
// so that one <select> per seat says who holds it and at what level (app/games/bots.py LEVELS).
// The expert bot plays only at turn-based tables (docs/decisions.md, "The expert bot").
const BOT_CHOICES = [["bot", "Bot (normal)"], ["bot-hard", "Bot (hard)"], ["bot-expert", "Bot (expert)"]];

/** The bot choices for a table with this clock, in the page's language: the expert only where
 * it is turn-based. */
export function botChoices(clock) {
  const words = {"bot": t("Bot (normal)"), "bot-hard": t("Bot (hard)"), "bot-expert": t("Bot (expert)")};
  return BOT_CHOICES.filter(([v]) => v !== "bot-expert" || (clock && clock.mode === "turn"))
    .map(([v]) => [v, words[v]]);
}

/** Offer the expert bot in a takeover <select> only at a turn-based table (a choice of it on
 * another table falls back to the normal bot). */
export function fitTakeover(select, clock) {
  if (!select) return;
  const turnBased = Boolean(clock && clock.mode === "turn");
  for (const option of select.querySelectorAll("option[value='expert']")) option.hidden = !turnBased;
  if (!turnBased && select.value === "expert") select.value = "normal";
}

/** {holder, level} from a holder choice ("bot-hard" is the hard bot, "bot-expert" the expert). */
export function holderChoice(value) {
  if (value === "bot-expert") return {holder: "bot", level: "expert"};
  if (value === "bot-hard") return {holder: "bot", level: "hard"};
  if (value === "bot") return {holder: "bot", level: "normal"};
  return {holder: value};
}
// Games whose options have a form of their own instead of the generic fields.
export const SETUP_FORMS = {"carcassonne-auction": "/static/games/carcassonne-auction/setup.js"};


const setupModules = {};
/** The game's own set-up module (SETUP_FORMS), loaded once. */
export function setupModule(kind) {
  if (!SETUP_FORMS[kind]) return null;
  setupModules[kind] = setupModules[kind] || import(SETUP_FORMS[kind]);
  return setupModules[kind];
}

/** A set-up form's complaint goes away as soon as what it complained about is fixed. */
export function clearWhenFixed(box, error, read) {
  const check = () => {
    const shown = error.textContent;
    if (!shown) return;
    let now = "";
    try { read(); } catch (err) { now = err.message; }
    if (now !== shown) error.textContent = "";
  };
  box.addEventListener("input", check);
  box.addEventListener("change", check);
  box.addEventListener("click", () => setTimeout(check, 0));
}

function fillSeatChoices(select, option, seatNames) {
  const previous = select.options.length ? select.value : JSON.stringify(select.dataset.initial ? JSON.parse(select.dataset.initial) : option.default);
  clear(select);
  for (const choice of option.choices || []) {
    if (Number.isInteger(choice) && choice >= seatNames.length) continue;
    select.append(el("option", {value: JSON.stringify(choice), text: choiceWords(option, choice, seatNames) ?? String(choice)}));
  }
  const values = [...select.options].map((o) => o.value);
  select.value = values.includes(previous) ? previous : values.includes(JSON.stringify(option.default)) ? JSON.stringify(option.default) : values[0];
}

function pickField(option, id, label, help) {
  const chosen = Array.isArray(option.default) ? option.default : null;
  const mode = el("select", {id, name: option.name, "data-testid": `opt-${option.name}`});
  mode.append(el("option", {value: "none", text: optionText(option.none_label) || t("None"), selected: !chosen}),
    el("option", {value: "pick", text: t("Choose {count}", {count: option.pick}), selected: !!chosen}));
  mode.dataset.kind = "pick";
  const pickers = el("div", {class: "pickers", hidden: !chosen});
  (option.choices || []).slice(0, option.pick).forEach((fallback, i) => {
    const select = el("select", {id: `${id}-${i}`, "aria-label": t("{label}: {number} of {count}", {label, number: i + 1, count: option.pick}),
      "data-testid": `opt-${option.name}-${i}`});
    (option.choices || []).forEach((choice, k) => {
      const text = option.choice_labels ? optionText(option.choice_labels[k]) : String(choice);
      select.append(el("option", {value: JSON.stringify(choice), text, selected: same(choice, chosen ? chosen[i] : fallback)}));
    });
    pickers.append(select);
  });
  mode.addEventListener("change", () => { pickers.hidden = mode.value !== "pick"; });
  return el("div", {class: "field", "data-option": option.name}, [el("label", {for: id, text: label}), mode, pickers, help]);
}

/** The form field of one option; `seatNames` names the seats of a seat choice. */
export function optionField(option, seatNames = []) {
  const id = `opt-${option.name}`;
  const label = optionText(option.label) || option.name.replace(/_/g, " ");
  const help = option.help ? el("p", {class: "help", text: optionText(option.help)}) : null;
  let input;
  if (option.kind === "bool") {
    input = el("input", {type: "checkbox", id, name: option.name, checked: !!option.default});
    return el("div", {class: "field check", "data-option": option.name}, [input, el("label", {for: id, text: label}), help]);
  }
  if (option.kind === "json" && option.pick) return pickField(option, id, label, help);
  if (option.kind === "choice") {
    input = el("select", {id, name: option.name, "data-testid": id});
    if (option.seats) {
      input.dataset.seats = "true";
      input.dataset.initial = JSON.stringify(option.default);
      fillSeatChoices(input, option, seatNames);
    } else {
      for (const choice of option.choices || []) {
        input.append(el("option", {value: JSON.stringify(choice), text: valueWords(option, choice),
          selected: same(choice, option.default)}));
      }
    }
  } else if (option.kind === "int") {
    input = el("input", {type: "number", id, name: option.name, step: 1, value: option.default ?? "",
      min: option.minimum ?? undefined, max: option.maximum ?? undefined, inputmode: "numeric"});
  } else {
    input = el("textarea", {id, name: option.name, rows: 3, spellcheck: "false"});
    input.value = option.default === undefined || option.default === null ? "" : JSON.stringify(option.default);
  }
  input.dataset.kind = option.kind;
  return el("div", {class: "field", "data-option": option.name}, [el("label", {for: id, text: label}), input, help]);
}

function readValue(option) {
  const input = $(`opt-${option.name}`);
  const label = optionText(option.label) || option.name;
  if (option.kind === "bool") return input.checked;
  if (option.kind === "choice") return JSON.parse(input.value);
  if (option.kind === "json" && option.pick) {
    if (input.value !== "pick") return null;
    const picked = [];
    for (let i = 0; i < option.pick; i++) picked.push(JSON.parse($(`opt-${option.name}-${i}`).value));
    if (new Set(picked.map((v) => JSON.stringify(v))).size !== picked.length) {
      throw new Error(t("{label}: choose {count} different ones, please.", {label, count: option.pick}));
    }
    return picked;
  }
  if (option.kind === "int") {
    const n = Number(input.value);
    if (input.value === "" && option.default === null) return null; // the server says if it is required
    if (input.value === "" || !Number.isInteger(n)) throw new Error(t("{label}: a whole number, please", {label}));
    return n;
  }
  try { return input.value.trim() ? JSON.parse(input.value) : null; }
  catch { throw new Error(t("{label}: not valid JSON", {label})); }
}

/** The options of the form; those that do not apply to `players` are left to their defaults. */
export function readOptions(game, players) {
  const options = {};
  const shown = (game.options || []).filter((o) => !o.fixture && $(`opt-${o.name}`));
  for (const option of shown) options[option.name] = readValue(option);
  for (const option of shown) if (!applies(option, players, options)) delete options[option.name];
  return options;
}

/** The values the form holds now, without complaints (for showing and hiding fields). */
function formValues(options) {
  const values = {};
  for (const option of options) {
    try { if ($(`opt-${option.name}`)) values[option.name] = readValue(option); } catch { /* shown on submit */ }
  }
  return values;
}

/** Show only the fields that apply; offer only the seats the table has, by their names. */
export function updateFields(box, options, players, seatNames) {
  for (const select of box.querySelectorAll("select[data-seats]")) {
    const option = options.find((o) => `opt-${o.name}` === select.id);
    if (option) fillSeatChoices(select, option, seatNames);
  }
  const values = formValues(options);
  for (const option of options) {
    const field = box.querySelector(`[data-option="${option.name}"]`);
    if (field) field.hidden = !applies(option, players, values);
  }
}

export function holderSelect(seat, value, testid, choices = null) {
  const select = el("select", {id: `holder-${seat}`, "data-testid": testid});
  for (const [v, text] of choices || [["open", t("Open for a friend")], ...botChoices({mode: "off"}), ["host", t("Keep on my device")]]) {
    select.append(el("option", {value: v, text, selected: v === value}));
  }
  return select;
}

/** A private game is never rated (docs/decisions.md): ticking one of the pair unticks the
 * other, so the form never asks for both (the server refuses it with PRIVATE_RATED). */
export function exclusiveBoxes(privateId, ratedId) {
  const priv = document.getElementById(privateId), rated = document.getElementById(ratedId);
  if (!priv || !rated) return;
  priv.addEventListener("change", () => { if (priv.checked) rated.checked = false; });
  rated.addEventListener("change", () => { if (rated.checked) priv.checked = false; });
}

const rulesPages = {};

/** Show `link` (an <a>) pointing at the game's rules page, if the game has one. */
export async function showRulesLink(link, kind, title) {
  if (!(kind in rulesPages)) {
    rulesPages[kind] = fetch(`/rules/${encodeURIComponent(kind)}`).then((r) => r.ok).catch(() => false);
  }
  const ok = await rulesPages[kind];
  link.href = `/rules/${encodeURIComponent(kind)}`;
  link.textContent = t("Rules of {title}", {title});
  link.hidden = !ok;
}
