// A tournament's page (docs/api.md "Tournaments"): register or withdraw, your table, the podium,
// the standings with each player's results, every round's tables (watch or replay), and the
// scoring rules in words. It reads the tournament again every few seconds while it is open or
// being played. Names are user text: only ever set as text.

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {ensureIdentity} from "./identity.js";
import {formatWords, ordinal, pointsWords, whenWords} from "./tournament_words.js";
import {ratedText} from "./lobby_words.js";
import {t, tn} from "./i18n.js";

const $ = (id) => document.getElementById(id);
const id = document.getElementById("page").dataset.tournamentId;
const REFRESH_MS = 4000;
let confirming = null;  // the action waiting for its confirmation tap
let timer = null;
let loads = 0;  // readings drawn so far (tests wait on the page's data-loads for a redraw)
// the players whose games are open: a redraw every few seconds must not close them under
// the reader's finger (the standings are read while a round is played)
const opened = new Set();

function statusWords(tour) {
  if (tour.status === "open") return t("Registration open");
  if (tour.status === "running") return t("Round {round} of {rounds}", {round: tour.current_round, rounds: tour.rounds});
  if (tour.status === "finished") return t("Finished");
  return t("Called off");
}

function summary(tour) {
  // everyone who played counts, one who withdrew after the start too (said apart)
  const people = tour.players.length;
  const left = tour.players.filter((p) => p.withdrawn).length;
  const parts = [`${tour.title}, ${formatWords(tour.format, tour.table_size)}`,
    tour.format === "swiss" || tour.status !== "open" ? tn("{n} round", "{n} rounds", tour.rounds) : null,
    left ? tn("{n} player ({left} withdrew)", "{n} players ({left} withdrew)", people, {left}) : tn("{n} player", "{n} players", people),
    t("organised by {name}", {name: tour.host.name}),
    tour.status === "open" ? t("registration closes {when}", {when: whenWords(tour.starts_at)}) : null,
    ratedText(tour.rated), tour.private ? t("by invitation") : null];
  return parts.filter(Boolean).join(" · ");
}

async function act(path, button) {
  $("t-error").textContent = "";
  button.disabled = true;
  try {
    draw(await api("POST", `/api/tournaments/${encodeURIComponent(id)}/${path}`));
  } catch (err) {
    $("t-error").textContent = errorText(err);
    button.disabled = false;
  }
}

/** A button that asks once more before it acts (nothing commits on one tap). */
function twoStep(key, label, confirmLabel, path, testid) {
  if (confirming === key) {
    return [
      el("button", {type: "button", class: "primary", "data-testid": `${testid}-confirm`, text: confirmLabel,
        onclick: (e) => { confirming = null; act(path, e.currentTarget); }}),
      el("button", {type: "button", text: t("Cancel"), onclick: () => { confirming = null; load(); }}),
    ];
  }
  return [el("button", {type: "button", "data-testid": testid, text: label,
    onclick: () => { confirming = key; load(); }})];
}

function actions(tour) {
  const box = clear($("t-actions"));
  const you = tour.you;
  if (tour.status === "open" && !you.registered) {
    box.append(el("button", {type: "button", class: "primary", "data-testid": "t-register", text: t("Register to play"),
      onclick: (e) => act("register", e.currentTarget)}));
  }
  if (tour.status === "open" && you.registered) {
    box.append(el("span", {class: "muted", text: t("You are registered.")}),
      ...twoStep("withdraw", t("Withdraw"), t("Yes, withdraw"), "withdraw", "t-withdraw"));
  }
  if (tour.status === "running" && you.registered) {
    box.append(...twoStep("withdraw", t("Withdraw from later rounds"), t("Yes, play no more rounds"), "withdraw", "t-withdraw"));
  }
  if (tour.status === "open" && you.is_host) {
    box.append(...twoStep("start", t("Start now"), t("Yes, close registration and start"), "start", "t-start"));
  }
  if (you.withdrawn) box.append(el("span", {class: "muted", text: t("You withdrew: you are seated in no later round.")}));
}

