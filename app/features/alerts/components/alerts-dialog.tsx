import { Portal } from '@ark-ui/react/portal'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { useAppForm } from '~/components/form/app-form'
import { fieldValidatorsFrom } from '~/components/form/validation'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import * as Dialog from '~/components/ui/dialog'
import * as Field from '~/components/ui/field'
import * as Tabs from '~/components/ui/tabs'
import { toast } from '~/components/ui/toaster'
import type { ActionResult } from '~/lib/action-result'
import { ALERT_DESCRIPTION_MAX, ALERT_MESSAGES, type Alert, newAlertFormSchema } from '../alerts.schema'

export type AlertsTab = 'nueva' | 'gestionar'
export interface AlertsFilters {
  visual_tag: string
  description: string
}

export interface AlertsDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** How many animals are selected in the table: 'Nueva Alerta' needs at least one. */
  selectedCount: number
  /** Creates one alert with this description on every selected animal. */
  onCreate: (description: string) => Promise<ActionResult>
  /** The establishment's active alerts matching the filters (a page of them). */
  alerts: Alert[]
  total: number
  loadingAlerts?: boolean
  alertsError?: boolean
  filters: AlertsFilters
  onFiltersChange: (filters: AlertsFilters) => void
  onMarkRead: (ids: number[]) => Promise<ActionResult>
}

/**
 * The alerts dialog (spec section 2): raise an alert on the selected animals, or manage the
 * establishment's active alerts and mark one or many as read. With nothing selected only the
 * manage tab is available, and it opens there.
 */
export function AlertsDialog(props: AlertsDialogProps) {
  const { open, onOpenChange, selectedCount } = props
  const defaultTab: AlertsTab = selectedCount > 0 ? 'nueva' : 'gestionar'
  const [tab, setTab] = useState<AlertsTab>(defaultTab)
  useEffect(() => {
    if (open) setTab(defaultTab)
  }, [open, defaultTab])

  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content width="full" maxW="2xl" minW="0">
            <Stack gap="5" p="6">
              <Stack gap="1">
                <Dialog.Title>Alertas</Dialog.Title>
                <Dialog.Description>
                  {selectedCount > 0
                    ? `Animales seleccionados: ${selectedCount}`
                    : 'seleccione Animales para agregar alertas'}
                </Dialog.Description>
              </Stack>
              <Tabs.Root
                value={tab}
                onValueChange={(details) => setTab(details.value as AlertsTab)}
                variant="line"
                size="sm"
                lazyMount
                unmountOnExit
              >
                <Tabs.List>
                  <Tabs.Trigger value="nueva" disabled={selectedCount === 0}>
                    Nueva Alerta
                  </Tabs.Trigger>
                  <Tabs.Trigger value="gestionar">Gestionar Alertas</Tabs.Trigger>
                  <Tabs.Indicator />
                </Tabs.List>
                <Tabs.Content value="nueva" pt="4">
                  <NewAlertForm {...props} />
                </Tabs.Content>
                <Tabs.Content value="gestionar" pt="4">
                  <ManageAlerts {...props} />
                </Tabs.Content>
              </Tabs.Root>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

function NewAlertForm({ selectedCount, onCreate, onOpenChange }: AlertsDialogProps) {
  const form = useAppForm({
    defaultValues: { description: '' },
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value, formApi }) => {
      const parsed = newAlertFormSchema.safeParse(value)
      if (!parsed.success) return
      let result: ActionResult
      try {
        result = await onCreate(parsed.data.description)
      } catch {
        result = { ok: false, error: 'Error desconocido' }
      }
      if (result.ok) {
        toast.success(ALERT_MESSAGES.createSuccess)
        formApi.reset()
        onOpenChange(false)
      } else {
        toast.error(ALERT_MESSAGES.createError, { description: result.error })
      }
    },
  })
  return (
    <form.AppForm>
      <form.Form>
        <Stack gap="4">
          <form.AppField
            name="description"
            validators={fieldValidatorsFrom(newAlertFormSchema, 'description')}
          >
            {(field) => (
              <field.TextField
                label="Descripción"
                maxLength={ALERT_DESCRIPTION_MAX}
                placeholder="Por ejemplo: revisar pezuña"
              />
            )}
          </form.AppField>
          <styled.p textStyle="sm" color="fg.muted">
            Se creará una alerta activa en cada uno de los {selectedCount} animales seleccionados.
          </styled.p>
          <HStack justify="flex-end" gap="3">
            <Dialog.CloseTrigger asChild>
              <Button variant="outline" type="button">
                Cancelar
              </Button>
            </Dialog.CloseTrigger>
            <form.SubmitButton>Crear alerta</form.SubmitButton>
          </HStack>
        </Stack>
      </form.Form>
    </form.AppForm>
  )
}

