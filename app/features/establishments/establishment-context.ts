import type { QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { ESTABLISHMENT_ACCESS_DENIED, type Establishment } from './establishment.schema'
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
