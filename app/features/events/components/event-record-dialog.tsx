import { Portal } from '@ark-ui/react/portal'
import { XIcon } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useRef } from 'react'
import { HStack, Stack } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Dialog from '~/components/ui/dialog'
import { IndividualOrBulk } from '~/features/bulk-upload/components/individual-or-bulk'
import type {
  EstablishmentFramework,
  GeneralFramework,
} from '~/features/establishments/establishments.functions'
import { EVENT_KIND_INFO } from '../event-kinds'
import { EventRecordForm, type EventRecordFormProps, type RecordLookups } from './event-record-form'

// The device's unsynced records in chute mode (decision 040, addendum h31): the header's badge is
// behind this modal dialog, so the chute shows its own. Shown only while records are unsynced.
const OutboxBadge = lazy(() =>
  import('~/features/offline/components/outbox-badge').then((module) => ({ default: module.OutboxBadge })),
)

export interface EventRecordDialogProps extends EventRecordFormProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /**
   * The bulk upload panel of this kind (issue 8). When given, the dialog shows 'Individual' and
   * 'Masivo' tabs; without it, only the individual form (no empty tab).
   */
  bulkPanel?: ReactNode
}

/**
 * 'Nueva Pesada', 'Nueva Inseminación', … (spec section 2): a record form in a dialog, wide and tall
 * enough for the chute, with an optional 'Masivo' tab.
 */
export function EventRecordDialog({ open, onOpenChange, bulkPanel, ...form }: EventRecordDialogProps) {
  const info = EVENT_KIND_INFO[form.kind]
  const title = form.editing ? info.editTitle : info.newTitle
  const focusTarget = useRef<(() => HTMLElement | null) | null>(null)
  const individual = (
    <EventRecordForm {...form} onClose={() => onOpenChange(false)} focusTargetRef={focusTarget} />
  )
  const content = useRef<HTMLDivElement>(null)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      // On opening, and whenever a dialog over it closes: the chute's tag field, or the field to fill.
      initialFocusEl={() =>
        focusTarget.current?.() ?? content.current?.querySelector<HTMLElement>('input, select') ?? null
      }
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '0', md: '4' }}>
          <Dialog.Content ref={content} width="full" maxW="3xl" minW="0" maxH="100dvh" overflowY="auto">
            <Stack gap="5" p={{ base: '4', md: '6' }}>
              <HStack justify="space-between" gap="3">
                <Dialog.Title>{title}</Dialog.Title>
                <HStack gap="2">
                  {form.editing ? null : (
                    <Suspense fallback={null}>
                      <OutboxBadge withLabel />
                    </Suspense>
                  )}
                  {/* Always at hand: the Masivo tab has no 'Cerrar' of its own at the end of the form. */}
                  <Dialog.CloseTrigger asChild>
                    <Button variant="ghost" size="sm" px="0" aspectRatio="square" aria-label="Cerrar ventana">
                      <XIcon />
                    </Button>
                  </Dialog.CloseTrigger>
                </HStack>
              </HStack>
              <IndividualOrBulk individual={individual} bulk={form.editing ? undefined : bulkPanel} />
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** The record forms' options, from the establishment's frameworks (empty while they load: 'no disponible'). */
export function recordLookups(
  framework: { general: GeneralFramework; establishment: EstablishmentFramework } | undefined,
): RecordLookups {
  const general = (list: { id: number; description: string }[] | undefined) =>
    (list ?? []).map((item) => ({ value: item.id, label: item.description }))
  return {
    bulls: (framework?.establishment.bulls ?? []).map((bull) => ({ value: bull.bull_id, label: bull.alias })),
    inseminators: (framework?.establishment.inseminators ?? []).map((person) => ({
      value: person.inseminator_id,
      label: `${person.first_name} ${person.last_name}`.trim(),
    })),
    pregnancyCheckDetails: general(framework?.general.pregnancy_check_details),
    reproductiveGrades: general(framework?.general.rdg),
    ovarianStatuses: general(framework?.general.ovarian_status),
    weighingTimes: general(framework?.general.weighing_time),
  }
}
