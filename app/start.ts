import { createCsrfMiddleware, createStart } from '@tanstack/react-start'
import '~/lib/zod-locale'
import { serverFnRequestErrors, serverFnValidationErrors } from '~/lib/server-fn-errors'

// Server functions are same-origin RPC; a cross-site POST to one is refused. Plain page loads
// (Sec-Fetch-Site: none) and the provider API (bearer token, no cookies) are not filtered here.
const csrf = createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' })

export const startInstance = createStart(() => ({
  requestMiddleware: [csrf, serverFnRequestErrors],
  functionMiddleware: [serverFnValidationErrors],
}))
