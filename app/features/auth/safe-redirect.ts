/**
 * Where to go after signing in: only a path inside the app's management area, never another site
 * (an open redirect would let a link send users elsewhere after they sign in).
 */
export function safeRedirect(target: unknown, fallback = '/management/establishment') {
  if (typeof target !== 'string') return fallback
  if (!target.startsWith('/management/') || target.startsWith('//') || target.includes('\\')) return fallback
  if (target.startsWith('/management/login')) return fallback
  return target
}
