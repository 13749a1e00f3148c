import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  animalRfiRoute,
  createRfiTestRoute,
  deleteRfiTestRoute,
  intakeUploadRoute,
  listRfiTestsRoute,
  rfiResultRoute,
} from '~/api/rfi/rfi.routes'
import { provider } from '~/features/auth/session.server'
import { type ImportOutcome, importOutcome, readImportForm } from '~/features/feedlot/import-outcome'
import type { ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
import {
  type AnimalRfi,
  RFI_MESSAGES,
  type RfiResultAnswer,
  type RfiTest,
  rfiTestInputSchema,
} from './rfi.schema'

const establishment = z.object({ establishmentId: z.number().int().positive() })

export const listRfiTestsFn = createServerFn({ method: 'GET' })
  .validator(establishment)
  .handler(async ({ data }): Promise<RfiTest[]> => {
    const answer = await provider().read(RFI_MESSAGES.listError, listRfiTestsRoute, {
      param: { id: data.establishmentId },
    })
    return answer.data
  })

export const rfiResultFn = createServerFn({ method: 'GET' })
  .validator(establishment.extend({ testId: z.number().int().positive() }))
  .handler(
    async ({ data }): Promise<RfiResultAnswer> =>
      provider().read(RFI_MESSAGES.resultError, rfiResultRoute, {
        param: { id: data.establishmentId, testId: data.testId },
      }),
  )

export const createRfiTestFn = createServerFn({ method: 'POST' })
  .validator(establishment.extend({ test: rfiTestInputSchema }))
  .handler(
    ({ data }): Promise<ActionResult & { id?: number }> =>
      providerAction(RFI_MESSAGES.saveError, async () => {
        const answer = await provider().call(createRfiTestRoute, {
          param: { id: data.establishmentId },
          json: data.test,
        })
        return { ok: true as const, message: answer.message, id: answer.data.id }
      }),
  )

export const deleteRfiTestFn = createServerFn({ method: 'POST' })
  .validator(establishment.extend({ testId: z.number().int().positive() }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(RFI_MESSAGES.saveError, async () => {
        const answer = await provider().call(deleteRfiTestRoute, {
          param: { id: data.establishmentId, testId: data.testId },
        })
        return { ok: true, message: answer.message }
      }),
  )

/** An intake file (decision 039: a server function, as the delivery import). */
export const importIntakeFn = createServerFn({ method: 'POST' })
  .validator(readImportForm)
  .handler(async ({ data }): Promise<ImportOutcome> => {
    const form = new FormData()
    form.set('file', data.file)
    return importOutcome(
      await provider().send(
        intakeUploadRoute,
        { param: { id: data.establishmentId }, form },
        { timeout: 120_000 },
      ),
    )
  })

export const animalRfiFn = createServerFn({ method: 'GET' })
  .validator(z.object({ animalId: z.string().uuid() }))
  .handler(async ({ data }): Promise<AnimalRfi> => {
    const answer = await provider().find(RFI_MESSAGES.resultError, animalRfiRoute, {
      param: { id: data.animalId },
    })
    return answer?.data ?? null
  })
