import { useQuery } from '@tanstack/react-query'
import { sessionQueryOptions } from '~/features/auth/auth.queries'
import { canBulkCreate } from '~/features/auth/auth.schema'

/**
 * Whether the Masivo (bulk) tab of the create forms is shown: to a superadmin or to a user who is
 * admin in at least one establishment (spec section 6). The provider checks again on every upload
 * (admins of the establishment the file goes to, or superadmins).
 */
export function useCanBulkCreate() {
  const { data: session } = useQuery(sessionQueryOptions())
  return canBulkCreate(session?.roles)
}
