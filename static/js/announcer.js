// The page's one polite live region for playing by text (issue 31): the answers to the move
// box's commands, the other players' moves and "Your turn". Messages that arrive close together
// (a bot's three quick moves, a move and the turn that follows it) are batched into one update,
// so a screen reader says them once, in order, instead of cutting itself off at each.

const BATCH_MS = 700;

/** An announcer writing into `region` (an element with aria-live="polite"). */
export function createAnnouncer(region) {
  let queue = [];
  let timer = null;

  function flush() {
    timer = null;
    if (!queue.length) return;
    region.textContent = queue.join(" ");
    region.dataset.said = String(Number(region.dataset.said || 0) + 1);  // for tests: a new batch
    queue = [];
  }

  return {
    /** Say `text` with the next batch (dropped when empty or the same as the last queued). */
    say(text) {
      let line = String(text || "").trim();
      // each message a sentence of its own, so that a batch reads as several
      if (line && !/[.!?:;)]$/.test(line)) line += ".";
      if (!line || queue[queue.length - 1] === line) return;
      queue.push(line);
      if (!timer) timer = setTimeout(flush, BATCH_MS);
    },
    /** Say `text` now, with what was queued before it (a command's answer is awaited). */
    now(text) {
      this.say(text);
      clearTimeout(timer);
      flush();
    },
  };
}
