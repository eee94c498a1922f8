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

import {el, svg, clear} from "/static/js/dom.js";
import {seatDot} from "/static/js/seat_mark.js";
import {words, errorNodes} from "/static/js/words.js";
import {t, tn} from "/static/js/i18n.js";
import {shownWinners} from "/static/js/outcome.js";

const TYPES = ["S", "R", "E"];
const GEM = {
  S: {one: t("sapphire"), many: t("sapphires"), a: t("a sapphire"), color: "#2f5fb3"},
  R: {one: t("ruby"), many: t("rubies"), a: t("a ruby"), color: "#c2283f"},
  E: {one: t("emerald"), many: t("emeralds"), a: t("an emerald"), color: "#1d8a4f"},
};
// a number of gems of one type, the plural the language's way ("2 rubies", "2 Rubine")
const COUNTED = {
  S: (n) => tn("{n} sapphire", "{n} sapphires", n),
  R: (n) => tn("{n} ruby", "{n} rubies", n),
  E: (n) => tn("{n} emerald", "{n} emeralds", n),
};
const HAND_LIMIT = 4;
const ROUNDS = 27;
const MIN_PRICE = 1;
const MAX_PRICE = 19;
const FINAL_PRICE = 10;

const zero = () => ({S: 0, R: 0, E: 0});
const sum = (counts) => TYPES.reduce((n, gem) => n + (counts[gem] || 0), 0);
const gemName = (gem, n) => (n === 1 ? GEM[gem].one : GEM[gem].many);
const counted = (gem, n) => COUNTED[gem](n);
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const signed = (d) => (d > 0 ? `+${d}` : d < 0 ? `−${-d}` : "0");

/** GB-31: the change (dS, dR, dE) of a price card from its id. */
export function cardChange(id) {
  const k = id - 1;
  return {S: Math.floor(k / 9) - 1, R: (Math.floor(k / 3) % 3) - 1, E: (k % 3) - 1};
}

/** Counts in words: "2 sapphires, 1 emerald", or "nothing" (issue 25, point 11: not "S2 E1"). */
export function countsText(counts) {
  const parts = TYPES.filter((gem) => counts[gem]).map((gem) => counted(gem, counts[gem]));
  return parts.length ? parts.join(", ") : t("nothing");
}

/** An amount of money in words: "1 grand", "29 grands". */
export const grands = (n) => tn("{n} grand", "{n} grands", n);

/** A bundle in words: "sell 2 rubies · buy 1 sapphire", or "pass". */
export function bundleText(sell, buy) {
  const parts = [];
  if (sum(sell)) parts.push(t("sell {gems}", {gems: countsText(sell)}));
  if (sum(buy)) parts.push(t("buy {gems}", {gems: countsText(buy)}));
  return parts.length ? parts.join(" · ") : t("pass (no trade)");
}

const keyOf = (sell, buy) => TYPES.map((gem) => sell[gem] || 0).concat(TYPES.map((gem) => buy[gem] || 0)).join(",");

/**
 * Why a bundle is refused (GB-13 a-f, in the engine's order), or null when the rules accept it.
 * The server decides; this only explains a bundle that is not among the legal moves.
 */
export function refusal(view, seat, sell, buy) {
  const me = view.players[seat];
  const hand = me.hand;
  const prices = view.prices;
  for (const gem of TYPES) {
    if (sell[gem] > hand[gem]) {
      if (view.round === 1) return "GB-13a: " + t("no one holds a gem in round 1, so nothing can be sold");
      return "GB-13a: " + t("you cannot sell {gems}: you hold {held}", {gems: counted(gem, sell[gem]), held: hand[gem]});
    }
  }
  for (const gem of TYPES) {
    if (sell[gem] && buy[gem]) return "GB-13b: " + t("{gems} cannot be bought and sold in the same round", {gems: GEM[gem].many});
  }
  for (const gem of TYPES) {
    if (buy[gem] > view.stock[gem]) {
      return "GB-13c: " + t("you cannot buy {gems}: the bank has {left} left", {gems: counted(gem, buy[gem]), left: view.stock[gem]});
    }
  }
  const proceeds = TYPES.reduce((n, gem) => n + sell[gem] * prices[gem], 0);
  const cost = TYPES.reduce((n, gem) => n + buy[gem] * prices[gem], 0);
  if (me.money + proceeds < cost) {
    return "GB-13d: " + t("the purchases cost {cost} grands but you would have only {money} after your sales", {cost, money: me.money + proceeds});
  }
  const size = sum(hand) - sum(sell) + sum(buy);
  if (size > HAND_LIMIT) return "GB-13e: " + t("you would hold {size} gems; the limit is {limit}", {size, limit: HAND_LIMIT});
  const duty = view.compulsory;
  if (!sum(buy) && duty && duty.seat === seat && duty.must_buy) {
    const choice = duty.feasible.map((gem) => GEM[gem].a).reduceRight((rest, first) => t("{first} or {rest}", {first, rest}));
    return "GB-13f: " + t("you must buy at least one gem this round: {choice} can be bought (GB-14)", {choice});
  }
  return null;
}

