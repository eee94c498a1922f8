// Where a continued game came from, and where a game was continued, as links in words
// ("Continue from here", docs/api.md): on the game and replay pages ("Round 2 of Friday club"
// for a tournament's game, "Continued from move 12 of the game of Ann and Bob", "Continued
// as: ...") and in a continuation's lobby ("Continuing
// Grand Bazaar from move 12 of ..."). It fills the page's #continued element by itself, from
// GET /api/games/{id} or GET /api/lobbies/{id}, so the pages' own scripts need not know it.

import {el, clear, withNodes} from "./dom.js";
import {api} from "./api.js";
import {andWords} from "./plain_words.js";
import {t} from "./i18n.js";

const enc = encodeURIComponent;

/** "the game of Ann and Bob" (its players), or "an earlier game" if it cannot be read. */
async function gameWords(gameId) {
  try {
    const game = await api("GET", `/api/games/${enc(gameId)}`);
    const names = (game.seats || []).map((s) => s.name).filter(Boolean);
    return {title: game.title || "", words: names.length ? t("the game of {names}", {names: andWords(names)}) : t("an earlier game")};
  } catch {
    return {title: "", words: t("an earlier game")};
  }
}

function sourceLink(origin, words) {
  return el("a", {href: `/games/${enc(origin.game)}/replay?at=${enc(origin.step)}`, text: words,
    dataset: {testid: "continued-from-link"}});
}

/** The lines of a game: its tournament, where it came from, and the games continued from it. */
export async function gameLines(game) {
  const lines = [];
  const cup = game.tournament;  // a tournament's game leads back to it (issue 32)
  if (cup) {
    lines.push(el("p", {class: "muted", dataset: {testid: "game-tournament"}}, withNodes(t("Round {round} of {tournament}.", {round: cup.round}), {
      tournament: el("a", {href: `/tournaments/${enc(cup.id)}`, text: cup.name, dataset: {testid: "game-tournament-link"}})})));
  }
  const origin = game.continued_from;
  if (origin) {
    if (origin.game) {
      const {words} = await gameWords(origin.game);
      lines.push(el("p", {class: "muted", dataset: {testid: "continued-from"}},
        withNodes(t("Continued from move {number} of {game}.", {number: origin.step}), {game: sourceLink(origin, words)})));
    } else {
      lines.push(el("p", {class: "muted", dataset: {testid: "continued-from"},
        text: t("Continued from move {number} of a game played elsewhere.", {number: origin.step})}));
    }
  }
  const later = game.continuations || [];
  if (later.length) {
    const links = [];
    later.forEach((c, i) => {
      if (i) links.push("; ");
      const text = (c.players || []).length ? t("from move {number} ({names})", {number: c.step, names: andWords(c.players)})
        : t("from move {number}", {number: c.step});
      links.push(el("a", {href: `/games/${enc(c.game)}`, text}));
    });
    lines.push(el("p", {class: "muted", dataset: {testid: "continued-as"}}, withNodes(t("Continued as: {games}."), {games: el("span", {}, links)})));
  }
  return lines;
}

/** The line of a continuation's lobby, or null for any other lobby. */
export async function lobbyLine(lobby) {
  const origin = lobby.continuing;
  if (!origin) return null;
  const {words} = await gameWords(origin.game);
  const title = lobby.title || t("the game");
  return el("p", {class: "continuing", dataset: {testid: "lobby-continuing"}},
    withNodes(t("Continuing {title} from move {number} of {game}. The cards and tiles not yet seen are shuffled again; the players and options stay as they were.",
      {title, number: origin.step}), {game: sourceLink(origin, words)}));
}

async function fill() {
  const box = document.getElementById("continued");
  const page = document.getElementById("page");
  if (!box || !page) return;
  let lines = [];
  if (page.dataset.gameId) {
    lines = await gameLines(await api("GET", `/api/games/${enc(page.dataset.gameId)}`));
  } else if (page.dataset.lobbyId) {
    const line = await lobbyLine(await api("GET", `/api/lobbies/${enc(page.dataset.lobbyId)}`));
    if (line) lines = [line];
  }
  clear(box).append(...lines);
  box.hidden = !lines.length;
  box.dataset.filled = "yes";  // for tests: the links are known, whether or not there are any
}

fill().catch((err) => console.error("continued links", err));
