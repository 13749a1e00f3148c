import { createFileRoute, redirect } from '@tanstack/react-router'
import { requireEstablishment } from '~/features/establishments/establishment-context'
import { sectionPaths } from '~/features/shell/components/paths'

/** The short form of the address (spec section 2) goes to the canonical one. */
export const Route = createFileRoute('/management/_authed/establishment/rerunner')({
  beforeLoad: async ({ context }) => {
    const establishment = await requireEstablishment(context.queryClient)
    throw redirect({ href: sectionPaths(establishment.id).rerunner, replace: true })
  },
})