// a panel holding a table may scroll sideways on a phone: it then takes the focus, so that the
// keyboard can scroll it too (axe scrollable-region-focusable)
function section(title, testid, children, {scrolls = false} = {}) {
  return el("section", {class: `gb-panel gb-${testid}`, "data-testid": `gb-${testid}`, "aria-label": title,
    tabindex: scrolls ? 0 : undefined}, [el("h3", {text: title}), ...children]);
}

// Each gem has its own cut as well as its colour (issue 31): a sapphire is a kite, a ruby a
// round hexagon, an emerald the step-cut octagon; the cut's name is its data-symbol.
const GEM_CUT = {
  S: {name: "kite", points: "10,1 18,7 10,19 2,7", line: "2,7 18,7"},
  R: {name: "hexagon", points: "10,1 18,5.5 18,14.5 10,19 2,14.5 2,5.5", line: "2,5.5 10,10 18,5.5"},
  E: {name: "octagon", points: "6,2 14,2 18,6 18,14 14,18 6,18 2,14 2,6", line: "6,6 14,6 14,14 6,14 6,6"},
};

function gemIcon(gem, size = 14) {
  const cut = GEM_CUT[gem];
  const node = svg("svg", {viewBox: "0 0 20 20", width: size, height: size, class: `gb-gem gb-gem-${gem}`, "aria-hidden": "true",
    "data-symbol": cut.name}, [
    svg("polygon", {points: cut.points, fill: GEM[gem].color, stroke: "#1b1b1b", "stroke-width": "1"}),
    svg("polyline", {points: cut.line, stroke: "rgba(255,255,255,.7)", "stroke-width": "1", fill: "none"}),
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
    "aria-label": t("Prices: {prices}", {prices: TYPES.map((gem) => `${GEM[gem].one} ${view.prices[gem]}`).join(", ")})});
  for (let p = MIN_PRICE; p <= MAX_PRICE; p++) {
    const x = TRACK.left + (p - MIN_PRICE) * TRACK.cell;
    root.append(svg("rect", {x, y: TRACK.top - 4, width: TRACK.cell, height: TRACK.row * 3 + 4,
      class: p === FINAL_PRICE ? "gb-cell gb-cell-ten" : "gb-cell"}));
    root.append(svg("text", {x: x + TRACK.cell / 2, y: TRACK.top - 9, class: "gb-cell-label", "text-anchor": "middle", text: String(p)}));
  }
  const left = view.remaining_changes;
  TYPES.forEach((gem, i) => {
    const y = TRACK.top + i * TRACK.row + TRACK.row / 2 - 2;
    const p = view.prices[gem];
    root.append(svg("text", {x: 4, y: y + 4, class: "gb-row-label", text: capital(GEM[gem].one)}));
    // GB-26: the cards left can still move the price between these bounds, and end at 10
    const low = Math.max(MIN_PRICE, p - left[gem]["-1"]);
    const high = Math.min(MAX_PRICE, p + left[gem]["+1"]);
    root.append(svg("rect", {x: xOf(low) - TRACK.cell / 2 + 1, y: y - 9, width: (high - low + 1) * TRACK.cell - 2, height: 18, rx: 9,
      class: "gb-reach", fill: GEM[gem].color}, [svg("title", {text: t("{gem}: can still reach {low}…{high}; ends at 10", {gem: GEM[gem].one, low, high})})]));
    const marker = svg("g", {class: "gb-marker", "data-testid": `gb-marker-${gem}`, "data-price": String(p),
      transform: `translate(${xOf(p)} ${y})`}, [
      svg("circle", {r: 8.5, fill: GEM[gem].color, stroke: "#111", "stroke-width": "1.2"}),
      svg("text", {y: 3.5, "text-anchor": "middle", class: "gb-marker-text", text: gem}),
      svg("title", {text: `${GEM[gem].one} ${grands(p)}`}),
    ]);
    root.append(marker);
    if (lastChange && lastChange[gem]) {
      root.append(svg("text", {x: xOf(p) + (lastChange[gem] > 0 ? 11 : -11), y: y - 10, "text-anchor": "middle",
        class: `gb-delta ${lastChange[gem] > 0 ? "up" : "down"}`, text: signed(lastChange[gem])}));
    }
  });
  return root;
}

