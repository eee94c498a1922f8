// A tournament's page (docs/api.md "Tournaments"): register or withdraw, your table, the podium,
// the standings with each player's results, every round's tables (watch or replay), and the
// scoring rules in words. It reads the tournament again every few seconds while it is open or
// being played. Names are user text: only ever set as text.

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {ensureIdentity} from "./identity.js";
import {formatWords, ordinal, pointsWords, whenWords} from "./tournament_words.js";
import {ratedText} from "./lobby_words.js";

const $ = (id) => document.getElementById(id);
const id = document.getElementById("page").dataset.tournamentId;
const REFRESH_MS = 4000;
let confirming = null;  // the action waiting for its confirmation tap
let timer = null;
let loads = 0;  // readings drawn so far (tests wait on the page's data-loads for a redraw)
// the players whose games are open: a redraw every few seconds must not close them under
// the reader's finger (the standings are read while a round is played)
const opened = new Set();

function statusWords(t) {
  if (t.status === "open") return "Registration open";
  if (t.status === "running") return `Round ${t.current_round} of ${t.rounds}`;
  if (t.status === "finished") return "Finished";
  return "Called off";
}

function summary(t) {
  // everyone who played counts, one who withdrew after the start too (said apart)
  const people = t.players.length;
  const left = t.players.filter((p) => p.withdrawn).length;
  const parts = [`${t.title}, ${formatWords(t.format, t.table_size)}`,
    t.format === "swiss" || t.status !== "open" ? `${t.rounds} ${t.rounds === 1 ? "round" : "rounds"}` : null,
    `${people} ${people === 1 ? "player" : "players"}${left ? ` (${left} withdrew)` : ""}`,
    `organised by ${t.host.name}`,
    t.status === "open" ? `registration closes ${whenWords(t.starts_at)}` : null,
    ratedText(t.rated), t.private ? "by invitation" : null];
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
      el("button", {type: "button", text: "Cancel", onclick: () => { confirming = null; load(); }}),
    ];
  }
  return [el("button", {type: "button", "data-testid": testid, text: label,
    onclick: () => { confirming = key; load(); }})];
}

function actions(t) {
  const box = clear($("t-actions"));
  const you = t.you;
  if (t.status === "open" && !you.registered) {
    box.append(el("button", {type: "button", class: "primary", "data-testid": "t-register", text: "Register to play",
      onclick: (e) => act("register", e.currentTarget)}));
  }
  if (t.status === "open" && you.registered) {
    box.append(el("span", {class: "muted", text: "You are registered."}),
      ...twoStep("withdraw", "Withdraw", "Yes, withdraw", "withdraw", "t-withdraw"));
  }
  if (t.status === "running" && you.registered) {
    box.append(...twoStep("withdraw", "Withdraw from later rounds", "Yes, play no more rounds", "withdraw", "t-withdraw"));
  }
  if (t.status === "open" && you.is_host) {
    box.append(...twoStep("start", "Start now", "Yes, close registration and start", "start", "t-start"));
  }
  if (you.withdrawn) box.append(el("span", {class: "muted", text: "You withdrew: you are seated in no later round."}));
}

function yourTable(t) {
  const box = $("t-yours");
  clear(box);
  box.hidden = !t.you.game_id;
  if (!t.you.game_id) return;
  box.append(el("p", {text: `Your table for round ${t.current_round} is ready.`}),
    el("a", {class: "button primary", href: `/games/${encodeURIComponent(t.you.game_id)}`, "data-testid": "t-play", text: "Play your game"}));
}

/** A "your table is ready" card of this tournament is stale once its round has passed or the
 * table has ended. A reading taken before the card's round was seated says nothing of it
 * (it may arrive after the notice): only a reading of that round or a later one removes it. */
function dropStaleCards(t) {
  const mine = (number) => (t.rounds_played.find((r) => r.round === number) || {tables: []}).tables
    .find((x) => x.seats.some((s) => s.user_id === t.you.user_id));
  for (const card of document.querySelectorAll(".notice[data-tournament]")) {
    if (card.dataset.tournament !== t.id) continue;
    const number = Number(card.dataset.round || 0);
    const table = mine(number);
    const over = t.status === "finished" || t.status === "cancelled";
    if (over || number < t.current_round || (table && table.status !== "playing")) card.remove();
  }
}

function podium(t) {
  $("t-podium-box").hidden = !t.podium.length;
  const box = clear($("t-podium"));
  for (const p of t.podium) {
    box.append(el("li", {class: `podium-place place-${p.place}`, "data-testid": "t-podium-place"}, [
      el("span", {class: "podium-rank", text: ordinal(p.place)}),
      el("strong", {text: p.name}),
      el("span", {class: "muted", text: `${pointsWords(p.points)} ${p.points === 1 ? "point" : "points"}`}),
    ]));
  }
}

