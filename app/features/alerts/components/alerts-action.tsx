import { useQuery, useQueryClient } from '@tanstack/react-query'
import { BellIcon } from 'lucide-react'
import { lazy, useEffect, useState } from 'react'
import { Button } from '~/components/ui/button'
import { LoadWhenOpened } from '~/components/ui/load-when-opened'
import { refreshLists } from '~/lib/lists'
import { createAlertsFn, markAlertsReadFn } from '../alerts.functions'
import { activeAlertsQueryOptions, alertKeys } from '../alerts.queries'
import type { AlertsFilters } from './alerts-dialog'

// The dialog (a form and a table) loads when 'Alertas' is pressed, not with the list (decision 026).
const AlertsDialog = lazy(() =>
  import('./alerts-dialog').then((module) => ({ default: module.AlertsDialog })),
)

export interface AlertsActionProps {
  establishmentId: number
  /** Ids of the selected animals (across pages). */
  selectedIds: readonly string[]
}

const FILTER_DELAY_MS = 300

/** The table toolbar's 'Alertas' button and its dialog. */
export function AlertsAction({ establishmentId, selectedIds }: AlertsActionProps) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [filters, setFilters] = useState<AlertsFilters>({ visual_tag: '', description: '' })
  const [applied, setApplied] = useState(filters)
  useEffect(() => {
    const timer = setTimeout(() => setApplied(filters), FILTER_DELAY_MS)
    return () => clearTimeout(timer)
  }, [filters])
  const alerts = useQuery({
    ...activeAlertsQueryOptions(establishmentId, {
      visual_tag: applied.visual_tag.trim() || undefined,
      description: applied.description.trim() || undefined,
    }),
    enabled: open,
  })

  async function afterWrite() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      // The animals list shows each animal's active alerts.
      refreshLists(queryClient),
    ])
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <BellIcon size={16} aria-hidden /> Alertas
      </Button>
      <LoadWhenOpened open={open}>
        <AlertsDialog
          open={open}
          onOpenChange={setOpen}
          selectedCount={selectedIds.length}
          onCreate={async (description) => {
            const result = await createAlertsFn({ data: { description, animalIds: [...selectedIds] } })
            if (result.ok) await afterWrite()
            return result
          }}
          alerts={alerts.data?.data ?? []}
          total={alerts.data?.meta.total ?? 0}
          loadingAlerts={alerts.isFetching}
          alertsError={alerts.isError}
          filters={filters}
          onFiltersChange={setFilters}
          onMarkRead={async (ids) => {
            const result = await markAlertsReadFn({ data: { ids } })
            if (result.ok) await afterWrite()
            return result
          }}
        />
      </LoadWhenOpened>
    </>
  )
}