function pricesLine(view) {
  return el("p", {class: "gb-prices", "data-testid": "gb-prices"}, TYPES.flatMap((gem) => [
    el("span", {class: "gb-price", "data-testid": `gb-price-${gem}`}, [gemIcon(gem), ` ${GEM[gem].one} `, el("strong", {text: String(view.prices[gem])}),
      el("span", {class: "muted", text: t("(stock {n})", {n: view.stock[gem]})})]),
  ]));
}

// ------------------------------------------------------------------ cards

function cardChip(id, current) {
  const change = cardChange(id);
  return el("li", {class: `gb-card${current ? " current" : ""}`, title: t("card {card}", {card: id}), dataset: {card: String(id)}},
    TYPES.map((gem) => el("span", {class: `gb-chg ${change[gem] > 0 ? "up" : change[gem] < 0 ? "down" : "flat"}`},
      [gemIcon(gem, 10), el("span", {class: "sr-only", text: `${GEM[gem].one} `}), signed(change[gem])])));
}

function cardsPanel(view) {
  const history = view.history || [];
  const left = view.remaining_changes;
  const rows = TYPES.map((gem) => {
    const p = view.prices[gem];
    return el("tr", {}, [
      el("th", {scope: "row"}, [gemIcon(gem), ` ${GEM[gem].one}`]),
      el("td", {class: "num", text: String(left[gem]["+1"])}),
      el("td", {class: "num", text: String(left[gem]["0"])}),
      el("td", {class: "num", text: String(left[gem]["-1"])}),
      el("td", {class: "num", text: p === FINAL_PRICE ? t("stays at 10") : `${p} → 10 (${signed(FINAL_PRICE - p)})`}),
    ]);
  });
  const parts = [
    el("p", {"data-testid": "gb-deck-count"}, [el("strong", {text: String(view.deck_count)}),
      " ", tn("card left in the deck; {revealed} revealed.", "cards left in the deck; {revealed} revealed.", view.deck_count, {revealed: history.length})]),
    el("table", {class: "gb-left", "data-testid": "gb-deck-left"}, [
      el("caption", {class: "muted", text: t("Changes still in the deck (public: all 27 cards minus those revealed)")}),
      // the counts are right-aligned: so are their headings (a heading stood left of its numbers)
      el("thead", {}, [el("tr", {}, [t("Gem"), "+1", "0", "−1", t("net to come")].map((h, i) => el("th", {scope: "col", class: i ? "num" : "", text: h})))]),
      el("tbody", {}, rows),
    ]),
  ];
  if (view.deck_count === 1 && view.remaining && view.remaining.length === 1) {
    const change = cardChange(view.remaining[0]);
    parts.push(el("p", {class: "gb-note", "data-testid": "gb-last-card"},
      [t("The last card is known: {changes}.", {changes: TYPES.map((gem) => `${GEM[gem].one} ${signed(change[gem])}`).join(", ")})]));
  }
  if (Array.isArray(view.deck_order) && view.deck_order.length) {
    parts.push(el("p", {class: "gb-note", "data-testid": "gb-deck-order"},
      [t("Deck order (public once the game is over): {cards}", {cards: view.deck_order.join(", ")})]));
  }
  parts.push(el("h4", {text: t("Revealed cards, oldest first")}));
  parts.push(el("ol", {class: "gb-history", "data-testid": "gb-history"},
    history.map((id, i) => cardChip(id, i === history.length - 1 && !view.finished))));
  return section(t("Price cards"), "cards", parts, {scrolls: true});
}

// ------------------------------------------------------------------ players and round

