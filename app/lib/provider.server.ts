import ky, { type KyInstance } from 'ky'
import { API_BASE_PATH, getApiApp } from '~/api/app'
import { getEnv } from './env.server'

/** Origin used for in-process calls; never resolved over a network. */
const IN_PROCESS_ORIGIN = 'http://insights.in-process'

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
            getApiApp().fetch(new Request(input, init)),
        }),
  })
  return base
}

/**
 * A client that carries the signed-in user's bearer token (kept in an httpOnly cookie, never sent to
 * the browser) and the browser's address, for the API's per-address limits (decision 015). In
 * process the address travels beside the request (Hono's bindings), where no client can write it;
 * to a PROVIDER_URL host it is the X-Forwarded-For that host believes only if its TRUSTED_PROXIES
 * names this one.
 */
export function providerClient(token?: string, clientAddress?: string): KyInstance {
  const client = token ? baseClient().extend({ headers: { Authorization: `Bearer ${token}` } }) : baseClient()
  if (!clientAddress) return client
  if (getEnv().PROVIDER_URL) return client.extend({ headers: { 'x-forwarded-for': clientAddress } })
  return client.extend({
    fetch: async (input: RequestInfo | URL, init?: RequestInit) =>
      getApiApp().fetch(new Request(input, init), { clientAddress }),
  })
}
