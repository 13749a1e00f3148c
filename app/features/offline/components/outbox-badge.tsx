import { CloudUploadIcon } from 'lucide-react'
import { lazy, useEffect, useState, useSyncExternalStore } from 'react'
import { styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import { LoadWhenOpened } from '~/components/ui/load-when-opened'
import { type OutboxCount, readOutboxCount, subscribeOutboxCount, unsyncedLabel } from '../outbox-count'

// The lists and the sync code load when the badge is pressed, or when there is something to send.
const OutboxDialog = lazy(() =>
  import('./outbox-dialog').then((module) => ({ default: module.OutboxDialog })),
)

const NONE: OutboxCount = { pending: 0, review: 0 }

/**
 * The header's 'N registros sin sincronizar' (decision 040): shown only while the device holds
 * records the server has not written; it opens their lists. It reads the count the outbox mirrors
 * in localStorage, so the shell carries no IndexedDB code; records left from a chute session are
 * sent from whatever page is open. Chute mode shows it too, with its words at every width
 * (`withLabel`): its dialog covers the header.
 */
export function OutboxBadge({ withLabel = false }: { withLabel?: boolean }) {
  const count = useSyncExternalStore(subscribeOutboxCount, readOutboxCount, () => NONE)
  const [open, setOpen] = useState(false)
  const total = count.pending + count.review
  useEffect(() => {
    if (count.pending === 0) return
    void import('../outbox').then((outbox) => outbox.startAutoSync())
  }, [count.pending])
  if (total === 0 && !open) return null
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        colorPalette={count.review > 0 ? 'red' : 'amber'}
        onClick={() => setOpen(true)}
        aria-label={unsyncedLabel(total)}
      >
        <CloudUploadIcon aria-hidden />
        <span aria-hidden>{total}</span>
        {/* The visible words read as the name says ('30 registros…', not '30registros…'). */}{' '}
        <styled.span hideBelow={withLabel ? undefined : 'lg'} aria-hidden>
          {total === 1 ? 'registro sin sincronizar' : 'registros sin sincronizar'}
        </styled.span>
      </Button>
      <LoadWhenOpened open={open}>
        <OutboxDialog open={open} onOpenChange={setOpen} />
      </LoadWhenOpened>
    </>
  )
}
