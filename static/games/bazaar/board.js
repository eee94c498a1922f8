// Board of `bazaar`: Sid Sackson's Bazaar with Penalty Bazaar (rules/bazaar.md).
// Draws the die, the ten equations in force (each usable in either direction with one click,
// disabled with the reason on hover when not possible), the four stalls (top card, cards
// left, star level), the bank, every player's tokens and score breakdown, the wild-colour
// and hand-limit choosers, and the last move in words. Offers only legal moves; a refused
// move's reason (it cites the rule) is shown under the controls.

import {el, svg, clear, seatColor} from "/static/js/dom.js";
import {words, showError} from "/static/js/words.js";
import {listWords, t, tn} from "/static/js/i18n.js";
import {eventText} from "/static/js/log.js";

const COLOURS = ["R", "W", "B", "G", "Y"];
const COLOUR_NAMES = {R: "red", W: "white", B: "blue", G: "green", Y: "yellow"};
// the colours and counted tokens in the page's language: the same message ids as the log's
// (app/games/bazaar/words.py COLOUR_WORDS, COUNTED), so the catalogue already holds them
const COUNTED = {R: "{n} red", W: "{n} white", B: "{n} blue", G: "{n} green", Y: "{n} yellow"};

/** A colour by its letter, in the page's language. */
function colourWord(c) {
  return COLOUR_NAMES[c] ? t(COLOUR_NAMES[c]) : c;
}
const LTR = "left-to-right";
const RTL = "right-to-left";

function lacking(need, have) {
  const out = {};
  for (const c of COLOURS) {
    const miss = (need[c] || 0) - (have[c] || 0);
    if (miss > 0) out[c] = miss;
  }
  return Object.keys(out).length ? out : null;
}

/** One token as a small SVG disc with its letter (colour is never the only cue). */
function chip(colour, size = 20) {
  const r = size / 2;
  // inline size: the page's `.board svg {width: 100%}` is meant for whole-board drawings
  return svg("svg", {class: "baz-chip", viewBox: `0 0 ${size} ${size}`, width: size, height: size,
    style: `width:${size}px;height:${size}px;display:inline-block`,
    role: "img", "aria-label": colourWord(colour)}, [
    svg("circle", {cx: r, cy: r, r: r - 1, class: `baz-token baz-${colour}`}),
    svg("text", {x: r, y: r + 0.5, class: `baz-letter baz-letter-${colour}`, "text-anchor": "middle",
      "dominant-baseline": "central", "font-size": size * 0.55, text: colour}),
  ]);
}

/** A multiset of tokens as chips, in colour order. */
function chips(counts, size = 18, extraClass = "") {
  const out = [];
  for (const c of COLOURS) for (let i = 0; i < (counts[c] || 0); i += 1) out.push(chip(c, size));
  return el("span", {class: `baz-chips ${extraClass}`.trim(), "aria-label": countWords(counts)}, out.length ? out : [el("span", {class: "muted", text: "—"})]);
}

/** Counts per colour as "chip ×n" cells (bank, hands). */
function tally(counts, testid) {
  return el("span", {class: "baz-tally", "data-testid": testid}, COLOURS.map((c) =>
    el("span", {class: `baz-tally-cell${counts[c] ? "" : " zero"}`, title: `${colourWord(c)}: ${counts[c] || 0}`},
      [chip(c, 16), el("span", {class: "baz-count", text: String(counts[c] || 0)})])));
}

/** Counts in words, in colour order and the page's language: "2 red and 1 white". */
function countWords(counts) {
  const parts = COLOURS.filter((c) => counts[c]).map((c) => t(COUNTED[c], {n: counts[c]}));
  if (!parts.length) return t("nothing");
  return listWords(parts);
}

/** A move in words for the "Confirm moves" bar (static/js/move-confirm.js), which a typed
 * move passes too: in the page's language. */
