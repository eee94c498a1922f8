// The Bazaar auction panel, shared by the `carcassonne` and `carcassonne-auction` boards.
// rules/carcassonne.md 10.3 (CAR-60 to CAR-68) and CAR-98 (the whole auction is public).
// It reads the `auction` object of the view (app/games/carcassonne/auction.py public_view):
// the revealed row with owners, the running auction, whose decision it is, the history, the
// score changes and the play order. It offers only the moves the rules allow now.

import {el, clear, seatColor} from "/static/js/dom.js";
import {showError} from "/static/js/words.js";
import {shownIcon, shownText} from "./tile-svg.js";

const SETTLEMENT_WORDS = {
  buy: "bought by the auctioneer",
  sell: "sold to the high bidder",
  kept: "kept by the auctioneer (nobody else bid: paid to nobody)",
  free: "last tile, free",
};

function who(names, seat) {
  if (seat === null || seat === undefined) return "—";
  return (names && names[seat]) || `Seat ${seat + 1}`;
}

function seatChip(names, seat) {
  return el("span", {class: "seat-chip", style: `--chip:${seatColor(seat)}`, text: who(names, seat)});
}

function points(n) {
  return `${n} point${Math.abs(n) === 1 ? "" : "s"}`;
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
    case "AuctionOpen": return `Auction tile #${move.tile + 1}${tile ? ` (${shownText(tile.shown)})` : ""}, opening at ${points(move.bid)}`;
    case "AuctionRaise": return `Raise the bid to ${points(move.bid)}`;
    case "AuctionPass": return "Pass in this auction";
    case "AuctionSettle": return move.choice === "buy"
      ? `Buy: you take the tile and pay ${bidder} ${points(decision.high_bid)}`
      : `Sell: ${bidder} takes the tile and pays you ${points(decision.high_bid)}`;
    default: return null;
  }
}

/**
 * Create the panel. `ctx` is the board context (seat, mode, submit); `names()` returns the
 * current seat names (the stand-alone auction names its seats from its `players` option).
 */
