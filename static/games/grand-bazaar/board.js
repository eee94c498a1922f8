// Board of `grand-bazaar` (rules/grand-bazaar.md). Draws, from the public view:
// * the price track (1..19) with the three gem markers, the range each price can still reach
//   and the pull back to 10 that the cards left in the deck impose (GB-26, GB-27);
// * the revealed card history and what is left in the deck per gem (GB-22, GB-23);
// * every player's money and gems, this round's order and whose turn it is (GB-9, GB-11);
// * the compulsory-buy reminder or its waiver (GB-13f, GB-14, GB-15);
// * a trade panel that offers only legal bundles (the legal moves from the server) and says
//   why a bundle is refused, citing the rule (GB-12, GB-13);
// * the final sale and ranking on the replay (GB-19, GB-20, GB-21); the game page's end card
//   ranks the players itself, so the board leaves it out there.
// User text (names) goes through textContent only (dom.js).

import {el, svg, clear, seatColor} from "/static/js/dom.js";
import {words, errorNodes} from "/static/js/words.js";

const TYPES = ["S", "R", "E"];
const GEM = {
  S: {one: "sapphire", many: "sapphires", color: "#2f5fb3"},
  R: {one: "ruby", many: "rubies", color: "#c2283f"},
  E: {one: "emerald", many: "emeralds", color: "#1d8a4f"},
};
const HAND_LIMIT = 4;
const ROUNDS = 27;
const MIN_PRICE = 1;
const MAX_PRICE = 19;
const FINAL_PRICE = 10;

const zero = () => ({S: 0, R: 0, E: 0});
const sum = (counts) => TYPES.reduce((n, t) => n + (counts[t] || 0), 0);
const gemName = (t, n) => (n === 1 ? GEM[t].one : GEM[t].many);
const signed = (d) => (d > 0 ? `+${d}` : d < 0 ? `−${-d}` : "0");

/** GB-31: the change (dS, dR, dE) of a price card from its id. */
export function cardChange(id) {
  const k = id - 1;
  return {S: Math.floor(k / 9) - 1, R: (Math.floor(k / 3) % 3) - 1, E: (k % 3) - 1};
}

/** Counts in words: "2 sapphires, 1 emerald", or "nothing" (issue 25, point 11: not "S2 E1"). */
export function countsText(counts) {
  const parts = TYPES.filter((t) => counts[t]).map((t) => `${counts[t]} ${gemName(t, counts[t])}`);
  return parts.length ? parts.join(", ") : "nothing";
}

/** An amount of money in words: "1 grand", "29 grands". */
export const grands = (n) => `${n} ${n === 1 ? "grand" : "grands"}`;

/** A bundle in words: "sell 2 rubies · buy 1 sapphire", or "pass". */
export function bundleText(sell, buy) {
  const parts = [];
  if (sum(sell)) parts.push(`sell ${countsText(sell)}`);
  if (sum(buy)) parts.push(`buy ${countsText(buy)}`);
  return parts.length ? parts.join(" · ") : "pass (no trade)";
}

const keyOf = (sell, buy) => TYPES.map((t) => sell[t] || 0).concat(TYPES.map((t) => buy[t] || 0)).join(",");

/**
 * Why a bundle is refused (GB-13 a-f, in the engine's order), or null when the rules accept it.
 * The server decides; this only explains a bundle that is not among the legal moves.
 */
