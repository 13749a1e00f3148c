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

/** A client that carries the signed-in user's bearer token (kept in an httpOnly cookie, never sent to the browser). */
export function providerClient(token?: string): KyInstance {
  return token ? baseClient().extend({ headers: { Authorization: `Bearer ${token}` } }) : baseClient()
}
