import { createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  boardsRoute,
  establishmentFrameworkRoute,
  generalFrameworkRoute,
} from '~/api/establishments/establishments.routes'
import { userEstablishmentsRoute } from '~/api/users/users.routes'
import { provider, readEstablishmentId, readToken } from '~/features/auth/session.server'
import { ESTABLISHMENT_PARAM } from '~/features/shell/components/paths'
import {
  type Board,
  cattleHandlingBoardOrigin,
  ESTABLISHMENT_READ_ERRORS,
  type Establishment,
} from './establishment.schema'
import { selectEstablishment } from './select-establishment.server'

async function myEstablishments() {
  const response = await provider().read(
    ESTABLISHMENT_READ_ERRORS.establishments,
    userEstablishmentsRoute,
    {},
  )
  return response.data
}

/** Tablero: the one page that frames the establishment's cattle-handling board. */
export const DASHBOARD_PAGE_PATH = '/management/establishment/app-insights/dash'

/**
 * The origins a page may frame besides the operator's (BOARD_FRAME_ORIGINS): on Tablero, the https
 * origin of the cattle-handling board of the establishment its address names, when the signed-in
 * user belongs to it (the provider lists only their establishments). Every other page, a stranger
 * to that establishment, or an http address: none. Never throws: a failed look-up frames nothing.
 */
export const pageFrameOrigins = createServerOnlyFn(async (url: URL): Promise<string[]> => {
  if (url.pathname.replace(/\/$/, '') !== DASHBOARD_PAGE_PATH) return []
  const id = Number(url.searchParams.get(ESTABLISHMENT_PARAM))
  if (!Number.isInteger(id) || id <= 0 || !readToken()) return []
  try {
    const establishment = (await myEstablishments()).find((e) => e.id === id)
    const origin = cattleHandlingBoardOrigin(establishment?.url_dashboard_cattle_handling)
    return origin ? [origin] : []
  } catch {
    return []
  }
})

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
    // Spec section 9: a missing token when loading boards is only logged, and the boards are emptied.
    if (!readToken()) {
      console.warn('[tableros] no hay token de sesión: la lista de tableros queda vacía')
      return []
    }
    const response = await provider().read(ESTABLISHMENT_READ_ERRORS.boards, boardsRoute, {
      param: { id: data.establishmentId },
      query: { dashboard_type_id: data.dashboardTypeId },
    })
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
    const fallback = ESTABLISHMENT_READ_ERRORS.framework
    const [general, establishment] = await Promise.all([
      client.read(fallback, generalFrameworkRoute, {}),
      client.read(fallback, establishmentFrameworkRoute, { param: { id: data.establishmentId } }),
    ])
    return {
      general: general.data satisfies GeneralFramework,
      establishment: establishment.data satisfies EstablishmentFramework,
    }
  })
