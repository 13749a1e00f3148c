/**
 * The client build's files (`dist/client`) for the production server (decision 025): served as
 * they are on disk, with the `.br`/`.gz` variant the build wrote (scripts/precompress.ts) chosen
 * from Accept-Encoding; never compressed per request. How long a browser keeps one depends on
 * whether its name changes with its content.
 */
import type { ServerMiddleware } from 'srvx'
import { staticMiddleware } from 'srvx/static'

/** Vite's output under /assets/ carries a content hash: a new build means a new URL. */
export const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable'
/**
 * The public files (icons, favicon) keep their names across builds: a browser may keep them but
 * asks first (a cheap 304 with the ETag srvx sends).
 */
export const UNHASHED_CACHE_CONTROL = 'public, max-age=0, must-revalidate'

export function cacheControlFor(pathname: string) {
  return pathname.startsWith('/assets/') ? HASHED_CACHE_CONTROL : UNHASHED_CACHE_CONTROL
}

export function staticFiles(dir: string): ServerMiddleware {
  const serve = staticMiddleware({ dir, encodings: { br: '.br', gzip: '.gz' }, compress: false })
  return async (request, next) => {
    let passedOn = false
    const response = await serve(request, () => {
      passedOn = true
      return next()
    })
    // Not a file: the app answered, with its own caching (decision 014).
    if (passedOn || response.status >= 400) return response
    response.headers.set('cache-control', cacheControlFor(new URL(request.url).pathname))
    return response
  }
}
