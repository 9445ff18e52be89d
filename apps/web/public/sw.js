// Parley's offline app (SPEC §4, §9 'offline-app option'): registered only when the build sets
// VITE_OFFLINE_APP=true. It keeps the app shell (index.html and the assets it names) so a page
// opened without a network still starts; API calls always go to the network.
// The page registers /sw.js?v=<build>, so each deploy installs a new worker and a new cache.

const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const CACHE_PREFIX = 'parley-shell-';
const CACHE_NAME = `${CACHE_PREFIX}${VERSION}`;
const SHELL_URL = '/index.html';
const NETWORK_ONLY = /^\/(?:api|common|dev)\/|^\/ws$/;

async function precacheShell() {
  const cache = await caches.open(CACHE_NAME);
  const response = await fetch(SHELL_URL, { cache: 'no-cache' });
  if (!response.ok) {
    throw new Error(`The app shell answered ${response.status}.`);
  }
  const html = await response.clone().text();
  await cache.put(SHELL_URL, response);
  // The entry script, its stylesheet and preloaded chunks: Vite writes them into index.html.
  const assets = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
    assets.add(match[1]);
  }
  await cache.addAll([...assets]);
}

self.addEventListener('install', (event) => {
  // No skipWaiting here: an update waits until the page's Refresh asks for it.
  event.waitUntil(precacheShell());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') {
    self.skipWaiting();
  }
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

/** Pages: the network first, the cached shell when there is none (the app's router takes over). */
async function navigate(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(SHELL_URL, { cacheName: CACHE_NAME });
    if (cached) {
      return cached;
    }
    throw error;
  }
}

/** Built assets never change under one name, so a cached copy is always right. */
async function asset(request) {
  // The page deletes every cache when the offline app is turned off; this worker may still control
  // it until it closes, and must not bring the cache back.
  if (!(await caches.has(CACHE_NAME))) {
    return fetch(request);
  }
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(request);
  if (cached) {
    return cached;
  }
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') {
    return;
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NETWORK_ONLY.test(url.pathname)) {
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
  }
});
