// The one WebSocket module shared by every game page (docs/api.md "WebSocket").
// Keeps this viewer's copy of the game view up to date: snapshot on hello, RFC 6902 patches
// after that (applyPatch below), resume with `since` after a drop, reconnect with exponential
// backoff + jitter, ping every 20 s. Moves travel over the socket with a client_move_id and
// resolve when the server answers `moved` (or the matching `error`); a move made while the
// socket is down goes over HTTP with the same id (the server treats a resend as idempotent).

import {api, ApiError} from "./api.js";
import {t} from "./i18n.js";

// ------------------------------------------------------------------ JSON Patch (RFC 6902)

export class PatchError extends Error {}

/** JSON Pointer (RFC 6901) -> list of reference tokens, with ~1 and ~0 unescaped. */
export function parsePointer(pointer) {
  if (pointer === "") return [];
  if (typeof pointer !== "string" || pointer[0] !== "/") throw new PatchError(`bad pointer ${pointer}`);
  return pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function clone(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function isObject(v) {
  return v !== null && typeof v === "object";
}

export function deepEqual(a, b) {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
}

function arrayIndex(arr, token, allowEnd) {
  if (allowEnd && token === "-") return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`bad array index ${token}`);
  const i = Number(token);
  if (i > arr.length || (!allowEnd && i === arr.length)) throw new PatchError(`index ${i} out of range`);
  return i;
}

function walk(doc, tokens) {
  let node = doc;
  for (const t of tokens) {
    if (Array.isArray(node)) node = node[arrayIndex(node, t, false)];
    else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, t)) node = node[t];
    else throw new PatchError(`no such path /${tokens.join("/")}`);
  }
  return node;
}

function getAt(doc, tokens) {
  return walk(doc, tokens);
}

// Each mutator returns the (possibly new) root.
function addAt(doc, tokens, value) {
  if (tokens.length === 0) return value;
  const parent = walk(doc, tokens.slice(0, -1));
  const key = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
  else if (isObject(parent)) parent[key] = value;
  else throw new PatchError("cannot add inside a scalar");
  return doc;
}

function removeAt(doc, tokens) {
  if (tokens.length === 0) throw new PatchError("cannot remove the root");
  const parent = walk(doc, tokens.slice(0, -1));
  const key = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, false), 1);
  else if (isObject(parent) && Object.prototype.hasOwnProperty.call(parent, key)) delete parent[key];
  else throw new PatchError(`nothing to remove at /${tokens.join("/")}`);
  return doc;
}

function replaceAt(doc, tokens, value) {
  if (tokens.length === 0) return value;
  const parent = walk(doc, tokens.slice(0, -1));
  const key = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent[arrayIndex(parent, key, false)] = value;
  else if (isObject(parent) && Object.prototype.hasOwnProperty.call(parent, key)) parent[key] = value;
  else throw new PatchError(`nothing to replace at /${tokens.join("/")}`);
  return doc;
}

/** Apply RFC 6902 ops to a copy of `doc`; returns the new document or throws PatchError. */
export function applyPatch(doc, ops) {
  let root = clone(doc);
  for (const op of ops || []) {
    if (!isObject(op)) throw new PatchError("an op must be an object");
    const path = parsePointer(op.path);
    switch (op.op) {
      case "add": root = addAt(root, path, clone(op.value)); break;
      case "remove": root = removeAt(root, path); break;
      case "replace": root = replaceAt(root, path, clone(op.value)); break;
      case "move": {
        const from = parsePointer(op.from);
        if (op.from === op.path) break;
        if (op.path.startsWith(op.from + "/")) throw new PatchError("cannot move a value into itself");
        const value = getAt(root, from);
        root = removeAt(root, from);
        root = addAt(root, path, value);
        break;
      }
      case "copy": root = addAt(root, path, clone(getAt(root, parsePointer(op.from)))); break;
      case "test":
        if (!deepEqual(getAt(root, path), op.value)) throw new PatchError(`test failed at ${op.path}`);
        break;
      default: throw new PatchError(`unknown op ${op.op}`);
    }
  }
  return root;
}

// ------------------------------------------------------------------ the connection

const PING_MS = 20000;
const SILENCE_MS = 50000; // no frame at all for this long: the socket is dead, reconnect
const MOVE_TIMEOUT_MS = 15000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 15000;

let moveCounter = 0;
function newMoveId() {
  moveCounter += 1;
  return `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}${moveCounter}`;
}

/**
 * new Connection(gameId, {seat, seq, chatIds, onState, onStatus, onChat, onPresence, onError})
 *  onState({view, legal, events, seq, status, source: "snapshot"|"patch"})
 *  onStatus("connecting"|"open"|"reconnecting"|"closed", {attempt, delay, code, reason})
 *  onChat(frame), onPresence(seats), onResigned(seat), onAway(seats), onRematch(frame),
 *  onTakeback(frame), onError(frame)
 */
