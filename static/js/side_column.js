// The game page's side column on a wide screen: it fits the window from where it starts, the
// players on top, the log and the chat sharing the rest, so the chat is in view without
// scrolling the page (static/css/app.css, ".side.fit").

/** Keep the side column fitted as the window, the page's scroll and the end card change. */
export function fitSideColumn() {
  const side = document.querySelector(".side");
  const wide = window.matchMedia("(min-width: 900px)");
  function fit() {
    if (!wide.matches) { side.classList.remove("fit"); side.style.height = ""; return; }
    side.classList.add("fit");
    const top = Math.max(16, side.getBoundingClientRect().top);
    // never squeezed below a useful height (the end card above pushes it down): then the page
    // scrolls a little, and the column sticks to the top of the window
    side.style.height = `${Math.max(window.innerHeight - top - 16, Math.min(window.innerHeight - 32, 520))}px`;
  }
  fit();
  window.addEventListener("resize", fit);
  window.addEventListener("scroll", () => requestAnimationFrame(fit), {passive: true});
  new ResizeObserver(() => fit()).observe(document.getElementById("outcome"));
}
