/** What the page and the service worker (sw.ts) agree on. Client-safe and tiny. */

export const SW_URL = '/sw.js'

/**
 * The Manga pages and Recorredores (whose calvings and treatments are recorded without signal too):
 * the only pages kept for a reload without signal.
 */
export const CHUTE_PAGE_PATTERN =
  /^\/management\/establishment\/(app-insights\/)?(cattlehandling(\/|$)|rerunner\/)/

/** The cache holding the last copy of the chute's page. */
export const CHUTE_PAGE_CACHE = 'insights-chute-pages'

export const SW_MESSAGES = { skipWaiting: 'SKIP_WAITING', cachePage: 'CACHE_PAGE' } as const