export function refusal(view, seat, sell, buy) {
  const me = view.players[seat];
  const hand = me.hand;
  const prices = view.prices;
  for (const t of TYPES) {
    if (sell[t] > hand[t]) {
      if (view.round === 1) return "GB-13a: no one holds a gem in round 1, so nothing can be sold";
      return `GB-13a: you cannot sell ${sell[t]} ${gemName(t, sell[t])}: you hold ${hand[t]}`;
    }
  }
  for (const t of TYPES) {
    if (sell[t] && buy[t]) return `GB-13b: ${GEM[t].many} cannot be bought and sold in the same round`;
  }
  for (const t of TYPES) {
    if (buy[t] > view.stock[t]) {
      return `GB-13c: you cannot buy ${buy[t]} ${gemName(t, buy[t])}: the bank has ${view.stock[t]} left`;
    }
  }
  const proceeds = TYPES.reduce((n, t) => n + sell[t] * prices[t], 0);
  const cost = TYPES.reduce((n, t) => n + buy[t] * prices[t], 0);
  if (me.money + proceeds < cost) {
    return `GB-13d: the purchases cost ${cost} grands but you would have only ${me.money + proceeds} after your sales`;
  }
  const size = sum(hand) - sum(sell) + sum(buy);
  if (size > HAND_LIMIT) return `GB-13e: you would hold ${size} gems; the limit is ${HAND_LIMIT}`;
  const duty = view.compulsory;
  if (!sum(buy) && duty && duty.seat === seat && duty.must_buy) {
    const names = duty.feasible.map((t) => GEM[t].one).join(" or ");
    return `GB-13f: you must buy at least one gem this round: a ${names} can be bought (GB-14)`;
  }
  return null;
}

// a panel holding a table may scroll sideways on a phone: it then takes the focus, so that the
// keyboard can scroll it too (axe scrollable-region-focusable)
function section(title, testid, children, {scrolls = false} = {}) {
  return el("section", {class: `gb-panel gb-${testid}`, "data-testid": `gb-${testid}`, "aria-label": title,
    tabindex: scrolls ? 0 : undefined}, [el("h3", {text: title}), ...children]);
}

function gemIcon(t, size = 14) {
  const node = svg("svg", {viewBox: "0 0 20 20", width: size, height: size, class: `gb-gem gb-gem-${t}`, "aria-hidden": "true"}, [
    svg("polygon", {points: "10,1 18,7 10,19 2,7", fill: GEM[t].color, stroke: "#1b1b1b", "stroke-width": "1"}),
    svg("polyline", {points: "2,7 18,7", stroke: "rgba(255,255,255,.7)", "stroke-width": "1", fill: "none"}),
  ]);
  return node;
}

// ------------------------------------------------------------------ price track

const TRACK = {left: 64, cell: 19, top: 24, row: 34};
const xOf = (p) => TRACK.left + (p - MIN_PRICE) * TRACK.cell + TRACK.cell / 2;

function priceTrack(view, lastChange) {
  const width = TRACK.left + (MAX_PRICE - MIN_PRICE + 1) * TRACK.cell + 8;
  const height = TRACK.top + TRACK.row * 3 + 8;
  const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, class: "gb-track", role: "img",
    "aria-label": `Prices: ${TYPES.map((t) => `${GEM[t].one} ${view.prices[t]}`).join(", ")}`});
  for (let p = MIN_PRICE; p <= MAX_PRICE; p++) {
    const x = TRACK.left + (p - MIN_PRICE) * TRACK.cell;
    root.append(svg("rect", {x, y: TRACK.top - 4, width: TRACK.cell, height: TRACK.row * 3 + 4,
      class: p === FINAL_PRICE ? "gb-cell gb-cell-ten" : "gb-cell"}));
    root.append(svg("text", {x: x + TRACK.cell / 2, y: TRACK.top - 9, class: "gb-cell-label", "text-anchor": "middle", text: String(p)}));
  }
  const left = view.remaining_changes;
  TYPES.forEach((t, i) => {
    const y = TRACK.top + i * TRACK.row + TRACK.row / 2 - 2;
    const p = view.prices[t];
    root.append(svg("text", {x: 4, y: y + 4, class: "gb-row-label", text: `${GEM[t].one[0].toUpperCase()}${GEM[t].one.slice(1)}`}));
    // GB-26: the cards left can still move the price between these bounds, and end at 10
    const low = Math.max(MIN_PRICE, p - left[t]["-1"]);
    const high = Math.min(MAX_PRICE, p + left[t]["+1"]);
    root.append(svg("rect", {x: xOf(low) - TRACK.cell / 2 + 1, y: y - 9, width: (high - low + 1) * TRACK.cell - 2, height: 18, rx: 9,
      class: "gb-reach", fill: GEM[t].color}, [svg("title", {text: `${GEM[t].one}: can still reach ${low}…${high}; ends at 10`})]));
    const marker = svg("g", {class: "gb-marker", "data-testid": `gb-marker-${t}`, "data-price": String(p),
      transform: `translate(${xOf(p)} ${y})`}, [
      svg("circle", {r: 8.5, fill: GEM[t].color, stroke: "#111", "stroke-width": "1.2"}),
      svg("text", {y: 3.5, "text-anchor": "middle", class: "gb-marker-text", text: t}),
      svg("title", {text: `${GEM[t].one} ${p} grands`}),
    ]);
    root.append(marker);
    if (lastChange && lastChange[t]) {
      root.append(svg("text", {x: xOf(p) + (lastChange[t] > 0 ? 11 : -11), y: y - 10, "text-anchor": "middle",
        class: `gb-delta ${lastChange[t] > 0 ? "up" : "down"}`, text: signed(lastChange[t])}));
    }
  });
  return root;
}

