// The account page's "Vacation from turn-based games" section (issue 27, point 1; docs/api.md,
// "Vacations"): the days left this year and next, the vacations to come or under way (each
// cancellable), a form to take days off, and weekends off. A guest never sees it (403).

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {lang, t, tn} from "./i18n.js";

const $ = (id) => document.getElementById(id);

function say(text) { $("vacation-note").textContent = text; $("vacation-error").textContent = ""; }
function fail(err) { $("vacation-error").textContent = errorText(err); $("vacation-note").textContent = ""; }

/** "Saturday 20 December 2026" from an ISO date, read as UTC (the server's days are UTC). */
function dayWords(iso) {
  const day = new Date(`${iso}T00:00:00Z`);
  if (lang !== "en") return day.toLocaleDateString(lang, {weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC"});
  const part = (options) => day.toLocaleDateString("en-GB", {...options, timeZone: "UTC"});
  // the parts one by one: the server's words ("Tuesday 8 December 2026"), with no locale comma
  return `${part({weekday: "long"})} ${day.getUTCDate()} ${part({month: "long"})} ${day.getUTCFullYear()}`;
}

function show(summary) {
  $("vacation").hidden = false;
  $("vacation-allowance").textContent = String(summary.allowance_days);
  $("vacation-left").textContent = Object.entries(summary.left)
    .map(([year, n]) => tn("{n} day left in {year}", "{n} days left in {year}", n, {year})).join(", ") + ".";
  $("vacation-weekends").checked = summary.weekends_off;
  const list = $("vacation-list");
  clear(list);
  for (const v of summary.vacations) {
    const words = v.under_way
      ? t("On vacation now, until {day}", {day: dayWords(v.until)})
      : tn("From {start} to {end} ({n} day)", "From {start} to {end} ({n} days)", v.days, {start: dayWords(v.start), end: dayWords(v.until)});
    const cancel = el("button", {type: "button", "data-testid": `vacation-cancel-${v.id}`,
      text: v.under_way ? t("End it now") : t("Cancel")});
    cancel.addEventListener("click", async () => {
      try {
        await api("DELETE", `/api/account/vacation/${v.id}`);
        show(await api("GET", "/api/account/vacation"));
        say(v.under_way ? t("Your vacation is over: your clocks run again.") : t("Cancelled: the days are yours again."));
      } catch (err) { fail(err); }
    });
    list.append(el("li", {class: "item", "data-testid": "vacation-item"}, [el("span", {class: "item-main", text: words}), cancel]));
  }
}

async function start() {
  let summary;
  try {
    summary = await api("GET", "/api/account/vacation");
  } catch {
    return;  // a guest, or signed out: the section stays hidden
  }
  const today = new Date().toISOString().slice(0, 10);
  $("vacation-start").min = today;
  $("vacation-start").value = today;
  show(summary);
  $("vacation-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const days = Number($("vacation-days").value);
    try {
      show(await api("POST", "/api/account/vacation", {start: $("vacation-start").value, days}));
      say(tn("Taken: {n} day from {day}.", "Taken: {n} days from {day}.", days, {day: dayWords($("vacation-start").value)}));
    } catch (err) { fail(err); }
  });
  $("vacation-weekends").addEventListener("change", async (event) => {
    const on = event.target.checked;
    try {
      show(await api("PUT", "/api/account/vacation/weekends", {weekends_off: on}));
      say(on ? t("Weekends off: your clocks stand still on Saturdays and Sundays.") : t("Your clocks run on weekends again."));
    } catch (err) { fail(err); event.target.checked = !on; }
  });
}

start();
