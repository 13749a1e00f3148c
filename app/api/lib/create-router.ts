import { OpenAPIHono } from '@hono/zod-openapi'
import type { ZodError } from 'zod'
import type { ApiEnv } from './types'

/** A readable Spanish summary of a validation failure: the first problem, with its field. */
export function describeZodError(error: ZodError) {
  const issue = error.issues[0]
  if (!issue) return 'Datos inválidos'
  const field = issue.path.join('.')
  return field ? `${field}: ${issue.message}` : issue.message
}

/** A router whose request validation failures answer 400 `{ error }` like every other error. */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json({ error: describeZodError(result.error) }, 400)
      }
    },
  })
}

export type ApiRouter = ReturnType<typeof createRouter>
