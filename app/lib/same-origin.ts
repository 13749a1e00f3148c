/**
 * Whether a request to a local endpoint comes from a page of this site. Browsers say so in
 * Sec-Fetch-Site; older ones only send Origin on cross-site posts. Local endpoints that act with
 * the session cookie (set a cookie, forward an upload) refuse anything else.
 */
export function isSameOriginRequest(request: Request) {
  const site = request.headers.get('sec-fetch-site')
  const origin = request.headers.get('origin')
  return site ? site === 'same-origin' : !origin || origin === new URL(request.url).origin
}