function ManageAlerts({
  alerts,
  total,
  loadingAlerts = false,
  alertsError = false,
  filters,
  onFiltersChange,
  onMarkRead,
  onOpenChange,
}: AlertsDialogProps) {
  const [checked, setChecked] = useState<Set<number>>(new Set())
  const [busy, setBusy] = useState<number | 'many' | null>(null)
  // Only alerts still listed can stay checked (the others were read or filtered away).
  const visible = new Set(alerts.map((alert) => alert.id))
  const chosen = [...checked].filter((id) => visible.has(id))
  const allChecked = alerts.length > 0 && chosen.length === alerts.length

  async function markRead(ids: number[], which: number | 'many') {
    setBusy(which)
    try {
      const result = await onMarkRead(ids).catch(
        (): ActionResult => ({ ok: false, error: 'Error desconocido' }),
      )
      if (result.ok) {
        toast.success(ALERT_MESSAGES.readSuccess)
        setChecked((current) => new Set([...current].filter((id) => !ids.includes(id))))
      } else {
        toast.error(ALERT_MESSAGES.readError, { description: result.error })
      }
    } finally {
      setBusy(null)
    }
  }

  return (
    <Stack gap="3">
      <HStack gap="3" flexWrap="wrap">
        <Field.Root flex="1" minW="40">
          <Field.Label>IDV</Field.Label>
          <Field.Input
            size="sm"
            value={filters.visual_tag}
            placeholder="Filtrar por IDV"
            onChange={(event) => onFiltersChange({ ...filters, visual_tag: event.target.value })}
          />
        </Field.Root>
        <Field.Root flex="1" minW="40">
          <Field.Label>Descripción</Field.Label>
          <Field.Input
            size="sm"
            value={filters.description}
            placeholder="Filtrar por descripción"
            onChange={(event) => onFiltersChange({ ...filters, description: event.target.value })}
          />
        </Field.Root>
      </HStack>
      <styled.div maxH="72" overflowY="auto" borderWidth="1px" borderColor="border.subtle" borderRadius="l2">
        <table className={tableClass} aria-label="Alertas activas" aria-busy={loadingAlerts || undefined}>
          <thead>
            <tr>
              <th>
                <Checkbox
                  aria-label="Seleccionar todas las alertas"
                  checked={allChecked}
                  indeterminate={chosen.length > 0 && !allChecked}
                  disabled={alerts.length === 0}
                  onChange={() =>
                    setChecked(allChecked ? new Set() : new Set(alerts.map((alert) => alert.id)))
                  }
                />
              </th>
              <th>ID</th>
              <th>Descripción</th>
              <th>IDV</th>
              <th>
                <styled.span srOnly>Acciones</styled.span>
              </th>
            </tr>
          </thead>
          <tbody>
            {alerts.length === 0 ? (
              <tr>
                <td colSpan={5} className={css({ textAlign: 'center', color: 'fg.muted', py: '6' })}>
                  {alertsError
                    ? 'No se pudo obtener la lista de alertas'
                    : loadingAlerts
                      ? 'Cargando...'
                      : 'Sin Resultados.'}
                </td>
              </tr>
            ) : (
              alerts.map((alert) => (
                <tr key={alert.id}>
                  <td>
                    <Checkbox
                      aria-label={`Seleccionar alerta ${alert.id}`}
                      checked={checked.has(alert.id)}
                      onChange={() =>
                        setChecked((current) => {
                          const next = new Set(current)
                          if (next.has(alert.id)) next.delete(alert.id)
                          else next.add(alert.id)
                          return next
                        })
                      }
                    />
                  </td>
                  <td>{alert.id}</td>
                  <td>{alert.description}</td>
                  <td>{alert.visual_tag ?? 'N/A'}</td>
                  <td>
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-label={`Marcar como leída la alerta ${alert.id}`}
                      loading={busy === alert.id}
                      disabled={busy !== null}
                      onClick={() => markRead([alert.id], alert.id)}
                    >
                      Marcar como leída
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </styled.div>
      <styled.p textStyle="xs" color="fg.muted">
        {total > alerts.length
          ? `Mostrando ${alerts.length} de ${total} alertas activas: filtre para encontrar otras.`
          : `${total} alertas activas.`}
      </styled.p>
      <HStack justify="space-between" gap="3">
        <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
          Volver
        </Button>
        <Button
          type="button"
          disabled={chosen.length === 0 || busy !== null}
          loading={busy === 'many'}
          loadingText="Enviando..."
          onClick={() => markRead(chosen, 'many')}
        >
          Marcar como leídas ({chosen.length})
        </Button>
      </HStack>
    </Stack>
  )
}

const tableClass = css({
  width: 'full',
  textStyle: 'sm',
  borderCollapse: 'collapse',
  '& th, & td': { verticalAlign: 'middle' },
  '& th': {
    textAlign: 'start',
    fontWeight: 'semibold',
    px: '3',
    py: '2',
    bg: 'bg.subtle',
    position: 'sticky',
    top: '0',
  },
  '& td': { px: '3', py: '1.5', borderTopWidth: '1px', borderColor: 'border.subtle' },
  '& tbody tr:nth-child(even)': { bg: 'gray.a2' },
})