function pricesLine(view) {
  return el("p", {class: "gb-prices", "data-testid": "gb-prices"}, TYPES.flatMap((t) => [
    el("span", {class: "gb-price", "data-testid": `gb-price-${t}`}, [gemIcon(t), ` ${GEM[t].one} `, el("strong", {text: String(view.prices[t])}),
      el("span", {class: "muted", text: `(stock ${view.stock[t]})`})]),
  ]));
}

// ------------------------------------------------------------------ cards

function cardChip(id, current) {
  const change = cardChange(id);
  return el("li", {class: `gb-card${current ? " current" : ""}`, title: `card ${id}`, dataset: {card: String(id)}},
    TYPES.map((t) => el("span", {class: `gb-chg ${change[t] > 0 ? "up" : change[t] < 0 ? "down" : "flat"}`},
      [gemIcon(t, 10), signed(change[t])])));
}

function cardsPanel(view) {
  const history = view.history || [];
  const left = view.remaining_changes;
  const rows = TYPES.map((t) => {
    const p = view.prices[t];
    return el("tr", {}, [
      el("th", {scope: "row"}, [gemIcon(t), ` ${GEM[t].one}`]),
      el("td", {class: "num", text: String(left[t]["+1"])}),
      el("td", {class: "num", text: String(left[t]["0"])}),
      el("td", {class: "num", text: String(left[t]["-1"])}),
      el("td", {class: "num", text: p === FINAL_PRICE ? "stays at 10" : `${p} → 10 (${signed(FINAL_PRICE - p)})`}),
    ]);
  });
  const parts = [
    el("p", {"data-testid": "gb-deck-count"}, [el("strong", {text: String(view.deck_count)}),
      ` card${view.deck_count === 1 ? "" : "s"} left in the deck; ${history.length} revealed.`]),
    el("table", {class: "gb-left", "data-testid": "gb-deck-left"}, [
      el("caption", {class: "muted", text: "Changes still in the deck (public: all 27 cards minus those revealed)"}),
      el("thead", {}, [el("tr", {}, ["Gem", "+1", "0", "−1", "net to come"].map((h) => el("th", {scope: "col", text: h})))]),
      el("tbody", {}, rows),
    ]),
  ];
  if (view.deck_count === 1 && view.remaining && view.remaining.length === 1) {
    const change = cardChange(view.remaining[0]);
    parts.push(el("p", {class: "gb-note", "data-testid": "gb-last-card"},
      [`The last card is known: ${TYPES.map((t) => `${t} ${signed(change[t])}`).join(", ")}.`]));
  }
  if (Array.isArray(view.deck_order) && view.deck_order.length) {
    parts.push(el("p", {class: "gb-note", "data-testid": "gb-deck-order"},
      [`Deck order (public once the game is over): ${view.deck_order.join(", ")}`]));
  }
  parts.push(el("h4", {text: "Revealed cards, oldest first"}));
  parts.push(el("ol", {class: "gb-history", "data-testid": "gb-history"},
    history.map((id, i) => cardChip(id, i === history.length - 1 && !view.finished))));
  return section("Price cards", "cards", parts);
}

