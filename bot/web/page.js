// A table's page (docs/web.md): every <time> in the reader's own time zone, and the page kept up to
// date from the table's live events. Without this script the page reads the same, in UTC, as it was
// when loaded. Served from /static/page.js: the Content-Security-Policy allows no inline script.
"use strict";

(() => {
  const RETRY_REFUSED = 60000; // ms before asking again after a refused stream (too many open)
  const local = new Intl.DateTimeFormat(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  });

  // Each <time datetime="...Z"> in the reader's zone; its UTC text stays as its title.
  function localTimes(root) {
    for (const time of root.querySelectorAll("time[datetime]")) {
      const when = new Date(time.getAttribute("datetime"));
      if (Number.isNaN(when.getTime())) continue;
      if (!time.title) time.title = time.textContent;
      time.textContent = local.format(when);
    }
  }

  localTimes(document);
  const body = document.body;
  const source = body.dataset.live;
  if (!source || !("EventSource" in window)) return;
  const parser = new DOMParser();
  let state = body.dataset.state || "";

  // An event "table" carries {"version": n, "main": "<main ...>...</main>"}: the page's <main> as the
  // server renders it, every text in it already escaped there. It is parsed as a document of its own
  // (nothing in it runs) and takes the place of the page's <main>.
  function swap(event) {
    let data;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    const main = document.querySelector("main");
    if (!main || typeof data.main !== "string") return;
    if (Number(data.version) < Number(main.dataset.version)) return; // older than the page
    const fresh = parser.parseFromString(data.main, "text/html").querySelector("main");
    if (!fresh) return;
    localTimes(fresh);
    main.replaceWith(document.adoptNode(fresh));
    state = event.lastEventId || state;
    body.dataset.state = state;
  }

  function listen() {
    // `since`: what this page shows, so that the server sends the table only if it changed since.
    // When the browser reconnects by itself, it also sends the last event's id (Last-Event-ID).
    const events = new EventSource(source + "?since=" + encodeURIComponent(state));
    events.addEventListener("table", swap);
    events.addEventListener("error", () => {
      if (events.readyState === EventSource.CLOSED) setTimeout(listen, RETRY_REFUSED);
    });
  }

  listen();
})();
