// Guest identity: every page (except rules) needs a name. ensureIdentity() asks the server who
// we are (GET /api/session); without a valid cookie it shows the "your name" form, posts it to
// POST /api/session (the server sets the HttpOnly cookie) and resolves once we have a name.

import {api, ApiError, errorText} from "./api.js";

function showName(name) {
  const who = document.getElementById("whoami");
  if (who) who.textContent = name ? `You: ${name}` : "";
}

function askForName() {
  const section = document.getElementById("identity");
  const form = document.getElementById("identity-form");
  const input = document.getElementById("identity-name");
  const error = document.getElementById("identity-error");
  document.body.classList.add("needs-name");
  section.hidden = false;
  form.querySelector("button[type=submit]").disabled = false;
  input.focus();
  return new Promise((resolve) => {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) { error.textContent = "Please enter a name."; return; }
      error.textContent = "";
      try {
        const me = await api("POST", "/api/session", {name});
        section.hidden = true;
        document.body.classList.remove("needs-name");
        resolve({user_id: me.user_id, name: me.name});
      } catch (err) {
        error.textContent = errorText(err);
      }
    });
  });
}

/** Resolve with {user_id, name}, asking for a name first when the visitor has none. */
export async function ensureIdentity() {
  let me = null;
  // the server marks the page when the visitor has no cookie at all: no need to ask who we are
  if (!document.body.classList.contains("needs-name")) {
    try {
      me = await api("GET", "/api/session");
    } catch (err) {
      if (!(err instanceof ApiError) || (err.status !== 401 && err.status !== 403)) throw err;
    }
  }
  if (!me) me = await askForName();
  const section = document.getElementById("identity");
  if (section) section.hidden = true;
  document.body.classList.remove("needs-name");
  showName(me.name);
  // the notices channel (notices.js) opens once the visitor is known
  if (!window.bazaarIdentity) {
    window.bazaarIdentity = me;
    window.dispatchEvent(new CustomEvent("bazaar:identity", {detail: me}));
  }
  return me;
}
