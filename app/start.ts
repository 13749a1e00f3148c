import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { pageFrameOrigins } from '~/features/establishments/establishments.functions'
import { getEnv } from '~/lib/env.server'
import { CROSS_SITE_REFUSED, needsSameOriginCheck } from '~/lib/same-origin'
import { createNonce, isHtmlResponse, withSecurityHeaders } from '~/lib/security-headers'
import { serverFnRequestErrors, serverFnValidationErrors } from '~/lib/server-fn-errors'

/**
 * Decision 014: every response gets the security headers; a page gets a fresh CSP nonce, which
 * `getRouter` reads from the request context (`cspNonce`) and stamps on every script it renders.
 */
const securityHeaders = createMiddleware().server(async ({ next, request }) => {
  const nonce = createNonce()
  const result = await next({ context: { cspNonce: nonce } })
  // Tablero also frames its establishment's cattle-handling board (decision 035 addendum): one
  // look-up of the user's establishments, on that page only.
  const pageOrigins = isHtmlResponse(result.response) ? await pageFrameOrigins(new URL(request.url)) : []
  result.response = withSecurityHeaders(result.response, {
    nonce,
    https: getEnv().APP_URL.startsWith('https:'),
    reportOnly: import.meta.env.DEV,
    frameOrigins: [...new Set([...getEnv().BOARD_FRAME_ORIGINS, ...pageOrigins])],
  })
  return result
})

/**
 * The one same-origin check of the local endpoints (decision 014): server functions, `/api/…` and
 * the forms that post to a page act with the session cookie, so a state-changing request must say it
 * comes from a page of this site (Sec-Fetch-Site, else Origin, else Referer; none of them is
 * refused). Plain page loads and the provider API (bearer token, no cookie) are not filtered.
 */
const sameOrigin = createCsrfMiddleware({
  filter: (ctx) => needsSameOriginCheck(ctx.request),
  failureResponse: () => Response.json({ error: CROSS_SITE_REFUSED }, { status: 403 }),
})

export const startInstance = createStart(() => ({
  // Headers first so every answer, refusals included, carries them; then the origin check, then
  // the Spanish answers to malformed server-function calls.
  requestMiddleware: [securityHeaders, sameOrigin, serverFnRequestErrors],
  functionMiddleware: [serverFnValidationErrors],
}))
