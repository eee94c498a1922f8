// The account page: a guest claims its identity (then sees its recovery codes once); an
// account signs out here or everywhere else, changes its name or password, adds passkeys, or
// deletes itself (docs/api.md, "Accounts").

import {el, clear} from "./dom.js";
import {t, tn} from "./i18n.js";
import {api, ApiError, errorText} from "./api.js";
import {addPasskey, wirePasskeyButton} from "./passkey.js";

const $ = (id) => document.getElementById(id);
const show = (id, on = true) => { $(id).hidden = !on; };

function when(iso) {
  return iso ? new Date(iso).toLocaleString([], {dateStyle: "medium", timeStyle: "short"}) : "never";
}

function onSubmit(formId, errorId, action) {
  const form = $(formId);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    $(errorId).textContent = "";
    try {
      await action(form);
    } catch (err) {
      $(errorId).textContent = errorText(err);
    }
  });
}

/** The codes as a text file's lines, for Copy and Download (issue 25, point 15). */
function codesText(codes) {
  const who = $("claim-username").value.trim();
  return [who ? t("Bazaar recovery codes for {name} (each works once):", {name: who}) : t("Bazaar recovery codes (each works once):"), "", ...codes, ""].join("\n");
}

function wireCodeActions(codes) {
  const note = $("codes-note");
  $("codes-copy").onclick = async () => {
    try {
      await navigator.clipboard.writeText(codesText(codes));
      note.textContent = t("Copied. Paste them somewhere safe.");
    } catch {
      note.textContent = t("This browser did not let the page copy: select the codes and copy them.");
    }
  };
  $("codes-download").onclick = () => {
    const url = URL.createObjectURL(new Blob([codesText(codes)], {type: "text/plain"}));
    const link = el("a", {href: url, download: "bazaar-recovery-codes.txt", hidden: true});
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    note.textContent = t("Downloaded as {file}.", {file: "bazaar-recovery-codes.txt"});
  };
  // the page's print stylesheet prints the codes alone (app.css, body.printing-codes)
  $("codes-print").onclick = () => {
    document.body.classList.add("printing-codes");
    window.print();
    document.body.classList.remove("printing-codes");
  };
}

function showCodes(codes) {
  show("claim", false);
  const list = $("codes-list");
  clear(list);
  for (const code of codes) list.append(el("li", {}, [el("code", {text: code})]));
  show("codes");
  $("codes-saved").addEventListener("change", () => { $("codes-done").disabled = !$("codes-saved").checked; });
  $("codes-done").addEventListener("click", () => { show("codes", false); load(); });
  wireCodeActions(codes);
  $("codes-list").scrollIntoView({block: "nearest"});
}

/** A passkey in words: its name (or "Passkey 2"), when it was added and last used. */
function keyWords(key, i) {
  const name = key.name || t("Passkey {number}", {number: i + 1});
  return t("{name}: added {added}, last used {used}", {name, added: when(key.created_at), used: when(key.last_used_at)});
}

function renderAccount(me) {
  $("account-username").textContent = me.username;
  const others = me.sessions.length - 1;
  const left = me.recovery_codes_left;
  const where = others === 0 ? t("Signed in on this device only.")
    : tn("Signed in here and on {n} other device.", "Signed in here and on {n} other devices.", others);
  $("account-sessions").textContent = where + " " + tn("{n} recovery code left.", "{n} recovery codes left.", left);
  $("name-input").value = me.name;
  const list = $("passkeys-list");
  clear(list);
  if (!me.passkeys.length) list.append(el("li", {class: "muted", text: t("No passkey yet.")}));
  me.passkeys.forEach((key, i) => list.append(el("li", {"data-testid": "passkey",
    text: keyWords(key, i)})));
  show("account");
}

async function load() {
  let me = null;
  try {
    me = await api("GET", "/api/account");
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
  }
  show("account-loading", false);
  const who = $("whoami");
  if (who) {
    // the name links to the account's profile (issue 25, point 17)
    who.replaceChildren(...(me ? [me.account
      ? el("a", {href: `/players/${encodeURIComponent(me.user_id)}`, "data-testid": "my-profile", text: t("You: {name}", {name: me.name})})
      : document.createTextNode(t("You: {name}", {name: me.name}))] : []));
  }
  if (!me) { show("no-identity"); return; }
  if (!me.account) {
    show("claim");
    $("claim-form").querySelector("button").disabled = false;
    return;
  }
  renderAccount(me);
}

onSubmit("claim-form", "claim-error", async () => {
  const reply = await api("POST", "/api/account/claim", {
    username: $("claim-username").value.trim(), password: $("claim-password").value});
  showCodes(reply.recovery_codes);
});

$("signout").addEventListener("click", async () => {
  try {
    await api("POST", "/api/account/signout", {});
    location.assign("/signin");
  } catch (err) { $("session-error").textContent = errorText(err); }
});

$("signout-others").addEventListener("click", async () => {
  try {
    const {signed_out: n} = await api("POST", "/api/account/signout-others", {});
    $("session-note").textContent = n ? tn("Signed out on {n} other device.", "Signed out on {n} other devices.", n)
      : t("No other device was signed in.");
    load();
  } catch (err) { $("session-error").textContent = errorText(err); }
});

onSubmit("name-form", "name-error", async () => {
  await api("PATCH", "/api/account/name", {name: $("name-input").value.trim()});
  load();
});

onSubmit("password-form", "password-error", async (form) => {
  const {signed_out: n} = await api("POST", "/api/account/password", {
    current_password: $("password-current").value, new_password: $("password-new").value});
  form.reset();
  $("password-error").textContent = "";
  // said only now, and only when it is so (issue 25, point 16)
  $("password-note").textContent = n
    ? tn("Password changed. Your other devices are signed out ({n} device).", "Password changed. Your other devices are signed out ({n} devices).", n)
    : t("Password changed.");
  load();
});

onSubmit("delete-form", "delete-error", async () => {
  if (!$("delete-sure").checked) throw new Error(t("Tick the box to confirm."));
  await api("POST", "/api/account/delete", {password: $("delete-password").value});
  location.assign("/");
});

// the new passkey's name, asked for beside the button and shown in the list (issue 25, point 30)
wirePasskeyButton($("passkey-add"), $("passkey-error"), () => addPasskey($("passkey-name").value),
  () => { $("passkey-name").value = ""; load(); });

load();
