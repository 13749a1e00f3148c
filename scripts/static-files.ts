/**
 * The client build's files (`dist/client`) for the production server (decision 025): served as
 * they are on disk, with the `.br`/`.gz` variant the build wrote (scripts/precompress.ts) chosen
 * from Accept-Encoding; never compressed per request. How long a browser keeps one depends on
 * whether its name changes with its content.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
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

/** Every file of the client build, as URL paths ('/assets/index-….js'), read once. */
export function listClientFiles(dir: string): Set<string> {
  const files = new Set<string>()
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name))
    files.add(`/${relative.split(path.sep).join('/')}`)
  }
  return files
}

/**
 * Whether a request may name one of the build's files, by the same candidates srvx's static
 * middleware tries (`/x`, `/x.html`, `/x/index.html`; `/` is `/index.html`).
 */
export function mayBeClientFile(files: Set<string>, method: string, pathname: string) {
  if (method !== 'GET' && method !== 'HEAD') return false
  let name = pathname.replace(/\/+$/, '')
  if (name.includes('%')) {
    try {
      name = decodeURI(name)
    } catch {
      return true // srvx answers the malformed path itself (400)
    }
  }
  if (name === '') return files.has('/index.html')
  return files.has(name) || files.has(`${name}.html`) || files.has(`${name}/index.html`)
}

export function staticFiles(dir: string): ServerMiddleware {
  const serve = staticMiddleware({ dir, encodings: { br: '.br', gzip: '.gz' }, compress: false })
  // The build does not change while the server runs: pages and API calls (nearly every request)
  // go straight to the app instead of costing srvx up to three file-system lookups each (decision 041).
  const files = listClientFiles(dir)
  return async (request, next) => {
    if (!mayBeClientFile(files, request.method, new URL(request.url).pathname)) return next()
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
