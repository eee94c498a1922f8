// The account page's "Told outside the page" section (issue 27, part 2; docs/api.md,
// "Notifications"): Web Push on this device (the service worker /sw.js), an e-mail address,
// which events by which way, the daily digest and quiet hours. Every change is saved at once.

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {t} from "./i18n.js";

const $ = (id) => document.getElementById(id);
let current = null;

function note(text) { $("notify-note").textContent = text; $("notify-error").textContent = ""; }
function fail(err) { $("notify-error").textContent = errorText(err); }

async function save(change, said = t("Saved.")) {
  try {
    current = await api("PUT", "/api/notify/settings", change);
    note(said);
  } catch (err) { fail(err); }
}

function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** base64url → Uint8Array (the applicationServerKey). */
function keyBytes(b64) {
  const pad = "=".repeat((4 - (b64.length % 4)) % 4);
  const raw = atob((b64 + pad).replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function subscription() {
  const reg = await navigator.serviceWorker.getRegistration("/");
  return reg ? reg.pushManager.getSubscription() : null;
}

async function showPush() {
  const state = $("notify-push-state");
  if (!current.push_available) { $("notify-push").hidden = true; return; }
  if (!pushSupported()) { state.textContent = t("This browser cannot show notifications from the site."); $("push-on").hidden = true; return; }
  const sub = await subscription();
  state.textContent = sub ? t("This device is told.") : (Notification.permission === "denied"
    ? t("Notifications are blocked for this site in the browser's settings.") : t("This device is not told yet."));
  $("push-on").hidden = Boolean(sub);
  $("push-off").hidden = !sub;
}

async function pushOn() {
  try {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") { note(t("The browser did not allow notifications.")); return showPush(); }
    const reg = await navigator.serviceWorker.register("/sw.js", {scope: "/"});
    await navigator.serviceWorker.ready;
    const sub = await reg.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: keyBytes(current.vapid_public_key)});
    await api("POST", "/api/notify/push", sub.toJSON());
    note(t("This device will be told."));
  } catch (err) {
    $("notify-error").textContent = t("This browser could not sign up for notifications ({error}).", {error: errorText(err)});
  }
  return showPush();
}

async function pushOff() {
  try {
    const sub = await subscription();
    if (sub) {
      await api("POST", "/api/notify/push/remove", {endpoint: sub.endpoint});
      await sub.unsubscribe();
    }
    note(t("This device will not be told."));
  } catch (err) { fail(err); }
  return showPush();
}

function showEmail() {
  const form = $("email-form");
  form.hidden = !current.email_available;
  const e = current.email;
  $("email-state").textContent = !current.email_available ? "" : !e ? t("No address: nothing is mailed.")
    : e.bouncing ? t("Mail to {address} comes back: it gets nothing. Give it again once it works.", {address: e.address})
    : e.verified ? t("{address} is confirmed.", {address: e.address}) : t("Open the link mailed to {address} to confirm it.", {address: e.address});
  if (e && !$("email-input").value) $("email-input").value = e.address;
}

function showEvents() {
  const rows = $("notify-event-rows");
  clear(rows);
  for (const ev of current.events) {
    const cell = (channel, on, usable) => {
      const box = el("input", {type: "checkbox", "data-testid": `event-${ev.kind}-${channel}`,
        "aria-label": t(ev.label) + ": " + (channel === "push" ? t("notification") : t("e-mail"))});
      box.checked = on;
      box.disabled = !usable;
      box.addEventListener("change", () => save({events: {[ev.kind]: {[channel]: box.checked}}}));
      return el("td", {"data-channel": channel}, [box]);
    };
    rows.append(el("tr", {}, [el("th", {scope: "row"}, [t(ev.label)]),
      cell("push", ev.push, current.push_available), cell("email", ev.email, current.email_available)]));
  }
  // a way this server does not offer (no SMTP or VAPID settings) is not shown at all
  for (const node of document.querySelectorAll("#notify [data-channel]")) {
    node.hidden = !(node.dataset.channel === "push" ? current.push_available : current.email_available);
  }
  $("notify-digest-field").hidden = !current.email_available;
  $("notify-digest").checked = current.email_digest;
  $("notify-digest").disabled = !current.email_available;
  $("quiet-start").value = current.quiet_start || "";
  $("quiet-end").value = current.quiet_end || "";
}

async function load() {
  try {
    current = await api("GET", "/api/notify/settings");
  } catch { return; }  // no identity yet: the section stays hidden
  $("notify").hidden = false;
  showEvents();
  showEmail();
  await showPush();
}

$("push-on").addEventListener("click", pushOn);
$("push-off").addEventListener("click", pushOff);
$("notify-digest").addEventListener("change", () => save({email_digest: $("notify-digest").checked}));
for (const id of ["quiet-start", "quiet-end"]) {
  $(id).addEventListener("change", () => {
    const start = $("quiet-start").value, end = $("quiet-end").value;
    if (Boolean(start) !== Boolean(end)) return;  // wait for both ends
    save({quiet_start: start || null, quiet_end: end || null,
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"}, t("Quiet hours saved."));
  });
}
$("email-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    await api("PUT", "/api/notify/email", {address: $("email-input").value});
    current = await api("GET", "/api/notify/settings");
    showEmail();
    note(t("Saved: open the link we mailed to confirm the address."));
  } catch (err) { fail(err); }
});
load();
