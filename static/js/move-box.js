// The move box (issue 31): a move typed in the game's notation, or a short command.
//
// A move is read by the server in the position now (GET /api/games/{id}/read-move, the
// engine's own notation.py): an unknown or illegal entry is refused there in words, with the
// rule as a link, and nothing changes. A move that reads is handed to the page's move gate
// (move-confirm.js), so "Confirm moves" applies to a typed move exactly as to a click, and it
// travels to the server as the board's moves do. Completion: a <datalist> of the seat's legal
// moves written in the notation (GET /legal-texts), fetched once per step while it is the
// seat's turn. A line that starts with "/" is a command (text-commands.js).

import {api, errorText} from "./api.js";
import {showError} from "./words.js";
import {answer} from "./text-commands.js";
import {t} from "./i18n.js";

/**
 * Mount the box. `ctx`: {gameId, kind, names, state (the page's, read live), submit(move, opts)
 * (the gate's), clockOn, clocks(), say(text) (the announcer's now)}. The form's elements are
 * in templates/game.html.
 */
export function mountMoveBox(form, ctx) {
  const input = form.querySelector("input");
  const list = form.querySelector("datalist");
  const error = form.querySelector(".form-error");
  let texts = {seq: -1, seat: null, moves: []};
  let asking = null;
  let busy = false;

  const base = () => `/api/games/${encodeURIComponent(ctx.gameId)}`;
  const seatQuery = () => (ctx.state.seat !== null ? `seat=${encodeURIComponent(ctx.state.seat)}` : "");

  /** The seat's legal moves in the notation now (cached for the step). The server may be a
   * step ahead of the page (a bot answered at once): it is asked again, a few times at most. */
  async function legalTexts() {
    for (let tries = 0; tries < 3; tries++) {
      const {seq, seat} = ctx.state;
      if (texts.seq === seq && texts.seat === seat) break;
      if (!asking) {
        asking = api("GET", `${base()}/legal-texts?${seatQuery()}`)
          .then((r) => { texts = {seq: r.seq, seat: r.seat, moves: r.moves || []}; })
          .finally(() => { asking = null; });
      }
      await asking;
    }
    return texts.moves;
  }

  function fillList(moves, seq) {
    list.replaceChildren(...moves.map((m) => Object.assign(document.createElement("option"), {value: m})));
    form.dataset.legalSeq = String(seq);  // for tools and tests: the completion is for this step
  }

  async function refresh() {
    const playing = ctx.state.seat !== null && ctx.state.status !== "finished";
    form.dataset.mode = playing ? "play" : "watch";
    input.placeholder = playing ? t("a move, e.g. {example}", {example: texts.moves[0] || "/legal"}) : "/turn, /scores, /last";
    if (!playing || !(ctx.state.legal || []).length) { fillList([], -1); return; }
    try {
      const moves = await legalTexts();
      // only the list of the step the page shows (a later refresh fills the next one)
      if (texts.seq === ctx.state.seq && texts.seat === ctx.state.seat) fillList(moves, texts.seq);
    } catch { /* completion is a help: the box still reads */ }
  }

  // a refusal or an answer is said under the box: it is brought into view with the box
  const reveal = () => requestAnimationFrame(() => form.scrollIntoView({block: "nearest"}));

  async function play(line) {
    if (ctx.state.seat === null) {
      showError(error, t("You are watching this game: only its players move. Commands work: /turn, /scores, /last."), ctx.kind);
      return;
    }
    let read;
    try {
      read = await api("GET", `${base()}/read-move?text=${encodeURIComponent(line)}&seq=${ctx.state.seq}&${seatQuery()}`);
    } catch (err) {
      showError(error, errorText(err), ctx.kind);
      return;
    }
    const result = await ctx.submit(read.move, {back: input});
    if (result && result.ok) {
      input.value = "";
      if (!result.pending) ctx.say(t("You played {move}.", {move: read.text}));
    } else {
      showError(error, (result && (result.reason || result.code)) || t("The move was refused."), ctx.kind);
    }
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const line = input.value.trim();
    if (!line || busy) return;
    busy = true;
    showError(error, "", ctx.kind);
    try {
      if (line.startsWith("/")) {
        let said;
        try { said = await answer(line, {...ctx, legalTexts}); } catch (err) { said = t("No answer: {error}", {error: errorText(err)}); }
        ctx.say(said);
        input.value = "";
      } else {
        await play(line);
      }
    } finally {
      busy = false;
      reveal();
    }
  });
  input.addEventListener("focus", () => { refresh(); });

  return {refresh, legalTexts};
}