function roundPanel(view, names) {
  const name = (s) => (view.players[s] && view.players[s].name) || names[s] || t("Seat {n}", {n: s + 1});
  const order = view.order || [];
  const line = el("ol", {class: "gb-order", "data-testid": "gb-order"}, order.map((s, i) => {
    const state = view.finished ? "done" : i < view.moved ? "done" : s === view.turn ? "now" : "later";
    const item = el("li", {class: `gb-order-seat ${state}`, dataset: {seat: String(s)}}, [
      seatDot(s), el("span", {text: name(s)}),
      i === 0 ? el("span", {class: "tag", text: t("first")}) : null,
      state === "now" ? el("span", {class: "tag now", text: t("to move")}) : null,
    ]);
    return item;
  }));
  const title = view.finished ? t("All {rounds} rounds played", {rounds: ROUNDS}) : t("Round {round} of {rounds}", {round: view.round, rounds: ROUNDS});
  const status = view.finished
    ? t("The game is over: every gem was sold back at 10.")
    : t("{who} is to trade. Order this round:", {who: name(view.turn)});
  return el("div", {class: "gb-round", "data-testid": "gb-round"}, [
    el("p", {class: "gb-round-title"}, [el("strong", {text: title}), " · ", el("span", {"data-testid": "gb-turn", text: status})]),
    view.finished ? null : line,
  ]);
}

function compulsoryNote(view, seat, names) {
  const duty = view.compulsory;
  if (!duty || view.finished) return null;
  const mine = duty.seat === seat;
  const who = (view.players[duty.seat] || {}).name || names[duty.seat];
  if (duty.must_buy) {
    const what = duty.feasible.map((gem) => GEM[gem].one).join(", ");
    return el("p", {class: "gb-compulsory", "data-testid": "gb-compulsory"},
      [mine ? t("Compulsory buy: You must buy at least one gem this round (can buy: {gems}).", {gems: what})
        : t("Compulsory buy: {who} must buy at least one gem this round (can buy: {gems}).", {who, gems: what})]);
  }
  // the reasons are the engine's words (GB-14), each an id of the catalogue
  const why = Object.entries(duty.reasons).map(([gem, r]) => `${GEM[gem].one}: ${t(r)}`).join("; ");
  return el("p", {class: "gb-compulsory waived", "data-testid": "gb-compulsory"},
    [mine ? t("Compulsory buy waived for you: {why}. Passing or selling only is allowed.", {why})
      : t("Compulsory buy waived for {who}: {why}. Passing or selling only is allowed.", {who, why})]);
}

// `resigned`: the seats whose players resigned (the replay's ctx.resigned). The rules rank a
// resigned seat where its bot finished, but a resignation is never a win (docs/decisions.md,
// "Resigning"): such a seat keeps its place, marked "resigned", without the winner's mark.
function finalPanel(view, resigned = []) {
  if (!view.finished || !view.outcome) return null;
  const outcome = view.outcome;
  const details = outcome.details || {};
  const order = view.players.map((p) => p.seat).sort((a, b) => outcome.ranks[a] - outcome.ranks[b] || a - b);
  const winners = shownWinners(outcome, resigned);
  const rows = order.map((s) => {
    const p = view.players[s];
    const sold = (details.sold || [])[s] || zero();
    return el("tr", {class: winners.has(s) ? "winner" : "", dataset: {seat: String(s)}}, [
      el("td", {class: "num", text: `${outcome.ranks[s]}.`}),
      el("th", {scope: "row"}, [el("span", {text: p.name}),
        winners.has(s) ? el("span", {class: "tag", text: t("winner")}) : null,
        resigned.includes(s) ? el("span", {class: "tag warn", text: t("resigned")}) : null]),
      el("td", {class: "num", text: String((details.money_before_sale || [])[s] ?? "")}),
      el("td", {text: `${countsText(sold)} (+${FINAL_PRICE * sum(sold)})`}),
      el("td", {class: "num", text: String(outcome.scores[s])}),
    ]);
  });
  // the rules' tie (GB-20), whoever resigned
  const shared = new Set(outcome.winners).size > 1 ? el("p", {text: t("The top amount is shared: every player on it wins.")}) : null;
  return section(t("Final ranking"), "final", [el("table", {class: "gb-final-table"}, [
    el("thead", {}, [el("tr", {}, [t("Rank"), t("Player"), t("Before sale"), t("Sold at 10"), t("Final")].map((h, i) => el("th", {scope: "col", class: [0, 2, 4].includes(i) ? "num" : "", text: h})))]),
    el("tbody", {}, rows),
  ]), shared], {scrolls: true});
}

