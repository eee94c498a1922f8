// Lobby pages. /lobbies/new: the options form generated from the catalogue's option schema
// (players, options, private, seat holders) -> POST /api/lobbies (+ PATCH for seat holders).
// /lobbies/{id}: seats with join / bot / my device / open, invite link with copy, start for the
// host; polls GET /api/lobbies/{id} every 1.5 s and sends everyone to the game once it starts.

import {el, clear, seatColor} from "./dom.js";
import {api, errorText} from "./api.js";
import {ensureIdentity, whoAmI} from "./identity.js";
import {tableAid, TABLE_HOLDERS, TABLE_SEATS_HELP, tableMeta, tableDeviceWords, tableWaitingHint, tableStart} from "./table_aid.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 1500;
const HOLDER_TEXT = {open: "Open seat", bot: "Bot", host: "On the host's device", user: "Player",
  invited: "kept for the rematch"};
// Bot levels (app/games/bots.py LEVELS), in words. A holder choice "bot" is the normal bot and
// "bot-hard" the hard one, so that one <select> per seat says who holds it and at what level.
const LEVEL_WORDS = {normal: "normal", hard: "hard"};
const BOT_CHOICES = [["bot", "Bot (normal)"], ["bot-hard", "Bot (hard)"]];

/** A bot seat's words: "Bot (hard)"; "Bot" for a seat of an older lobby without a level. */
export function botWords(level) {
  return LEVEL_WORDS[level] ? `Bot (${LEVEL_WORDS[level]})` : "Bot";
}

/** {holder, level} from a holder choice ("bot-hard" is the hard bot). */
export function holderChoice(value) {
  if (value === "bot-hard") return {holder: "bot", level: "hard"};
  if (value === "bot") return {holder: "bot", level: "normal"};
  return {holder: value};
}
// Games whose options have a form of their own instead of the generic fields.
const SETUP_FORMS = {"carcassonne-auction": "/static/games/carcassonne-auction/setup.js"};

// ------------------------------------------------------------------ options in words

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** "1 player", "3 players". */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** Whether an option applies to a table of `players` with these option values. */
export function applies(option, players, values) {
  if (option.min_players && players < option.min_players) return false;
  return Object.entries(option.requires || {}).every(([name, value]) => same(values[name], value));
}

function choiceWords(option, value, seatNames) {
  if (option.seats && Number.isInteger(value)) return seatNames[value] || `Seat ${value + 1}`;
  const i = (option.choices || []).findIndex((c) => same(c, value));
  if (i >= 0 && option.choice_labels) return option.choice_labels[i];
  return null;
}

function jsonWords(value) {
  if (value === null || value === undefined) return "None";
  if (Array.isArray(value)) return value.map(jsonWords).join(", ") || "None";
  if (typeof value === "object") return String(value.label || value.name || value.type || "set");
  return String(value);
}

/** An option's value in words: Yes/No, the choice's label, the seat's name, never raw JSON. */
export function valueWords(option, value, seatNames = []) {
  if (option.kind === "bool") return value ? "Yes" : "No";
  if (value === null || value === undefined) return option.none_label || "None";
  // a number with its unit: "30 full rounds without a purchase end the game"
  if (option.unit && typeof value === "number") return `${value} ${option.unit}`;
  const word = choiceWords(option, value, seatNames);
  if (word !== null) return word;
  if (option.pick && Array.isArray(value)) {
    return value.map((v) => choiceWords(option, v, seatNames) ?? jsonWords(v)).join("; ");
  }
  if (option.kind === "choice" && typeof value === "string") return value.replace(/[-_]/g, " ");
  return jsonWords(value);
}

/** The seat names as the seat list shows them (for the first-player choice and summaries). */
export function lobbySeatNames(lobby, players = lobby.seats.length) {
  const names = [];
  for (let seat = 0; seat < players; seat++) {
    const s = lobby.seats[seat];
    names.push(!s || s.holder === "open" ? `Seat ${seat + 1} (open)` : s.name || `Seat ${seat + 1}`);
  }
  return names;
}

/** A seat as the table calls it: the auction's table name ("Red"), else "Seat 2". */
export function seatLabel(seat) {
  return seat.table_name || `Seat ${seat.seat + 1}`;
}

const setupModules = {};
/** The game's own set-up module (SETUP_FORMS), loaded once. */
function setupModule(kind) {
  if (!SETUP_FORMS[kind]) return null;
  setupModules[kind] = setupModules[kind] || import(SETUP_FORMS[kind]);
  return setupModules[kind];
}

