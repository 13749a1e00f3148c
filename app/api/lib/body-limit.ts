import { bodyLimit } from 'hono/body-limit'
import { MAX_UPLOAD_REQUEST_BYTES } from '~/features/bulk-upload/bulk-upload.templates'

/**
 * The largest body any request of the app may carry: the largest legitimate one, an upload, plus
 * headroom, so that the upload routes' own (smaller) limit answers first with its own message.
 */
export const MAX_REQUEST_BODY_BYTES = MAX_UPLOAD_REQUEST_BYTES + 1024 * 1024

export const REQUEST_TOO_LARGE = `La solicitud es demasiado grande (máximo ${Math.floor(
  MAX_REQUEST_BODY_BYTES / 1024 / 1024,
)} MB)`

/**
 * Every body the provider API reads has a cap, whoever serves it (the production server, `vite
 * dev`, another host behind PROVIDER_URL): a declared length is checked before anything is read,
 * a body without one is counted as it arrives.
 */
export const apiBodyLimit = bodyLimit({
  maxSize: MAX_REQUEST_BODY_BYTES,
  onError: (c) => c.json({ error: REQUEST_TOO_LARGE }, 413),
})

/** srvx's error for a body over its `maxRequestBodySize` (thrown while the body is read). */
export function isBodyTooLarge(error: unknown) {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ERR_BODY_TOO_LARGE'
}
