// The lobby page (/lobbies/{id}): the seats with join / bot / my device / open (lobby_seats.js),
// the invite link with Copy and Share (invite.js), Start for the host and what the table still
// waits for (lobby_hint.js), the options in words (lobby_words.js) and the host's settings form
// (lobby_settings.js). It polls GET /api/lobbies/{id} every 1.5 s and sends everyone to the game
// once it starts. An invitee without a name sees the invitation beside the name form.

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {ensureIdentity, whoAmI} from "./identity.js";
import {tableAid, tableMeta, tableStart} from "./table_aid.js";
import {lobbyMeta, optionNotes, optionSummary} from "./lobby_words.js";
import {setupModule, showRulesLink} from "./lobby_form.js";
import {seatItem} from "./lobby_seats.js";
import {invitePreview, wireInviteLink} from "./invite.js";
import {lobbyHint} from "./lobby_hint.js";
import {createSettings} from "./lobby_settings.js";
import {t, titled} from "./i18n.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 1500;

/** What a redraw depends on (the lobby without its creation time). */
function lobbyKey(lobby) {
  const {created_at: _ignored, ...rest} = lobby;
  return JSON.stringify(rest);
}

/** The lobby's options, in words, into the <dl> `box`; a game with a set-up form of its own says
 * them its own way (the auction: names, pictures). `current()` is the lobby shown by then. */
function drawOptions(box, lobby, game, current) {
  const own = setupModule(lobby.kind);
  if (own) {
    own.then((module) => {
      if (current() !== lobby) return;
      clear(box);
      for (const [label, node] of module.summary(lobby.options || {}, lobby.seats.length)) {
        box.append(el("dt", {text: label}), el("dd", {}, [node]));
      }
    });
  } else {
    clear(box);
    for (const [label, words] of optionSummary(lobby, game)) box.append(el("dt", {text: label}), el("dd", {text: words}));
  }
  const notes = clear($("lobby-notes"));
  for (const {note, anchor, label} of optionNotes(lobby, game)) {
    notes.append(el("p", {class: "option-note", "data-testid": "option-note"}, [`${note} `,
      el("a", {href: `/rules/${encodeURIComponent(lobby.kind)}${anchor ? `#${encodeURIComponent(anchor)}` : ""}`,
        text: t("The rule: {rule}", {rule: label})})]));
  }
  notes.hidden = !notes.children.length;
}