// ------------------------------------------------------------------ players and round

function roundPanel(view, names) {
  const name = (s) => (view.players[s] && view.players[s].name) || names[s] || `Seat ${s + 1}`;
  const order = view.order || [];
  const line = el("ol", {class: "gb-order", "data-testid": "gb-order"}, order.map((s, i) => {
    const state = view.finished ? "done" : i < view.moved ? "done" : s === view.turn ? "now" : "later";
    const item = el("li", {class: `gb-order-seat ${state}`, dataset: {seat: String(s)}}, [
      el("span", {class: "seat-dot", "aria-hidden": "true"}), el("span", {text: name(s)}),
      i === 0 ? el("span", {class: "tag", text: "first"}) : null,
      state === "now" ? el("span", {class: "tag now", text: "to move"}) : null,
    ]);
    item.querySelector(".seat-dot").style.background = seatColor(s);
    return item;
  }));
  const title = view.finished ? `All ${ROUNDS} rounds played` : `Round ${view.round} of ${ROUNDS}`;
  const status = view.finished
    ? "The game is over: every gem was sold back at 10."
    : `${name(view.turn)} is to trade. Order this round:`;
  return el("div", {class: "gb-round", "data-testid": "gb-round"}, [
    el("p", {class: "gb-round-title"}, [el("strong", {text: title}), " · ", el("span", {"data-testid": "gb-turn", text: status})]),
    view.finished ? null : line,
  ]);
}

function compulsoryNote(view, seat, names) {
  const duty = view.compulsory;
  if (!duty || view.finished) return null;
  const who = duty.seat === seat ? "You" : ((view.players[duty.seat] || {}).name || names[duty.seat]);
  if (duty.must_buy) {
    const what = duty.feasible.map((t) => GEM[t].one).join(", ");
    return el("p", {class: "gb-compulsory", "data-testid": "gb-compulsory"},
      [`Compulsory buy: ${who} must buy at least one gem this round (can buy: ${what}).`]);
  }
  const why = Object.entries(duty.reasons).map(([t, r]) => `${GEM[t].one}: ${r}`).join("; ");
  return el("p", {class: "gb-compulsory waived", "data-testid": "gb-compulsory"},
    [`Compulsory buy waived for ${who === "You" ? "you" : who}: ${why}. Passing or selling only is allowed.`]);
}

function finalPanel(view) {
  if (!view.finished || !view.outcome) return null;
  const outcome = view.outcome;
  const details = outcome.details || {};
  const order = view.players.map((p) => p.seat).sort((a, b) => outcome.ranks[a] - outcome.ranks[b] || a - b);
  const winners = new Set(outcome.winners);
  const rows = order.map((s) => {
    const p = view.players[s];
    const sold = (details.sold || [])[s] || zero();
    return el("tr", {class: winners.has(s) ? "winner" : ""}, [
      el("td", {class: "num", text: `${outcome.ranks[s]}.`}),
      el("th", {scope: "row"}, [el("span", {text: p.name}), winners.has(s) ? el("span", {class: "tag", text: "winner"}) : null]),
      el("td", {class: "num", text: String((details.money_before_sale || [])[s] ?? "")}),
      el("td", {text: `${countsText(sold)} (+${FINAL_PRICE * sum(sold)})`}),
      el("td", {class: "num", text: String(outcome.scores[s])}),
    ]);
  });
  const shared = winners.size > 1 ? el("p", {text: "The top amount is shared: every player on it wins."}) : null;
  return section("Final ranking", "final", [el("table", {class: "gb-final-table"}, [
    el("thead", {}, [el("tr", {}, ["Rank", "Player", "Before sale", "Sold at 10", "Final"].map((h) => el("th", {scope: "col", text: h})))]),
    el("tbody", {}, rows),
  ]), shared], {scrolls: true});
}

