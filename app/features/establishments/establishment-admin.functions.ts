import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  archiveEstablishmentRoute,
  createEstablishmentRoute,
  establishmentDetailRoute,
  listAllEstablishmentsRoute,
  unarchiveEstablishmentRoute,
  updateEstablishmentRoute,
} from '~/api/establishments/establishment-admin.routes'
import { provider } from '~/features/auth/session.server'
import type { ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
import {
  createEstablishmentSchema,
  type EstablishmentDetail,
  ESTABLISHMENT_ADMIN_MESSAGES as M,
  updateEstablishmentSchema,
} from './establishment-admin.schema'

const establishment = z.object({ establishmentId: z.number().int().positive() })

export const listAllEstablishmentsFn = createServerFn({ method: 'GET' }).handler(
  async (): Promise<EstablishmentDetail[]> =>
    (await provider().read(M.listError, listAllEstablishmentsRoute, {})).data,
)

export const establishmentDetailFn = createServerFn({ method: 'GET' })
  .validator(establishment)
  .handler(
    async ({ data }): Promise<EstablishmentDetail> =>
      (await provider().read(M.listError, establishmentDetailRoute, { param: { id: data.establishmentId } }))
        .data,
  )

export const createEstablishmentFn = createServerFn({ method: 'POST' })
  .validator(createEstablishmentSchema)
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(M.saveError, async () => {
        const answer = await provider().call(createEstablishmentRoute, { json: data })
        return { ok: true, message: answer.message }
      }),
  )

export const updateEstablishmentFn = createServerFn({ method: 'POST' })
  .validator(z.object({ establishmentId: z.number().int().positive(), changes: updateEstablishmentSchema }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(M.saveError, async () => {
        const answer = await provider().call(updateEstablishmentRoute, {
          param: { id: data.establishmentId },
          json: data.changes,
        })
        return { ok: true, message: answer.message }
      }),
  )

export const setEstablishmentArchivedFn = createServerFn({ method: 'POST' })
  .validator(establishment.extend({ archived: z.boolean() }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(M.saveError, async () => {
        const route = data.archived ? archiveEstablishmentRoute : unarchiveEstablishmentRoute
        const answer = await provider().call(route, { param: { id: data.establishmentId } })
        return { ok: true, message: answer.message }
      }),
  )
