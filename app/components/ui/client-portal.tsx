import { Portal } from '@ark-ui/react/portal'
import { type ReactNode, useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * A `Portal` whose content exists only in the browser, once the page is hydrated (at once on a
 * client-side navigation). For what a closed menu or popover keeps in the document (its positioner
 * and content): Ark's `Portal` writes it inline into the server's HTML, hidden, so that hydration
 * matches, and rendering it cost every server render of a table page three menus' and a popover's
 * worth of content props (decision 050). Nothing of it can be used before hydration anyway; after
 * it, the content is mounted (portalled, closed) before anyone can reach the trigger, as before.
 */
export function ClientPortal({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  return hydrated ? <Portal>{children}</Portal> : null
}
