import { z } from 'zod'
import { dbIdParam } from '~/lib/db-id'

/** Spec section 3: Establishment. */
export const establishmentSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url_dashboard_cattle_handling: z.string().nullable(),
  })
  .meta({ id: 'Establishment' })
export type Establishment = z.infer<typeof establishmentSchema>

/**
 * The origin Tablero frames the establishment's cattle-handling board from (its CSP `frame-src`,
 * decision 035 addendum): https only, anything else (http, malformed, none) is null.
 */
export function cattleHandlingBoardOrigin(url: string | null | undefined) {
  if (!url) return null
  try {
    const { protocol, origin } = new URL(url)
    // The URL parser lets `;`, `,` and quotes through in a host: a CSP source must not carry them.
    return protocol === 'https:' && CSP_HTTPS_ORIGIN.test(origin) ? origin : null
  } catch {
    return null
  }
}

const CSP_HTTPS_ORIGIN = /^https:\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i

/** Card initials: the first letters of the first two words ("La Esperanza" → "LE", "Ombú" → "OM"). */
export function establishmentInitials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const initials =
    words.length > 1 ? `${words[0]?.charAt(0)}${words[1]?.charAt(0)}` : (words[0]?.slice(0, 2) ?? '')
  return initials.toLocaleUpperCase('es') || '?'
}

export const establishmentIdSchema = dbIdParam('Establecimiento inválido')

/** Body of the local POST /api/establishmentId (spec section 7). */
export const selectEstablishmentSchema = z.object({ establishmentId: establishmentIdSchema })

/** Spec section 3: Board; dashboard_type_id 1 = RFI, 2 = feedlot. */
export const boardSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    url: z.string().nullable(),
    default: z.boolean(),
    dashboard_type_id: z.union([z.literal(1), z.literal(2)]),
  })
  .meta({ id: 'Board' })
export type Board = z.infer<typeof boardSchema>

export { ESTABLISHMENT_ACCESS_DENIED, ESTABLISHMENT_READ_ERRORS } from './establishment.messages'
