// Banmen's service worker: shows the notification a Web Push message carries while no page
// of Banmen is open (docs/client.md, "Notifications with the page closed"), and opens or
// focuses the room when it is clicked. It runs without the page's bundle, so its two
// languages' words are here; the payload (docs/protocol.md, "Web Push") names the room and
// the opponent and nothing of the game.
'use strict';

const WORDS = {
  en: { title: 'Your move', body: (who) => (who ? `${who} has moved.` : 'Your opponent has moved.') },
  ja: { title: 'あなたの手番です', body: (who) => (who ? `${who}さんが指しました。` : '相手が指しました。') },
};
const ROOM_ID = /^[A-Za-z0-9_-]{8,64}$/;

function words() {
  const lang = (self.navigator && self.navigator.language) || 'en';
  return lang.toLowerCase().startsWith('ja') ? WORDS.ja : WORDS.en;
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const room = typeof data.room === 'string' && ROOM_ID.test(data.room) ? data.room : null;
  const who = typeof data.opponent === 'string' ? data.opponent.slice(0, 40) : '';
  const w = words();
  event.waitUntil(
    self.registration.showNotification(w.title, {
      body: w.body(who),
      icon: '/favicon.svg',
      tag: room ? `banmen-turn-${room}` : 'banmen-turn',
      data: { url: room ? `/r/${room}` : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).pathname === url.pathname && 'focus' in client) return client.focus();
      }
      return self.clients.openWindow(url.href);
    })(),
  );
});
