/**
 * Where the provider API is mounted (app/api/entry.server.ts; `API_BASE_PATH` of app/api/app,
 * which this client-safe module cannot import: app/start.ts, which uses it, is in the page bundle).
 * A test keeps the two equal.
 */
export const PROVIDER_API_PATH = '/app-insights/api'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Said when a request to a local endpoint does not come from a page of this site. */
export const CROSS_SITE_REFUSED = 'Solicitud de otro sitio rechazada'

/**
 * Whether a request must prove it comes from a page of this site (decision 014): every
 * state-changing request to a local endpoint (server functions, `/api/…`, the forms that post to a
 * page's address) acts with the session cookie. The provider API does not: it takes a bearer token,
 * never the cookie, so another site cannot borrow a user's session through it.
 */
export function needsSameOriginCheck(request: Request) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false
  const { pathname } = new URL(request.url)
  return pathname !== PROVIDER_API_PATH && !pathname.startsWith(`${PROVIDER_API_PATH}/`)
}
