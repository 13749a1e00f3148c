/**
 * The security headers of every response the app server makes (decision 014). Pure functions: the
 * request middleware in app/start.ts applies them, tests check them without a server.
 */

/** A fresh CSP nonce: 128 random bits, base64. One per HTML response, never reused. */
export function createNonce() {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
}

/**
 * The page policy. Scripts run only with this response's nonce ('strict-dynamic' lets them load the
 * route chunks they import); no plugins, no <base>, no framing, forms post only here. Styles allow
 * 'unsafe-inline': Ark UI positions popovers with style attributes and sonner injects its stylesheet
 * at run time without a nonce (a style cannot run code; the script policy is what stops XSS).
 */
export function contentSecurityPolicy(nonce: string, frameOrigins: readonly string[] = []) {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    frameSource(frameOrigins),
    // The offline chute's service worker, /sw.js (decision 040).
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ')
}

/**
 * Capacitación's lesson video players (VIDEO_EMBED_ORIGINS in capacitations.schema.ts, decision 037;
 * a test there checks the two agree). Always framable: a lesson's video is the app's own content.
 */
const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com']

/**
 * What the page may frame: the lesson video players and the origins the operator allows (external
 * boards, decision 038; BOARD_FRAME_ORIGINS). One directive: a second `frame-src` would be ignored.
 * Not 'self': a framed page of this origin with scripts allowed could reach out of its sandbox.
 */
export function frameSource(origins: readonly string[]) {
  return `frame-src ${[...VIDEO_FRAME_ORIGINS, ...origins].join(' ')}`
}

/** Features the app never uses, refused to the page and anything it could embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

/** Two years, the HSTS preload list's minimum: once a browser has seen https it never tries http. */
export const HSTS = 'max-age=63072000; includeSubDomains'

export interface SecurityHeaderOptions {
  /** The nonce the page's scripts carry (the same value the router stamps on them). */
  nonce: string
  /** APP_URL is https: browsers are told to never use http again. */
  https: boolean
  /** `vite dev`: the policy is reported, not enforced (Vite's HMR client injects unnonced code). */
  reportOnly: boolean
  /** Origins external boards may be framed from (frameSource). */
  frameOrigins?: readonly string[]
}

export function isHtmlResponse(response: Response) {
  return response.headers.get('content-type')?.startsWith('text/html') ?? false
}

/**
 * Sets the headers on `response` (a copy when its headers are immutable, as with Response.redirect)
 * and returns it. Every response: nosniff, the referrer policy, HSTS on https, and `no-store` unless
 * the handler chose its own caching (pages and API answers carry the user's data). HTML pages also
 * get the content security policy and the permissions policy.
 */
export function withSecurityHeaders(response: Response, options: SecurityHeaderOptions) {
  let target = response
  try {
    target.headers.set('x-content-type-options', 'nosniff')
  } catch {
    target = new Response(response.body, response)
    target.headers.set('x-content-type-options', 'nosniff')
  }
  const headers = target.headers
  headers.set('referrer-policy', 'strict-origin-when-cross-origin')
  if (options.https) headers.set('strict-transport-security', HSTS)
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store')
  if (isHtmlResponse(target)) {
    const name = options.reportOnly ? 'content-security-policy-report-only' : 'content-security-policy'
    headers.set(name, contentSecurityPolicy(options.nonce, options.frameOrigins))
    headers.set('permissions-policy', PERMISSIONS_POLICY)
    // frame-ancestors' predecessor, for browsers that predate it.
    headers.set('x-frame-options', 'DENY')
  }
  return target
}