function yourTable(tour) {
  const box = $("t-yours");
  clear(box);
  box.hidden = !tour.you.game_id;
  if (!tour.you.game_id) return;
  box.append(el("p", {text: t("Your table for round {round} is ready.", {round: tour.current_round})}),
    el("a", {class: "button primary", href: `/games/${encodeURIComponent(tour.you.game_id)}`, "data-testid": "t-play", text: t("Play your game")}));
}

/** A "your table is ready" card of this tournament is stale once its round has passed or the
 * table has ended. A reading taken before the card's round was seated says nothing of it
 * (it may arrive after the notice): only a reading of that round or a later one removes it. */
function dropStaleCards(tour) {
  const mine = (number) => (tour.rounds_played.find((r) => r.round === number) || {tables: []}).tables
    .find((x) => x.seats.some((s) => s.user_id === tour.you.user_id));
  for (const card of document.querySelectorAll(".notice[data-tournament]")) {
    if (card.dataset.tournament !== tour.id) continue;
    const number = Number(card.dataset.round || 0);
    const table = mine(number);
    const over = tour.status === "finished" || tour.status === "cancelled";
    if (over || number < tour.current_round || (table && table.status !== "playing")) card.remove();
  }
}

function podium(tour) {
  $("t-podium-box").hidden = !tour.podium.length;
  const box = clear($("t-podium"));
  for (const p of tour.podium) {
    box.append(el("li", {class: `podium-place place-${p.place}`, "data-testid": "t-podium-place"}, [
      el("span", {class: "podium-rank", text: ordinal(p.place)}),
      el("strong", {text: p.name}),
      el("span", {class: "muted", text: tn("{points} point", "{points} points", p.points, {points: pointsWords(p.points)})}),
    ]));
  }
}

function resultLine(r) {
  const points = tn("{points} point", "{points} points", r.points, {points: pointsWords(r.points)});
  const place = r.tied ? t("shared {place} of {of}", {place: ordinal(r.place), of: r.of}) : t("{place} of {of}", {place: ordinal(r.place), of: r.of});
  const what = r.forfeit ? t("forfeited, no points") : t("{place}, {points}, game score {score}", {place, points, score: r.score});
  return el("li", {}, [t("Round {round}, table {table}: {what}", {round: r.round, table: r.table, what}) + " ",
    r.game_id ? el("a", {href: `/games/${encodeURIComponent(r.game_id)}/replay`, text: t("Replay")}) : null]);
}

function standings(tour) {
  const box = clear($("t-standings"));
  if (!tour.standings.length) {
    box.append(el("p", {class: "muted", text: t("Nobody has registered yet.")}));
    return;
  }
  const body = el("tbody");
  for (const s of tour.standings) {
    const mine = s.user_id === tour.you.user_id;
    // each player's games open in a full-width row under their line (room on a phone)
    const isOpen = opened.has(s.user_id);
    const results = el("tr", {class: "t-results-row", hidden: !isOpen}, el("td", {colspan: "4"},
      el("ul", {class: "t-results", "aria-label": t("{name}'s games", {name: s.name})}, s.results.map(resultLine))));
    const toggle = el("button", {type: "button", class: "t-name", "aria-expanded": String(isOpen),
      "data-testid": "t-player", text: s.name, onclick: (e) => {
        const open = e.currentTarget.getAttribute("aria-expanded") !== "true";
        e.currentTarget.setAttribute("aria-expanded", String(open));
        if (open) opened.add(s.user_id); else opened.delete(s.user_id);
        results.hidden = !open;
      }});
    body.append(el("tr", {class: mine ? "mine" : null, "data-testid": "t-standing"}, [
      el("td", {class: "num", text: s.games ? ordinal(s.place) : "–"}),
      el("td", {}, [
        s.results.length ? toggle : el("span", {text: s.name}),
        s.withdrawn ? el("span", {class: "tag warn", text: t("withdrew")}) : null,
      ]),
      el("td", {class: "num", text: pointsWords(s.points)}),
      // the two tie-breaks may go on two lines (a phone), each one whole
      el("td", {class: "num tiebreak"}, [el("span", {text: pointsWords(s.opponents)}),
        el("span", {class: "sep", text: " · "}), el("span", {text: String(s.score)})]),
    ]), results);
  }
  box.append(el("table", {class: "standings"}, [
    el("thead", {}, el("tr", {}, [el("th", {scope: "col", text: t("Place")}), el("th", {scope: "col", text: t("Player")}),
      el("th", {scope: "col", class: "num", text: t("Points")}),
      el("th", {scope: "col", class: "num tiebreak", title: t("Opponents' points, then game score"), text: t("Tie-breaks")})])),
    body,
  ]));
  box.append(el("p", {class: "help", text: t("Tie-breaks: the points of the opponents you met, then your total game score. Tap a name to see that player's games.")}));
}

