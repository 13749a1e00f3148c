/// <reference lib="webworker" />
import { NetworkFirst, type PrecacheEntry, Serwist, type SerwistGlobalConfig } from 'serwist'
import { CHUTE_PAGE_CACHE, CHUTE_PAGE_PATTERN, SW_MESSAGES } from './sw-protocol'

/**
 * The service worker (issue 23, decision 040), built by scripts/build-sw.ts after `vite build`
 * with Serwist: it precaches the client build's hashed JavaScript and CSS, the icons and the
 * manifest, and keeps the last copy of the Manga (chute) page for a reload without signal. Nothing
 * else is cached: other pages, server functions and the API always go to the network (no answer
 * of one user is kept for another; sign-out deletes these caches), and only the chute's page falls
 * back to its copy when the network fails.
 *
 * A new deployment installs a new worker that waits: the page says 'Hay una nueva versión' and the
 * person chooses when to switch (SKIP_WAITING), so a session at the chute is never cut short; until
 * then online pages still come from the network, so nobody is kept on an old version.
 */

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined
  }
}
declare const self: ServiceWorkerGlobalScope

/** Only a real page: not a redirect to the login page, not an error page. */
const onlyPages = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && !response.redirected ? response : null,
  // No exact copy (another tab of the page, another filter): the last copy of the page.
  handlerDidError: async ({ request }: { request: Request }) =>
    (await caches.open(CHUTE_PAGE_CACHE)).match(request, { ignoreSearch: true }),
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: false,
  clientsClaim: false,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request, url }) =>
        request.mode === 'navigate' &&
        url.origin === self.location.origin &&
        CHUTE_PAGE_PATTERN.test(url.pathname),
      handler: new NetworkFirst({
        cacheName: CHUTE_PAGE_CACHE,
        networkTimeoutSeconds: 8,
        plugins: [onlyPages],
      }),
    },
  ],
})

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; url?: string } | null
  if (data?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting()
  // The page the person is on, kept now: the visit that registered the worker was not served by it.
  if (data?.type === SW_MESSAGES.cachePage && data.url) {
    const url = new URL(data.url, self.location.origin)
    if (url.origin !== self.location.origin || !CHUTE_PAGE_PATTERN.test(url.pathname)) return
    event.waitUntil(
      (async () => {
        const response = await fetch(url, { credentials: 'same-origin' })
        if (response.status === 200 && !response.redirected)
          await (await caches.open(CHUTE_PAGE_CACHE)).put(url, response)
      })(),
    )
  }
})

serwist.addEventListeners()