async function lobbyPage() {
  const lobbyId = $("page").dataset.lobbyId;
  const path = `/api/lobbies/${encodeURIComponent(lobbyId)}`;
  // An invitee without a name yet (issue 25, point 8): the invitation is shown beside the name
  // form, and giving the name takes a free seat in the same step. A visitor who only looks (a
  // full lobby, "Not now") sees the lobby without a name; "Take this seat" asks for it then.
  let me = await whoAmI();
  if (!me) {
    let first = null;
    try { first = await api("GET", path); } catch { /* the page says what is wrong below */ }
    if (first && first.status === "open" && first.seats.some((s) => s.holder === "open")) {
      me = await ensureIdentity({before: invitePreview(first), submit: t("Take a seat")});
      if (me) {
        try { await api("POST", `${path}/join`); } catch (err) { $("lobby-error").textContent = errorText(err); }
      }
    }
  }
  if (!me) me = {user_id: null, name: null};
  /** Before acting, the visitor needs an identity: asked for once, here. */
  async function named(why) {
    if (me.user_id) return true;
    const made = await ensureIdentity({why});
    if (made) me = made;
    return Boolean(made);
  }
  let lobby = null;
  let lastKey = "";
  let busy = false;
  let catalog = [];
  const gameOf = () => catalog.find((g) => g.kind === lobby.kind);
  const say = (text) => { $("lobby-error").textContent = text; };
  const settings = createSettings({path, lobby: () => lobby, game: gameOf, saved: (next) => show(next),
    setBusy: (flag) => { busy = flag; }});

  async function act(method, url, body) {
    busy = true;
    say("");
    try {
      const result = await api(method, url, body);
      if (result && result.game_id) { location.assign(`/games/${encodeURIComponent(result.game_id)}`); return; }
      // the host's own change redraws at once, even under the control just used (refocused)
      if (result && result.seats) show(result, true);
      else await refresh();
    } catch (err) {
      say(errorText(err));
    } finally {
      busy = false;
    }
  }

  function show(next, mine = false) {
    const key = lobbyKey(next);
    lobby = titled(next);
    if (lobby.status === "started" && lobby.game_id) {
      $("lobby-hint").textContent = t("The game has started: taking you there…");
      location.assign(`/games/${encodeURIComponent(lobby.game_id)}`);
      return;
    }
    if (key === lastKey) return;
    // don't redraw under an open <select> the user is working with
    const active = document.activeElement;
    const inSeats = active && ["SELECT", "INPUT"].includes(active.tagName) && $("seats").contains(active);
    if (inSeats && !mine) return;
    const refocus = inSeats && active.dataset.testid;
    lastKey = key;
    const you = lobby.you || {seats: [], is_host: false};
    const game = gameOf();
    document.title = `${t("{title} lobby", {title: lobby.title})} · Bazaar`;
    $("lobby-title").textContent = t("{title} lobby", {title: lobby.title});
    $("lobby-status").textContent = lobby.status === "open" ? t("waiting for players") : lobby.status === "started" ? t("started") : lobby.status;
    const aid = tableAid(game);
    $("lobby-meta").textContent = aid ? tableMeta(lobby) : lobbyMeta(lobby);
    $("start-game").textContent = aid ? tableStart(aid) : t("Start the game");
    $("lobby-takebacks").textContent = aid ? "" : (lobby.takebacks_words ? t(lobby.takebacks_words) : "");
    for (const id of ["settings-takeover", "settings-rated", "settings-takebacks"]) $(id).closest(".field").hidden = Boolean(aid);
    showRulesLink($("lobby-rules"), lobby.kind, lobby.title);
    const invite = $("invite-link");
    const url = new URL(lobby.invite_url || `/lobbies/${lobby.id}`, location.origin).href;
    if (invite.value !== url) invite.value = url;

    const seats = $("seats");
    clear(seats);
    for (const seat of lobby.seats) seats.append(seatItem(seat, {lobby, you, me, game, path, act, named, say}));
    if (refocus) {
      const again = seats.querySelector(`[data-testid="${refocus}"]`);
      if (again) again.focus();
    }
    drawOptions($("lobby-options"), lobby, game, () => lobby);
    settings.update();
    // the server says whether Start will succeed, and what is missing (in words) if not
    const {ready, hint} = lobbyHint(lobby, you, aid);
    const start = $("start-game");
    start.hidden = !you.is_host;
    start.disabled = !ready;
    $("leave-lobby").hidden = you.is_host || !you.seats.length;
    $("lobby-hint").textContent = hint;
    $("lobby-hint").dataset.ready = ready ? "yes" : "no";
    settings.openIfMissing();
  }

  async function refresh() {
    try {
      show(await api("GET", path));
    } catch (err) {
      say(errorText(err));
    }
  }

  wireInviteLink(() => lobby && lobby.title);
  $("start-game").addEventListener("click", () => act("POST", `${path}/start`));
  $("leave-lobby").addEventListener("click", () => act("POST", `${path}/leave`));

  try {
    catalog = (await api("GET", "/api/catalog")).games || [];
  } catch { catalog = []; }
  await refresh();
  if (lobby && !settings.built) settings.build();
  const poll = async () => {
    if (!busy && lobby && lobby.status !== "started") await refresh();
    setTimeout(poll, POLL_MS);
  };
  setTimeout(poll, POLL_MS);
}

if (document.body.classList.contains("page-lobby")) {
  lobbyPage().catch((err) => {
    console.error(err);
    const target = document.getElementById("lobby-error");
    if (target) target.textContent = t("Something went wrong: {error}", {error: errorText(err)});
  });
}
