import { ForbiddenPage } from '~/features/shell/components/error-pages'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { ESTABLISHMENT_ACCESS_DENIED } from '../establishment.messages'
import { isEstablishmentAccessError } from '../establishment-context'

/**
 * The error component of a route that works in the establishment its address names: a refused
 * establishment reads as such (403, set by `requireEstablishmentForPage`), anything else as a page
 * that could not load.
 */
export function EstablishmentRouteError({ error }: { error: unknown }) {
  return isEstablishmentAccessError(error) ? (
    <ForbiddenPage message={ESTABLISHMENT_ACCESS_DENIED} />
  ) : (
    <PlaceholderPage
      title="Vista no disponible"
      description="Ocurrió un error al cargar esta página. Intente de nuevo."
    />
  )
}