export function createAuctionPanel(ctx, names) {
  const root = el("section", {class: "auction-panel", "aria-label": "Bazaar auction"});
  const status = el("p", {class: "auction-status", "aria-live": "polite", "data-testid": "auction-status"});
  const row = el("div", {class: "auction-row", role: "list", "aria-label": "Revealed tiles", "data-testid": "auction-row"});
  const current = el("div", {class: "auction-current", "data-testid": "auction-current"});
  const controls = el("div", {class: "auction-controls", "data-testid": "auction-controls"});
  const error = el("p", {class: "form-error auction-error", role: "alert"});
  const history = el("div", {class: "auction-history"});
  const summary = el("div", {class: "auction-summary"});
  root.append(el("h3", {text: "Bazaar auction"}), status, row, current, controls, error, history, summary);

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
    if (!result.ok) showError(error, result.reason || result.code || "refused", ctx.kind);
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
    row.setAttribute("aria-label", picking ? "Revealed tiles: choose one to auction" : "Revealed tiles");
    for (const tile of a.tiles) {
      const owner = tile.owner;
      const inPlay = a.current && a.current.tile === tile.index;
      const pickable = picking && owner === null;
      const card = el(pickable ? "button" : "div", {
        class: `auction-tile${owner !== null ? " owned" : ""}${inPlay ? " in-play" : ""}${chosen === tile.index ? " chosen" : ""}`,
        role: picking ? undefined : "listitem", type: pickable ? "button" : undefined,
        "aria-pressed": pickable ? String(chosen === tile.index) : undefined,
        "data-testid": "auction-tile", dataset: {index: String(tile.index)},
        title: pickable ? "Auction this tile" : (owner !== null ? `won by ${who(names(), owner)}` : ""),
      }, [
        el("span", {class: "tile-index", text: `#${tile.index + 1}`}),
        shownIcon(tile.shown, 56),
        el("span", {class: "tile-name", text: shownText(tile.shown)}),
        owner !== null ? seatChip(names(), owner) : el("span", {class: "muted", text: inPlay ? "on auction" : "no owner yet"}),
      ]);
      if (pickable) card.addEventListener("click", () => { chosen = tile.index; draw(); });
      row.append(card);
    }
  }

  function drawCurrent(a) {
    clear(current);
    const c = a.current;
    if (!c) return;
    const lines = [el("li", {}, [seatChip(names(), a.auctioneer), ` opened at ${points(c.opening)}`])];
    for (const act of c.actions) {
      lines.push(el("li", {}, [seatChip(names(), act.seat),
        act.action === "pass" ? " passed" : ` raised to ${points(act.bid)}`]));
    }
    for (const seat of c.pending) lines.push(el("li", {class: "muted"}, [seatChip(names(), seat), " still to bid"]));
    const shown = a.tiles[c.tile].shown;
    current.append(
      el("div", {class: "auction-lot"}, [shownIcon(shown, 48),
        el("div", {}, [
          el("strong", {text: `Tile #${c.tile + 1} (${shownText(shown)})`}),
          el("p", {class: "high-bid", "data-testid": "high-bid"}, [
            `High bid: ${points(c.high_bid)} by `, seatChip(names(), c.high_bidder)]),
        ])]),
      el("ol", {class: "auction-bids"}, lines),
    );
  }

  function bidForm(min, label, onBid) {
    const input = el("input", {type: "number", min, max: 999, step: 1, value: min, inputmode: "numeric",
      "aria-label": "bid in points", class: "bid-input", "data-testid": "bid-input"});
    const button = el("button", {type: "button", class: "primary", "data-testid": "bid-button", disabled: busy, text: label(min)});
    input.addEventListener("input", () => {
      const v = Number(input.value);
      const ok = Number.isInteger(v) && v >= min && v <= 999;
      button.disabled = busy || !ok;
      button.title = ok ? "" : `a bid from ${min} to 999`;
      if (ok) button.textContent = label(v);
    });
    button.addEventListener("click", () => onBid(Number(input.value)));
    return [input, button];
  }

  function drawControls(a, decision, mine) {
    clear(controls);
    if (!mine) return;
    if (decision.kind === "open") {
      const [input, button] = bidForm(0, (v) => `Open at ${points(v)}`,
        // a tile chosen, then a bid: already two steps, no Confirm on top (move-confirm.js)
        (bid) => send({type: "AuctionOpen", tile: chosen, bid}, {confirmed: true}));
      if (chosen === null || a.tiles[chosen].owner !== null) {
        button.disabled = true;
        button.title = "choose a tile first";
      }
      controls.append(
        el("p", {text: chosen === null ? "You are the auctioneer: choose a tile above, then an opening bid (0 or more)."
          : `You are the auctioneer: tile #${chosen + 1}. Name your opening bid.`}),
        el("div", {class: "bid-row"}, [input, button]),
        el("p", {class: "muted small", text: "The auctioneer cannot pass."}));
    } else if (decision.kind === "bid") {
      const [input, button] = bidForm(decision.min_bid, (v) => `Raise to ${points(v)}`,
        (bid) => send({type: "AuctionRaise", bid}));
      const pass = el("button", {type: "button", "data-testid": "pass-button", disabled: busy, text: "Pass"});
      pass.addEventListener("click", () => send({type: "AuctionPass"}));
      controls.append(el("p", {text: `Raise above ${points(decision.high_bid)}, or pass. You act once in this auction.`}),
        el("div", {class: "bid-row"}, [input, button, pass]));
    } else if (decision.kind === "settle") {
      const bidder = who(names(), decision.high_bidder);
      const price = points(decision.high_bid);
      const buy = el("button", {type: "button", class: "primary", "data-testid": "buy-button", disabled: busy,
        text: `Buy: you take the tile and pay ${bidder} ${price}`});
      const sell = el("button", {type: "button", "data-testid": "sell-button", disabled: busy,
        text: `Sell: ${bidder} takes the tile and pays you ${price}`});
      buy.addEventListener("click", () => send({type: "AuctionSettle", choice: "buy"}));
      sell.addEventListener("click", () => send({type: "AuctionSettle", choice: "sell"}));
      controls.append(el("p", {text: `${bidder} bid highest: ${price}. Buy or sell?`}),
        el("div", {class: "settle-row"}, [buy, sell]));
    }
  }

  function drawStatus(a, decision, mine) {
    if (!decision) {
      status.textContent = "Every tile has an owner.";
      return;
    }
    const n = a.history.length + 1;  // the running auction is not in the history yet
    const name = who(names(), decision.seat);
    const you = mine ? " (you)" : "";
    status.textContent = {
      open: `Auction ${n}: ${name}${you} is the auctioneer and picks a tile.`,
      bid: `Auction ${n}: ${name}${you} raises or passes.`,
      settle: `Auction ${n}: ${name}${you}, the auctioneer, buys or sells.`,
    }[decision.kind] || "";
  }

  function drawHistory(a) {
    clear(history);
    // the table may scroll sideways: then it takes the focus (axe scrollable-region-focusable)
    for (const name of ["tabindex", "role", "aria-label"]) history.removeAttribute(name);
    if (!a.history.length) return;
    history.setAttribute("tabindex", "0");
    history.setAttribute("role", "region");
    history.setAttribute("aria-label", "Auctions so far");
    const rows = a.history.map((h, i) => el("tr", {}, [
      el("td", {text: String(i + 1)}),
      el("td", {}, [h.auctioneer === null ? "—" : seatChip(names(), h.auctioneer)]),
      el("td", {text: `#${h.tile + 1} ${shownText(h.shown)}`}),
      el("td", {text: h.opening === null ? "—" : String(h.opening)}),
      el("td", {text: h.actions.map((x) => `${who(names(), x.seat)} ${x.action === "pass" ? "passed" : x.bid}`).join(", ") || "—"}),
      el("td", {text: SETTLEMENT_WORDS[h.settlement] || h.settlement}),
      el("td", {}, [seatChip(names(), h.owner)]),
      el("td", {text: h.changes.map((c) => `${who(names(), c.seat)} ${signed(c.points)}`).join(", ") || "none"}),
    ]));
    history.append(el("table", {class: "auction-table", "data-testid": "auction-history"}, [
      el("thead", {}, [el("tr", {}, ["#", "Auctioneer", "Tile", "Opening", "Then", "Settlement", "Owner", "Changes"]
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
      const tile = a.tiles.find((t) => t.owner === seat);
      return el("li", {}, [seatChip(names(), seat), tile ? shownIcon(tile.shown, 28) : null,
        tile ? ` ${shownText(tile.shown)}` : ""]);
    }));
    summary.append(
      el("div", {}, [el("h4", {text: "Score changes"}), changes,
        a.paid_to_nobody && !closed ? el("p", {class: "muted small", text: `${points(a.paid_to_nobody)} paid to nobody.`}) : null]),
      el("div", {}, [el("h4", {text: "Order of play with the won tiles"}), order,
        el("p", {class: "muted small", text: "From the player left of the placer, clockwise, the placer last."})]),
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