/** A move in words for the "Confirm moves" bar (static/js/move-confirm.js). */
export function describeMove(move, view, ctx) {
  if (move.type !== "Trade") return null;
  const sell = {...zero(), ...move.sell}, buy = {...zero(), ...move.buy};
  const words = (counts) => TYPES.filter((t) => counts[t]).map((t) => `${counts[t]} ${gemName(t, counts[t])}`).join(" and ");
  const parts = [];
  if (sum(sell)) parts.push(`sell ${words(sell)}`);
  if (sum(buy)) parts.push(`buy ${words(buy)}`);
  const me = view && ctx && ctx.seat !== null ? view.players[ctx.seat] : null;
  const money = me ? me.money + TYPES.reduce((n, t) => n + (sell[t] - buy[t]) * view.prices[t], 0) : null;
  const text = parts.length ? `Trade: ${parts.join(", then ")}` : "Pass: no trade this round";
  return money === null ? text : `${text} (${money} grands after)`;
}

// ------------------------------------------------------------------ trade panel

function createTradePanel(ctx) {
  const sell = zero();
  const buy = zero();
  let view = null;
  let legal = [];
  let legalKeys = new Map();
  let busy = false;
  let error = "";
  const root = el("section", {class: "gb-panel gb-trade", "data-testid": "gb-trade", "aria-label": "Your trade"});

  function reset() {
    Object.assign(sell, zero());
    Object.assign(buy, zero());
  }

  function after() {
    const me = view.players[ctx.seat];
    const money = me.money + TYPES.reduce((n, t) => n + (sell[t] - buy[t]) * view.prices[t], 0);
    const hand = {};
    for (const t of TYPES) hand[t] = me.hand[t] - sell[t] + buy[t];
    return {money, hand};
  }

  // Why a "+" may not be pressed now (it would break GB-13 a-e whatever else is chosen), or "".
  function blockSell(t) {
    const me = view.players[ctx.seat];
    if (buy[t]) return `GB-13b: you are buying ${GEM[t].many}; a type cannot be bought and sold in the same round`;
    if (sell[t] >= me.hand[t]) return view.round === 1 ? "GB-13a: nothing can be sold in round 1" : `GB-13a: you hold ${me.hand[t]} ${gemName(t, me.hand[t])}`;
    return "";
  }

  function blockBuy(t) {
    const next = after();
    if (sell[t]) return `GB-13b: you are selling ${GEM[t].many}; a type cannot be bought and sold in the same round`;
    if (buy[t] >= view.stock[t]) return `GB-13c: the bank has ${view.stock[t]} ${gemName(t, view.stock[t])} left`;
    if (next.money < view.prices[t]) return `GB-13d: ${view.prices[t]} grands needed, ${next.money} left after this bundle (sell first)`;
    if (sum(next.hand) >= HAND_LIMIT) return `GB-13e: the hand limit is ${HAND_LIMIT} gems (sell first)`;
    return "";
  }

  function stepper(kind, t) {
    const counts = kind === "sell" ? sell : buy;
    const block = kind === "sell" ? blockSell(t) : blockBuy(t);
    const minus = el("button", {type: "button", class: "gb-step", "data-testid": `gb-${kind}-${t}-minus`,
      "aria-label": `${kind} one ${GEM[t].one} less`, disabled: busy || counts[t] === 0, text: "−"});
    const plus = el("button", {type: "button", class: "gb-step", "data-testid": `gb-${kind}-${t}-plus`,
      "aria-label": `${kind} one ${GEM[t].one} more`, disabled: busy || Boolean(block), title: words(block) || null, text: "+"});
    minus.addEventListener("click", () => { counts[t] = Math.max(0, counts[t] - 1); error = ""; draw(); });
    plus.addEventListener("click", () => { counts[t] += 1; error = ""; draw(); });
    return el("span", {class: "gb-stepper"}, [minus,
      el("output", {class: "gb-count", "data-testid": `gb-${kind}-${t}`, text: String(counts[t])}), plus,
      block ? el("span", {class: "gb-why", text: words(block)}) : null]);
  }

  function bundlePicker() {
    const select = el("select", {"data-testid": "gb-bundles", "aria-label": "Legal bundles", disabled: busy});
    select.append(el("option", {value: "", text: `All ${legal.length} legal bundles…`}));
    legal.forEach((move, i) => {
      const money = view.players[ctx.seat].money + TYPES.reduce((n, t) => n + (move.sell[t] - move.buy[t]) * view.prices[t], 0);
      select.append(el("option", {value: String(i), text: `${bundleText(move.sell, move.buy)} → ${grands(money)}`}));
    });
    const current = legalKeys.get(keyOf(sell, buy));
    if (current !== undefined) select.value = String(current);
    select.addEventListener("change", () => {
      if (select.value === "") return;
      const move = legal[Number(select.value)];
      Object.assign(sell, zero(), move.sell);
      Object.assign(buy, zero(), move.buy);
      error = "";
      draw();
    });
    return el("label", {class: "gb-picker"}, ["Pick a legal bundle: ", select]);
  }

  async function submit() {
    const key = keyOf(sell, buy);
    if (!legalKeys.has(key) || busy) return;
    busy = true;
    error = "";
    draw();
    const move = legal[legalKeys.get(key)];
    let result;
    try {
      result = await ctx.submit({type: "Trade", sell: {...move.sell}, buy: {...move.buy}});
    } catch (err) {
      result = {ok: false, reason: String(err)};
    }
    busy = false;
    // a move awaiting the player's Confirm (move-confirm.js) keeps the bundle on show
    if (result && result.ok) { if (!result.pending) reset(); } else error = (result && (result.reason || result.code)) || "The move was refused.";
    draw();
  }

  function draw() {
    // the panel is rebuilt on every change: keep keyboard focus on the same control
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    drawPanel();
    if (focused) {
      const again = root.querySelector(`[data-testid="${focused}"]`);
      if (again && !again.disabled) again.focus();
    }
  }

  function drawPanel() {
    clear(root);
    const mine = view && !view.finished && ctx.mode === "play" && ctx.seat !== null && view.turn === ctx.seat && legal.length > 0;
    root.hidden = !mine;
    if (!mine) return;
    const next = after();
    const rows = TYPES.map((t) => el("tr", {dataset: {gem: t}}, [
      el("th", {scope: "row"}, [gemIcon(t), ` ${GEM[t].one}`, el("br"), el("span", {class: "muted", text: `at ${view.prices[t]}`})]),
      el("td", {}, [stepper("sell", t)]),
      el("td", {}, [stepper("buy", t)]),
    ]));
    const key = keyOf(sell, buy);
    const ok = legalKeys.has(key);
    const reason = ok ? "" : (refusal(view, ctx.seat, sell, buy) || "This bundle is not among your legal moves.");
    const chosen = sum(sell) + sum(buy) > 0;
    const button = el("button", {type: "button", class: "primary gb-submit", "data-testid": "gb-submit",
      disabled: busy || !ok, title: words(reason) || null, text: sum(sell) + sum(buy) ? `Trade: ${bundleText(sell, buy)}` : "Pass (no trade)"});
    button.addEventListener("click", submit);
    root.append(
      el("h3", {text: "Your trade"}),
      el("p", {class: "help", text: "Sales are made first, then purchases, all at this round's prices."}),
      el("table", {class: "gb-trade-table"}, [
        el("thead", {}, [el("tr", {}, ["Gem", "Sell", "Buy"].map((h) => el("th", {scope: "col", text: h})))]),
        el("tbody", {}, rows),
      ]),
      el("p", {class: "gb-after", "data-testid": "gb-after"}, [
        `After this trade: ${next.money} grands, ${countsText(next.hand)} (${sum(next.hand)}/${HAND_LIMIT} gems).`]),
      bundlePicker(),
      // nothing chosen yet: a neutral hint, never a red "Not legal" (issue 13, point 14)
      el("p", {class: `gb-reason${ok ? " ok" : chosen ? "" : " hint"}`, "data-testid": "gb-reason", role: "status",
        text: ok ? "This bundle is legal." : chosen ? `Not legal: ${words(reason)}` : "Choose the gems to sell and to buy, or pick a legal bundle."}),
      el("div", {class: "gb-actions"}, [button,
        el("button", {type: "button", "data-testid": "gb-clear", disabled: busy || !(sum(sell) + sum(buy)), text: "Clear",
          onclick: () => { reset(); error = ""; draw(); }})]),
      el("p", {class: "form-error", role: "alert", "data-testid": "gb-error"}, errorNodes(error, ctx.kind)),
    );
  }

  return {
    el: root,
    update(newView, newLegal, changed) {
      view = newView;
      legal = (newLegal || []).filter((m) => m && m.type === "Trade");
      legalKeys = new Map(legal.map((m, i) => [keyOf({...zero(), ...m.sell}, {...zero(), ...m.buy}), i]));
      if (changed) { reset(); error = ""; }
      draw();
    },
  };
}

