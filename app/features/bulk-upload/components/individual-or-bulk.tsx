import type { ReactNode } from 'react'
import * as Tabs from '~/components/ui/tabs'

/**
 * A 'Nuevo…' dialog's body with its Masivo panel (issue 8, decision 036): 'Individual' (the form,
 * open) and 'Masivo' (the template upload). Without a panel, the form alone: no empty tab. Shared
 * by the Manga record dialogs and the Recorredores dialogs.
 */
export function IndividualOrBulk({ individual, bulk }: { individual: ReactNode; bulk?: ReactNode }) {
  if (!bulk) return individual
  return (
    <Tabs.Root defaultValue="individual" variant="line" lazyMount unmountOnExit>
      <Tabs.List>
        <Tabs.Trigger value="individual">Individual</Tabs.Trigger>
        <Tabs.Trigger value="masivo">Masivo</Tabs.Trigger>
        <Tabs.Indicator />
      </Tabs.List>
      <Tabs.Content value="individual" pt="4">
        {individual}
      </Tabs.Content>
      <Tabs.Content value="masivo" pt="4">
        {bulk}
      </Tabs.Content>
    </Tabs.Root>
  )
}
