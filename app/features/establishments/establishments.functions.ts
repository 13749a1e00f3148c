import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { provider, providerRead, readEstablishmentId, readToken } from '~/features/auth/session.server'
import { type Board, ESTABLISHMENT_READ_ERRORS, type Establishment } from './establishment.schema'
import { selectEstablishment } from './select-establishment.server'

async function myEstablishments() {
  const response = await providerRead(ESTABLISHMENT_READ_ERRORS.establishments, () =>
    provider().get('v1/user/establishments').json<{ data: Establishment[] }>(),
  )
  return response.data
}

export const listMyEstablishmentsFn = createServerFn({ method: 'GET' }).handler(
  async (): Promise<Establishment[]> => {
    if (!readToken()) return []
    return myEstablishments()
  },
)

/** The establishment chosen in the picker (cookie), if the user still belongs to it. */
export const getCurrentEstablishmentFn = createServerFn({ method: 'GET' }).handler(
  async (): Promise<Establishment | null> => {
    const id = readEstablishmentId()
    if (!id || !readToken()) return null
    return (await myEstablishments()).find((establishment) => establishment.id === id) ?? null
  },
)

export const listBoardsFn = createServerFn({ method: 'GET' })
  .validator(
    z.object({
      establishmentId: z.number().int().positive(),
      dashboardTypeId: z.union([z.literal(1), z.literal(2)]),
    }),
  )
  .handler(async ({ data }): Promise<Board[]> => {
    const response = await providerRead(ESTABLISHMENT_READ_ERRORS.boards, () =>
      provider()
        .get(`v2/establishments/${data.establishmentId}/boards`, {
          searchParams: { dashboard_type_id: data.dashboardTypeId },
        })
        .json<{ data: Board[] }>(),
    )
    return response.data
  })

/** For pages whose address names the establishment (a shared link): switch to it if allowed. */
export const enterEstablishmentFn = createServerFn({ method: 'POST' })
  .validator(z.object({ establishmentId: z.number().int().positive() }))
  .handler(async ({ data }) => {
    const result = await selectEstablishment(data.establishmentId)
    return result.ok
      ? { ok: true as const, establishment: result.establishment }
      : { ok: false as const, error: result.error }
  })

type Lookup = { id: number; description: string }
export type GeneralFramework = Record<
  | 'check_in_types'
  | 'check_out_types'
  | 'animal_types'
  | 'colors'
  | 'breeds'
  | 'birth_types'
  | 'pregnancy_check_details'
  | 'weighing_time'
  | 'body_condition_detail'
  | 'sex'
  | 'ovarian_status'
  | 'rdg'
  | 'status_type',
  Lookup[]
>
export interface EstablishmentFramework {
  rodeo: Lookup[]
  bulls: { bull_id: number; alias: string }[]
  riders: { key: string; description: string }[]
  inseminators: { inseminator_id: number; first_name: string; last_name: string }[]
  origins: Lookup[]
  owners: { owner_id: number; name: string }[]
}

/** The lookups every form and table of an establishment reads (spec section 3, frameworks). */
export const getFrameworkFn = createServerFn({ method: 'GET' })
  .validator(z.object({ establishmentId: z.number().int().positive() }))
  .handler(async ({ data }) => {
    const client = provider()
    const [general, establishment] = await providerRead(ESTABLISHMENT_READ_ERRORS.framework, () =>
      Promise.all([
        client.get('v2/framework').json<{ data: GeneralFramework }>(),
        client
          .get(`v2/establishment/${data.establishmentId}/framework`)
          .json<{ data: EstablishmentFramework }>(),
      ]),
    )
    return { general: general.data, establishment: establishment.data }
  })
