import { useMemo, useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import type { DataTableColumn } from '~/components/data-table/data-table.types'
import { dateColumn, numberColumn, openColumn } from '~/components/data-table/figure-columns'
import { FigureTable } from '~/components/data-table/figure-table'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { NativeSelect } from '~/components/ui/native-select'
import { toast } from '~/components/ui/toaster'
import type { Rodeo } from '~/features/rodeos/rodeos.schema'
import type { ActionResult } from '~/lib/action-result'
import { formatDate } from '~/lib/format'
import { FEEDLOT_MESSAGES, type FeedlotBoard, type PenSummary } from '../feedlot.schema'
import type { ImportOutcome } from '../import-outcome'
import { SheetImport } from './sheet-import'

export interface FeedlotViewProps {
  board: FeedlotBoard
  onDateChange: (date: string) => void
  onOpenPen: (rodeoId: number) => void
  /** Administradores configure pens and import deliveries. */
  canEdit: boolean
  rodeos: readonly Rodeo[]
  onSavePen: (rodeoId: number, targetWeight: number) => Promise<ActionResult>
  onRemovePen: (rodeoId: number) => Promise<ActionResult>
  onImportDeliveries: (file: File) => Promise<ImportOutcome>
}

/** The built-in feedlot board: every pen's figures on the chosen projection date (decision 038). */
export function FeedlotView({
  board,
  onDateChange,
  onOpenPen,
  canEdit,
  rodeos,
  onSavePen,
  onRemovePen,
  onImportDeliveries,
}: FeedlotViewProps) {
  const columns = useMemo(() => penColumns(board.date, onOpenPen), [board.date, onOpenPen])
  return (
    <Stack gap="5">
      <HStack gap="3" flexWrap="wrap" alignItems="flex-end">
        <Stack gap="1">
          <styled.label htmlFor="feedlot-date" textStyle="sm" fontWeight="medium">
            Proyectar al
          </styled.label>
          <Input
            id="feedlot-date"
            type="date"
            value={board.date}
            onChange={(e) => e.target.value && onDateChange(e.target.value)}
            w="44"
          />
        </Stack>
        <styled.p color="fg.muted" textStyle="sm" maxW="2xl">
          Peso proyectado: el último peso más la GDPV desde el ingreso al corral. Listos: animales cuyo peso
          proyectado alcanza el peso objetivo del corral.
        </styled.p>
      </HStack>
      <FigureTable
        label="Corrales de feedlot"
        exportLabel="feedlot"
        columns={columns}
        rows={board.pens}
        getRowId={(pen) => String(pen.rodeo_id)}
        empty="No hay corrales de feedlot. Un administrador puede marcar un rodeo como corral más abajo."
      />
      {canEdit && (
        <Stack gap="4">
          <PenSettings rodeos={rodeos} pens={board.pens} onSave={onSavePen} onRemove={onRemovePen} />
          <SheetImport
            title="Importar entregas de alimento"
            columns="Corral, Fecha, Kg tal cual y % MS"
            onImport={onImportDeliveries}
          />
        </Stack>
      )}
    </Stack>
  )
}

function penColumns(date: string, onOpenPen: (rodeoId: number) => void): DataTableColumn<PenSummary>[] {
  return [
    openColumn(
      'name',
      'Corral',
      (p) => p.name,
      (p) => onOpenPen(p.rodeo_id),
    ),
    numberColumn('head', 'Cabezas', (p) => p.head),
    numberColumn('days', 'Días de encierre', (p) => p.days_on_feed),
    numberColumn('entry', 'Peso ingreso (kg)', (p) => p.entry_weight, 1),
    numberColumn('current', 'Peso actual (kg)', (p) => p.current_weight, 1),
    numberColumn('adg', 'GDPV (kg/día)', (p) => p.adg, 3),
    numberColumn('target', 'Peso objetivo (kg)', (p) => p.target_weight),
    dateColumn(
      'target_date',
      'Llega al objetivo',
      (p) => p.projected_target_date,
      (p) =>
        p.current_weight !== null && p.current_weight >= p.target_weight
          ? 'Alcanzado'
          : p.projected_target_date
            ? formatDate(p.projected_target_date)
            : '—',
    ),
    numberColumn('projected', `Peso al ${formatDate(date)} (kg)`, (p) => p.projected_weight, 1),
    numberColumn('ready', 'Listos', (p) => p.ready),
    numberColumn('deaths', 'Muertes', (p) => p.deaths),
    numberColumn('removals', 'Otras bajas', (p) => p.removals),
    numberColumn('dmi', 'CMS (kg MS/cab/día)', (p) => p.dmi, 2),
    numberColumn('conversion', 'Conversión', (p) => p.feed_conversion, 2),
  ]
}

function PenSettings({
  rodeos,
  pens,
  onSave,
  onRemove,
}: {
  rodeos: readonly Rodeo[]
  pens: readonly PenSummary[]
  onSave: FeedlotViewProps['onSavePen']
  onRemove: FeedlotViewProps['onRemovePen']
}) {
  const [rodeoId, setRodeoId] = useState('')
  const [target, setTarget] = useState('')
  const [busy, setBusy] = useState(false)
  const pen = pens.find((p) => String(p.rodeo_id) === rodeoId)
  const run = async (action: () => Promise<ActionResult>) => {
    setBusy(true)
    try {
      const result = await action()
      if (result.ok) toast.success(result.message ?? FEEDLOT_MESSAGES.penSaved)
      else toast.error(result.error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack gap="2" borderWidth="1px" borderColor="border" borderRadius="l2" p="4">
      <styled.h2 fontWeight="semibold">Corrales</styled.h2>
      <styled.p color="fg.muted" textStyle="sm">
        Un corral es un rodeo de engorde con su peso objetivo. Los animales ingresan al moverlos a ese rodeo.
      </styled.p>
      <HStack gap="3" flexWrap="wrap" alignItems="flex-end">
        <Stack gap="1">
          <styled.label htmlFor="pen-rodeo" textStyle="sm" fontWeight="medium">
            Rodeo
          </styled.label>
          <NativeSelect
            id="pen-rodeo"
            value={rodeoId}
            onChange={(e) => {
              setRodeoId(e.target.value)
              const existing = pens.find((p) => String(p.rodeo_id) === e.target.value)
              setTarget(existing ? String(existing.target_weight) : '')
            }}
          >
            <option value="">Elegir rodeo</option>
            {rodeos.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </NativeSelect>
        </Stack>
        <Stack gap="1">
          <styled.label htmlFor="pen-target" textStyle="sm" fontWeight="medium">
            Peso objetivo (kg)
          </styled.label>
          <Input
            id="pen-target"
            type="number"
            inputMode="decimal"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            w="32"
          />
        </Stack>
        <Button
          size="sm"
          loading={busy}
          disabled={!rodeoId || !target}
          onClick={() => run(() => onSave(Number(rodeoId), Number(target)))}
        >
          {pen ? 'Guardar corral' : 'Marcar como corral'}
        </Button>
        {pen && (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => run(() => onRemove(pen.rodeo_id))}
          >
            Dejar de ser corral
          </Button>
        )}
      </HStack>
    </Stack>
  )
}