function resultLine(r) {
  const points = `${pointsWords(r.points)} ${r.points === 1 ? "point" : "points"}`;
  const place = `${r.tied ? "shared " : ""}${ordinal(r.place)} of ${r.of}`;
  const what = r.forfeit ? "forfeited, no points" : `${place}, ${points}, game score ${r.score}`;
  return el("li", {}, [`Round ${r.round}, table ${r.table}: ${what} `,
    r.game_id ? el("a", {href: `/games/${encodeURIComponent(r.game_id)}/replay`, text: "Replay"}) : null]);
}

function standings(t) {
  const box = clear($("t-standings"));
  if (!t.standings.length) {
    box.append(el("p", {class: "muted", text: "Nobody has registered yet."}));
    return;
  }
  const body = el("tbody");
  for (const s of t.standings) {
    const mine = s.user_id === t.you.user_id;
    // each player's games open in a full-width row under their line (room on a phone)
    const isOpen = opened.has(s.user_id);
    const results = el("tr", {class: "t-results-row", hidden: !isOpen}, el("td", {colspan: "4"},
      el("ul", {class: "t-results", "aria-label": `${s.name}'s games`}, s.results.map(resultLine))));
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
        s.withdrawn ? el("span", {class: "tag warn", text: "withdrew"}) : null,
      ]),
      el("td", {class: "num", text: pointsWords(s.points)}),
      // the two tie-breaks may go on two lines (a phone), each one whole
      el("td", {class: "num tiebreak"}, [el("span", {text: pointsWords(s.opponents)}),
        el("span", {class: "sep", text: " · "}), el("span", {text: String(s.score)})]),
    ]), results);
  }
  box.append(el("table", {class: "standings"}, [
    el("thead", {}, el("tr", {}, [el("th", {scope: "col", text: "Place"}), el("th", {scope: "col", text: "Player"}),
      el("th", {scope: "col", class: "num", text: "Points"}),
      el("th", {scope: "col", class: "num tiebreak", title: "Opponents' points, then game score", text: "Tie-breaks"})])),
    body,
  ]));
  box.append(el("p", {class: "help", text: "Tie-breaks: the points of the opponents you met, then your total game score. Tap a name to see that player's games."}));
}

function seatLine(seat) {
  const name = seat.bot ? "a bot" : seat.name;
  if (seat.place === undefined) return el("li", {text: name});
  const what = seat.forfeit ? "forfeited" : `${seat.tied ? "shared " : ""}${ordinal(seat.place)}, ${pointsWords(seat.points)} ${seat.points === 1 ? "point" : "points"}`;
  return el("li", {text: `${name}: ${what}`});
}

function rounds(t) {
  const box = clear($("t-rounds"));
  if (!t.rounds_played.length) {
    box.append(el("p", {class: "muted", text: t.status === "open" ? "Round 1 is seated when registration closes." : "No round was played."}));
    return;
  }
  for (const r of [...t.rounds_played].reverse()) {
    const playing = r.tables.some((x) => x.status === "playing");
    const tables = el("div", {class: "t-tables"});
    for (const x of r.tables) {
      const live = x.status === "playing";
      tables.append(el("article", {class: "t-table", "data-testid": "t-table"}, [
        el("h4", {text: `Table ${x.table}${live ? " (playing)" : ""}`}),
        el("ul", {class: "t-seats"}, x.seats.map(seatLine)),
        el("a", {class: "button", href: `/games/${encodeURIComponent(x.game_id)}${live ? "" : "/replay"}`,
          "data-testid": live ? "t-watch" : "t-replay", text: live ? "Watch" : "Replay"}),
      ]));
    }
    box.append(el("section", {class: "card t-round", "data-testid": "t-round"}, [
      el("h3", {text: `Round ${r.round}${playing ? ": being played" : ""}`}), tables]));
  }
}

function draw(t) {
  document.title = `${t.name} · Bazaar`;
  $("t-title").textContent = t.name;
  $("t-status").textContent = statusWords(t);
  $("t-summary").textContent = summary(t);
  actions(t);
  yourTable(t);
  dropStaleCards(t);
  podium(t);
  standings(t);
  rounds(t);
  const rules = clear($("t-rules"));
  for (const line of t.rules) rules.append(el("li", {text: line}));
  $("page").dataset.loads = String(++loads);
  clearTimeout(timer);
  if (t.status === "open" || t.status === "running") timer = setTimeout(load, REFRESH_MS);
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