/** A set-up form's complaint goes away as soon as what it complained about is fixed. */
function clearWhenFixed(box, error, read) {
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

// ------------------------------------------------------------------ option fields

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
  mode.append(el("option", {value: "none", text: option.none_label || "None", selected: !chosen}),
    el("option", {value: "pick", text: `Choose ${option.pick}`, selected: !!chosen}));
  mode.dataset.kind = "pick";
  const pickers = el("div", {class: "pickers", hidden: !chosen});
  (option.choices || []).slice(0, option.pick).forEach((fallback, i) => {
    const select = el("select", {id: `${id}-${i}`, "aria-label": `${label}: ${i + 1} of ${option.pick}`,
      "data-testid": `opt-${option.name}-${i}`});
    (option.choices || []).forEach((choice, k) => {
      const text = option.choice_labels ? option.choice_labels[k] : String(choice);
      select.append(el("option", {value: JSON.stringify(choice), text, selected: same(choice, chosen ? chosen[i] : fallback)}));
    });
    pickers.append(select);
  });
  mode.addEventListener("change", () => { pickers.hidden = mode.value !== "pick"; });
  return el("div", {class: "field", "data-option": option.name}, [el("label", {for: id, text: label}), mode, pickers, help]);
}

/** The form field of one option; `seatNames` names the seats of a seat choice. */
function optionField(option, seatNames = []) {
  const id = `opt-${option.name}`;
  const label = option.label || option.name.replace(/_/g, " ");
  const help = option.help ? el("p", {class: "help", text: option.help}) : null;
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
  const label = option.label || option.name;
  if (option.kind === "bool") return input.checked;
  if (option.kind === "choice") return JSON.parse(input.value);
  if (option.kind === "json" && option.pick) {
    if (input.value !== "pick") return null;
    const picked = [];
    for (let i = 0; i < option.pick; i++) picked.push(JSON.parse($(`opt-${option.name}-${i}`).value));
    if (new Set(picked.map((v) => JSON.stringify(v))).size !== picked.length) {
      throw new Error(`${label}: choose ${option.pick} different ones, please.`);
    }
    return picked;
  }
  if (option.kind === "int") {
    const n = Number(input.value);
    if (input.value === "" && option.default === null) return null; // the server says if it is required
    if (input.value === "" || !Number.isInteger(n)) throw new Error(`${label}: a whole number, please`);
    return n;
  }
  try { return input.value.trim() ? JSON.parse(input.value) : null; }
  catch { throw new Error(`${label}: not valid JSON`); }
}

