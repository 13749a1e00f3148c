import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { FRAMEWORK_ROUTES } from '~/api/framework/framework.routes'
import { provider } from '~/features/auth/session.server'
import type { ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
import {
  FRAMEWORK_BODY_SCHEMAS,
  FRAMEWORK_KINDS,
  FRAMEWORK_MESSAGES,
  type FrameworkItem,
} from './framework.schema'

const target = z.object({
  establishmentId: z.number().int().positive(),
  kind: z.enum(FRAMEWORK_KINDS),
})

export const listFrameworkItemsFn = createServerFn({ method: 'GET' })
  .validator(target.extend({ includeArchived: z.boolean() }))
  .handler(async ({ data }): Promise<FrameworkItem[]> => {
    const answer = await provider().read(
      FRAMEWORK_MESSAGES.error.list(data.kind),
      FRAMEWORK_ROUTES[data.kind].list,
      {
        param: { id: data.establishmentId },
        query: { include_archived: data.includeArchived ? 'true' : 'false' },
      },
    )
    return answer.data as FrameworkItem[]
  })

/** Creates (no `id`) or edits an item; the body is checked by the kind's one schema here and by the API. */
export const saveFrameworkItemFn = createServerFn({ method: 'POST' })
  .validator(
    target.extend({ id: z.number().int().positive().optional(), body: z.record(z.string(), z.unknown()) }),
  )
  .handler(({ data }): Promise<ActionResult> => {
    const edit = data.id !== undefined
    return providerAction(FRAMEWORK_MESSAGES.error[edit ? 'update' : 'create'](data.kind), async () => {
      const body = FRAMEWORK_BODY_SCHEMAS[data.kind].parse(data.body)
      const routes = FRAMEWORK_ROUTES[data.kind]
      const answer = edit
        ? await provider().call(routes.update as typeof FRAMEWORK_ROUTES.origins.update, {
            param: { id: data.establishmentId, itemId: data.id as number },
            json: body as never,
          })
        : await provider().call(routes.create as typeof FRAMEWORK_ROUTES.origins.create, {
            param: { id: data.establishmentId },
            json: body as never,
          })
      return { ok: true, message: answer.message }
    })
  })

export const FRAMEWORK_ACTIONS = ['archive', 'restore', 'delete'] as const
export type FrameworkAction = (typeof FRAMEWORK_ACTIONS)[number]

export const frameworkItemActionFn = createServerFn({ method: 'POST' })
  .validator(target.extend({ id: z.number().int().positive(), action: z.enum(FRAMEWORK_ACTIONS) }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(FRAMEWORK_MESSAGES.error[data.action](data.kind), async () => {
        const routes = FRAMEWORK_ROUTES[data.kind] as unknown as typeof FRAMEWORK_ROUTES.origins
        const route = data.action === 'delete' ? routes.remove : routes[data.action]
        const answer = await provider().call(route as typeof routes.archive, {
          param: { id: data.establishmentId, itemId: data.id },
        })
        return { ok: true, message: answer.message }
      }),
  )
