// Text mode (issue 31, a per-player setting kept in this browser): the board said as headings
// and lists for screen readers. The sections are written on the server by the game's engine
// package from this viewer's own view, the one the socket sends (GET /api/games/{id}/text-view,
// app/games/text_view.py), so text mode can never say more than the seat may see. Each heading
// and line travels as a message (issue 29) and is said here in the page's language, as the log
// is (the English text beside it is for clients that speak no message); the page
// fetches them again after every step it is shown. With text mode on, the drawn board is
// hidden, and the log and turn line stop speaking on their own: the move box's one polite
// region (announcer.js) says the other players' moves and your turn instead.

import {api} from "./api.js";
import {el} from "./dom.js";
import {say} from "./i18n.js";
import {setTextMode, textMode} from "./settings.js";

/** Mount text mode in `root` (a section with a heading and a body), switched by `toggle`. */
export function mountTextMode(root, toggle, ctx) {
  const body = root.querySelector(".text-view-body");
  let on = textMode();
  let wanted = 0;
  let timer = null;
  const quiet = ["log", "turn"].map((id) => document.getElementById(id)).filter(Boolean);

  function apply() {
    toggle.checked = on;
    root.hidden = !on;
    document.body.classList.toggle("text-mode", on);
    for (const node of quiet) node.setAttribute("aria-live", on ? "off" : "polite");
    if (on) refresh();
  }

  async function draw() {
    const token = ++wanted;
    const seat = ctx.state.seat !== null ? `?seat=${encodeURIComponent(ctx.state.seat)}` : "";
    let data;
    try {
      data = await api("GET", `/api/games/${encodeURIComponent(ctx.gameId)}/text-view${seat}`);
    } catch {
      return;  // the next step tries again; the last text stays
    }
    if (token !== wanted) return;
    body.replaceChildren(...(data.sections || []).map((s, i) => el("section", {class: "text-area",
      "aria-labelledby": `text-area-${i}`}, [
      el("h3", {id: `text-area-${i}`, text: s.title_message ? say(s.title_message) : s.title}),
      el("ul", {}, lines(s).map((line) => el("li", {text: line}))),
    ])));
    root.dataset.seq = String(data.seq);
  }

  /** A section's lines in the page's language (its English text if it carries no message). */
  function lines(s) {
    const said = s.item_messages || [];
    return (s.items || []).map((line, i) => (said[i] ? say(said[i]) : line));
  }

  function refresh() {
    if (!on) return;
    clearTimeout(timer);
    timer = setTimeout(draw, 60);
  }

  toggle.addEventListener("change", () => { on = toggle.checked; setTextMode(on); apply(); });
  apply();
  return {refresh, get on() { return on; }};
}
