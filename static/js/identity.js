// Guest identity, made when the visitor first acts (issue 25, points 1 and 2): anyone may look at
// the home page, a game (live or finished) or a replay without a name. whoAmI() asks the server
// who we are (GET /api/session) and answers null for a visitor without one; ensureIdentity()
// is called when the visitor acts (chat, join, create): without an identity it opens the
// "your name" dialog, posts the name to POST /api/session (the server sets the HttpOnly cookie)
// and resolves once we have one, or with null when the visitor closes the dialog.

import {el} from "./dom.js";
import {t} from "./i18n.js";
import {api, ApiError, errorText} from "./api.js";

let known;  // undefined: not asked yet; null: no identity; else {user_id, name}
let asking = null;  // the open dialog's promise, so two actions share one question

function showName(me) {
  const who = document.getElementById("whoami");
  if (!who) return;
  who.replaceChildren();
  if (me) {
    // one's own profile is a tap away (issue 25, point 17); a guest has none yet: the account
    // page offers to keep the games as an account
    who.append(el("a", {href: me.account ? `/players/${encodeURIComponent(me.user_id)}` : "/account",
      "data-testid": "my-profile", title: me.account ? t("Your profile and ratings") : t("Your account"),
      text: t("You: {name}", {name: me.name})}));
  } else {
    who.append(el("a", {href: `/signin?next=${encodeURIComponent(location.pathname)}`, text: t("Sign in")}));
  }
}

function announce(me) {
  showName(me);
  // the notices channel (notices.js) opens once the visitor is known
  if (me && !window.bazaarIdentity) {
    window.bazaarIdentity = me;
    window.dispatchEvent(new CustomEvent("bazaar:identity", {detail: me}));
  }
}

/**
 * This device's session has ended elsewhere (issue 25, point 14): a password changed, "sign out
 * the other devices", or a cookie the server no longer knows. Say so, offer Sign in, and stop
 * showing the player as signed in. Fired by the sockets' 4401 (notices.js, game.js) as
 * `bazaar:signed-out`, and by whoAmI() when the cookie is refused.
 */
const SIGNED_OUT = "bazaar:signed-out";  // localStorage: said again after a reload

function remembered() {
  try { return localStorage.getItem(SIGNED_OUT) === "yes"; } catch { return false; }
}

function remember(on) {
  try { if (on) localStorage.setItem(SIGNED_OUT, "yes"); else localStorage.removeItem(SIGNED_OUT); } catch { /* off */ }
}

export function signedOut({clear = true} = {}) {
  remember(true);
  // the server clears the dead cookie when asked who we are, so the pages can be looked at
  if (clear) api("GET", "/api/session").catch(() => {});
  known = null;
  window.bazaarIdentity = null;
  document.body.dataset.signedOut = "yes";
  showName(null);
  if (document.getElementById("signed-out")) return;
  const next = `/signin?next=${encodeURIComponent(location.pathname + location.search)}`;
  const note = el("div", {id: "signed-out", class: "signed-out", role: "alert", "data-testid": "signed-out"}, [
    el("span", {text: t("You were signed out on this device.") + " "}),
    el("a", {class: "button primary", href: next, "data-testid": "signed-out-signin", text: t("Sign in")}),
  ]);
  const main = document.getElementById("page");
  if (main) main.before(note); else document.body.prepend(note);
}
window.addEventListener("bazaar:signed-out", signedOut);

/** Resolve with {user_id, name}, or null for a visitor who has no identity yet (nothing asked). */
export async function whoAmI() {
  if (known !== undefined) return known;
  let me = null;
  let refused = false;
  // the server marks the page when the visitor has no cookie at all: no need to ask who we are
  if (!document.body.classList.contains("no-identity")) {
    try {
      me = await api("GET", "/api/session");
    } catch (err) {
      if (!(err instanceof ApiError) || (err.status !== 401 && err.status !== 403)) throw err;
      // a cookie the server no longer takes (it clears it): signed out elsewhere
      refused = err.code === "SIGNED_OUT";
    }
  }
  if (known === undefined) known = me ? {user_id: me.user_id, name: me.name, account: Boolean(me.account)} : null;
  if (known) remember(false);
  if (!known && (refused || remembered())) signedOut({clear: false});
  else announce(known);
  return known;
}

/**
 * Resolve with {user_id, name}, asking for a name first when the visitor has none.
 *
 * Options: `why` (a sentence under the title: "Pick a name to chat."), `submit` (the button's
 * words), `before` (a node shown above the form, e.g. an invitation), `cancellable` (default
 * true: "Not now" and Escape close the dialog and resolve null; a page that cannot be used
 * without a name passes false).
 */
export async function ensureIdentity(options = {}) {
  const me = await whoAmI();
  if (me) return me;
  if (!asking) asking = askForName(options).finally(() => { asking = null; });
  return asking;
}

function askForName({why = "", submit = t("Continue"), before = null, cancellable = true} = {}) {
  const dialog = document.getElementById("identity");
  const form = document.getElementById("identity-form");
  const input = document.getElementById("identity-name");
  const error = document.getElementById("identity-error");
  const cancel = document.getElementById("identity-cancel");
  const button = form.querySelector("button[type=submit]");
  const extra = document.getElementById("identity-before");
  document.getElementById("identity-why").textContent = document.body.dataset.signedOut === "yes"
    ? (t("You were signed out on this device: sign in to use your account again, or pick a name to go on as a guest.") + " " + why).trim()
    : why;
  extra.replaceChildren(...(before ? [before] : []));
  button.textContent = submit;
  button.disabled = false;
  cancel.hidden = !cancellable;
  error.textContent = "";
  document.body.classList.add("needs-name");
  if (!dialog.open) dialog.showModal();
  input.focus();
  return new Promise((resolve) => {
    const done = (me) => {
      form.removeEventListener("submit", onSubmit);
      cancel.removeEventListener("click", onCancel);
      dialog.removeEventListener("cancel", onEscape);
      document.body.classList.remove("needs-name");
      if (dialog.open) dialog.close();
      resolve(me);
    };
    const onSubmit = async (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) { error.textContent = t("Please enter a name."); return; }
      error.textContent = "";
      button.disabled = true;
      try {
        const made = await api("POST", "/api/session", {name});
        known = {user_id: made.user_id, name: made.name, account: false};
        document.body.classList.remove("no-identity");
        delete document.body.dataset.signedOut;
        remember(false);
        const note = document.getElementById("signed-out");
        if (note) note.remove();
        announce(known);
        done(known);
      } catch (err) {
        error.textContent = errorText(err);
        button.disabled = false;
      }
    };
    const onCancel = () => done(null);
    // Escape closes a modal dialog: allowed only where the page can go on without a name
    const onEscape = (event) => { if (cancellable) done(null); else event.preventDefault(); };
    form.addEventListener("submit", onSubmit);
    cancel.addEventListener("click", onCancel);
    dialog.addEventListener("cancel", onEscape);
  });
}
