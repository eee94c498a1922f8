// The Bazaar auction panel, shared by the `carcassonne` and `carcassonne-auction` boards.
// rules/carcassonne.md 10.3 (CAR-60 to CAR-68) and CAR-98 (the whole auction is public).
// It reads the `auction` object of the view (app/games/carcassonne/auction.py public_view):
// the revealed row with owners, the running auction, whose decision it is, the history, the
// score changes and the play order. It offers only the moves the rules allow now.

import {el, clear, seatColor} from "/static/js/dom.js";
import {showError} from "/static/js/words.js";
import {t, tn} from "/static/js/i18n.js";
import {shownIcon, shownText} from "./tile-svg.js";

const SETTLEMENT_WORDS = {
  buy: t("bought by the auctioneer"),
  sell: t("sold to the high bidder"),
  kept: t("kept by the auctioneer (nobody else bid: paid to nobody)"),
  free: t("last tile, free"),
};

function who(names, seat) {
  if (seat === null || seat === undefined) return "—";
  return (names && names[seat]) || t("Seat {n}", {n: seat + 1});
}

function seatChip(names, seat) {
  return el("span", {class: "seat-chip", style: `--chip:${seatColor(seat)}`, text: who(names, seat)});
}

function points(n) {
  return tn("{n} point", "{n} points", n);
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : String(n);  // a minus sign, not a hyphen
}

/** An auction move in words, for the "Confirm moves" bar: "Raise the bid to 5 points". */
export function auctionMoveWords(move, auction, names) {
  const decision = (auction && auction.decision) || {};
  const tile = auction && move.tile !== undefined && auction.tiles ? auction.tiles[move.tile] : null;
  const bidder = who(names, decision.high_bidder);
  switch (move.type) {
    case "AuctionOpen": return tile
      ? t("Auction tile #{number} ({tile}), opening at {bid}", {number: move.tile + 1, tile: shownText(tile.shown), bid: points(move.bid)})
      : t("Auction tile #{number}, opening at {bid}", {number: move.tile + 1, bid: points(move.bid)});
    case "AuctionRaise": return t("Raise the bid to {bid}", {bid: points(move.bid)});
    case "AuctionPass": return t("Pass in this auction");
    case "AuctionSettle": return move.choice === "buy"
      ? t("Buy: you take the tile and pay {bidder} {price}", {bidder, price: points(decision.high_bid)})
      : t("Sell: {bidder} takes the tile and pays you {price}", {bidder, price: points(decision.high_bid)});
    default: return null;
  }
}

/**
 * Create the panel. `ctx` is the board context (seat, mode, submit); `names()` returns the
 * current seat names (the stand-alone auction names its seats from its `players` option).
 */