export class Connection {
  constructor(gameId, handlers = {}) {
    this.gameId = gameId;
    this.seat = handlers.seat ?? null;
    this.handlers = handlers;
    this.view = null;
    this.legal = [];
    this.seq = null;
    this.initialSeq = handlers.seq ?? null; // the seq the page loaded over HTTP, until a snapshot
    // the ids of the chat lines shown: every hello asks for the lines after the last one, so that
    // a line said while the socket was down still arrives; a line seen already is dropped (a live
    // line may overtake the missed ones, so a set rather than "older than the last")
    this.chatSeen = new Set((handlers.chatIds || []).filter(Number.isInteger));
    this.chatSince = Math.max(0, ...this.chatSeen);
    this.status = null;
    this.socket = null;
    this.attempt = 0;
    this.closed = false;
    this.pending = new Map(); // client_move_id -> {frame, resolve, timer}
    this.timers = {ping: null, retry: null, silence: null};
  }

  /** Open the socket (idempotent). */
  start() {
    this.closed = false;
    if (!this.socket) this._open();
    if (!this._onOnline) {
      // the network is back: don't wait out the backoff
      this._onOnline = () => { if (!this.closed && !this.socket) { this.attempt = 0; this._open(); } };
      window.addEventListener("online", this._onOnline);
    }
    return this;
  }

  /** Show another seat held by this caller (hot-seat): a fresh snapshot for that seat. */
  setSeat(seat) {
    if (seat === this.seat) return;
    this.seat = seat;
    this.initialSeq = this.seq ?? this.initialSeq;
    this.view = null;
    this.seq = null;
    this._drop();
    this._open();
  }

  /** Open the socket again, e.g. once the visitor has a name (the cookie now says who). */
  reconnect() {
    if (this.closed) return;
    this._drop();
    this._open();
  }

