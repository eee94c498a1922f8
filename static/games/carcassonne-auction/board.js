// Board of `carcassonne-auction`: the stand-alone Bazaar auction (rules/carcassonne.md
// section 15). The auction panel is shared with the full game; this board adds who placed
// the bazaar tile, the report of CAR-108 (tiles, changes, new scores, order of play), the
// reminders of CAR-109 and the host's Cancel (CAR-111). Seat names are the table's names from
// the `players` option (CAR-113), not the holders' names.

import {el, clear} from "/static/js/dom.js";
import {errorNodes, words} from "/static/js/words.js";
import {t} from "/static/js/i18n.js";
import {auctionMoveWords, createAuctionPanel} from "/static/games/carcassonne/auction-panel.js";
import {shownIcon, shownText} from "/static/games/carcassonne/tile-svg.js";

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : String(n);  // a minus sign, not a hyphen
}

/** A move in words for the "Confirm moves" bar (static/js/move-confirm.js). */
export function describeMove(move, view) {
  if (move.type === "Cancel") return t("Cancel the auction");
  return auctionMoveWords(move, view && view.auction, view ? view.players.map((p) => p.name) : []);
}

/** A tile of the auction by what it shows, for the end card: "a road tile", "“River”". */
export function tileWords(index, view) {
  const tile = view && view.auction && view.auction.tiles ? view.auction.tiles[index] : null;
  return tile ? shownText(tile.shown) : "";
}

export function mount(root, ctx) {
  let view = null;
  const names = () => (view ? view.players.map((p) => p.name) : ctx.names || []);
  const panel = createAuctionPanel(ctx, names);
  const head = el("div", {class: "ca-head"});
  const banner = el("p", {class: "ca-banner", role: "status", hidden: true, "data-testid": "ca-banner"});
  const report = el("section", {class: "ca-report", "aria-label": t("Report"), "data-testid": "ca-report"});
  const host = el("div", {class: "ca-host"});
  const board = el("div", {class: "ca-board"}, [head, banner, panel.el, report, host]);
  root.append(board);
  let confirming = false;
  let hostError = "";

  function drawHead() {
    clear(head);
    const placer = names()[view.placer];
    // the name in bold within the sentence of the page's language
    const [before, after] = t("{who} placed the bazaar tile. The first auctioneer is the player on their left.").split("{who}");
    head.append(el("p", {}, [before || "", el("strong", {text: placer}), after || ""]));
  }

  function drawBanner() {
    const r = view.report;
    banner.hidden = !view.finished;
    banner.className = `ca-banner${r.cancelled ? "" : " done"}`;
    banner.textContent = r.cancelled
      ? t("The host cancelled this auction: no score changes.")
      : t("The auction is over: every tile has an owner. Play the won tiles in the order below.");
  }

  function drawReport() {
    clear(report);
    const r = view.report;
    const rows = r.players.map((p) => {
      const tile = p.tile === null ? null : view.auction.tiles[p.tile];
      return el("tr", {}, [
        el("td", {text: p.name}),
        el("td", {}, tile ? [shownIcon(tile.shown, 28), ` #${tile.index + 1} ${shownText(tile.shown)}`] : ["—"]),
        r.scores_entered ? el("td", {class: "num", text: (p.entered < 0 ? `−${-p.entered}` : String(p.entered))}) : null,
        el("td", {class: "num", text: signed(p.change)}),
        r.scores_entered ? el("td", {class: "num", text: (p.score < 0 ? `−${-p.score}` : String(p.score))}) : null,
      ]);
    });
    const headCells = [t("Player"), t("Tile"), r.scores_entered ? t("Score before") : null, t("Change"),
      r.scores_entered ? t("New score") : null].filter(Boolean).map((h) => el("th", {scope: "col", text: h}));
    const order = r.play_order.map((seat) => names()[seat]).join(" → ");
    const parts = [
      el("h3", {text: r.complete || r.cancelled ? t("Report") : t("Report so far")}),
      el("table", {"data-testid": "ca-report-table"}, [el("thead", {}, [el("tr", {}, headCells)]), el("tbody", {}, rows)]),
      r.scores_entered ? null : el("p", {class: "muted", text: t("No scores were entered: the report shows the changes only.")}),
      el("p", {}, [el("strong", {text: t("Order of play:") + " "}), order]),
      el("h4", {text: t("Reminders for your table")}),
      // the reminders in words only: their rule ids belong to the rules page (issue 25, point 25)
      el("ul", {class: "ca-reminders", "data-testid": "ca-reminders"}, r.reminders.map((m) => el("li", {text: words(t(m.text))}))),
    ];
    report.append(...parts.filter(Boolean));
  }

  function drawHost() {
    clear(host);
    // The page does not tell the board who the host is; the server refuses Cancel from
    // anyone else (403), and the refusal is shown here.
    if (view.finished || ctx.isHost === false || typeof ctx.submit !== "function" || ctx.mode === "replay") return;
    const cancel = el("button", {type: "button", class: confirming ? "danger" : "", "data-testid": "cancel-auction",
      text: confirming ? t("Yes, cancel the auction") : t("Cancel the auction (host only)")});
    cancel.addEventListener("click", async () => {
      if (!confirming) { confirming = true; drawHost(); return; }
      confirming = false;
      const result = await ctx.submit({type: "Cancel"}, {confirmed: true});  // its own Yes/No
      hostError = result.ok ? "" : (result.reason || result.code || t("refused"));
      drawHost();
    });
    host.append(cancel);
    if (confirming) {
      const keep = el("button", {type: "button", text: t("No, keep going")});
      keep.addEventListener("click", () => { confirming = false; drawHost(); });
      host.append(" ", keep, el("p", {class: "muted small", text: t("A cancelled auction changes no score.")}));
    }
    if (hostError) host.append(el("p", {class: "form-error", role: "alert"}, errorNodes(hostError, ctx.kind)));
  }

  return {
    update({view: newView, legal}) {
      view = newView;
      if (!view || !view.auction) return;
      drawHead();
      drawBanner();
      panel.update(view.auction, legal || [], view.cancelled ? t("The host cancelled this auction.") : null);
      drawReport();
      drawHost();
    },
    destroy() {
      clear(root);
    },
  };
}