export function createAuctionPanel(ctx, names) {
  const root = el("section", {class: "auction-panel", "aria-label": t("Bazaar auction")});
  const status = el("p", {class: "auction-status", "aria-live": "polite", "data-testid": "auction-status"});
  const row = el("div", {class: "auction-row", role: "list", "aria-label": t("Revealed tiles"), "data-testid": "auction-row"});
  const current = el("div", {class: "auction-current", "data-testid": "auction-current"});
  const controls = el("div", {class: "auction-controls", "data-testid": "auction-controls"});
  const error = el("p", {class: "form-error auction-error", role: "alert"});
  const history = el("div", {class: "auction-history"});
  const summary = el("div", {class: "auction-summary"});
  root.append(el("h3", {text: t("Bazaar auction")}), status, row, current, controls, error, history, summary);

  let chosen = null;   // the tile index the auctioneer has picked, before opening
  let busy = false;
  let last = null;

  async function send(move, options) {
    if (busy) return;
    busy = true;
    error.textContent = "";
    draw();
    const result = await ctx.submit(move, options);
    busy = false;
    if (!result.ok) showError(error, result.reason || result.code || t("refused"), ctx.kind);
    else chosen = null;
    draw();
  }

  function canAct(decision, legal) {
    return ctx.mode === "play" && decision && decision.seat === ctx.seat
      && (legal || []).some((m) => m && typeof m.type === "string" && m.type.startsWith("Auction"));
  }

  function drawRow(a, decision, mine) {
    clear(row);
    // while the auctioneer picks a tile the row is a group of toggle buttons (a button with
    // role listitem could not be pressed: axe aria-allowed-attr); otherwise a list of tiles
    const picking = mine && decision.kind === "open";
    row.setAttribute("role", picking ? "group" : "list");
    row.setAttribute("aria-label", picking ? t("Revealed tiles: choose one to auction") : t("Revealed tiles"));
    for (const tile of a.tiles) {
      const owner = tile.owner;
      const inPlay = a.current && a.current.tile === tile.index;
      const pickable = picking && owner === null;
      const card = el(pickable ? "button" : "div", {
        class: `auction-tile${owner !== null ? " owned" : ""}${inPlay ? " in-play" : ""}${chosen === tile.index ? " chosen" : ""}`,
        role: picking ? undefined : "listitem", type: pickable ? "button" : undefined,
        "aria-pressed": pickable ? String(chosen === tile.index) : undefined,
        "data-testid": "auction-tile", dataset: {index: String(tile.index)},
        title: pickable ? t("Auction this tile") : (owner !== null ? t("won by {who}", {who: who(names(), owner)}) : ""),
      }, [
        el("span", {class: "tile-index", text: `#${tile.index + 1}`}),
        shownIcon(tile.shown, 56),
        el("span", {class: "tile-name", text: shownText(tile.shown)}),
        owner !== null ? seatChip(names(), owner) : el("span", {class: "muted", text: inPlay ? t("on auction") : t("no owner yet")}),
      ]);
      if (pickable) card.addEventListener("click", () => { chosen = tile.index; draw(); });
      row.append(card);
    }
  }

  function drawCurrent(a) {
    clear(current);
    const c = a.current;
    if (!c) return;
    const lines = [el("li", {}, [seatChip(names(), a.auctioneer), " " + t("opened at {bid}", {bid: points(c.opening)})])];
    for (const act of c.actions) {
      lines.push(el("li", {}, [seatChip(names(), act.seat),
        act.action === "pass" ? " " + t("passed") : " " + t("raised to {bid}", {bid: points(act.bid)})]));
    }
    for (const seat of c.pending) lines.push(el("li", {class: "muted"}, [seatChip(names(), seat), " " + t("still to bid")]));
    const shown = a.tiles[c.tile].shown;
    current.append(
      el("div", {class: "auction-lot"}, [shownIcon(shown, 48),
        el("div", {}, [
          el("strong", {text: t("Tile #{number} ({tile})", {number: c.tile + 1, tile: shownText(shown)})}),
          el("p", {class: "high-bid", "data-testid": "high-bid"}, [
            t("High bid: {bid} by", {bid: points(c.high_bid)}) + " ", seatChip(names(), c.high_bidder)]),
        ])]),
      el("ol", {class: "auction-bids"}, lines),
    );
  }

  function bidForm(min, label, onBid) {
    const input = el("input", {type: "number", min, max: 999, step: 1, value: min, inputmode: "numeric",
      "aria-label": t("bid in points"), class: "bid-input", "data-testid": "bid-input"});
    const button = el("button", {type: "button", class: "primary", "data-testid": "bid-button", disabled: busy, text: label(min)});
    input.addEventListener("input", () => {
      const v = Number(input.value);
      const ok = Number.isInteger(v) && v >= min && v <= 999;
      button.disabled = busy || !ok;
      button.title = ok ? "" : t("a bid from {min} to 999", {min});
      if (ok) button.textContent = label(v);
    });
    button.addEventListener("click", () => onBid(Number(input.value)));
    return [input, button];
  }

  function drawControls(a, decision, mine) {
    clear(controls);
    if (!mine) return;
    if (decision.kind === "open") {
      const [input, button] = bidForm(0, (v) => t("Open at {bid}", {bid: points(v)}),
        // a tile chosen, then a bid: already two steps, no Confirm on top (move-confirm.js)
        (bid) => send({type: "AuctionOpen", tile: chosen, bid}, {confirmed: true}));
      if (chosen === null || a.tiles[chosen].owner !== null) {
        button.disabled = true;
        button.title = t("choose a tile first");
      }
      controls.append(
        el("p", {text: chosen === null ? t("You are the auctioneer: choose a tile above, then an opening bid (0 or more).")
          : t("You are the auctioneer: tile #{number}. Name your opening bid.", {number: chosen + 1})}),
        el("div", {class: "bid-row"}, [input, button]),
        el("p", {class: "muted small", text: t("The auctioneer cannot pass.")}));
    } else if (decision.kind === "bid") {
      const [input, button] = bidForm(decision.min_bid, (v) => t("Raise to {bid}", {bid: points(v)}),
        (bid) => send({type: "AuctionRaise", bid}));
      const pass = el("button", {type: "button", "data-testid": "pass-button", disabled: busy, text: t("Pass")});
      pass.addEventListener("click", () => send({type: "AuctionPass"}));
      controls.append(el("p", {text: t("Raise above {bid}, or pass. You act once in this auction.", {bid: points(decision.high_bid)})}),
        el("div", {class: "bid-row"}, [input, button, pass]));
    } else if (decision.kind === "settle") {
      const bidder = who(names(), decision.high_bidder);
      const price = points(decision.high_bid);
      const buy = el("button", {type: "button", class: "primary", "data-testid": "buy-button", disabled: busy,
        text: t("Buy: you take the tile and pay {bidder} {price}", {bidder, price})});
      const sell = el("button", {type: "button", "data-testid": "sell-button", disabled: busy,
        text: t("Sell: {bidder} takes the tile and pays you {price}", {bidder, price})});
      buy.addEventListener("click", () => send({type: "AuctionSettle", choice: "buy"}));
      sell.addEventListener("click", () => send({type: "AuctionSettle", choice: "sell"}));
      controls.append(el("p", {text: t("{bidder} bid highest: {price}. Buy or sell?", {bidder, price})}),
        el("div", {class: "settle-row"}, [buy, sell]));
    }
  }

  function drawStatus(a, decision, mine) {
    if (!decision) {
      status.textContent = t("Every tile has an owner.");
      return;
    }
    const n = a.history.length + 1;  // the running auction is not in the history yet
    const name = who(names(), decision.seat);
    const who_ = mine ? t("{who} (you)", {who: name}) : name;
    status.textContent = {
      open: t("Auction {n}: {who} is the auctioneer and picks a tile.", {n, who: who_}),
      bid: t("Auction {n}: {who} raises or passes.", {n, who: who_}),
      settle: t("Auction {n}: {who}, the auctioneer, buys or sells.", {n, who: who_}),
    }[decision.kind] || "";
  }

  function drawHistory(a) {
    clear(history);
    // the table may scroll sideways: then it takes the focus (axe scrollable-region-focusable)
    for (const name of ["tabindex", "role", "aria-label"]) history.removeAttribute(name);
    if (!a.history.length) return;
    history.setAttribute("tabindex", "0");
    history.setAttribute("role", "region");
    history.setAttribute("aria-label", t("Auctions so far"));
    const rows = a.history.map((h, i) => el("tr", {}, [
      el("td", {text: String(i + 1)}),
      el("td", {}, [h.auctioneer === null ? "—" : seatChip(names(), h.auctioneer)]),
      el("td", {text: `#${h.tile + 1} ${shownText(h.shown)}`}),
      el("td", {text: h.opening === null ? "—" : String(h.opening)}),
      el("td", {text: h.actions.map((x) => `${who(names(), x.seat)} ${x.action === "pass" ? t("passed") : x.bid}`).join(", ") || "—"}),
      el("td", {text: SETTLEMENT_WORDS[h.settlement] || h.settlement}),
      el("td", {}, [seatChip(names(), h.owner)]),
      el("td", {text: h.changes.map((c) => `${who(names(), c.seat)} ${signed(c.points)}`).join(", ") || t("none")}),
    ]));
    history.append(el("table", {class: "auction-table", "data-testid": "auction-history"}, [
      el("thead", {}, [el("tr", {}, ["#", t("Auctioneer"), t("Tile"), t("Opening"), t("Then"), t("Settlement"), t("Owner"), t("Changes")]
        .map((h) => el("th", {scope: "col", text: h})))]),
      el("tbody", {}, rows),
    ]));
  }

  function drawSummary(a, closed) {
    clear(summary);
    // after a cancel no change counts (CAR-111), whatever was settled before it
    const changes = el("ul", {class: "auction-changes", "data-testid": "auction-changes"},
      a.changes.map((c, seat) => el("li", {}, [seatChip(names(), seat), ` ${signed(closed ? 0 : c)}`])));
    const order = el("ol", {class: "play-order", "data-testid": "play-order"}, a.play_order.map((seat) => {
      const tile = a.tiles.find((x) => x.owner === seat);
      return el("li", {}, [seatChip(names(), seat), tile ? shownIcon(tile.shown, 28) : null,
        tile ? ` ${shownText(tile.shown)}` : ""]);
    }));
    summary.append(
      el("div", {}, [el("h4", {text: t("Score changes")}), changes,
        a.paid_to_nobody && !closed ? el("p", {class: "muted small", text: t("{points} paid to nobody.", {points: points(a.paid_to_nobody)})}) : null]),
      el("div", {}, [el("h4", {text: t("Order of play with the won tiles")}), order,
        el("p", {class: "muted small", text: t("From the player left of the placer, clockwise, the placer last.")})]),
    );
  }

  function draw() {
    if (!last) return;
    const {auction: a, legal, closed} = last;
    root.hidden = !a;
    if (!a) return;
    const decision = closed ? null : a.decision;
    const mine = canAct(decision, legal);
    if (!mine || (chosen !== null && (!a.tiles[chosen] || a.tiles[chosen].owner !== null))) chosen = null;
    drawStatus(a, decision, mine);
    if (closed) status.textContent = closed;
    drawRow(a, decision, mine);
    drawCurrent(a);
    drawControls(a, decision, mine);
    drawHistory(a);
    drawSummary(a, closed);
  }

  return {
    el: root,
    /**
     * Redraw from the view's `auction` object (null hides the panel) and the legal moves;
     * `closed` (text) ends the auction early, e.g. after the host's Cancel.
     */
    update(auction, legal, closed = null) {
      last = {auction, legal, closed};
      if (auction && auction.decision === null) error.textContent = "";
      draw();
    },
  };
}
