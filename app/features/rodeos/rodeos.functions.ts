import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { FRAMEWORK_ROUTES } from '~/api/framework/framework.routes'
import { provider } from '~/features/auth/session.server'
import type { ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
import { createRodeoSchema, RODEO_MESSAGES, type Rodeo } from './rodeos.schema'

const establishment = z.object({ establishmentId: z.number().int().positive() })

export const listRodeosFn = createServerFn({ method: 'GET' })
  .validator(establishment)
  .handler(async ({ data }): Promise<Rodeo[]> => {
    const answer = await provider().read(RODEO_MESSAGES.listError, FRAMEWORK_ROUTES.rodeos.list, {
      param: { id: data.establishmentId },
    })
    return answer.data
  })

export const createRodeoFn = createServerFn({ method: 'POST' })
  .validator(establishment.extend(createRodeoSchema.shape))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(RODEO_MESSAGES.createError, async () => {
        const answer = await provider().call(FRAMEWORK_ROUTES.rodeos.create, {
          param: { id: data.establishmentId },
          json: { name: data.name },
        })
        return { ok: true, message: answer.message }
      }),
  )