/** The options of the form; those that do not apply to `players` are left to their defaults. */
function readOptions(game, players) {
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
function updateFields(box, options, players, seatNames) {
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

function holderSelect(seat, value, testid, choices = null) {
  const select = el("select", {id: `holder-${seat}`, "data-testid": testid});
  for (const [v, text] of choices || [["open", "Open for a friend"], ...BOT_CHOICES, ["host", "Keep on my device"]]) {
    select.append(el("option", {value: v, text, selected: v === value}));
  }
  return select;
}

/** A private game is never rated (docs/decisions.md): ticking one of the pair unticks the
 * other, so the form never asks for both (the server refuses it with PRIVATE_RATED). */
function exclusiveBoxes(privateId, ratedId) {
  const priv = document.getElementById(privateId), rated = document.getElementById(ratedId);
  if (!priv || !rated) return;
  priv.addEventListener("change", () => { if (priv.checked) rated.checked = false; });
  rated.addEventListener("change", () => { if (rated.checked) priv.checked = false; });
}
exclusiveBoxes("private", "rated");
exclusiveBoxes("settings-private", "settings-rated");
// a rated table allows no takeback by default (docs/decisions.md): ticking rated unticks it
document.getElementById("settings-rated")?.addEventListener("change", (event) => {
  const takebacks = document.getElementById("settings-takebacks");
  if (takebacks) takebacks.checked = !event.target.checked;
});

function wireClock() {
  const clockMode = $("clock-mode");
  const show = (changed) => {
    const mode = clockMode.value;
    $("clock-amount-field").hidden = mode === "off" || mode === "turn";
    $("turn-fields").hidden = mode !== "turn";
    $("clock-amount-label").textContent = mode === "game" ? "Minutes per game, for each player" : "Seconds per move";
    if (changed) $("clock-amount").value = mode === "game" ? "15" : "60";
  };
  clockMode.addEventListener("change", () => show(true));
  show(false);
}

const rulesPages = {};

/** Show `link` (an <a>) pointing at the game's rules page, if the game has one. */
async function showRulesLink(link, kind, title) {
  if (!(kind in rulesPages)) {
    rulesPages[kind] = fetch(`/rules/${encodeURIComponent(kind)}`).then((r) => r.ok).catch(() => false);
  }
  const ok = await rulesPages[kind];
  link.href = `/rules/${encodeURIComponent(kind)}`;
  link.textContent = `Rules of ${title}`;
  link.hidden = !ok;
}

async function newLobbyPage() {
  wireClock();
  // the name is asked for here, when the visitor creates a lobby (issue 25, point 2)
  const me = await ensureIdentity({why: "Pick a name to open a lobby: the players you invite will see it."});
  if (!me) { location.assign("/"); return; }
  const {games} = await api("GET", "/api/catalog");
  const wanted = $("page").dataset.kind;
  const kindSelect = $("kind-select");
  let game = games.find((g) => g.kind === wanted);
  if (!game) {
    $("kind-field").hidden = false;
    for (const g of games) kindSelect.append(el("option", {value: g.kind, text: g.title}));
    game = games[0];
    kindSelect.addEventListener("change", () => { game = games.find((g) => g.kind === kindSelect.value); draw(); });
  }
  const players = $("players");
  const visibleOptions = () => SETUP_FORMS[game.kind] ? [] : (game.options || []).filter((o) => !o.fixture);
  const HOLDER_WORDS = {open: "open", bot: "bot", "bot-hard": "hard bot", host: "on this device"};
  // a physical table's lobby (the stand-alone auction): no bots, clock, takeover or rating
  const ONLINE_ONLY = ["takeover-level", "clock-box", "rated"];
  const seatsHelp = $("seat-holders").querySelector(".help");
  const onlineHelp = seatsHelp.textContent;

  function seatNames() {
    const names = [me.name];
    for (let seat = 1; seat < Number(players.value); seat++) {
      const select = $(`holder-${seat}`);
      names.push(`Seat ${seat + 1} (${HOLDER_WORDS[select ? select.value : "open"]})`);
    }
    return names;
  }

  function updateOptions() {
    updateFields($("options"), visibleOptions(), Number(players.value), seatNames());
  }

  function drawSeats() {
    const rows = $("seat-rows");
    const previous = {};
    for (const s of rows.querySelectorAll("select")) previous[s.id] = s.value;
    clear(rows);
    const n = Number(players.value);
    for (let seat = 1; seat < n; seat++) {
      const select = holderSelect(seat, previous[`holder-${seat}`] || "open", `holder-${seat}`,
        tableAid(game) ? TABLE_HOLDERS : null);
      const dot = el("span", {class: "seat-dot", "aria-hidden": "true"});
      dot.style.background = seatColor(seat);
      rows.append(el("div", {class: "field seat-row"}, [
        el("label", {for: select.id}, [dot, el("span", {"data-seat-label": seat, text: `Seat ${seat + 1}`})]), select]));
    }
    tableSeatNames();
    updateOptions();
  }

  /** At a physical table each seat row says the player's name as typed in the form above. */
  function tableSeatNames() {
    if (!tableAid(game)) return;
    for (const label of $("seat-rows").querySelectorAll("[data-seat-label]")) {
      const typed = $("options").querySelector(`[data-name="${label.dataset.seatLabel}"]`);
      label.textContent = `${(typed && typed.value.trim()) || `Player ${Number(label.dataset.seatLabel) + 1}`}'s seat`;
    }
  }

  function draw() {
    if (!game) { $("form-error").textContent = "No games are available."; return; }
    $("new-title").textContent = `New ${game.title} lobby`;
    $("new-summary").textContent = game.summary || "";
    document.title = `New ${game.title} lobby · Bazaar`;
    clear(players);
    for (let n = game.min_players; n <= game.max_players; n++) {
      players.append(el("option", {value: n, text: plural(n, "player"), selected: n === game.min_players}));
    }
    showRulesLink($("new-rules"), game.kind, game.title);
    const aid = tableAid(game);
    for (const id of ONLINE_ONLY) {
      const node = $(id);
      (node.closest(".field") || node).hidden = Boolean(aid);
      if (aid && node.type === "checkbox") node.checked = false;
    }
    if (aid) $("clock-mode").value = "off";
    seatsHelp.textContent = aid ? TABLE_SEATS_HELP : onlineHelp;
    const box = $("options");
    for (const node of [...box.children]) if (node.tagName !== "LEGEND") node.remove();
    const visible = (game.options || []).filter((o) => !o.fixture);
    setup = null;
    if (SETUP_FORMS[game.kind]) {
      // a game with its own set-up form (the stand-alone auction: names, scores, tiles)
      const kind = game.kind;
      import(SETUP_FORMS[kind]).then((module) => {
        if (game.kind === kind) setup = module.mountSetup(box, players);
        if (setup) clearWhenFixed(box, $("form-error"), () => setup.read());
      });
    } else {
      for (const option of visible) box.append(optionField(option, seatNames()));
    }
    box.hidden = !visible.length;
    drawSeats();
  }
  let setup = null;
  players.addEventListener("change", drawSeats);
  $("seat-rows").addEventListener("change", updateOptions);
  $("options").addEventListener("change", updateOptions);
  $("options").addEventListener("input", tableSeatNames);
  draw();
  $("create-lobby").disabled = !game;

  $("lobby-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = $("create-lobby");
    $("form-error").textContent = "";
    let options;
    try {
      options = setup ? setup.read() : readOptions(game, Number(players.value));
    }
    catch (err) { $("form-error").textContent = err.message; return; }
    const mode = $("clock-mode").value;
    const amount = Number($("clock-amount").value);
    if (mode !== "off" && mode !== "turn" && !(Number.isInteger(amount) && amount > 0)) {
      $("form-error").textContent = "The clock needs a whole number above 0.";
      return;
    }
    const clock = mode === "off" ? {mode}
      : mode === "turn" ? {mode, days: Number($("turn-days").value), on_timeout: $("turn-timeout").value}
      : {mode, seconds: mode === "game" ? amount * 60 : amount};
    button.disabled = true;
    try {
      const lobby = await api("POST", "/api/lobbies", {kind: game.kind, players: Number(players.value),
        options, private: $("private").checked, rated: $("rated").checked, clock,
        takeover_level: $("takeover-level").value});
      const seats = [...$("seat-rows").querySelectorAll("select")]
        .map((s) => ({seat: Number(s.id.slice("holder-".length)), ...holderChoice(s.value)}))
        .filter((s) => s.holder !== "open");
      if (seats.length) await api("PATCH", `/api/lobbies/${encodeURIComponent(lobby.id)}`, {seats});
      location.assign(`/lobbies/${encodeURIComponent(lobby.id)}`);
    } catch (err) {
      $("form-error").textContent = errorText(err);
      button.disabled = false;
    }
  });
}

// ------------------------------------------------------------------ lobby page

/** The turn clock in words. */
/** Who plays a seat taken over after a timeout or a resignation, in words. */
export function takeoverText(level) {
  return `timeouts and resignations: ${LEVEL_WORDS[level] || "normal"} bot`;
}

export function clockText(clock) {
  if (clock && clock.mode === "turn") return `turn-based, ${plural(clock.days, "day")} per move`;
  if (!clock || clock.mode === "off" || !clock.seconds) return "no clock";
  if (clock.mode === "move") return `${clock.seconds} s per move`;
  return `${Math.round(clock.seconds / 60)} min per player`;
}

/** The lobby's options as [label, value in words] pairs: those that apply, fixtures left out. */
export function optionSummary(lobby, game) {
  const given = lobby.options || {};
  const seatNames = lobbySeatNames(lobby);
  if (!game) {
    return Object.entries(given).map(([name, value]) => [name.replace(/_/g, " "), valueWords({kind: "json"}, value)]);
  }
  const options = (game.options || []).filter((o) => !o.fixture);
  const values = {};
  for (const o of options) values[o.name] = Object.prototype.hasOwnProperty.call(given, o.name) ? given[o.name] : o.default;
  return options.filter((o) => applies(o, lobby.seats.length, values))
    .map((o) => [o.label || o.name.replace(/_/g, " "), valueWords(o, values[o.name], seatNames)]);
}

/** The sentences of the options that are on and want saying (a variation on by default, issue
 * 25 point 20), each with its rule: [{note, anchor}]. */
export function optionNotes(lobby, game) {
  if (!game) return [];
  const given = lobby.options || {};
  const options = (game.options || []).filter((o) => !o.fixture);
  const values = {};
  for (const o of options) values[o.name] = Object.prototype.hasOwnProperty.call(given, o.name) ? given[o.name] : o.default;
  return options.filter((o) => o.on_note && o.kind === "bool" && values[o.name] && applies(o, lobby.seats.length, values))
    .map((o) => ({note: o.on_note, anchor: o.rule_anchor || "", label: o.label || o.name}));
}

/** "a, b and c". */
export function andWords(words) {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** What an invitee sees beside the name form: the game, the host and the seats. */
function invitePreview(lobby) {
  const host = (lobby.host && lobby.host.name) || "A player";
  const seats = el("ol", {class: "preview-seats"});
  lobbySeatNames(lobby).forEach((name, seat) => {
    const dot = el("span", {class: "seat-dot", "aria-hidden": "true"});
    dot.style.background = seatColor(seat);
    seats.append(el("li", {}, [dot, el("span", {}, [`${seatLabel(lobby.seats[seat])}: `,
      el("strong", {text: lobby.seats[seat].holder === "open" ? "open" : name})])]));
  });
  const link = el("a", {hidden: true});
  showRulesLink(link, lobby.kind, lobby.title);
  return el("div", {class: "invite-preview", id: "invite-preview", "data-testid": "invite-preview"}, [
    el("p", {class: "invite-what"}, [el("strong", {text: host}), ` invites you to a game of `, el("strong", {text: lobby.title}),
      ` (${plural(lobby.seats.length, "player")}, ${clockText(lobby.clock)}).`]),
    seats,
    el("p", {class: "help"}, [lobby.status === "open"
      ? `${plural(lobby.seats.filter((s) => s.holder === "open").length, "seat")} free: give your name below and the next one is yours. `
      : "The game has already started. ", link]),
  ]);
}

function lobbyKey(lobby) {
  const {created_at: _ignored, ...rest} = lobby;
  return JSON.stringify(rest);
}

async function lobbyPage() {
  const lobbyId = $("page").dataset.lobbyId;
  const path = `/api/lobbies/${encodeURIComponent(lobbyId)}`;
  // An invitee without a name yet (issue 25, point 8): the invitation is shown beside the name
  // form, and giving the name takes a free seat in the same step. A visitor who only looks (a
  // full lobby, "Not now") sees the lobby without a name; "Take this seat" asks for it then.
  let me = await whoAmI();
  if (!me) {
    let first = null;
    try { first = await api("GET", path); } catch { /* the page says what is wrong below */ }
    if (first && first.status === "open" && first.seats.some((s) => s.holder === "open")) {
      me = await ensureIdentity({before: invitePreview(first), submit: "Take a seat"});
      if (me) {
        try { await api("POST", `${path}/join`); } catch (err) { $("lobby-error").textContent = errorText(err); }
      }
    }
  }
  if (!me) me = {user_id: null, name: null};
  /** Before acting, the visitor needs an identity: asked for once, here. */
  async function named(why) {
    if (me.user_id) return true;
    const made = await ensureIdentity({why});
    if (made) me = made;
    return Boolean(made);
  }
  let lobby = null;
  let lastKey = "";
  let busy = false;
  let catalog = [];
  let settingsBuilt = false;
  let settingsOpened = false;
  let setup = null;  // the game's own set-up form, if it has one (SETUP_FORMS)

  function buildSettings() {
    const game = catalog.find((g) => g.kind === lobby.kind);
    const you = lobby.you || {};
    // a continued game keeps the position's players and options (static/js/continued.js says so)
    $("lobby-settings").hidden = !game || !you.is_host || lobby.status !== "open" || !!lobby.continuing;
    if (!game || $("lobby-settings").hidden) return;
    settingsBuilt = true;
    const players = clear($("settings-players"));
    for (let n = game.min_players; n <= game.max_players; n++) {
      players.append(el("option", {value: n, text: plural(n, "player"), selected: n === lobby.seats.length}));
    }
    const box = clear($("settings-options"));
    setup = null;
    if (SETUP_FORMS[game.kind]) {
      const current = lobby.options || {};
      setupModule(game.kind).then((module) => {
        setup = module.mountSetup(box, players, current);
        clearWhenFixed(box, $("settings-error"), () => setup.read());
      });
    } else {
      for (const option of (game.options || []).filter((o) => !o.fixture)) {
        const current = Object.prototype.hasOwnProperty.call(lobby.options || {}, option.name) ? lobby.options[option.name] : option.default;
        box.append(optionField({...option, default: current}, lobbySeatNames(lobby)));
      }
      updateSettings();
    }
    const takeover = $("settings-takeover");
    if (takeover) takeover.value = lobby.takeover_level || "normal";
    $("settings-private").checked = !!lobby.private;
    $("settings-rated").checked = !!lobby.rated;
    $("settings-takebacks").checked = !!lobby.takebacks;
    openSettingsIfMissing();
  }

  /** A host whose lobby lacks options (another auction: placer, tiles) gets the form open, once. */
  function openSettingsIfMissing() {
    const open = lobby.seats.some((s) => s.holder === "open") ? 1 : 0;
    const unset = (Array.isArray(lobby.missing) ? lobby.missing.length : 0) - open;
    if (unset > 0 && !settingsOpened && !$("lobby-settings").hidden) {
      $("lobby-settings").open = true;
      settingsOpened = true;
    }
  }

  function updateSettings() {
    const game = catalog.find((g) => g.kind === lobby.kind);
    if (!game || setup || SETUP_FORMS[game.kind]) return;
    const players = Number($("settings-players").value) || lobby.seats.length;
    updateFields($("settings-options"), (game.options || []).filter((o) => !o.fixture), players, lobbySeatNames(lobby, players));
  }
  $("settings-players").addEventListener("change", updateSettings);
  $("settings-options").addEventListener("change", updateSettings);

  $("settings-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = catalog.find((g) => g.kind === lobby.kind);
    $("settings-error").textContent = "";
    let options;
    try {
      options = setup ? setup.read() : readOptions(game, Number($("settings-players").value));
    }
    catch (err) { $("settings-error").textContent = err.message; return; }
    busy = true;
    try {
      const next = await api("PATCH", path, {options, players: Number($("settings-players").value),
        private: $("settings-private").checked, rated: $("settings-rated").checked,
        takebacks: $("settings-takebacks").checked, takeover_level: $("settings-takeover").value});
      show(next);
      buildSettings();
      $("lobby-settings").open = false;
    } catch (err) {
      $("settings-error").textContent = errorText(err);
    } finally {
      busy = false;
    }
  });

  async function act(method, url, body) {
    busy = true;
    $("lobby-error").textContent = "";
    try {
      const result = await api(method, url, body);
      if (result && result.game_id) { location.assign(`/games/${encodeURIComponent(result.game_id)}`); return; }
      // the host's own change redraws at once, even under the control just used (refocused)
      if (result && result.seats) show(result, true);
      else await refresh();
    } catch (err) {
      $("lobby-error").textContent = errorText(err);
    } finally {
      busy = false;
    }
  }

  /** A seat on the host's device gets the name of whoever plays it there (hot-seat). */
  function deviceName(seat) {
    const input = el("input", {type: "text", maxlength: "40", value: seat.name || "", autocomplete: "off",
      "aria-label": `Name of the player at ${seatLabel(seat)} on your device`, "data-testid": `device-name-${seat.seat}`});
    const form = el("form", {class: "device-name"}, [input,
      el("button", {type: "submit", "data-testid": `device-name-save-${seat.seat}`, text: "Rename"})]);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) { $("lobby-error").textContent = "A seat on your device needs a name."; return; }
      act("PATCH", path, {seats: [{seat: seat.seat, holder: "host", name}]});
    });
    return form;
  }

  function seatItem(seat, you) {
    const mine = you.seats.includes(seat.seat);
    const dot = el("span", {class: "seat-dot", "aria-hidden": "true"});
    dot.style.background = seatColor(seat.seat);
    const aid = tableAid(catalog.find((g) => g.kind === lobby.kind));
    // at a physical table a seat on the host's device is the table's player (the seat's label),
    // not the host a second time as "Ann (2)" (issue 25, point 21)
    const who = seat.holder === "open" ? (aid ? "waiting for a player's phone" : "Open seat")
      : aid && seat.holder === "host" ? tableDeviceWords(lobby) : seat.name || HOLDER_TEXT[seat.holder];
    // the stand-alone auction's next round is "another auction", not a rematch (issue 25, point 28)
    const invited = lobby && lobby.continuing ? "kept for the player"
      : lobby && lobby.kind === "carcassonne-auction" ? "kept for the next auction" : HOLDER_TEXT.invited;
    const tag = seat.holder === "user" ? "player" : seat.holder === "bot" ? botWords(seat.level)
      : seat.holder === "invited" ? invited : HOLDER_TEXT[seat.holder];
    const item = el("li", {class: `seat holder-${seat.holder}${mine ? " mine" : ""}`, "data-testid": `seat-${seat.seat}`}, [
      el("span", {class: "seat-label"}, [dot, el("span", {class: "seat-no", text: seatLabel(seat)})]),
      el("span", {class: "seat-who"}, [
        el("span", {class: "seat-name", text: who}),
        // @username or "guest #tag": two players of one display name are told apart
        seat.mark ? el("span", {class: "mark", "data-testid": `seat-mark-${seat.seat}`, text: seat.mark}) : null,
        seat.holder !== "open" && !(aid && seat.holder === "host")
          ? el("span", {class: "tag", "data-testid": `seat-tag-${seat.seat}`, text: tag}) : null,
        mine ? el("span", {class: "tag", text: "you"}) : null,
      ]),
    ]);
    const controls = el("span", {class: "seat-actions"});
    const invitedHere = seat.holder === "invited" && seat.user_id === me.user_id;
    if (invitedHere && lobby.status === "open") {
      // a rematch keeps this seat for its player: Join takes it, Leave gives it up
      controls.append(
        el("button", {type: "button", class: "primary", "data-testid": `accept-seat-${seat.seat}`,
          text: lobby.continuing ? "Join the game" : "Join the rematch", onclick: () => act("POST", `${path}/join`)}),
        el("button", {type: "button", "data-testid": `decline-seat-${seat.seat}`,
          text: "No, thanks", onclick: () => act("POST", `${path}/leave`)}));
    }
    if (seat.holder === "open" && !you.seats.length && !(you.invited || []).length && lobby.status === "open") {
      controls.append(el("button", {type: "button", class: "primary", "data-testid": `join-seat-${seat.seat}`,
        text: seat.table_name ? `Play as ${seat.table_name}` : "Take this seat",
        onclick: async () => { if (await named("Pick a name to take this seat.")) act("POST", `${path}/join`, {seat: seat.seat}); }}));
    }
    const hostOwnSeat = seat.holder === "user" && seat.user_id === me.user_id;
    if (you.is_host && lobby.status === "open" && !hostOwnSeat) {
      const select = el("select", {"aria-label": `Who holds ${seat.table_name || `seat ${seat.seat + 1}`}`, "data-testid": `seat-holder-${seat.seat}`});
      if (seat.holder === "user") select.append(el("option", {value: "user", text: `${seat.name || "Player"} (player)`, selected: true}));
      if (seat.holder === "invited") select.append(el("option", {value: "invited", text: `${seat.name || "Player"} (not here yet)`, selected: true}));
      const current = seat.holder === "bot" ? (seat.level === "hard" ? "bot-hard" : "bot") : seat.holder;
      for (const [v, text] of aid ? TABLE_HOLDERS : [["open", "Open"], ...BOT_CHOICES, ["host", "My device"]]) {
        select.append(el("option", {value: v, text, selected: current === v}));
      }
      select.addEventListener("change", () => {
        const choice = holderChoice(select.value);
        // giving a seat to a bot, or another level to a bot seat: POST .../bots again
        if (choice.holder === "bot") act("POST", `${path}/bots`, {seat: seat.seat, level: choice.level});
        else if (select.value !== "user" && select.value !== "invited") act("PATCH", path, {seats: [{seat: seat.seat, holder: select.value}]});
      });
      controls.append(select);
    }
    if (you.is_host && lobby.status === "open" && seat.holder === "host" && !aid) controls.append(deviceName(seat));
    item.append(controls);
    return item;
  }

  function show(next, mine = false) {
    const key = lobbyKey(next);
    lobby = next;
    if (lobby.status === "started" && lobby.game_id) {
      $("lobby-hint").textContent = "The game has started: taking you there…";
      location.assign(`/games/${encodeURIComponent(lobby.game_id)}`);
      return;
    }
    if (key === lastKey) return;
    // don't redraw under an open <select> the user is working with
    const active = document.activeElement;
    const inSeats = active && ["SELECT", "INPUT"].includes(active.tagName) && $("seats").contains(active);
    if (inSeats && !mine) return;
    const refocus = inSeats && active.dataset.testid;
    lastKey = key;
    const you = lobby.you || {seats: [], is_host: false};
    document.title = `${lobby.title} lobby · Bazaar`;
    $("lobby-title").textContent = `${lobby.title} lobby`;
    $("lobby-status").textContent = lobby.status === "open" ? "waiting for players" : lobby.status;
    const aid = tableAid(catalog.find((g) => g.kind === lobby.kind));
    $("lobby-meta").textContent = aid ? tableMeta(lobby)
      : `Host: ${(lobby.host && lobby.host.name) || "?"} · ${plural(lobby.seats.length, "player")} · ${lobby.private ? "private" : "public"} · ${lobby.rated ? "rated" : "casual"} · ${clockText(lobby.clock)} · ${takeoverText(lobby.takeover_level)}`;
    $("start-game").textContent = aid ? tableStart(aid) : "Start the game";
    $("lobby-takebacks").textContent = aid ? "" : lobby.takebacks_words || "";
    for (const id of ["settings-takeover", "settings-rated", "settings-takebacks"]) $(id).closest(".field").hidden = Boolean(aid);
    showRulesLink($("lobby-rules"), lobby.kind, lobby.title);
    const invite = $("invite-link");
    const url = new URL(lobby.invite_url || `/lobbies/${lobby.id}`, location.origin).href;
    if (invite.value !== url) invite.value = url;

    const seats = $("seats");
    clear(seats);
    for (const seat of lobby.seats) seats.append(seatItem(seat, you));
    if (refocus) {
      const again = seats.querySelector(`[data-testid="${refocus}"]`);
      if (again) again.focus();
    }

    const opts = $("lobby-options");
    const own = setupModule(lobby.kind);
    if (own) {
      // a game with its own set-up form says its options its own way (the auction: names, pictures)
      const shown = lobby;
      own.then((module) => {
        if (lobby !== shown) return;
        clear(opts);
        for (const [label, node] of module.summary(lobby.options || {}, lobby.seats.length)) {
          opts.append(el("dt", {text: label}), el("dd", {}, [node]));
        }
      });
    } else {
      clear(opts);
      for (const [label, words] of optionSummary(lobby, catalog.find((g) => g.kind === lobby.kind))) {
        opts.append(el("dt", {text: label}), el("dd", {text: words}));
      }
    }
    const notes = clear($("lobby-notes"));
    for (const {note, anchor, label} of optionNotes(lobby, catalog.find((g) => g.kind === lobby.kind))) {
      notes.append(el("p", {class: "option-note", "data-testid": "option-note"}, [`${note} `,
        el("a", {href: `/rules/${encodeURIComponent(lobby.kind)}${anchor ? `#${encodeURIComponent(anchor)}` : ""}`,
          text: `The rule: ${label}`})]));
    }
    notes.hidden = !notes.children.length;
    if (settingsBuilt) updateSettings();
    const open = lobby.seats.filter((s) => s.holder === "open").length;
    // the server says whether Start will succeed, and what is missing (in words) if not
    const missing = Array.isArray(lobby.missing) ? lobby.missing : [];
    const ready = lobby.ready === undefined ? open === 0 : !!lobby.ready;
    const invitedSeats = lobby.seats.filter((s) => s.holder === "invited");
    const people = (open ? 1 : 0) + (invitedSeats.length ? 1 : 0);  // the words about seats come first
    const unset = missing.length - people;  // what the settings must still give
    const start = $("start-game");
    start.hidden = !you.is_host;
    start.disabled = !ready;
    $("leave-lobby").hidden = you.is_host || !you.seats.length;
    const waitingFor = missing.slice(0, people);
    let hint;
    if (you.is_host) {
      if (ready) hint = "Everyone is here: start when you are ready.";
      else if (unset > 0) hint = `Before the start, enter ${andWords(missing.slice(people))} in the settings form.`
        + (people ? ` Also waiting for ${andWords(waitingFor)}.` : "");
      else if (invitedSeats.length && !open) hint = `Waiting for ${andWords(waitingFor)}. You may give a seat to a bot instead.`;
      else if (invitedSeats.length) hint = `Waiting for ${andWords(waitingFor)}. Send the invite link, or give a seat to a bot.`;
      else if (aid) hint = tableWaitingHint(open);
      else hint = `Waiting for ${open} more ${open === 1 ? "player" : "players"}. Send the invite link, or give the seat to a bot.`;
    } else if ((you.invited || []).length) {
      const host = (lobby.host && lobby.host.name) || "The host";
      hint = lobby.continuing
        ? `${host} continues the game from move ${lobby.continuing.step}: your seat is kept for you.`
        : `${host} offers ${lobby.kind === "carcassonne-auction" ? "another auction" : "a rematch"}: your seat is kept for you.`;
    } else {
      hint = you.seats.length ? "You are in. The game starts when the host says so." : open ? "Take a free seat to play." : "This lobby is full.";
      if (unset > 0) hint += ` The host still has to enter ${andWords(missing.slice(people))}.`;
    }
    $("lobby-hint").textContent = hint;
    $("lobby-hint").dataset.ready = ready ? "yes" : "no";
    openSettingsIfMissing();
  }

  async function refresh() {
    try {
      show(await api("GET", path));
    } catch (err) {
      $("lobby-error").textContent = errorText(err);
    }
  }

  $("copy-invite").addEventListener("click", async () => {
    const input = $("invite-link");
    let ok = false;
    try {
      await navigator.clipboard.writeText(input.value);
      ok = true;
    } catch {
      input.select();
      try { ok = document.execCommand("copy"); } catch { ok = false; }
    }
    $("copy-note").textContent = ok ? "Copied. Send it to your friends." : "Select the link and copy it.";
    input.select();
  });
  // the phone's share sheet, where the browser has one (issue 25, point 8)
  const share = $("share-invite");
  share.hidden = typeof navigator.share !== "function";
  share.addEventListener("click", async () => {
    const data = {title: `${lobby ? lobby.title : "A game"} at Bazaar`, text: "Come and play with me:", url: $("invite-link").value};
    try {
      await navigator.share(data);
      $("copy-note").textContent = "";
    } catch (err) {
      // closing the share sheet is not a failure; anything else falls back to Copy
      if (!err || err.name !== "AbortError") $("copy-note").textContent = "This device cannot share it: use Copy instead.";
    }
  });
  $("start-game").addEventListener("click", () => act("POST", `${path}/start`));
  $("leave-lobby").addEventListener("click", () => act("POST", `${path}/leave`));

  try {
    catalog = (await api("GET", "/api/catalog")).games || [];
  } catch { catalog = []; }
  await refresh();
  if (lobby && !settingsBuilt) buildSettings();
  const poll = async () => {
    if (!busy && lobby && lobby.status !== "started") await refresh();
    setTimeout(poll, POLL_MS);
  };
  setTimeout(poll, POLL_MS);
}

const page = document.body.classList;
const run = page.contains("page-lobby-new") ? newLobbyPage : page.contains("page-lobby") ? lobbyPage : null;
if (run) {
  run().catch((err) => {
    console.error(err);
    const target = document.getElementById("form-error") || document.getElementById("lobby-error");
    if (target) target.textContent = `Something went wrong: ${errorText(err)}`;
  });
}
