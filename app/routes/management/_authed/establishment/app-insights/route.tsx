import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { useState } from 'react'
import { EstablishmentRouteError } from '~/features/establishments/components/establishment-route-error'
import { requireEstablishmentForPage } from '~/features/establishments/establishment-context'
import { currentEstablishmentQueryOptions } from '~/features/establishments/establishments.queries'
import { EstablishmentSwitchNotice } from '~/features/shell/components/error-pages'
import { ESTABLISHMENT_PARAM } from '~/features/shell/components/paths'
import { dropInvalid, searchSchema, wholeNumber } from '~/lib/search-params'

/**
 * The establishment's sections (Resumen, Animales, Manga, Recorredores, Tablero) and an animal's page.
 * Every address names its establishment (decision 017): in the path (Animales, Recorredores) or in
 * `?establecimiento=` (the others), so a link shows the same thing to whoever opens it.
 */
export const Route = createFileRoute('/management/_authed/establishment/app-insights')({
  validateSearch: searchSchema({
    // A mistyped value is dropped (the selected establishment is used and written back), not an error.
    [ESTABLISHMENT_PARAM]: dropInvalid(wholeNumber({ min: 1 })),
  }),
  beforeLoad: async ({ context, params, search, location }) => {
    const inPath = 'establishmentId' in params ? Number(params.establishmentId) : undefined
    const fromUrl = inPath ?? search[ESTABLISHMENT_PARAM]
    const previous = await context.queryClient.fetchQuery(currentEstablishmentQueryOptions())
    const establishment = await requireEstablishmentForPage(context.queryClient, fromUrl)
    // An address without its establishment (an old link, a hand-typed one) gets it written in, so
    // what the address bar shows can be shared as it is.
    if (fromUrl === undefined) {
      const query = new URLSearchParams(location.searchStr)
      query.set(ESTABLISHMENT_PARAM, String(establishment.id))
      throw redirect({
        href: `${location.pathname}?${query}${location.hash ? `#${location.hash}` : ''}`,
        replace: true,
      })
    }
    const switchedFrom = previous && previous.id !== establishment.id ? previous.name : undefined
    return { establishment, switchedFrom }
  },
  // Loader data reaches the browser with the server-rendered page (the context does not): the notice
  // of a switch made while rendering on the server must travel this way.
  loader: ({ context }) => ({
    switched: context.switchedFrom
      ? { establishmentName: context.establishment.name, previousName: context.switchedFrom }
      : null,
  }),
  component: EstablishmentSections,
  errorComponent: EstablishmentRouteError,
})

function EstablishmentSections() {
  const { switched } = Route.useLoaderData()
  const [dismissed, setDismissed] = useState<typeof switched>(null)
  return (
    <>
      {switched && switched !== dismissed && (
        <EstablishmentSwitchNotice {...switched} onDismiss={() => setDismissed(switched)} />
      )}
      <Outlet />
    </>
  )
}
