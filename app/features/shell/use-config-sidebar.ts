import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { sessionQueryOptions } from '~/features/auth/auth.queries'
import { isAdminIn } from '~/features/auth/roles'
import { currentEstablishmentQueryOptions } from '~/features/establishments/establishments.queries'
import type { ConfigSidebarProps } from './components/config-sidebar'

/** The configuration sidebar's props for the signed-in user, in the current establishment. */
export function useConfigSidebar(activeSection: string): ConfigSidebarProps {
  const { data: session } = useSuspenseQuery(sessionQueryOptions())
  const { data: establishment } = useQuery(currentEstablishmentQueryOptions())
  return {
    isAdmin: isAdminIn(session?.roles, establishment?.id),
    isSuperAdmin: session?.roles.isSuperAdmin ?? false,
    activeSection,
    establishmentId: establishment?.id,
  }
}
