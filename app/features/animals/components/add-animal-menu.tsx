import { PlusIcon } from 'lucide-react'
import { lazy, type ReactNode, useState } from 'react'
import { Button } from '~/components/ui/button'
import { ClientPortal } from '~/components/ui/client-portal'
import { LoadWhenOpened } from '~/components/ui/load-when-opened'
import * as Menu from '~/components/ui/menu'
import type { AnimalDetail } from '../animal-record.schema'

// The animal form loads when 'Individual' is chosen, not with the list (decision 026).
const CreateAnimalDialog = lazy(() =>
  import('./animal-record-dialogs').then((module) => ({ default: module.CreateAnimalDialog })),
)

/** What the bulk upload panel (issue 8) receives when plugged into the menu. */
export interface BulkPanelProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

export interface AddAnimalMenuProps {
  establishmentId: number
  /**
   * The bulk animal upload panel, offered as 'Masivo'. Given only to those who may use it (spec
   * section 6: `canBulkCreate`); without it the menu has no 'Masivo' entry.
   */
  renderBulkPanel?: (props: BulkPanelProps) => ReactNode
  onCreated?: (animal: AnimalDetail) => void
}

/** The Animales toolbar's 'Agregar nuevo animal' control: 'Individual' and, for admins, 'Masivo'. */
export function AddAnimalMenu({ establishmentId, renderBulkPanel, onCreated }: AddAnimalMenuProps) {
  const [open, setOpen] = useState<'individual' | 'bulk' | null>(null)
  const bulk = renderBulkPanel
  return (
    <>
      <Menu.Root
        onSelect={(details) => setOpen(details.value === 'bulk' ? 'bulk' : 'individual')}
        positioning={{ placement: 'bottom-end' }}
      >
        <Menu.Trigger asChild>
          <Button variant="outline" size="sm" title="Agregar nuevo animal" aria-label="Agregar nuevo animal">
            <PlusIcon size={16} aria-hidden />
          </Button>
        </Menu.Trigger>
        <ClientPortal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="individual">Individual</Menu.Item>
              {bulk ? <Menu.Item value="bulk">Masivo</Menu.Item> : null}
            </Menu.Content>
          </Menu.Positioner>
        </ClientPortal>
      </Menu.Root>
      <LoadWhenOpened open={open === 'individual'}>
        <CreateAnimalDialog
          establishmentId={establishmentId}
          open={open === 'individual'}
          onOpenChange={(next) => setOpen(next ? 'individual' : null)}
          onCreated={onCreated}
        />
      </LoadWhenOpened>
      {bulk?.({ open: open === 'bulk', onOpenChange: (next) => setOpen(next ? 'bulk' : null) })}
    </>
  )
}