// ------------------------------------------------------------------ mount

export function mount(root, ctx) {
  const names = ctx.names || [];
  const head = el("div", {class: "gb-head"});
  const track = section("Price track", "track", []);
  const trade = createTradePanel(ctx);
  const cards = el("div", {class: "gb-cards-slot"});
  const final = el("div", {class: "gb-final-slot"});
  // the players are the page's players panel (playerDetails): a table of them here listed
  // them a second time (issue 25, point 23)
  const main = el("div", {class: "gb-main"}, [trade.el, final]);
  const board = el("div", {class: "gb-board"}, [head, track, main, cards]);
  root.append(board);
  let lastSeq = null;

  return {
    update({view, legal, seq}) {
      if (!view || !view.prices) return;
      clear(head);
      head.append(roundPanel(view, names));
      const note = compulsoryNote(view, ctx.seat, names);
      if (note) head.append(note);
      const history = view.history || [];
      const lastChange = history.length && !view.finished ? cardChange(history[history.length - 1]) : null;
      clear(track);
      track.append(el("h3", {text: "Price track"}), priceTrack(view, lastChange), pricesLine(view),
        el("p", {class: "help", text: "Shaded: where each price can still go with the cards left; every price ends at 10."}));
      trade.update(view, legal, seq !== lastSeq);
      lastSeq = seq;
      clear(final);
      // the game page's end card ranks everyone, with the money before the sale and the gems
      // sold in its breakdown: a table here said it twice (issue 25); the replay has no card
      const fin = ctx.mode === "replay" ? finalPanel(view) : null;
      if (fin) final.append(fin);
      // once over, the game page's board has no trade and no table: the price cards take the row
      main.hidden = Boolean(view.finished) && !fin;
      clear(cards);
      cards.append(cardsPanel(view));
    },
    /** What the page's players panel says of a player (players.js renderPlayers): grands, the
     * gems in hand by kind and the hand's fill. */
    playerDetails(p) {
      if (!p || p.money === undefined || !p.hand) return null;
      return el("span", {class: "player-extra gb-player-extra", "data-testid": `gb-player-${p.seat}`}, [
        el("span", {}, [el("span", {"data-testid": `gb-money-${p.seat}`, text: String(p.money)}), " grands"]),
        el("span", {class: "gb-hand"}, TYPES.map((t) => el("span", {title: GEM[t].many}, [gemIcon(t), ` ${p.hand[t]}`]))),
        el("span", {text: `${p.gems} of ${HAND_LIMIT} gems`}),
      ]);
    },
    destroy() { clear(root); },
  };
}
