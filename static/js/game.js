// The game page (/games/{id}): loads the game over HTTP, mounts its board (board_host.js),
// keeps it live through connection.js, and draws around it whose turn it is (game_status.js),
// the players (players.js), the end card (end_card.js), the log (log_feed.js), the chat
// (game_chat.js), the turn clocks (turn_clock.js), resign, rematch and "Next game"
// (game_controls.js) and the hot-seat switcher (hot_seat.js). This file holds the page's state
// and wires those pieces to the socket; each piece is a module of its own (docs/client.md).

import {api, errorText} from "./api.js";
import {showError} from "./words.js";
import {whoAmI} from "./identity.js";
import {Connection} from "./connection.js";
import {LogView} from "./log.js";
import {fetchRematch} from "./rematch.js";
import {createMoveGate} from "./move-confirm.js";
import {mountTextPlay} from "./textplay.js";
import {mountBoard, moveLabel} from "./board_host.js";
import {profilesOf, renderPlayers} from "./players.js";
import {drawEndCard, bringEndCardIntoView} from "./end_card.js";
import {turnText, connectionText} from "./game_status.js";
import {createChat} from "./game_chat.js";
import {createTurnClock} from "./turn_clock.js";
import {createLogFeed} from "./log_feed.js";
import {createHotSeat, storeSeat, wantedSeat} from "./hot_seat.js";
import {createNextGame, drawRematchControls, drawResign, wireRematch, wireResign} from "./game_controls.js";
import {fitSideColumn} from "./side_column.js";
import {mountTakeback} from "./takeback.js";
import {thinkingLine} from "./thinking.js";
import {t, titled} from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** What the seats of a game say, as the page uses it. */
function seatsOf(game) {
  const seats = game.seats || [];
  // the seats on the host's device (hot-seat) are as connected as the host is
  const hostId = game.host && game.host.user_id;
  return {
    names: seats.map((s) => s.name),
    marks: seats.map((s) => s.mark || ""),
    you: (game.you && game.you.seats) || [],
    bots: seats.filter((s) => s.holder === "bot").map((s) => s.seat),
    // each bot seat's level, and who plays a seat taken over after a timeout or a resignation
    levels: Object.fromEntries(seats.filter((s) => s.holder === "bot" && s.level).map((s) => [s.seat, s.level])),
    takeover: game.takeover_level || null,
    profiles: profilesOf(game),
    // a vacation and weekends off, in words, beside the name (issue 27)
    vacations: Object.fromEntries(seats.filter((s) => s.vacation || s.weekends_off)
      .map((s) => [s.seat, [s.vacation, s.weekends_off].filter(Boolean).map((v) => v.words).join(" · ")])),
    device: seats.filter((s) => s.holder === "host" || (hostId && s.user_id === hostId)).map((s) => s.seat),
  };
}

