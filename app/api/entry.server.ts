import { clientAddressOf } from '~/lib/client-address.server'
import { getEnv } from '~/lib/env.server'
import { createNonce, isHtmlResponse, withSecurityHeaders } from '~/lib/security-headers'
import { API_BASE_PATH, getApiApp } from './app'

/**
 * The provider API as the web server mounts it: its composition root (decision 054). The server
 * entry (app/server.ts) hands every request under /app-insights/api here before TanStack Start sees
 * it. Through Start, each API call built a page router, matched it against the page routes and ran
 * the page middleware (a CSP nonce among them), for nothing the API uses: skipping it and reading
 * the memberships with the token took a cached list call from 954 to 1,358 req/s.
 */

/** Whether `url` (a request's absolute URL) is under the provider API's base path. */
export function isProviderApiUrl(url: string) {
  // The path starts at the first '/' after the scheme's '//'; no URL object on the hot path.
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start < 0) return false
  const rest = url.slice(start + API_BASE_PATH.length, start + API_BASE_PATH.length + 1)
  return url.startsWith(API_BASE_PATH, start) && (rest === '' || rest === '/' || rest === '?')
}

/**
 * Answers a provider API request over HTTP. The API is told the client's address from the socket
 * (and trusted proxies), never from the client; its answers get the security headers every
 * response of this server gets (decision 014; none of them is a page, so no policy nonce).
 */
export async function answerProviderApi(request: Request): Promise<Response> {
  const response = await getApiApp().fetch(request, { clientAddress: clientAddressOf(request) })
  return withSecurityHeaders(response, {
    nonce: isHtmlResponse(response) ? createNonce() : '',
    https: getEnv().APP_URL.startsWith('https:'),
    reportOnly: false,
  })
}
