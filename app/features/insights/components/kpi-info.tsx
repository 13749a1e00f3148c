import { Portal } from '@ark-ui/react/portal'
import { InfoIcon } from 'lucide-react'
import * as Popover from '~/components/ui/popover'
import { KPI_DEFINITIONS, type KpiKey } from '../kpi-definitions'

/** The ⓘ button that opens how a number is computed (docs/kpis.md). */
export function KpiInfo({ kpi, label }: { kpi: KpiKey; label: string }) {
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={`Cómo se calcula: ${label}`}
        display="inline-flex"
        alignItems="center"
        color="fg.muted"
        cursor="pointer"
        p="1"
        borderRadius="l1"
        _hover={{ color: 'fg.default' }}
      >
        <InfoIcon size={16} aria-hidden />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="xs">
            <Popover.Title>{label}</Popover.Title>
            <Popover.Description>{KPI_DEFINITIONS[kpi]}</Popover.Description>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}
