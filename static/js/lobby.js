// Lobby pages. /lobbies/new: the options form generated from the catalogue's option schema
// (players, options, private, seat holders) -> POST /api/lobbies (+ PATCH for seat holders).
// /lobbies/{id}: seats with join / bot / my device / open, invite link with copy, start for the
// host; polls GET /api/lobbies/{id} every 1.5 s and sends everyone to the game once it starts.

import {el, clear, seatColor} from "./dom.js";
import {api, errorText} from "./api.js";
import {ensureIdentity} from "./identity.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 1500;
const HOLDER_TEXT = {open: "Open seat", bot: "Bot", host: "On the host's device", user: "Player"};
// Games whose options have a form of their own instead of the generic fields.
const SETUP_FORMS = {"carcassonne-auction": "/static/games/carcassonne-auction/setup.js"};

// ------------------------------------------------------------------ new lobby form

function optionField(option) {
  const id = `opt-${option.name}`;
  const label = option.label || option.name.replace(/_/g, " ");
  const help = option.help ? el("p", {class: "help", text: option.help}) : null;
  let input;
  if (option.kind === "bool") {
    input = el("input", {type: "checkbox", id, name: option.name, checked: !!option.default});
    return el("div", {class: "field check"}, [input, el("label", {for: id, text: label}), help]);
  }
  if (option.kind === "choice") {
    input = el("select", {id, name: option.name});
    for (const choice of option.choices || []) {
      input.append(el("option", {value: JSON.stringify(choice), text: String(choice),
        selected: JSON.stringify(choice) === JSON.stringify(option.default)}));
    }
  } else if (option.kind === "int") {
    input = el("input", {type: "number", id, name: option.name, step: 1, value: option.default ?? "",
      min: option.minimum ?? undefined, max: option.maximum ?? undefined, inputmode: "numeric"});
  } else {
    input = el("textarea", {id, name: option.name, rows: 3, spellcheck: "false"});
    input.value = option.default === undefined ? "" : JSON.stringify(option.default);
  }
  input.dataset.kind = option.kind;
  return el("div", {class: "field"}, [el("label", {for: id, text: label}), input, help]);
}

function readOptions(game) {
  const options = {};
  for (const option of game.options || []) {
    const input = $(`opt-${option.name}`);
    if (!input) continue;
    if (option.kind === "bool") options[option.name] = input.checked;
    else if (option.kind === "choice") options[option.name] = JSON.parse(input.value);
    else if (option.kind === "int") {
      const n = Number(input.value);
      if (input.value === "" && option.default === null) options[option.name] = null; // the server says if it is required
      else if (input.value === "" || !Number.isInteger(n)) throw new Error(`${option.label || option.name}: a whole number, please`);
      else options[option.name] = n;
    } else {
      try { options[option.name] = input.value.trim() ? JSON.parse(input.value) : null; }
      catch { throw new Error(`${option.label || option.name}: not valid JSON`); }
    }
  }
  return options;
}

function holderSelect(seat, value, testid) {
  const select = el("select", {id: `holder-${seat}`, "data-testid": testid});
  for (const [v, text] of [["open", "Open for a friend"], ["bot", "Bot"], ["host", "Keep on my device"]]) {
    select.append(el("option", {value: v, text, selected: v === value}));
  }
  return select;
}

function wireClock() {
  const clockMode = $("clock-mode");
  const show = (changed) => {
    const mode = clockMode.value;
    $("clock-amount-field").hidden = mode === "off";
    $("clock-amount-label").textContent = mode === "game" ? "Minutes per game, for each player" : "Seconds per move";
    if (changed) $("clock-amount").value = mode === "game" ? "15" : "60";
  };
  clockMode.addEventListener("change", () => show(true));
  show(false);
}

