// The invitation on the lobby page: the invite link with Copy and Share (the phone's share
// sheet, issue 25 point 8), and what an invitee without a name sees beside the name form: who
// invites them to which game, the clock, the seats by their names, the free seats and a link to
// the game's rules.

import {el, withNodes} from "./dom.js";
import {seatDot} from "./seat_mark.js";
import {t, tn} from "./i18n.js";
import {clockText, lobbySeatNames, seatLabel} from "./lobby_words.js";
import {showRulesLink} from "./lobby_form.js";

/** The invitation of `lobby`, as an element for ensureIdentity({before}). */
export function invitePreview(lobby) {
  const host = (lobby.host && lobby.host.name) || t("A player");
  const seats = el("ol", {class: "preview-seats"});
  lobbySeatNames(lobby).forEach((name, seat) => {
    const dot = seatDot(seat);
    seats.append(el("li", {}, [dot, el("span", {}, [`${seatLabel(lobby.seats[seat])}: `,
      el("strong", {text: lobby.seats[seat].holder === "open" ? t("open") : name})])]));
  });
  const link = el("a", {hidden: true});
  showRulesLink(link, lobby.kind, lobby.title);
  return el("div", {class: "invite-preview", id: "invite-preview", "data-testid": "invite-preview"}, [
    el("p", {class: "invite-what"}, withNodes(t("{host} invites you to a game of {title} ({players}, {clock}).",
      {players: tn("{n} player", "{n} players", lobby.seats.length), clock: clockText(lobby.clock)}),
    {host: el("strong", {text: host}), title: el("strong", {text: lobby.title})})),
    seats,
    el("p", {class: "help"}, [lobby.status === "open"
      ? tn("{n} seat free: give your name below and the next one is yours.", "{n} seats free: give your name below and the next one is yours.", lobby.seats.filter((s) => s.holder === "open").length) + " "
      : t("The game has already started.") + " ", link]),
  ]);
}

const $ = (id) => document.getElementById(id);

/** Wire Copy and Share of the invite link (#invite-link); `title()` is the game's title. */
export function wireInviteLink(title) {
  $("copy-invite").addEventListener("click", async () => {
    const input = $("invite-link");
    let ok = false;
    try {
      await navigator.clipboard.writeText(input.value);
      ok = true;
    } catch {
      input.select();
      try { ok = document.execCommand("copy"); } catch { ok = false; }
    }
    $("copy-note").textContent = ok ? t("Copied. Send it to your friends.") : t("Select the link and copy it.");
    input.select();
  });
  // the phone's share sheet, where the browser has one
  const share = $("share-invite");
  share.hidden = typeof navigator.share !== "function";
  share.addEventListener("click", async () => {
    const game = title() || t("A game");
    const data = {title: t("{title} at Bazaar", {title: game}), text: t("Come and play with me:"), url: $("invite-link").value};
    try {
      await navigator.share(data);
      $("copy-note").textContent = "";
    } catch (err) {
      // closing the share sheet is not a failure; anything else falls back to Copy
      if (!err || err.name !== "AbortError") $("copy-note").textContent = t("This device cannot share it: use Copy instead.");
    }
  });
}