function seatLine(seat) {
  const name = seat.bot ? t("a bot") : seat.name;
  if (seat.place === undefined) return el("li", {text: name});
  const points = tn("{points} point", "{points} points", seat.points, {points: pointsWords(seat.points)});
  const what = seat.forfeit ? t("forfeited") : seat.tied ? t("shared {place}, {points}", {place: ordinal(seat.place), points}) : t("{place}, {points}", {place: ordinal(seat.place), points});
  return el("li", {text: `${name}: ${what}`});
}

function rounds(tour) {
  const box = clear($("t-rounds"));
  if (!tour.rounds_played.length) {
    box.append(el("p", {class: "muted", text: tour.status === "open" ? t("Round 1 is seated when registration closes.") : t("No round was played.")}));
    return;
  }
  for (const r of [...tour.rounds_played].reverse()) {
    const playing = r.tables.some((x) => x.status === "playing");
    const tables = el("div", {class: "t-tables"});
    for (const x of r.tables) {
      const live = x.status === "playing";
      tables.append(el("article", {class: "t-table", "data-testid": "t-table"}, [
        el("h4", {text: live ? t("Table {table} (playing)", {table: x.table}) : t("Table {table}", {table: x.table})}),
        el("ul", {class: "t-seats"}, x.seats.map(seatLine)),
        el("a", {class: "button", href: `/games/${encodeURIComponent(x.game_id)}${live ? "" : "/replay"}`,
          "data-testid": live ? "t-watch" : "t-replay", text: live ? t("Watch") : t("Replay")}),
      ]));
    }
    box.append(el("section", {class: "card t-round", "data-testid": "t-round"}, [
      el("h3", {text: playing ? t("Round {round}: being played", {round: r.round}) : t("Round {round}", {round: r.round})}), tables]));
  }
}

function draw(tour) {
  document.title = `${tour.name} · Bazaar`;
  $("t-title").textContent = tour.name;
  $("t-status").textContent = statusWords(tour);
  $("t-summary").textContent = summary(tour);
  actions(tour);
  yourTable(tour);
  dropStaleCards(tour);
  podium(tour);
  standings(tour);
  rounds(tour);
  const rules = clear($("t-rules"));
  for (const line of tour.rules) rules.append(el("li", {text: line}));
  $("page").dataset.loads = String(++loads);
  clearTimeout(timer);
  if (tour.status === "open" || tour.status === "running") timer = setTimeout(load, REFRESH_MS);
}

async function load() {
  try {
    draw(await api("GET", `/api/tournaments/${encodeURIComponent(id)}`));
  } catch (err) {
    $("t-error").textContent = errorText(err);
    clearTimeout(timer);
    timer = setTimeout(load, REFRESH_MS * 2);
  }
}

// a notice of this tournament (your table is ready) or of a game's end redraws at once rather
// than at the next reading
window.addEventListener("bazaar:notice", (e) => {
  if (e.detail.tournament_id === id || e.detail.kind === "finished") load();
});

ensureIdentity().then(load);
