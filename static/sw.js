// The service worker (issue 27, part 2): shows the Web Push notifications the server sends
// (app/notify/push.py: {"title", "body", "url", "tag"}) and opens the game on a click, even
// with every tab of the site closed. Served at /sw.js so that its scope is the whole site.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = {body: event.data ? event.data.text() : ""}; }
  const title = data.title ? `Bazaar: ${data.title}` : "Bazaar";
  event.waitUntil(self.registration.showNotification(title, {
    body: data.body || "",
    tag: data.tag || undefined,  // a newer notice of the same game replaces the older one
    icon: "/static/icons/icon-192.png",
    badge: "/static/icons/icon-192.png",
    data: {url: data.url || "/me"},
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || "/me";
  const target = new URL(path, self.location.origin).href;
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({type: "window", includeUncontrolled: true});
    for (const client of open) {
      if (client.url === target && "focus" in client) return client.focus();
    }
    return self.clients.openWindow(target);
  })());
});
