// Rule ids out of player-facing text (issue 13, point 14). Engines cite the rule in every refusal
// ("CAR-15: the tile must touch..."); status lines, hints and button titles show the words only,
// and a move's error keeps the id as a small "Rule CAR-15" link to the game's rules page.

import {el} from "./dom.js";
import {t} from "./i18n.js";

const ID = "[A-Z]{2,4}-\\d+[a-z]?";
// "CAR-15: ", "GB-13f, GB-14: " at the start of a text
const LEAD = new RegExp(`^\\s*(${ID}(?:\\s*(?:,|and|to)\\s*${ID})*)\\s*:\\s*`);
// a parenthesis that holds nothing but rule ids: "(CAR-86)", "(GB-9, GB-11)", "(GB-13 a-e)"
const PAREN = /\s*\(([^()]*)\)/g;
const ONLY_IDS = new RegExp(`^(?:\\s|,|;|\\band\\b|\\bto\\b|\\brules?\\b|\\b[a-f]-[a-f]\\b|${ID})*$`);
const ANY_ID = new RegExp(ID, "g");
const HAS_ID = new RegExp(ID);

/** {words, rules}: the text without its rule ids, and the ids it cited (in order). */
export function splitRule(text) {
  let words = String(text == null ? "" : text);
  const rules = [];
  const lead = words.match(LEAD);
  if (lead) {
    rules.push(...lead[1].match(ANY_ID));
    words = words.slice(lead[0].length);
    words = words.charAt(0).toUpperCase() + words.slice(1);
  }
  words = words.replace(PAREN, (all, inner) => {
    if (!HAS_ID.test(inner) || !ONLY_IDS.test(inner)) return all;
    rules.push(...inner.match(ANY_ID));
    return "";
  });
  return {words: words.trim(), rules};
}

/** The words of a text, without rule ids (for status lines, hints and titles). */
export function words(text) {
  return splitRule(text).words;
}

/** An error's nodes: its words, then a small "Rule X-1" link per cited rule (the detail). */
export function errorNodes(text, kind) {
  if (!text) return [];
  const {words: said, rules} = splitRule(text);
  const nodes = [said];
  for (const rule of rules) {
    nodes.push(" ", el("a", {class: "rule-ref muted", style: "font-size: .85em", href: kind ? `/rules/${kind}` : "#",
      target: "_blank", rel: "noopener", title: t("The rules of this game (rule {rule})", {rule}), text: t("Rule {rule}", {rule})}));
  }
  return nodes;
}

/** Show an error in `node` (replacing what it held): words plus the rule link. */
export function showError(node, text, kind) {
  node.replaceChildren(...(text ? errorNodes(text, kind) : []));
}
