import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  deliveriesUploadRoute,
  feedlotBoardRoute,
  penDetailRoute,
  removePenRoute,
  savePenRoute,
} from '~/api/feedlot/feedlot.routes'
import { provider } from '~/features/auth/session.server'
import type { ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
import { FEEDLOT_MESSAGES, type FeedlotBoard, isoDateSchema, type PenDetail } from './feedlot.schema'
import { type ImportOutcome, importOutcome, readImportForm } from './import-outcome'

const establishment = z.object({ establishmentId: z.number().int().positive() })

export const feedlotBoardFn = createServerFn({ method: 'GET' })
  .validator(establishment.extend({ date: isoDateSchema.optional() }))
  .handler(
    async ({ data }): Promise<FeedlotBoard> =>
      provider().read(FEEDLOT_MESSAGES.listError, feedlotBoardRoute, {
        param: { id: data.establishmentId },
        query: data.date ? { date: data.date } : {},
      }),
  )

export const penDetailFn = createServerFn({ method: 'GET' })
  .validator(establishment.extend({ rodeoId: z.number().int().positive(), date: isoDateSchema.optional() }))
  .handler(
    async ({ data }): Promise<PenDetail> =>
      provider().read(FEEDLOT_MESSAGES.listError, penDetailRoute, {
        param: { id: data.establishmentId, rodeoId: data.rodeoId },
        query: data.date ? { date: data.date } : {},
      }),
  )

export const savePenFn = createServerFn({ method: 'POST' })
  .validator(establishment.extend({ rodeoId: z.number().int().positive(), targetWeight: z.number() }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(FEEDLOT_MESSAGES.saveError, async () => {
        const answer = await provider().call(savePenRoute, {
          param: { id: data.establishmentId, rodeoId: data.rodeoId },
          json: { target_weight: data.targetWeight },
        })
        return { ok: true, message: answer.message }
      }),
  )

export const removePenFn = createServerFn({ method: 'POST' })
  .validator(establishment.extend({ rodeoId: z.number().int().positive() }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(FEEDLOT_MESSAGES.saveError, async () => {
        const answer = await provider().call(removePenRoute, {
          param: { id: data.establishmentId, rodeoId: data.rodeoId },
        })
        return { ok: true, message: answer.message }
      }),
  )

/**
 * A delivery file, through a server function rather than the Masivo panel's streaming endpoint: the
 * file is small (one row per pen and day) and needs no progress bar (decision 038).
 */
export const importDeliveriesFn = createServerFn({ method: 'POST' })
  .validator(readImportForm)
  .handler(async ({ data }): Promise<ImportOutcome> => {
    const form = new FormData()
    form.set('file', data.file)
    return importOutcome(
      await provider().send(
        deliveriesUploadRoute,
        { param: { id: data.establishmentId }, form },
        { timeout: 120_000 },
      ),
    )
  })