export function describeMove(move, view) {
  switch (move.type) {
    case "Buy": {
      const stall = view && view.stalls.find((s) => s.stall === move.stall);
      const top = stall && stall.top;
      if (!top) return t("Buy the top card of stall {stall}", {stall: move.stall});
      const args = {id: top.id, stall: move.stall, cost: countWords(top.cost)};
      return top.star ? t("Buy ★ ware #{id} from stall {stall} for {cost}", args)
        : t("Buy ware #{id} from stall {stall} for {cost}", args);
    }
    case "Trade": {
      const eq = view && view.equations.find((e) => e.id === move.equation_id);
      if (!eq) return t("Make this trade");
      const [give, take] = move.direction === LTR ? [eq.left, eq.right] : [eq.right, eq.left];
      return t("Trade: give {give}, take {take}", {give: countWords(give), take: countWords(take)});
    }
    case "Roll": return t("Roll the die");
    case "EndTurn": return t("End your turn");
    case "ChooseColour": return t("Take a {colour} token (wild roll)", {colour: colourWord(move.colour)});
    case "ReturnTokens": return t("Return {tokens} to the bank", {tokens: countWords(move.tokens || {})});
    default: return null;
  }
}

export function mount(root, ctx) {
  let view = null;
  let legal = [];
  let busy = false;
  let error = "";
  let lastEvents = [];
  let toReturn = {R: 0, W: 0, B: 0, G: 0, Y: 0};
  let returnKey = "";

  const status = el("div", {class: "baz-status", "data-testid": "baz-status"});
  const errorBox = el("p", {class: "form-error baz-error", role: "alert", "data-testid": "baz-error"});
  const chooser = el("div", {class: "baz-chooser", "data-testid": "baz-chooser"});
  const stallsBox = el("section", {class: "baz-stalls", "aria-label": t("Stalls"), "data-testid": "baz-stalls"});
  const eqBox = el("section", {class: "baz-equations", "aria-label": t("Exchange equations"), "data-testid": "baz-equations"});
  const bankBox = el("section", {class: "baz-bank", "aria-label": t("Bank"), "data-testid": "baz-bank"});
  const eventsBox = el("section", {class: "baz-events", "aria-label": t("Last move"), "data-testid": "baz-events"});
  const infoBox = el("section", {class: "baz-info", "data-testid": "baz-info"});
  // tabindex -1: the focus falls back to the board, never to the top of the page
  const boardBox = el("div", {class: "baz-board", tabindex: "-1"}, [
    status, errorBox, chooser, stallsBox,
    // the players are the page's players panel alone (playerDetails below): a table of them
    // here listed them a second time (issue 25, point 23)
    el("div", {class: "baz-columns"}, [eqBox, el("div", {}, [bankBox, eventsBox])]),
    infoBox,
  ]);
  root.append(boardBox);

  // The panels are rebuilt on every change: a button pressed with the keyboard (Enter, Space)
  // keeps the focus on the same control (by its test id) or on the board (issue 13, point 16).
  function keepFocus(redraw) {
    const active = document.activeElement;
    const inside = Boolean(active && active !== boardBox && root.contains(active));
    const id = inside ? active.dataset.testid : null;
    redraw();
    if (!inside || active.isConnected) return;
    const again = id && root.querySelector(`[data-testid="${CSS.escape(id)}"]`);
    if (again && !again.disabled) again.focus();
    else boardBox.focus({preventScroll: true});
  }

  const names = () => (view ? view.players.map((p) => p.name) : ctx.names || []);
  const canPlay = () => ctx.mode === "play" && typeof ctx.submit === "function" && ctx.seat !== null && ctx.seat !== undefined;
  const myTurn = () => canPlay() && view && !view.finished && (view.to_act || []).includes(ctx.seat);
  const me = () => (view && ctx.seat !== null && ctx.seat !== undefined ? view.players[ctx.seat] : null);
  const isLegal = (pred) => legal.some(pred);

  async function send(move, options) {
    if (busy) return;
    busy = true;
    error = "";
    draw();
    let result;
    try {
      result = await ctx.submit(move, options);
    } catch (err) {
      result = {ok: false, reason: String(err)};
    }
    busy = false;
    if (!result.ok) error = result.reason || result.code || t("The move was refused.");
    draw();
  }

  function button(label, move, why, attrs = {}) {
    const allowed = !why && !busy;
    const b = el("button", {type: "button", class: attrs.class || "", disabled: !allowed, "aria-disabled": allowed ? "false" : "true",
      title: words(why) || attrs.title || "", "data-testid": attrs.testid, text: label});
    if (allowed) b.addEventListener("click", () => send(move, attrs.confirmed ? {confirmed: true} : undefined));
    return b;
  }

  // Why a seat cannot act now, before any move-specific reason (or null if it can).
  function turnWhy() {
    if (!canPlay()) return ctx.mode === "replay" ? t("Replay") : t("You are watching this game");
    if (view.finished) return "BAZ-30: " + t("the game is over");
    if (!myTurn()) {
      const name = names()[view.current] || t("another player");
      return t("Not your turn: {name} is to act", {name});
    }
    if (!legal.length) return t("Waiting for the server…");  // the legal moves of this step are on their way
    return null;
  }

  function tradeWhy(eq, direction) {
    const base = turnWhy();
    if (base) return base;
    if (isLegal((m) => m.type === "Trade" && m.equation_id === eq.id && m.direction === direction)) return null;
    if (view.phase !== "action") return "BAZ-14: " + t("only one action (a roll or one trade) per turn");
    const mine = me();
    if (!mine.started) return "BAZ-13: " + t("the first turn of the game must be a roll");
    const give = direction === LTR ? eq.left : eq.right;
    const get = direction === LTR ? eq.right : eq.left;
    const short1 = lacking(give, mine.tokens);
    if (short1) return "BAZ-17: " + t("you lack {tokens} for the giving side", {tokens: countWords(short1)});
    const short2 = lacking(get, view.bank);
    if (short2) return "BAZ-17: " + t("the bank lacks {tokens} for the receiving side", {tokens: countWords(short2)});
    return t("Not possible now");
  }

  function buyWhy(stall) {
    const base = turnWhy();
    if (base) return base;
    if (isLegal((m) => m.type === "Buy" && m.stall === stall.stall)) return null;
    if (!stall.top) return "BAZ-18: " + t("stall {stall} is sold out", {stall: stall.stall});
    if (view.phase === "action") return "BAZ-14: " + t("roll or trade first, then buy");
    if (view.phase === "wild") return "BAZ-16: " + t("name a colour for the wild roll first");
    if (view.phase === "return") return "BAZ-19: " + t("return your surplus tokens");
    const short = lacking(stall.top.cost, me().tokens);
    if (short) return "BAZ-18: " + t("you lack {tokens} to buy this card", {tokens: countWords(short)});
    return t("Not possible now");
  }

  function drawStatus() {
    clear(status);
    const who = view.finished ? null : names()[view.current];
    let prompt;
    if (view.finished) {
      prompt = view.reason === "two-stalls-sold-out" ? t("Game over: two stalls are sold out.") : t("Game over: no purchase for too long (stuck-game guard).");
    } else if (!myTurn()) {
      prompt = t("{name} is to act.", {name: who});
    } else if (view.phase === "action") {
      prompt = me().started ? t("Your turn: roll the die or make one trade.") : t("Your first turn: roll the die.");
    } else if (view.phase === "wild") {
      prompt = t("WILD! Take one token of a colour the bank still holds.");
    } else if (view.phase === "purchase") {
      prompt = t("Buy the top card of one stall, or end your turn.");
    } else {
      const surplus = me().token_count - 10;
      prompt = t("You hold {held} tokens: return {n} to the bank (your choice).", {held: me().token_count, n: surplus});
    }
    const die = view.die
      ? el("span", {class: `baz-die${view.die === "WILD" ? " wild" : ""}`, "data-testid": "baz-die", title: t("this turn's die roll")},
        view.die === "WILD" ? [t("WILD")] : [chip(view.die, 22)])
      : el("span", {class: "baz-die empty", "data-testid": "baz-die", title: t("no die rolled this turn"), text: "–"});
    const actions = el("span", {class: "baz-actions"});
    if (canPlay() && !view.finished) {
      const rollWhy = turnWhy() || (isLegal((m) => m.type === "Roll") ? null : "BAZ-14: " + t("only one action per turn"));
      actions.append(button(t("Roll the die"), {type: "Roll"}, rollWhy, {class: "primary", testid: "baz-roll"}));
      const endWhy = turnWhy() || (isLegal((m) => m.type === "EndTurn") ? null
        : view.phase === "action" ? "BAZ-14: " + t("there is no pass: roll or trade first") : t("Finish this step first"));
      actions.append(button(t("End turn"), {type: "EndTurn"}, endWhy, {testid: "baz-end-turn"}));
    }
    status.append(el("div", {class: "baz-die-box"}, [el("span", {class: "muted", text: t("Die") + " "}), die]),
      el("p", {class: "baz-prompt", "data-testid": "baz-prompt", text: prompt}), actions);
  }

  function drawChooser() {
    clear(chooser);
    chooser.hidden = true;
    if (!myTurn()) return;
    if (view.phase === "wild") {
      chooser.hidden = false;
      chooser.append(el("h3", {text: t("Wild roll: choose a colour")}),
        el("div", {class: "baz-row"}, COLOURS.map((c) => {
          const ok = isLegal((m) => m.type === "ChooseColour" && m.colour === c);
          const colour = colourWord(c);
          const none = "BAZ-16: " + t("the bank has no {colour} token", {colour});
          const b = button("", {type: "ChooseColour", colour: c}, ok ? null : none,
            {class: "baz-colour-button", testid: `baz-wild-${c}`, title: t("take a {colour} token", {colour})});
          b.append(chip(c, 22), " " + colour);
          return b;
        })));
    }
    if (view.phase === "return") {
      chooser.hidden = false;
      const mine = me();
      const surplus = mine.token_count - 10;
      const key = `${view.turns}:${mine.token_count}`;
      if (key !== returnKey) { returnKey = key; toReturn = {R: 0, W: 0, B: 0, G: 0, Y: 0}; }
      const chosen = COLOURS.reduce((n, c) => n + toReturn[c], 0);
      const rows = COLOURS.filter((c) => mine.tokens[c]).map((c) => {
        const colour = colourWord(c);
        const minus = el("button", {type: "button", class: "baz-step", "aria-label": t("one {colour} fewer", {colour}), text: "−",
          disabled: toReturn[c] === 0, "data-testid": `baz-return-minus-${c}`});
        const plus = el("button", {type: "button", class: "baz-step", "aria-label": t("one more {colour}", {colour}), text: "+",
          disabled: toReturn[c] >= mine.tokens[c] || chosen >= surplus, "data-testid": `baz-return-plus-${c}`});
        minus.addEventListener("click", () => { toReturn[c] -= 1; keepFocus(drawChooser); });
        plus.addEventListener("click", () => { toReturn[c] += 1; keepFocus(drawChooser); });
        return el("div", {class: "baz-return-row"}, [chip(c, 20),
          el("span", {class: "baz-count", text: t("{chosen} of {held}", {chosen: toReturn[c], held: mine.tokens[c]})}), minus, plus]);
      });
      const move = {type: "ReturnTokens", tokens: Object.fromEntries(COLOURS.filter((c) => toReturn[c]).map((c) => [c, toReturn[c]]))};
      const why = chosen === surplus ? null
        : "BAZ-19: " + tn("choose exactly {n} token ({chosen} chosen)", "choose exactly {n} tokens ({chosen} chosen)", surplus, {chosen});
      chooser.append(el("h3", {text: tn("Hand limit: return {n} token", "Hand limit: return {n} tokens", surplus)}),
        el("div", {class: "baz-return"}, rows),
        button(t("Return {tokens}", {tokens: countWords(toReturn)}), move, why, {class: "primary", testid: "baz-return-submit", confirmed: true}));  // chosen token by token: two steps already
    }
  }

  function wareCard(ware, extra) {
    return el("div", {class: `baz-ware${ware.star ? " star" : ""}`, "data-ware": String(ware.id)}, [
      el("span", {class: "baz-ware-id", text: `${ware.star ? "★ " : ""}#${ware.id}`}),
      chips(ware.cost, 18), extra || null]);
  }

  function drawStalls() {
    clear(stallsBox);
    stallsBox.append(el("h3", {text: t("Stalls")}));
    const row = el("div", {class: "baz-stall-row"});
    for (const stall of view.stalls) {
      const level = stall.level === null ? "" : t("level {n}", {n: stall.level});
      const body = stall.top
        ? wareCard(stall.top)
        : el("div", {class: "baz-ware sold-out", text: t("sold out")});
      const parts = [
        el("div", {class: "baz-stall-head"}, [el("strong", {text: t("Stall {n}", {n: stall.stall})}),
          el("span", {class: "muted", text: tn("{n} card left", "{n} cards left", stall.left)})]),
        body,
        el("div", {class: "baz-stall-level", title: t("star level: the card's star + 1 once a stall is sold out (max 2)"), text: level}),
      ];
      if (stall.hidden && stall.hidden.length) {
        const cards = stall.hidden.map((w) => `#${w}`).join(" ");
        parts.push(el("div", {class: "baz-hidden muted", text: t("below: {cards}", {cards})}));
      }
      if (canPlay() && !view.finished) {
        parts.push(button(t("Buy"), {type: "Buy", stall: stall.stall}, buyWhy(stall), {class: "primary", testid: `baz-buy-${stall.stall}`}));
      }
      row.append(el("div", {class: `baz-stall${stall.top ? "" : " empty"}`, "data-testid": `baz-stall-${stall.stall}`}, parts));
    }
    stallsBox.append(row);
  }

  function drawEquations() {
    clear(eqBox);
    eqBox.append(el("h3", {text: t("Exchange cards {cards}", {cards: listWords(view.exchange_cards.map(String))})}));
    const list = el("ol", {class: "baz-eq-list"});
    for (const eq of view.equations) {
      if (!canPlay()) {
        // spectators and replays: the equations without trade buttons
        list.append(el("li", {class: "baz-eq", "data-testid": `baz-eq-${eq.id}`}, [
          el("span", {class: "baz-eq-id muted", text: eq.id}), el("span"), chips(eq.left, 18, "baz-eq-left"),
          el("span", {class: "baz-eq-sign", text: "="}), chips(eq.right), el("span")]));
        continue;
      }
      const [left, right] = [countWords(eq.left), countWords(eq.right)];
      const ltr = button(t("give ▸"), {type: "Trade", equation_id: eq.id, direction: LTR}, tradeWhy(eq, LTR),
        {class: "baz-trade", testid: `baz-trade-${eq.id}-ltr`, title: t("give {give}, take {take}", {give: left, take: right})});
      ltr.setAttribute("aria-label", t("Trade {id}: give {give}, take {take}", {id: eq.id, give: left, take: right}));
      const rtl = button(t("◂ give"), {type: "Trade", equation_id: eq.id, direction: RTL}, tradeWhy(eq, RTL),
        {class: "baz-trade", testid: `baz-trade-${eq.id}-rtl`, title: t("give {give}, take {take}", {give: right, take: left})});
      rtl.setAttribute("aria-label", t("Trade {id}: give {give}, take {take}", {id: eq.id, give: right, take: left}));
      list.append(el("li", {class: "baz-eq", "data-testid": `baz-eq-${eq.id}`}, [
        el("span", {class: "baz-eq-id muted", text: eq.id}), ltr, chips(eq.left, 18, "baz-eq-left"), el("span", {class: "baz-eq-sign", text: "="}),
        chips(eq.right), rtl]));
    }
    eqBox.append(list);
    if (canPlay()) eqBox.append(el("p", {class: "muted small", text: t("“give ▸” hands over the left side; “◂ give” hands over the right side.")}));
  }

  function drawBank() {
    clear(bankBox);
    bankBox.append(el("h3", {text: t("Bank ({n})", {n: view.bank_count})}), tally(view.bank, "baz-bank-tally"));
  }

  /** What the page's players panel says of a player in this game (players.js renderPlayers):
   * the tokens by colour, their total, the score's points and penalties, and the wares bought. */
  function playerDetails(p) {
    if (!p || !p.tokens) return null;
    const points = tn("{n} point", "{n} points", p.points);
    const scored = view && view.options && view.options.penalty === false ? points
      : t("{points} − {n} penalty", {points, n: p.penalties});
    const wares = p.bought ? p.bought.length : 0;
    const tokens = tn("{n} token", "{n} tokens", p.token_count);
    const bought = tn("{n} ware", "{n} wares", wares);
    return el("span", {class: "player-extra baz-player-extra", "data-testid": `baz-player-${p.seat}`}, [
      el("span", {class: "baz-player-tokens"}, [tally(p.tokens, `baz-tokens-${p.seat}`),
        el("span", {class: `baz-token-total${p.token_count > 7 ? " big" : ""}`,
          text: tokens})]),
      el("span", {text: scored}),
      el("span", {title: (p.bought || []).map((w) => `#${w}`).join(" "), text: bought}),
    ]);
  }

  function drawEvents() {
    clear(eventsBox);
    const texts = (lastEvents || []).map(eventText).filter(Boolean);
    eventsBox.hidden = !texts.length;
    if (!texts.length) return;
    eventsBox.append(el("h3", {text: t("Last move")}), el("ul", {}, texts.map((t) => el("li", {text: t}))));
  }

  function drawInfo() {
    clear(infoBox);
    const rows = view.chart.map((row, left) => el("tr", {}, [el("th", {scope: "row", text: left === 3 ? "3+" : String(left)}),
      ...row.map((v) => el("td", {class: "num", text: String(v)}))]));
    const chart = el("table", {class: "baz-chart"}, [
      el("thead", {}, [el("tr", {}, [t("Cards left"), ...[0, 1, 2].map((n) => t("level {n}", {n}))].map((h) => el("th", {scope: "col", text: h})))]),
      el("tbody", {}, rows)]);
    const facts = [
      view.options.penalty === false ? t("Penalty Bazaar off.")
        : t("Penalty Bazaar on: each purchase costs every opponent 1 point per token above the buyer's tokens left + 3."),
      tn("Star level bonus: +{bonus} ({n} stall sold out; the game ends when 2 are).",
        "Star level bonus: +{bonus} ({n} stalls sold out; the game ends when 2 are).", view.sold_out, {bonus: view.level_bonus}),
      t("Turns without a purchase: {idle} of {limit}.", {idle: view.idle_turns, limit: view.idle_limit}),
    ];
    const unused = view.unused ? view.unused.map((w) => `#${w}`).join(" ") : "";
    infoBox.append(el("details", {}, [el("summary", {text: t("Scoring chart and status")}), chart,
      el("ul", {}, facts.map((f) => el("li", {text: f}))),
      unused ? el("p", {class: "muted small", text: t("Unused cards: {cards}", {cards: unused})}) : null]));
  }

  function draw() {
    if (view) keepFocus(drawAll);
  }

  function drawAll() {
    showError(errorBox, error, ctx.kind);
    drawStatus();
    drawChooser();
    drawStalls();
    drawEquations();
    drawBank();
    drawEvents();
    drawInfo();
  }

  return {
    update({view: newView, legal: newLegal, events}) {
      view = newView;
      legal = newLegal || [];
      if (events && events.length) { lastEvents = events; error = ""; }
      draw();
    },
    playerDetails,
    destroy() { clear(root); },
  };
}