async function gamePage() {
  const main = $("page");
  const gameId = main.dataset.gameId;
  // a shared link opens the game with no name asked (issue 25, point 1): the visitor watches;
  // a name is asked for when they first act (chat)
  const visitor = {me: await whoAmI()};
  window.addEventListener("bazaar:signed-out", () => { visitor.me = null; });
  const wanted = wantedSeat(gameId);
  let game;
  try {
    game = titled(await api("GET", `/api/games/${encodeURIComponent(gameId)}${wanted !== null ? `?seat=${encodeURIComponent(wanted)}` : ""}`));
  } catch (err) {
    $("turn").textContent = t("This game cannot be shown: {error}", {error: errorText(err)});
    $("conn-status").hidden = true;
    return;
  }
  const {names, marks, you, bots, levels, takeover, profiles, vacations, device} = seatsOf(game);
  // "Next game" (issue 27): rechecked after every move that the page sees
  const nextGame = createNextGame({gameId, visitor});
  nextGame.refresh();
  const state = {
    seat: game.you ? game.you.seat ?? null : null,
    view: game.view, legal: game.legal || [], seq: game.seq, status: game.status,
    connected: null, resigned: (game.seats || []).filter((s) => s.resigned).map((s) => s.seat),
    board: null, mountToken: 0, away: game.away || [], rematch: game.rematch || null,
    ratings: game.ratings || [],
  };
  storeSeat(gameId, you.length > 1 ? state.seat : null);
  document.title = `${game.title || game.kind} · Bazaar`;
  $("game-title").textContent = game.title || game.kind;
  const log = new LogView($("log"), {names});
  const thinking = thinkingLine($("thinking"), names); // "Bot 2 is thinking…" (issue 28.3)
  const logFeed = createLogFeed({gameId, log, state, bots, levels, takeover});
  const boardRoot = $("board");
  const resignedHere = () => state.seat !== null && state.resigned.includes(state.seat);
  const ownSeats = () => you.filter((s) => !state.resigned.includes(s));

  const send = async (move) => {
    $("move-error").textContent = "";
    const result = await conn.move(move);
    if (!result.ok && boardRoot.dataset.board === "fallback") showError($("move-error"), result.reason || result.code, game.kind);
    return result;
  };
  // every move of every board goes through the "Confirm moves" gate (issue 13, point 15)
  const gate = createMoveGate({bar: $("move-confirm"), send, board: () => boardRoot,
    describe: (move) => (state.board && state.board.describeMove && state.board.describeMove(move, state.view)) || moveLabel(move),
    onRefused: (result) => { $("move-error").textContent = result.reason || result.code || t("The move was refused."); }});
  const submit = (move, options) => gate.submit(move, options);
  const toggle = $("confirm-moves");
  toggle.checked = gate.enabled;
  toggle.addEventListener("change", () => gate.setEnabled(toggle.checked));

  async function remount() {
    const token = ++state.mountToken;
    if (state.board) { try { state.board.destroy(); } catch { /* ignore */ } state.board = null; }
    gate.clear();
    const mode = state.seat === null || resignedHere() ? "spectate" : "play";
    const board = await mountBoard(boardRoot, {kind: game.kind, seat: state.seat, names, mode, submit,
                                               isHost: Boolean(game.you && game.you.is_host)});
    if (token !== state.mountToken) { board.destroy(); return; }
    state.board = board;
    drawBoard([]);
    // the players panel and the end card use what the board says (playerDetails, tileWords),
    // and the board module may arrive after the first state: draw them again with it
    if (state.view) drawChrome();
  }

  function drawBoard(events) {
    if (state.board && state.view) {
      try {
        // a resigned seat is the bot's: nothing on the board acts for it
        state.board.update({view: state.view, legal: resignedHere() ? [] : state.legal, events, seq: state.seq});
      } catch (err) {
        console.error("board update failed", err);
      }
    }
  }

  function connectedSeats() {
    if (!state.connected) return null;
    const seats = new Set(state.connected);
    if (device.some((s) => seats.has(s))) for (const s of device) seats.add(s);
    return [...seats];
  }

  const clock = createTurnClock({game, gameId, seatQuery: () => (state.seat !== null ? `?seat=${state.seat}` : ""),
    onFresh: () => drawChrome(), onTick: () => drawPlayers()});

  function drawPlayers() {
    renderPlayers($("players"), state.view, {names, marks, you, connected: connectedSeats(), resigned: state.resigned, bots, levels, profiles,
      vacations, clocks: clock.now(), away: state.away, details: state.board && state.board.playerDetails});
  }

  function drawChrome() {
    nextGame.refresh();
    const finished = state.status === "finished" || (state.view && state.view.finished);
    // for tools and tests: what this page currently shows
    main.dataset.seq = String(state.seq ?? 0);
    main.dataset.status = finished ? "finished" : "live";
    main.dataset.seat = state.seat === null ? "" : String(state.seat);
    $("turn").textContent = turnText(state.view, you, state.seat, names, state.status, state.resigned);
    const badge = $("game-status");
    badge.dataset.state = finished ? "finished" : "live";
    badge.textContent = finished ? t("Finished") : t("In play");
    const own = ownSeats();
    const myTurn = !finished && ((state.view && state.view.to_act) || []).some((s) => own.includes(s));
    document.title = `${myTurn ? `● ${t("Your turn")} · ` : ""}${game.title || game.kind} · Bazaar`;
    $("turn").classList.toggle("mine", myTurn);
    drawPlayers();
    $("outcome").hidden = !finished;
    if (finished) {
      drawEndCard({gameId, kind: game.kind, view: state.view, names, resigned: state.resigned,
        ratings: state.ratings, tileWords: state.board && state.board.tileWords});
    }
    drawRematchControls({finished, rematch: state.rematch, me: visitor.me, kind: game.kind, player: you.length > 0, gameId});
    drawResign(!finished && state.seat !== null && !state.resigned.includes(state.seat));
    hotSeat.draw();
  }

  // The end arrives while the player looks at the board: the end card comes to where they look
  // (issue 25, point 26). Once.
  let endSeen = true;
  function showEnd() {
    if (endSeen || state.status !== "finished") return;
    endSeen = true;
    bringEndCardIntoView();
  }

  const hotSeat = createHotSeat({gameId, names, you, state, boardRoot, ownSeats, onSwitch(seat) {
    conn.setSeat(seat);
    remount();
    drawChrome();
  }});

  const refreshUndo = mountTakeback($("undo-bar"), {gameId, seat: () => (resignedHere() ? null : state.seat)});
  const conn = new Connection(gameId, {
    seat: state.seat,
    seq: game.seq,
    chatIds: (game.chat || []).map((m) => m.id),
    onState({view, legal, events, seq, status, source}) {
      const wasFinished = state.status === "finished";
      const lastSeq = state.seq;
      const before = state.view;
      state.view = view; state.legal = legal; state.seq = seq;
      if (status) state.status = status;
      if (view && view.finished) state.status = "finished";
      if (source === "patch" && events.length) {
        logFeed.addLive(before, seq, events);
      } else if (source === "snapshot" && seq > lastSeq) {
        logFeed.refresh();
      }
      if (!wasFinished && state.status === "finished") {
        logFeed.refresh();
        endSeen = false;
        // a rated game's new ratings are written before its end is sent: read them once
        if (game.rated) {
          api("GET", `/api/games/${encodeURIComponent(gameId)}`)
            .then((again) => { state.ratings = again.ratings || []; drawChrome(); }).catch(() => {});
        }
      }
      drawBoard(events);
      refreshUndo();
      thinking.onState(view, seq);
      gate.refresh(resignedHere() ? [] : legal);
      drawChrome();
      showEnd();
      clock.refresh();
      hotSeat.followTurn();
      textplay.update(events, source, before);
    },
    onStatus(status, info) {
      // the session of a visitor who had one ended elsewhere: the page says so (identity.js)
      if (status === "closed" && info.code === 4401 && visitor.me) window.dispatchEvent(new CustomEvent("bazaar:signed-out"));
      const node = $("conn-status");
      node.dataset.state = status;
      node.textContent = connectionText(status, info);
    },
    onChat(msg) { chat.show(msg); },
    onPresence(connected) { state.connected = connected; drawChrome(); },
    onAway(seats) {
      // a clock ran out: the move it caused may be in the log already, without its actor
      if (seats.some((s) => !state.away.includes(s))) logFeed.refreshSoon();
      state.away = seats; drawChrome();
    },
    onResigned(seat) { markResigned(seat); },
    onTakeback() { refreshUndo(); },
    onThinking(frame) { thinking.onFrame(frame); },
    async onRematch() {
      try { state.rematch = await fetchRematch(gameId); } catch { return; }
      drawChrome();
    },
    onError(frame) {
      // errors not tied to a move of ours (a chat line refused, a rate limit): say so
      console.warn("server error", frame);
      showError($("move-error"), frame.reason || frame.code || "", game.kind);
    },
  });

  const chat = createChat({game, gameId, visitor, conn});
  // the move box, its commands and text mode (issue 31): static/js/textplay.js
  const textplay = mountTextPlay({gameId, kind: game.kind, names, state, submit, clocks: clock.now,
    clockOn: Boolean(game.clock && game.clock.mode && game.clock.mode !== "off")});
  fitSideColumn();

  // a seat resigned (this page's or anyone's): the bot plays it; when it is the seat shown here,
  // the board turns into a spectator's and the turn line says so
  function markResigned(seat) {
    if (state.resigned.includes(seat)) return;
    state.resigned.push(seat);
    if (seat === state.seat) { remount(); hotSeat.followTurn(); }
    drawChrome();
  }
  wireResign({gameId, kind: game.kind, seat: () => state.seat, onResigned: markResigned, redraw: drawChrome});
  wireRematch({gameId, kind: game.kind});

  drawChrome();
  await remount();
  logFeed.refresh();
  conn.start();
  hotSeat.followTurn();
  window.addEventListener("pagehide", () => conn.close());
  window.bazaar = {conn, state}; // for debugging from the console and for the browser tests
}

if (document.body.classList.contains("page-game")) {
  gamePage().catch((err) => {
    console.error(err);
    const turn = document.getElementById("turn");
    if (turn) turn.textContent = t("Something went wrong: {error}", {error: errorText(err)});
  });
}
