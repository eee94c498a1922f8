// The sign-in page: username and password, a passkey, or a one-time recovery code. Each
// success gives this browser a new session cookie; then the player's games open.

import {api, errorText} from "./api.js";
import {signInWithPasskey, wirePasskeyButton} from "./passkey.js";

const $ = (id) => document.getElementById(id);
// back where the visitor was (?next=/games/…), a path on this site only; else their games
function nextPage() {
  const next = new URLSearchParams(location.search).get("next") || "";
  return /^\/(?![\/\\])[^\s]*$/.test(next) ? next : "/me";
}
const done = () => {
  try { localStorage.removeItem("bazaar:signed-out"); } catch { /* storage off */ }
  location.assign(nextPage());
};

function wire(formId, errorId, send) {
  const form = $(formId);
  form.querySelector("button[type=submit]").disabled = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    $(errorId).textContent = "";
    try {
      await send();
      done();
    } catch (err) {
      $(errorId).textContent = errorText(err);
    }
  });
}

wire("signin-form", "signin-error", () => api("POST", "/api/account/signin",
  {username: $("signin-username").value.trim(), password: $("signin-password").value}));
wire("recover-form", "recover-error", () => api("POST", "/api/account/recover",
  {username: $("recover-username").value.trim(), code: $("recover-code").value.trim(),
    new_password: $("recover-password").value}));

wirePasskeyButton($("passkey-signin"), $("passkey-error"), signInWithPasskey, done);
