// A bot's level in words (app/games/bots.py LEVELS), one place for the lobby, the players
// panel and the log. A function rather than a table built at import, so the words are looked up
// in the catalogue of the page's language when they are said.

import {t} from "./i18n.js";

const LEVELS = {normal: () => t("normal"), hard: () => t("hard"), expert: () => t("expert")};

/** "normal", "hard", "expert" in the page's language; "" for a level this page does not know. */
export function levelWord(level) {
  return LEVELS[level] ? LEVELS[level]() : "";
}