async function newLobbyPage() {
  wireClock();
  await ensureIdentity();
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

  function drawSeats() {
    const rows = $("seat-rows");
    const previous = {};
    for (const s of rows.querySelectorAll("select")) previous[s.id] = s.value;
    clear(rows);
    const n = Number(players.value);
    for (let seat = 1; seat < n; seat++) {
      const select = holderSelect(seat, previous[`holder-${seat}`] || "open", `holder-${seat}`);
      const dot = el("span", {class: "seat-dot", "aria-hidden": "true"});
      dot.style.background = seatColor(seat);
      rows.append(el("div", {class: "field seat-row"}, [
        el("label", {for: select.id}, [dot, `Seat ${seat + 1}`]), select]));
    }
  }

  function draw() {
    if (!game) { $("form-error").textContent = "No games are available."; return; }
    $("new-title").textContent = `New ${game.title} lobby`;
    $("new-summary").textContent = game.summary || "";
    document.title = `New ${game.title} lobby · Bazaar`;
    clear(players);
    for (let n = game.min_players; n <= game.max_players; n++) {
      players.append(el("option", {value: n, text: `${n} players`, selected: n === game.min_players}));
    }
    const box = $("options");
    for (const node of [...box.children]) if (node.tagName !== "LEGEND") node.remove();
    const visible = (game.options || []).filter((o) => !o.fixture);
    setup = null;
    if (SETUP_FORMS[game.kind]) {
      // a game with its own set-up form (the stand-alone auction: names, scores, tiles)
      const kind = game.kind;
      import(SETUP_FORMS[kind]).then((module) => {
        if (game.kind === kind) setup = module.mountSetup(box, players);
      });
    } else {
      for (const option of visible) box.append(optionField(option));
    }
    box.hidden = !visible.length;
    drawSeats();
  }
  let setup = null;
  players.addEventListener("change", drawSeats);
  draw();
  $("create-lobby").disabled = !game;

  $("lobby-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = $("create-lobby");
    $("form-error").textContent = "";
    let options;
    try {
      options = setup ? setup.read() : readOptions({options: (game.options || []).filter((o) => !o.fixture)});
    }
    catch (err) { $("form-error").textContent = err.message; return; }
    const mode = $("clock-mode").value;
    const amount = Number($("clock-amount").value);
    if (mode !== "off" && !(Number.isInteger(amount) && amount > 0)) {
      $("form-error").textContent = "The clock needs a whole number above 0.";
      return;
    }
    const clock = mode === "off" ? {mode} : {mode, seconds: mode === "game" ? amount * 60 : amount};
    button.disabled = true;
    try {
      const lobby = await api("POST", "/api/lobbies", {kind: game.kind, players: Number(players.value),
        options, private: $("private").checked, clock});
      const seats = [...$("seat-rows").querySelectorAll("select")]
        .map((s) => ({seat: Number(s.id.slice("holder-".length)), holder: s.value}))
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
export function clockText(clock) {
  if (!clock || clock.mode === "off" || !clock.seconds) return "no clock";
  if (clock.mode === "move") return `${clock.seconds} s per move`;
  return `${Math.round(clock.seconds / 60)} min per player`;
}

function lobbyKey(lobby) {
  const {created_at: _ignored, ...rest} = lobby;
  return JSON.stringify(rest);
}

async function lobbyPage() {
  const lobbyId = $("page").dataset.lobbyId;
  const path = `/api/lobbies/${encodeURIComponent(lobbyId)}`;
  const me = await ensureIdentity();
  let lobby = null;
  let lastKey = "";
  let busy = false;
  let labels = {};
  let catalog = [];
  let settingsBuilt = false;
  let setup = null;  // the game's own set-up form, if it has one (SETUP_FORMS)

  function buildSettings() {
    const game = catalog.find((g) => g.kind === lobby.kind);
    const you = lobby.you || {};
    $("lobby-settings").hidden = !game || !you.is_host || lobby.status !== "open";
    if (!game || $("lobby-settings").hidden) return;
    settingsBuilt = true;
    const players = clear($("settings-players"));
    for (let n = game.min_players; n <= game.max_players; n++) {
      players.append(el("option", {value: n, text: `${n} players`, selected: n === lobby.seats.length}));
    }
    const box = clear($("settings-options"));
    setup = null;
    if (SETUP_FORMS[game.kind]) {
      const current = lobby.options || {};
      import(SETUP_FORMS[game.kind]).then((module) => {
        setup = module.mountSetup(box, players, current);
      });
    } else {
      for (const option of (game.options || []).filter((o) => !o.fixture)) {
        const current = Object.prototype.hasOwnProperty.call(lobby.options || {}, option.name) ? lobby.options[option.name] : option.default;
        box.append(optionField({...option, default: current}));
      }
    }
    $("settings-private").checked = !!lobby.private;
  }

  $("settings-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = catalog.find((g) => g.kind === lobby.kind);
    $("settings-error").textContent = "";
    let options;
    try {
      options = setup ? setup.read() : readOptions({options: (game.options || []).filter((o) => !o.fixture)});
    }
    catch (err) { $("settings-error").textContent = err.message; return; }
    busy = true;
    try {
      const next = await api("PATCH", path, {options, players: Number($("settings-players").value),
        private: $("settings-private").checked});
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
      if (result && result.seats) show(result);
      else await refresh();
    } catch (err) {
      $("lobby-error").textContent = errorText(err);
    } finally {
      busy = false;
    }
  }

  function seatItem(seat, you) {
    const mine = you.seats.includes(seat.seat);
    const dot = el("span", {class: "seat-dot", "aria-hidden": "true"});
    dot.style.background = seatColor(seat.seat);
    const who = seat.holder === "open" ? "Open seat" : seat.name || HOLDER_TEXT[seat.holder];
    const item = el("li", {class: `seat holder-${seat.holder}${mine ? " mine" : ""}`, "data-testid": `seat-${seat.seat}`}, [
      el("span", {class: "seat-label"}, [dot, el("span", {class: "seat-no", text: `Seat ${seat.seat + 1}`})]),
      el("span", {class: "seat-who"}, [
        el("span", {class: "seat-name", text: who}),
        seat.holder !== "open" ? el("span", {class: "tag", text: seat.holder === "user" ? "player" : HOLDER_TEXT[seat.holder]}) : null,
        mine ? el("span", {class: "tag", text: "you"}) : null,
      ]),
    ]);
    const controls = el("span", {class: "seat-actions"});
    if (seat.holder === "open" && !you.seats.length && lobby.status === "open") {
      controls.append(el("button", {type: "button", class: "primary", "data-testid": `join-seat-${seat.seat}`,
        text: "Take this seat", onclick: () => act("POST", `${path}/join`, {seat: seat.seat})}));
    }
    const hostOwnSeat = seat.holder === "user" && seat.user_id === me.user_id;
    if (you.is_host && lobby.status === "open" && !hostOwnSeat) {
      const select = el("select", {"aria-label": `Who holds seat ${seat.seat + 1}`, "data-testid": `seat-holder-${seat.seat}`});
      if (seat.holder === "user") select.append(el("option", {value: "user", text: `${seat.name || "Player"} (player)`, selected: true}));
      for (const [v, text] of [["open", "Open"], ["bot", "Bot"], ["host", "My device"]]) {
        select.append(el("option", {value: v, text, selected: seat.holder === v}));
      }
      select.addEventListener("change", () => {
        if (select.value === "bot") act("POST", `${path}/bots`, {seat: seat.seat});
        else if (select.value !== "user") act("PATCH", path, {seats: [{seat: seat.seat, holder: select.value}]});
      });
      controls.append(select);
    }
    item.append(controls);
    return item;
  }

  function show(next) {
    const key = lobbyKey(next);
    lobby = next;
    if (lobby.status === "started" && lobby.game_id) {
      $("lobby-hint").textContent = "The game has started: taking you there…";
      location.assign(`/games/${encodeURIComponent(lobby.game_id)}`);
      return;
    }
    if (key === lastKey) return;
    // don't redraw under an open <select> the user is working with
    if (document.activeElement && document.activeElement.tagName === "SELECT" && $("seats").contains(document.activeElement)) return;
    lastKey = key;
    const you = lobby.you || {seats: [], is_host: false};
    document.title = `${lobby.title} lobby · Bazaar`;
    $("lobby-title").textContent = `${lobby.title} lobby`;
    $("lobby-status").textContent = lobby.status === "open" ? "waiting for players" : lobby.status;
    $("lobby-meta").textContent = `Host: ${(lobby.host && lobby.host.name) || "?"} · ${lobby.seats.length} players · ${lobby.private ? "private" : "public"} · ${clockText(lobby.clock)}`;
    const invite = $("invite-link");
    const url = new URL(lobby.invite_url || `/lobbies/${lobby.id}`, location.origin).href;
    if (invite.value !== url) invite.value = url;

    const seats = $("seats");
    clear(seats);
    for (const seat of lobby.seats) seats.append(seatItem(seat, you));

    const opts = $("lobby-options");
    clear(opts);
    for (const [name, value] of Object.entries(lobby.options || {})) {
      opts.append(el("dt", {text: labels[name] || name.replace(/_/g, " ")}), el("dd", {text: typeof value === "object" ? JSON.stringify(value) : String(value)}));
    }
    const open = lobby.seats.filter((s) => s.holder === "open").length;
    const start = $("start-game");
    start.hidden = !you.is_host;
    start.disabled = open > 0;
    $("leave-lobby").hidden = you.is_host || !you.seats.length;
    const hint = you.is_host
      ? (open ? `Waiting for ${open} more ${open === 1 ? "player" : "players"}. Send the invite link, or give the seat to a bot.` : "Everyone is here: start when you are ready.")
      : you.seats.length ? "You are in. The game starts when the host says so." : open ? "Take a free seat to play." : "This lobby is full.";
    $("lobby-hint").textContent = hint;
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
  $("start-game").addEventListener("click", () => act("POST", `${path}/start`));
  $("leave-lobby").addEventListener("click", () => act("POST", `${path}/leave`));

  try {
    catalog = (await api("GET", "/api/catalog")).games || [];
    for (const g of catalog) for (const o of g.options || []) labels[o.name] = o.label || labels[o.name];
  } catch { labels = {}; }
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
