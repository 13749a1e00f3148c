import { BareHeader } from './app-header'
import { NotFoundPage } from './error-pages'

/**
 * The not-found page outside /management: the bare header and the Spanish 404. Its own module so
 * the root route can load it only when an address is not found: the header module brings the whole
 * shell (menus, dialogs), which the login page does not use (decision 026).
 */
export function RootNotFound() {
  return (
    <>
      <BareHeader />
      <NotFoundPage />
    </>
  )
}
