// The host's settings on the lobby page (#lobby-settings): players, the game's options (or its
// own set-up form), private, rated and the takeover bot, saved with PATCH /api/lobbies/{id}.
// A host whose lobby still lacks options (another auction: placer, tiles) gets it open, once.
// A continued game keeps the position's players and options (continued.js says so): no form.

import {el, clear} from "./dom.js";
import {api, errorText} from "./api.js";
import {tn} from "./i18n.js";
import {lobbySeatNames} from "./lobby_words.js";
import {SETUP_FORMS, clearWhenFixed, exclusiveBoxes, fitTakeover, optionField, readOptions, setupModule, updateFields} from "./lobby_form.js";

const $ = (id) => document.getElementById(id);

/**
 * `lobby()` is the lobby shown, `game()` its kind's catalogue entry; `saved(next)` shows the
 * lobby the PATCH returned; `setBusy(flag)` holds the page's polling while it is saved.
 */
export function createSettings({path, lobby, game, saved, setBusy}) {
  let built = false;
  let opened = false;
  let setup = null;  // the game's own set-up form, if it has one (SETUP_FORMS)

  function build() {
    const shown = lobby();
    const g = game();
    const you = shown.you || {};
    $("lobby-settings").hidden = !g || !you.is_host || shown.status !== "open" || !!shown.continuing;
    if (!g || $("lobby-settings").hidden) return;
    built = true;
    const players = clear($("settings-players"));
    for (let n = g.min_players; n <= g.max_players; n++) {
      players.append(el("option", {value: n, text: tn("{n} player", "{n} players", n), selected: n === shown.seats.length}));
    }
    const box = clear($("settings-options"));
    setup = null;
    if (SETUP_FORMS[g.kind]) {
      const current = shown.options || {};
      setupModule(g.kind).then((module) => {
        setup = module.mountSetup(box, players, current);
        clearWhenFixed(box, $("settings-error"), () => setup.read());
      });
    } else {
      for (const option of (g.options || []).filter((o) => !o.fixture)) {
        const current = Object.prototype.hasOwnProperty.call(shown.options || {}, option.name) ? shown.options[option.name] : option.default;
        box.append(optionField({...option, default: current}, lobbySeatNames(shown)));
      }
      update();
    }
    const takeover = $("settings-takeover");
    if (takeover) takeover.value = shown.takeover_level || "normal";
    fitTakeover(takeover, shown.clock);
    $("settings-private").checked = !!shown.private;
    $("settings-rated").checked = !!shown.rated;
    $("settings-takebacks").checked = !!shown.takebacks;
    openIfMissing();
  }

  /** Open the form once if the lobby lacks options the host must give. */
  function openIfMissing() {
    const shown = lobby();
    const open = shown.seats.some((s) => s.holder === "open") ? 1 : 0;
    const unset = (Array.isArray(shown.missing) ? shown.missing.length : 0) - open;
    if (unset > 0 && !opened && !$("lobby-settings").hidden) {
      $("lobby-settings").open = true;
      opened = true;
    }
  }

  /** Show the fields that apply to the players chosen (and the seats by their names). */
  function update() {
    const g = game();
    if (!built || !g || setup || SETUP_FORMS[g.kind]) return;
    const shown = lobby();
    const players = Number($("settings-players").value) || shown.seats.length;
    updateFields($("settings-options"), (g.options || []).filter((o) => !o.fixture), players, lobbySeatNames(shown, players));
  }

  exclusiveBoxes("settings-private", "settings-rated");
  // a rated table allows no takeback by default (docs/decisions.md): ticking rated unticks it
  $("settings-rated").addEventListener("change", (event) => { $("settings-takebacks").checked = !event.target.checked; });
  $("settings-players").addEventListener("change", update);
  $("settings-options").addEventListener("change", update);
  $("settings-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("settings-error").textContent = "";
    let options;
    try {
      options = setup ? setup.read() : readOptions(game(), Number($("settings-players").value));
    }
    catch (err) { $("settings-error").textContent = err.message; return; }
    setBusy(true);
    try {
      const next = await api("PATCH", path, {options, players: Number($("settings-players").value),
        private: $("settings-private").checked, rated: $("settings-rated").checked,
        takebacks: $("settings-takebacks").checked, takeover_level: $("settings-takeover").value});
      saved(next);
      build();
      $("lobby-settings").open = false;
    } catch (err) {
      $("settings-error").textContent = errorText(err);
    } finally {
      setBusy(false);
    }
  });

  return {build, update, openIfMissing, get built() { return built; }};
}
