// A seat of the lobby page's list: its label and colour, who holds it in words (a player, a bot
// and its level, the host's device, a seat kept for a rematch's player, an open seat), and the
// controls this visitor has on it: join, accept or decline a kept seat, the host's choice of
// holder, and the name of a player on the host's device (hot-seat).

import {el} from "./dom.js";
import {seatDot} from "./seat_mark.js";
import {tableAid, tableHolders, tableDeviceWords} from "./table_aid.js";
import {botWords, seatLabel} from "./lobby_words.js";
import {botChoices, holderChoice} from "./lobby_form.js";
import {markWords, t} from "./i18n.js";

// (functions: said in the page's language when drawn)
const HOLDER_TEXT = {open: () => t("Open seat"), bot: () => t("Bot"), host: () => t("On the host's device"), user: () => t("Player"),
  invited: () => t("kept for the rematch")};
const holderText = (holder) => (HOLDER_TEXT[holder] ? HOLDER_TEXT[holder]() : holder);

/** A seat on the host's device gets the name of whoever plays it there (hot-seat). */
function deviceName(seat, {path, act, say}) {
  const input = el("input", {type: "text", maxlength: "40", value: seat.name || "", autocomplete: "off",
    "aria-label": t("Name of the player at {seat} on your device", {seat: seatLabel(seat)}), "data-testid": `device-name-${seat.seat}`});
  const form = el("form", {class: "device-name"}, [input,
    el("button", {type: "submit", "data-testid": `device-name-save-${seat.seat}`, text: t("Rename")})]);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) { say(t("A seat on your device needs a name.")); return; }
    act("PATCH", path, {seats: [{seat: seat.seat, holder: "host", name}]});
  });
  return form;
}

/**
 * The list item of `seat`. `you` is the lobby's `you`, `me` the visitor, `game` the catalogue's
 * entry of the lobby's kind; `act(method, url, body)` calls the API and redraws, `named(why)`
 * asks a nameless visitor for a name first, `say(text)` shows an error in words.
 */
export function seatItem(seat, {lobby, you, me, game, path, act, named, say}) {
  const mine = you.seats.includes(seat.seat);
  const dot = seatDot(seat.seat);
  const aid = tableAid(game);
  // at a physical table a seat on the host's device is the table's player (the seat's label),
  // not the host a second time as "Ann (2)" (issue 25, point 21)
  const who = seat.holder === "open" ? (aid ? t("waiting for a player's phone") : t("Open seat"))
    : aid && seat.holder === "host" ? tableDeviceWords(lobby) : seat.name || holderText(seat.holder);
  // the stand-alone auction's next round is "another auction", not a rematch (issue 25, point 28)
  const invited = lobby && lobby.continuing ? t("kept for the player")
    : lobby && lobby.kind === "carcassonne-auction" ? t("kept for the next auction") : holderText("invited");
  const tag = seat.holder === "user" ? t("player") : seat.holder === "bot" ? botWords(seat.level)
    : seat.holder === "invited" ? invited : holderText(seat.holder);
  const item = el("li", {class: `seat holder-${seat.holder}${mine ? " mine" : ""}`, "data-testid": `seat-${seat.seat}`}, [
    el("span", {class: "seat-label"}, [dot, el("span", {class: "seat-no", text: seatLabel(seat)})]),
    el("span", {class: "seat-who"}, [
      el("span", {class: "seat-name", text: who}),
      // @username or "guest #tag": two players of one display name are told apart
      seat.mark ? el("span", {class: "mark", "data-testid": `seat-mark-${seat.seat}`, text: markWords(seat.mark)}) : null,
      seat.holder !== "open" && !(aid && seat.holder === "host")
        ? el("span", {class: "tag", "data-testid": `seat-tag-${seat.seat}`, text: tag}) : null,
      mine ? el("span", {class: "tag", text: t("you")}) : null,
    ]),
  ]);
  const controls = el("span", {class: "seat-actions"});
  const invitedHere = seat.holder === "invited" && seat.user_id === me.user_id;
  if (invitedHere && lobby.status === "open") {
    // a rematch keeps this seat for its player: Join takes it, Leave gives it up
    controls.append(
      el("button", {type: "button", class: "primary", "data-testid": `accept-seat-${seat.seat}`,
        text: lobby.continuing ? t("Join the game") : t("Join the rematch"), onclick: () => act("POST", `${path}/join`)}),
      el("button", {type: "button", "data-testid": `decline-seat-${seat.seat}`,
        text: t("No, thanks"), onclick: () => act("POST", `${path}/leave`)}));
  }
  if (seat.holder === "open" && !you.seats.length && !(you.invited || []).length && lobby.status === "open") {
    controls.append(el("button", {type: "button", class: "primary", "data-testid": `join-seat-${seat.seat}`,
      text: seat.table_name ? t("Play as {name}", {name: seat.table_name}) : t("Take this seat"),
      onclick: async () => { if (await named(t("Pick a name to take this seat."))) act("POST", `${path}/join`, {seat: seat.seat}); }}));
  }
  const hostOwnSeat = seat.holder === "user" && seat.user_id === me.user_id;
  if (you.is_host && lobby.status === "open" && !hostOwnSeat) {
    const select = el("select", {"aria-label": seat.table_name ? t("Who holds {name}", {name: seat.table_name}) : t("Who holds seat {number}", {number: seat.seat + 1}), "data-testid": `seat-holder-${seat.seat}`});
    if (seat.holder === "user") select.append(el("option", {value: "user", text: t("{name} (player)", {name: seat.name || t("Player")}), selected: true}));
    if (seat.holder === "invited") select.append(el("option", {value: "invited", text: t("{name} (not here yet)", {name: seat.name || t("Player")}), selected: true}));
    const level = seat.level === "hard" || seat.level === "expert" ? `bot-${seat.level}` : "bot";
    const current = seat.holder === "bot" ? level : seat.holder;
    // a live table keeps an expert seat it somehow has on show, but offers the expert only turn-based
    const bots = botChoices(current === "bot-expert" ? {mode: "turn"} : lobby.clock || {mode: "off"});
    for (const [v, text] of aid ? tableHolders() : [["open", t("Open seat")], ...bots, ["host", t("My device")]]) {
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
  if (you.is_host && lobby.status === "open" && seat.holder === "host" && !aid) controls.append(deviceName(seat, {path, act, say}));
  item.append(controls);
  return item;
}
