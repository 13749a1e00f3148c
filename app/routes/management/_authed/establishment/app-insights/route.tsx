import { createFileRoute, Outlet } from '@tanstack/react-router'
import { LockIcon } from 'lucide-react'
import { ESTABLISHMENT_ACCESS_DENIED } from '~/features/establishments/establishment.schema'
import {
  isEstablishmentAccessError,
  requireEstablishment,
} from '~/features/establishments/establishment-context'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'

/** The establishment's sections (Resumen, Animales, Manga, Recorredores, Tablero). */
export const Route = createFileRoute('/management/_authed/establishment/app-insights')({
  beforeLoad: async ({ context, params }) => {
    const fromUrl = 'establishmentId' in params ? Number(params.establishmentId) : undefined
    const establishment = await requireEstablishment(context.queryClient, fromUrl)
    return { establishment }
  },
  component: Outlet,
  errorComponent: ({ error }) =>
    isEstablishmentAccessError(error) ? (
      <PlaceholderPage title="Sin acceso" description={ESTABLISHMENT_ACCESS_DENIED} icon={LockIcon} />
    ) : (
      <PlaceholderPage
        title="Vista no disponible"
        description="Ocurrió un error al cargar esta página. Intente de nuevo."
      />
    ),
})