/** A move in words for the "Confirm moves" bar (static/js/move-confirm.js). */
export function describeMove(move, view, ctx) {
  if (move.type !== "Trade") return null;
  const sell = {...zero(), ...move.sell}, buy = {...zero(), ...move.buy};
  const words = (counts) => TYPES.filter((gem) => counts[gem]).map((gem) => counted(gem, counts[gem]))
    .reduceRight((rest, first) => t("{first} and {rest}", {first, rest}));
  const parts = [];
  if (sum(sell)) parts.push(t("sell {gems}", {gems: words(sell)}));
  if (sum(buy)) parts.push(t("buy {gems}", {gems: words(buy)}));
  const me = view && ctx && ctx.seat !== null ? view.players[ctx.seat] : null;
  const money = me ? me.money + TYPES.reduce((n, gem) => n + (sell[gem] - buy[gem]) * view.prices[gem], 0) : null;
  const text = parts.length === 2 ? t("Trade: {first}, then {then}", {first: parts[0], then: parts[1]})
    : parts.length ? t("Trade: {what}", {what: parts[0]}) : t("Pass: no trade this round");
  return money === null ? text : t("{move} ({money} grands after)", {move: text, money});
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
  const root = el("section", {class: "gb-panel gb-trade", "data-testid": "gb-trade", "aria-label": t("Your trade")});

  function reset() {
    Object.assign(sell, zero());
    Object.assign(buy, zero());
  }

  function after() {
    const me = view.players[ctx.seat];
    const money = me.money + TYPES.reduce((n, gem) => n + (sell[gem] - buy[gem]) * view.prices[gem], 0);
    const hand = {};
    for (const gem of TYPES) hand[gem] = me.hand[gem] - sell[gem] + buy[gem];
    return {money, hand};
  }

  // Why a "+" may not be pressed now (it would break GB-13 a-e whatever else is chosen), or "".
  function blockSell(gem) {
    const me = view.players[ctx.seat];
    if (buy[gem]) return "GB-13b: " + t("you are buying {gems}; a type cannot be bought and sold in the same round", {gems: GEM[gem].many});
    if (sell[gem] >= me.hand[gem]) return view.round === 1 ? "GB-13a: " + t("nothing can be sold in round 1") : "GB-13a: " + t("you hold {gems}", {gems: counted(gem, me.hand[gem])});
    return "";
  }

  function blockBuy(gem) {
    const next = after();
    if (sell[gem]) return "GB-13b: " + t("you are selling {gems}; a type cannot be bought and sold in the same round", {gems: GEM[gem].many});
    if (buy[gem] >= view.stock[gem]) return "GB-13c: " + t("the bank has {gems} left", {gems: counted(gem, view.stock[gem])});
    if (next.money < view.prices[gem]) return "GB-13d: " + t("{price} grands needed, {money} left after this bundle (sell first)", {price: view.prices[gem], money: next.money});
    if (sum(next.hand) >= HAND_LIMIT) return "GB-13e: " + t("the hand limit is {limit} gems (sell first)", {limit: HAND_LIMIT});
    return "";
  }

  function stepper(kind, gem) {
    const counts = kind === "sell" ? sell : buy;
    const block = kind === "sell" ? blockSell(gem) : blockBuy(gem);
    const minus = el("button", {type: "button", class: "gb-step", "data-testid": `gb-${kind}-${gem}-minus`,
      "aria-label": kind === "sell" ? t("sell one {gem} less", {gem: GEM[gem].one}) : t("buy one {gem} less", {gem: GEM[gem].one}), disabled: busy || counts[gem] === 0, text: "−"});
    const plus = el("button", {type: "button", class: "gb-step", "data-testid": `gb-${kind}-${gem}-plus`,
      "aria-label": kind === "sell" ? t("sell one {gem} more", {gem: GEM[gem].one}) : t("buy one {gem} more", {gem: GEM[gem].one}), disabled: busy || Boolean(block), title: words(block) || null, text: "+"});
    minus.addEventListener("click", () => { counts[gem] = Math.max(0, counts[gem] - 1); error = ""; draw(); });
    plus.addEventListener("click", () => { counts[gem] += 1; error = ""; draw(); });
    return el("span", {class: "gb-stepper"}, [minus,
      el("output", {class: "gb-count", "data-testid": `gb-${kind}-${gem}`, text: String(counts[gem])}), plus,
      block ? el("span", {class: "gb-why", text: words(block)}) : null]);
  }

  function bundlePicker() {
    const select = el("select", {"data-testid": "gb-bundles", "aria-label": t("Legal bundles"), disabled: busy});
    select.append(el("option", {value: "", text: tn("All {n} legal bundle…", "All {n} legal bundles…", legal.length)}));
    legal.forEach((move, i) => {
      const money = view.players[ctx.seat].money + TYPES.reduce((n, gem) => n + (move.sell[gem] - move.buy[gem]) * view.prices[gem], 0);
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
    return el("label", {class: "gb-picker"}, [t("Pick a legal bundle:"), " ", select]);
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
    if (result && result.ok) { if (!result.pending) reset(); } else error = (result && (result.reason || result.code)) || t("The move was refused.");
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
    const rows = TYPES.map((gem) => el("tr", {dataset: {gem: gem}}, [
      el("th", {scope: "row"}, [gemIcon(gem), ` ${GEM[gem].one}`, el("br"), el("span", {class: "muted", text: t("at {price}", {price: view.prices[gem]})})]),
      el("td", {}, [stepper("sell", gem)]),
      el("td", {}, [stepper("buy", gem)]),
    ]));
    const key = keyOf(sell, buy);
    const ok = legalKeys.has(key);
    const reason = ok ? "" : (refusal(view, ctx.seat, sell, buy) || t("This bundle is not among your legal moves."));
    const chosen = sum(sell) + sum(buy) > 0;
    const button = el("button", {type: "button", class: "primary gb-submit", "data-testid": "gb-submit",
      disabled: busy || !ok, title: words(reason) || null, text: sum(sell) + sum(buy) ? t("Trade: {what}", {what: bundleText(sell, buy)}) : t("Pass (no trade)")});
    button.addEventListener("click", submit);
    root.append(
      el("h3", {text: t("Your trade")}),
      el("p", {class: "help", text: t("Sales are made first, then purchases, all at this round's prices.")}),
      el("table", {class: "gb-trade-table"}, [
        el("thead", {}, [el("tr", {}, [t("Gem"), t("Sell"), t("Buy")].map((h) => el("th", {scope: "col", text: h})))]),
        el("tbody", {}, rows),
      ]),
      el("p", {class: "gb-after", "data-testid": "gb-after"}, [
        t("After this trade: {money} grands, {gems} ({held}/{limit} gems).", {money: next.money, gems: countsText(next.hand), held: sum(next.hand), limit: HAND_LIMIT})]),
      bundlePicker(),
      // nothing chosen yet: a neutral hint, never a red "Not legal" (issue 13, point 14)
      el("p", {class: `gb-reason${ok ? " ok" : chosen ? "" : " hint"}`, "data-testid": "gb-reason", role: "status",
        text: ok ? t("This bundle is legal.") : chosen ? t("Not legal: {why}", {why: words(reason)}) : t("Choose the gems to sell and to buy, or pick a legal bundle.")}),
      el("div", {class: "gb-actions"}, [button,
        el("button", {type: "button", "data-testid": "gb-clear", disabled: busy || !(sum(sell) + sum(buy)), text: t("Clear"),
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
  const track = section(t("Price track"), "track", []);
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
      track.append(el("h3", {text: t("Price track")}), priceTrack(view, lastChange), pricesLine(view),
        el("p", {class: "help", text: t("Shaded: where each price can still go with the cards left; every price ends at 10.")}));
      trade.update(view, legal, seq !== lastSeq);
      lastSeq = seq;
      clear(final);
      // the game page's end card ranks everyone, with the money before the sale and the gems
      // sold in its breakdown: a table here said it twice (issue 25); the replay has no card
      const fin = ctx.mode === "replay" ? finalPanel(view, ctx.resigned || []) : null;
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
        el("span", {}, [el("span", {"data-testid": `gb-money-${p.seat}`, text: String(p.money)}), " ", t("grands")]),
        el("span", {class: "gb-hand"}, TYPES.map((gem) => el("span", {title: GEM[gem].many}, [gemIcon(gem), ` ${p.hand[gem]}`, el("span", {class: "sr-only", text: ` ${gemName(gem, p.hand[gem])}`})]))),
        el("span", {text: t("{n} of {limit} gems", {n: p.gems, limit: HAND_LIMIT})}),
      ]);
    },
    destroy() { clear(root); },
  };
}
