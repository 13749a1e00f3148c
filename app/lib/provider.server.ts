import ky, { type KyInstance } from 'ky'
import { API_BASE_PATH, getApiApp } from '~/api/app'
import type { SameRequestAuth } from '~/api/lib/types'
import { getEnv } from './env.server'

/** Origin used for in-process calls; never resolved over a network. */
const IN_PROCESS_ORIGIN = 'http://insights.in-process'

/**
 * The request ky hands its `fetch`: already a `Request` (ky builds one, and its second argument holds
 * only options a Request does not know), so it goes to the app as it is rather than copied into a
 * new one, a copy per provider call of every page render (decision 050).
 */
const asRequest = (input: RequestInfo | URL, init?: RequestInit) =>
  input instanceof Request ? input : new Request(input, init)

/** What every in-process call tells the API: its answers may keep their objects (decision 051). */
const IN_PROCESS = { inProcess: true } as const

let base: KyInstance | undefined

/**
 * The one HTTP client of the UI's server side towards the provider API. By default it calls the
 * Hono app in this process (its `fetch`, no socket); with PROVIDER_URL it calls that host.
 */
function baseClient() {
  if (base) return base
  const { PROVIDER_URL } = getEnv()
  base = ky.create({
    baseUrl: `${(PROVIDER_URL ?? IN_PROCESS_ORIGIN).replace(/\/$/, '')}${API_BASE_PATH}/`,
    timeout: 30_000,
    retry: 0,
    ...(PROVIDER_URL
      ? {}
      : {
          fetch: async (input: RequestInfo | URL, init?: RequestInit) =>
            getApiApp().fetch(asRequest(input, init), IN_PROCESS),
        }),
  })
  return base
}

/**
 * A client that carries the signed-in user's bearer token (kept in an httpOnly cookie, never sent to
 * the browser) and the browser's address, for the API's per-address limits (decision 015). In
 * process the address travels beside the request (Hono's bindings), where no client can write it;
 * to a PROVIDER_URL host it is the X-Forwarded-For that host believes only if its TRUSTED_PROXIES
 * names this one. One `extend` per client (decision 041: a page render makes several calls, and each
 * extension is a new ky instance).
 */
export function providerClient(
  token?: string,
  clientAddress?: string,
  options: { headers?: Record<string, string>; sameRequestAuth?: SameRequestAuth } = {},
): KyInstance {
  const headers: Record<string, string> = { ...options.headers }
  if (token) headers.Authorization = `Bearer ${token}`
  const { PROVIDER_URL } = getEnv()
  if (PROVIDER_URL) {
    if (clientAddress) headers['x-forwarded-for'] = clientAddress
    return baseClient().extend({ headers })
  }
  const bindings = { ...IN_PROCESS, clientAddress, sameRequestAuth: options.sameRequestAuth }
  if (!clientAddress && !options.sameRequestAuth) return baseClient().extend({ headers })
  return baseClient().extend({
    headers,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) =>
      getApiApp().fetch(asRequest(input, init), bindings),
  })
}

/**
 * The memo of token lookups for one outer request (decision 041), for `sameRequestAuth`: a page
 * render's provider calls (session, establishments, the list…) then look the token up once. Only
 * for reads (GET, HEAD): a write may revoke or change the session midway, and its later calls must
 * see that. Kept with the outer request object, so it ends with it; a failed lookup is not kept.
 */
const lookupsByRequest = new WeakMap<object, Map<string, Promise<unknown>>>()

export function sameRequestAuthFor(request: Request | undefined): SameRequestAuth | undefined {
  if (!request || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined
  return (token, load) => {
    let lookups = lookupsByRequest.get(request)
    if (!lookups) {
      lookups = new Map()
      lookupsByRequest.set(request, lookups)
    }
    const known = lookups.get(token) as ReturnType<typeof load> | undefined
    if (known) return known
    const pending = load()
    lookups.set(token, pending)
    pending.catch(() => lookups.delete(token))
    return pending
  }
}
