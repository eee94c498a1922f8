// The game log in words, shared by the game page and the replay page.
// Entries come from GET /api/games/{id}/log ({seq, seat, move, events: [{text}], actor}) and,
// live, from WebSocket patches ({seq, events}). Every text goes through textContent.
// An event that carries a message as data ({id, args}: app/games/messages.py) is said in the
// page's language (static/js/i18n.js); its English "text" is kept for older clients.

import {el, clear, seatColor} from "./dom.js";
import {t, say} from "./i18n.js";
import {levelWord} from "./bot_levels.js";

const ACTOR_NOTES = {bot: t("bot"), timeout: t("clock ran out"), resigned: t("resigned seat"), host: t("host"),
  setup: t("setup"), continued: t("continued")};

/** One event's line in the page's language: its message when it has one, else its text. */
export function eventText(event) {
  if (!event) return "";
  return event.message ? say(event.message) : event.text || "";
}

/** Who made a move, in words: the actor's note, with the level of the bot that chose it
 * ("bot (hard)", "resigned seat, normal bot"); moves logged before levels have none. */
export function actorWords(entry) {
  const note = ACTOR_NOTES[entry.actor];
  if (!note) return "";
  if (!entry.level || !["bot", "timeout", "resigned"].includes(entry.actor)) return note;
  const level = levelWord(entry.level) || entry.level;
  return entry.actor === "bot" ? t("bot ({level})", {level}) : t("{note}, {level} bot", {note, level});
}

/** The words for one move: its events' texts, or the move's type when none has a text. */
export function entryTexts(entry, names) {
  const texts = (entry.events || []).map(eventText).filter(Boolean);
  if (texts.length) return texts;
  const who = entry.seat !== null && entry.seat !== undefined ? (names[entry.seat] || t("Seat {n}", {n: entry.seat + 1})) : "";
  // the move's type in words ("SkipFigure" -> "skip figure"), never the raw tag
  const what = entry.move && entry.move.type ? String(entry.move.type).replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase() : "move";
  return [who ? `${who}: ${what}` : (what === "move" ? t("move") : what)];
}

/** One <li> for a log entry. */
export function renderEntry(entry, names, onPick) {
  const seat = entry.seat;
  const item = el("li", {class: "log-entry", dataset: {seq: String(entry.seq)}});
  // seq 0 is what the setup revealed (no move): marked "·" rather than a move number
  const mark = el("span", {class: "log-seq", text: Number(entry.seq) === 0 ? "·" : String(entry.seq)});
  if (seat !== null && seat !== undefined) mark.style.borderColor = seatColor(seat);
  const body = el("span", {class: "log-body"});
  // a line about another seat than the mover's ("Ann's turn" after a bot's tile) carries that
  // seat's colour, so no line sits under another player's colour bar (issue 25, point 29)
  const events = (entry.events || []).filter((e) => e && (e.text || e.message));
  const lines = events.length ? events.map((e) => [eventText(e), e.seat]) : entryTexts(entry, names).map((text) => [text, seat]);
  for (const [text, about] of lines) {
    const line = el("span", {class: "log-text", text});
    if (typeof about === "number" && about !== seat) {
      line.classList.add("log-other");
      line.dataset.seat = String(about);
      line.style.borderColor = seatColor(about);
    }
    body.append(line);
  }
  const actor = entry.actor ? actorWords(entry) : "";
  if (actor) body.append(el("span", {class: "log-actor", text: actor}));
  item.append(mark, body);
  if (onPick) {
    item.tabIndex = 0;
    item.classList.add("pickable");
    item.addEventListener("click", () => onPick(entry.seq));
    item.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPick(entry.seq); } });
  }
  return item;
}

/** A log list bound to an <ol>, kept in seq order whatever order entries arrive in. */
export class LogView {
  constructor(list, {names = [], onPick = null} = {}) {
    this.list = list;
    this.names = names;
    this.onPick = onPick;
    this.items = new Map(); // seq -> <li>
  }

  setNames(names) { this.names = names; }

  /** Replace everything with these entries. */
  set(entries) {
    clear(this.list);
    this.items.clear();
    this.merge(entries);
  }

  /** Add these entries; an entry already shown is replaced (the server's copy knows more). */
  merge(entries) {
    for (const entry of entries) this.add(entry, false, true);
    if (!this.items.size && !this.list.querySelector(".empty")) {
      this.list.append(el("li", {class: "muted empty", text: t("No moves yet.")}));
    }
    this.scroll();
  }

  /** Add one entry at its place by seq (unless shown already, or `replace`). */
  add(entry, scroll = true, replace = false) {
    const seq = Number(entry.seq);
    const old = this.items.get(seq);
    if (old && !replace) return;
    const empty = this.list.querySelector(".empty");
    if (empty) empty.remove();
    const item = renderEntry(entry, this.names, this.onPick);
    if (old) {
      if (old.classList.contains("current")) { item.classList.add("current"); item.setAttribute("aria-current", "step"); }
      old.replaceWith(item);
    } else {
      let next = null; // the first shown entry after this one
      for (const [s, node] of this.items) if (s > seq && (next === null || s < Number(next.dataset.seq))) next = node;
      this.list.insertBefore(item, next);
    }
    this.items.set(seq, item);
    if (scroll) this.scroll();
  }

  /** Mark the entry of one seq as current (replay). */
  highlight(seq) {
    for (const item of this.list.querySelectorAll(".log-entry.current")) {
      item.classList.remove("current");
      item.removeAttribute("aria-current");
    }
    const item = this.items.get(Number(seq));
    if (item) {
      item.classList.add("current");
      item.setAttribute("aria-current", "step");
      // scroll inside the list only: scrollIntoView would also scroll the page on a phone
      const top = item.offsetTop, bottom = top + item.offsetHeight;
      if (top < this.list.scrollTop || bottom > this.list.scrollTop + this.list.clientHeight) {
        this.list.scrollTop = Math.max(0, top - this.list.clientHeight / 2);
      }
    }
  }

  scroll() {
    this.list.scrollTop = this.list.scrollHeight;
  }
}
