// The new-lobby page (/lobbies/new): the options form generated from the catalogue's option
// schema (lobby_form.js), the players, the seat holders, the clock, private and rated ->
// POST /api/lobbies (+ PATCH for seat holders), then on to the new lobby's page (lobby.js).

import {el, clear} from "./dom.js";
import {seatDot} from "./seat_mark.js";
import {api, errorText} from "./api.js";
import {ensureIdentity} from "./identity.js";
import {t, titled, tn} from "./i18n.js";
import {tableAid, tableHolders, tableSeatsHelp} from "./table_aid.js";
import {SETUP_FORMS, botChoices, clearWhenFixed, exclusiveBoxes, fitTakeover, holderChoice, holderSelect, optionField, readOptions,
  showRulesLink, updateFields} from "./lobby_form.js";

const $ = (id) => document.getElementById(id);

function wireClock() {
  const clockMode = $("clock-mode");
  const show = (changed) => {
    const mode = clockMode.value;
    $("clock-amount-field").hidden = mode === "off" || mode === "turn";
    $("turn-fields").hidden = mode !== "turn";
    $("clock-amount-label").textContent = mode === "game" ? t("Minutes per game, for each player") : t("Seconds per move");
    if (changed) $("clock-amount").value = mode === "game" ? "15" : "60";
  };
  clockMode.addEventListener("change", () => show(true));
  show(false);
}

async function newLobbyPage() {
  wireClock();
  // the name is asked for here, when the visitor creates a lobby (issue 25, point 2)
  const me = await ensureIdentity({why: t("Pick a name to open a lobby: the players you invite will see it.")});
  if (!me) { location.assign("/"); return; }
  const games = ((await api("GET", "/api/catalog")).games || []).map(titled);
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
  const HOLDER_WORDS = {open: () => t("open"), bot: () => t("bot"), "bot-hard": () => t("hard bot"), "bot-expert": () => t("expert bot"), host: () => t("on this device")};
  // a physical table's lobby (the stand-alone auction): no bots, clock, takeover or rating
  const ONLINE_ONLY = ["takeover-level", "clock-box", "rated"];
  const seatsHelp = $("seat-holders").querySelector(".help");
  const onlineHelp = seatsHelp.textContent;

  function seatNames() {
    const names = [me.name];
    for (let seat = 1; seat < Number(players.value); seat++) {
      const select = $(`holder-${seat}`);
      names.push(t("Seat {number} ({holder})", {number: seat + 1, holder: HOLDER_WORDS[select ? select.value : "open"]()}));
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
      // the expert bot only at a turn-based table (docs/decisions.md, "The expert bot")
      const clock = {mode: $("clock-mode").value};
      const select = holderSelect(seat, previous[`holder-${seat}`] || "open", `holder-${seat}`,
        tableAid(game) ? tableHolders() : [["open", t("Open for a friend")], ...botChoices(clock), ["host", t("Keep on my device")]]);
      const dot = seatDot(seat);
      rows.append(el("div", {class: "field seat-row"}, [
        el("label", {for: select.id}, [dot, el("span", {"data-seat-label": seat, text: t("Seat {number}", {number: seat + 1})})]), select]));
    }
    tableSeatNames();
    updateOptions();
  }

  /** At a physical table each seat row says the player's name as typed in the form above. */
  function tableSeatNames() {
    if (!tableAid(game)) return;
    for (const label of $("seat-rows").querySelectorAll("[data-seat-label]")) {
      const typed = $("options").querySelector(`[data-name="${label.dataset.seatLabel}"]`);
      label.textContent = t("{name}'s seat", {name: (typed && typed.value.trim()) || t("Player {number}", {number: Number(label.dataset.seatLabel) + 1})});
    }
  }

  function draw() {
    if (!game) { $("form-error").textContent = t("No games are available."); return; }
    $("new-title").textContent = t("New {title} lobby", {title: game.title});
    $("new-summary").textContent = game.summary ? t(game.summary) : "";
    document.title = `${t("New {title} lobby", {title: game.title})} · Bazaar`;
    clear(players);
    for (let n = game.min_players; n <= game.max_players; n++) {
      players.append(el("option", {value: n, text: tn("{n} player", "{n} players", n), selected: n === game.min_players}));
    }
    showRulesLink($("new-rules"), game.kind, game.title);
    const aid = tableAid(game);
    for (const id of ONLINE_ONLY) {
      const node = $(id);
      (node.closest(".field") || node).hidden = Boolean(aid);
      if (aid && node.type === "checkbox") node.checked = false;
    }
    if (aid) $("clock-mode").value = "off";
    seatsHelp.textContent = aid ? tableSeatsHelp() : onlineHelp;
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
  $("clock-mode").addEventListener("change", () => {
    drawSeats();
    fitTakeover($("takeover-level"), {mode: $("clock-mode").value});
  });
  fitTakeover($("takeover-level"), {mode: $("clock-mode").value});
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
      $("form-error").textContent = t("The clock needs a whole number above 0.");
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


if (document.body.classList.contains("page-lobby-new")) {
  exclusiveBoxes("private", "rated");
  newLobbyPage().catch((err) => {
    console.error(err);
    const target = document.getElementById("form-error");
    if (target) target.textContent = t("Something went wrong: {error}", {error: errorText(err)});
  });
}