  /** Close for good. */
  close() {
    this.closed = true;
    if (this._onOnline) window.removeEventListener("online", this._onOnline);
    this._onOnline = null;
    this._drop();
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.resolve({ok: false, code: "CLOSED", reason: t("the page closed the connection")});
      this.pending.delete(id);
    }
    this._status("closed");
  }

  /** Make a move for the current seat; resolves {ok: true, seq} or {ok: false, code, reason}. */
  move(move) {
    const id = newMoveId();
    const frame = {type: "move", seq: this.seq ?? this.initialSeq ?? 0, move, client_move_id: id};
    return new Promise((resolve) => {
      const timer = setTimeout(() => this._viaHttp(id), MOVE_TIMEOUT_MS);
      this.pending.set(id, {frame, resolve, timer, seat: this.seat});
      if (!this._send(frame)) this._viaHttp(id);
    });
  }

  /** Send a chat line over the socket, or over HTTP when the socket is down. */
  async chat(text) {
    if (this._send({type: "chat", text})) return;
    await api("POST", `/api/games/${encodeURIComponent(this.gameId)}/chat`, {text});
  }

  // ---------------------------------------------------------------- internals

  _url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = this.seat === null || this.seat === undefined ? "" : `?seat=${encodeURIComponent(this.seat)}`;
    return `${scheme}//${location.host}/ws/games/${encodeURIComponent(this.gameId)}${query}`;
  }

  _status(status, info = {}) {
    this.status = status;
    if (this.handlers.onStatus) this.handlers.onStatus(status, info);
  }

  _open() {
    clearTimeout(this.timers.retry);
    this._status(this.attempt ? "reconnecting" : "connecting", {attempt: this.attempt});
    let socket;
    try {
      socket = new WebSocket(this._url());
    } catch (err) {
      this._scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      const hello = {type: "hello"};
      if (this.view !== null && this.seq !== null) hello.since = this.seq;
      hello.chat_since = this.chatSince;
      socket.send(JSON.stringify(hello));
      this._status("open");
      this.timers.ping = setInterval(() => this._send({type: "ping"}), PING_MS);
      this._touch();
      // moves sent before the drop: resend with the same id (idempotent on the server)
      for (const p of this.pending.values()) if (!p.viaHttp) this._send(p.frame);
    };
    socket.onmessage = (msg) => {
      if (socket !== this.socket) return;
      this._touch();
      let frame;
      try { frame = JSON.parse(msg.data); } catch { return; }
      this._handle(frame);
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this._drop();
      // 44xx: the server refused us for good (unknown game, private game, bad seat), except
      // SESSION_REPLACED: this device was given a new token (claim, new password), which the
      // cookie already carries, so the next connection speaks for the same person
      const replaced = event.code === 4401 && event.reason === "SESSION_REPLACED";
      if (event.code >= 4400 && event.code < 4500 && event.code !== 4429 && !replaced) {
        this.closed = true;
        this._status("closed", {code: event.code, reason: event.reason});
        return;
      }
      if (!this.closed) this._scheduleReconnect();
    };
    socket.onerror = () => { /* onclose follows and reconnects */ };
  }

  _touch() {
    clearTimeout(this.timers.silence);
    this.timers.silence = setTimeout(() => {
      if (this.socket) this.socket.close();
    }, SILENCE_MS);
  }

  _drop() {
    clearInterval(this.timers.ping);
    clearTimeout(this.timers.silence);
    clearTimeout(this.timers.retry);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      try { socket.close(); } catch { /* already closed */ }
    }
  }

  _scheduleReconnect() {
    const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** this.attempt);
    const delay = Math.round(exp / 2 + Math.random() * exp / 2); // "equal jitter"
    this.attempt += 1;
    this._status("reconnecting", {attempt: this.attempt, delay});
    this.timers.retry = setTimeout(() => this._open(), delay);
  }

  _send(frame) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  _resync(full) {
    const hello = {type: "hello"};
    if (!full && this.view !== null && this.seq !== null) hello.since = this.seq;
    else { this.view = null; this.seq = null; }
    this._send(hello);
  }

  _emit(source, events) {
    if (this.handlers.onState) {
      this.handlers.onState({view: this.view, legal: this.legal, events: events || [], seq: this.seq,
        status: this.gameStatus, source});
    }
  }

  _handle(frame) {
    switch (frame.type) {
      case "snapshot":
        this.attempt = 0;
        this.view = frame.view;
        this.seq = frame.seq;
        this.legal = frame.legal || [];
        this.gameStatus = frame.status || (frame.view && frame.view.finished ? "finished" : "live");
        this._emit("snapshot", []);
        break;
      case "patch": {
        this.attempt = 0;
        if (this.view === null || this.seq === null) { this._resync(true); return; }
        if (frame.seq <= this.seq) return; // already have it
        if (frame.seq !== this.seq + 1) { this._resync(false); return; }
        try {
          this.view = applyPatch(this.view, frame.ops);
        } catch (err) {
          console.warn("patch failed, asking for a snapshot", err);
          this._resync(true);
          return;
        }
        this.seq = frame.seq;
        if (frame.legal !== undefined) this.legal = frame.legal || [];
        if (frame.status) this.gameStatus = frame.status;
        this._emit("patch", frame.events || []);
        break;
      }
      case "moved": this._settle(frame.client_move_id, {ok: true, seq: frame.seq}); break;
      case "error": {
        if (frame.client_move_id && this.pending.has(frame.client_move_id)) {
          this._settle(frame.client_move_id, {ok: false, code: frame.code, reason: frame.reason, seq: frame.seq});
          if (frame.code === "STALE_SEQ") this._resync(false);
        } else if (this.handlers.onError) {
          this.handlers.onError(frame);
        }
        break;
      }
      case "chat": {
        if (Number.isInteger(frame.id)) {
          if (this.chatSeen.has(frame.id)) break; // shown already
          this.chatSeen.add(frame.id);
          this.chatSince = Math.max(this.chatSince, frame.id);
        }
        if (this.handlers.onChat) this.handlers.onChat(frame);
        break;
      }
      case "presence": if (this.handlers.onPresence) this.handlers.onPresence(frame.connected || []); break;
      case "resigned": if (this.handlers.onResigned) this.handlers.onResigned(frame.seat); break;
      case "rematch": if (this.handlers.onRematch) this.handlers.onRematch(frame); break;
      case "takeback": if (this.handlers.onTakeback) this.handlers.onTakeback(frame); break;
      case "away": if (this.handlers.onAway) this.handlers.onAway(frame.seats || []); break;
      case "thinking": if (this.handlers.onThinking) this.handlers.onThinking(frame); break;
      case "reconnect":
        this._drop();
        this.attempt = 0;
        this._scheduleReconnect();
        break;
      case "pong": break;
      default: break;
    }
  }

  _settle(id, result) {
    const p = this.pending.get(id);
    if (!p) return;
    clearTimeout(p.timer);
    this.pending.delete(id);
    p.resolve(result);
  }

  async _viaHttp(id) {
    const p = this.pending.get(id);
    if (!p || p.viaHttp) return;
    p.viaHttp = true;
    clearTimeout(p.timer);
    const body = {seq: p.frame.seq, move: p.frame.move, client_move_id: id};
    if (p.seat !== null && p.seat !== undefined) body.seat = p.seat;
    try {
      const res = await api("POST", `/api/games/${encodeURIComponent(this.gameId)}/moves`, body);
      this._settle(id, {ok: true, seq: res && res.seq});
    } catch (err) {
      const e = err instanceof ApiError ? err : {code: "NETWORK", reason: String(err)};
      this._settle(id, {ok: false, code: e.code, reason: e.reason, seq: e.body && e.body.detail && e.body.detail.seq});
    }
  }
}
