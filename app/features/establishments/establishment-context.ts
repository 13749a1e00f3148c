import type { QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { ESTABLISHMENT_ACCESS_DENIED } from './establishment.messages'
import type { Establishment } from './establishment.schema'
import { enterEstablishmentFn } from './establishments.functions'
import { currentEstablishmentQueryOptions, establishmentKeys } from './establishments.queries'

export class EstablishmentAccessError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'EstablishmentAccessError'
  }
}

/** Errors thrown during SSR reach the browser as plain Errors: recognise the refusal by its text. */
export function isEstablishmentAccessError(error: unknown) {
  return error instanceof Error && error.message === ESTABLISHMENT_ACCESS_DENIED
}

/**
 * A refused establishment answers HTTP 403 when the server renders the page (a thrown error would be
 * a 500); in the browser there is no response to mark.
 */
export const refuseEstablishmentStatus = createIsomorphicFn()
  .server(() => setResponseStatus(403))
  .client(() => undefined)

/**
 * The establishment a page works in. A page whose address names one (a link a colleague sent)
 * switches to it when the user belongs to it; otherwise the one chosen in the picker; with none,
 * the picker.
 */
export async function requireEstablishment(
  queryClient: QueryClient,
  fromUrl?: number,
): Promise<Establishment> {
  const current = await queryClient.fetchQuery(currentEstablishmentQueryOptions())
  if (fromUrl && current?.id !== fromUrl) {
    const result = await enterEstablishmentFn({ data: { establishmentId: fromUrl } })
    if (!result.ok) throw new EstablishmentAccessError(result.error)
    queryClient.setQueryData(establishmentKeys.current(), result.establishment)
    return result.establishment
  }
  if (!current) throw redirect({ to: '/management/establishment' })
  return current
}

/**
 * `requireEstablishment` for a route: a refusal (the user does not belong to the establishment the
 * address names) also marks the server-rendered response 403 before the route's error component
 * shows it (`EstablishmentRouteError`).
 */
export async function requireEstablishmentForPage(queryClient: QueryClient, fromUrl?: number) {
  try {
    return await requireEstablishment(queryClient, fromUrl)
  } catch (error) {
    if (isEstablishmentAccessError(error)) refuseEstablishmentStatus()
    throw error
  }
}
