// Guest identity, made when the visitor first acts (issue 25, points 1 and 2): anyone may look at
// the home page, a game (live or finished) or a replay without a name. whoAmI() asks the server
// who we are (GET /api/session) and answers null for a visitor without one; ensureIdentity()
// is called when the visitor acts (chat, join, create): without an identity it opens the
// "your name" dialog, posts the name to POST /api/session (the server sets the HttpOnly cookie)
// and resolves once we have one, or with null when the visitor closes the dialog.

import {el} from "./dom.js";
import {api, ApiError, errorText} from "./api.js";

let known;  // undefined: not asked yet; null: no identity; else {user_id, name}
let asking = null;  // the open dialog's promise, so two actions share one question

function showName(me) {
  const who = document.getElementById("whoami");
  if (!who) return;
  who.replaceChildren();
  if (me) {
    // one's own profile is a tap away (issue 25, point 17)
    who.append(el("a", {href: `/players/${encodeURIComponent(me.user_id)}`, "data-testid": "my-profile",
      text: `You: ${me.name}`}));
  } else if (document.body.dataset.signedOut !== "yes") {
    who.append(el("a", {href: `/signin?next=${encodeURIComponent(location.pathname)}`, text: "Sign in"}));
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

/** Resolve with {user_id, name}, or null for a visitor who has no identity yet (nothing asked). */
export async function whoAmI() {
  if (known !== undefined) return known;
  let me = null;
  // the server marks the page when the visitor has no cookie at all: no need to ask who we are
  if (!document.body.classList.contains("no-identity")) {
    try {
      me = await api("GET", "/api/session");
    } catch (err) {
      if (!(err instanceof ApiError) || (err.status !== 401 && err.status !== 403)) throw err;
    }
  }
  if (known === undefined) known = me ? {user_id: me.user_id, name: me.name} : null;
  announce(known);
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

function askForName({why = "", submit = "Continue", before = null, cancellable = true} = {}) {
  const dialog = document.getElementById("identity");
  const form = document.getElementById("identity-form");
  const input = document.getElementById("identity-name");
  const error = document.getElementById("identity-error");
  const cancel = document.getElementById("identity-cancel");
  const button = form.querySelector("button[type=submit]");
  const extra = document.getElementById("identity-before");
  document.getElementById("identity-why").textContent = why;
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
      if (!name) { error.textContent = "Please enter a name."; return; }
      error.textContent = "";
      button.disabled = true;
      try {
        const made = await api("POST", "/api/session", {name});
        known = {user_id: made.user_id, name: made.name};
        document.body.classList.remove("no-identity");
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
