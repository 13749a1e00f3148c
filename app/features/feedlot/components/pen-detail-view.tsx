import { ArrowLeftIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import type { DataTableColumn } from '~/components/data-table/data-table.types'
import { dateColumn, figure, numberColumn, openColumn } from '~/components/data-table/figure-columns'
import { FigureTable } from '~/components/data-table/figure-table'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { WeightChart } from '~/features/animals/components/weight-chart'
import { formatDate, formatNumber } from '~/lib/format'
import type { PenAnimal, PenDetail } from '../feedlot.schema'

/** A pen's animals on feed, their projections and each one's weight curve since entry. */
export function PenDetailView({ detail, onBack }: { detail: PenDetail; onBack: () => void }) {
  const [readyOnly, setReadyOnly] = useState(false)
  const [chosen, setChosen] = useState<string | null>(detail.animals[0]?.id ?? null)
  const rows = readyOnly ? detail.animals.filter((a) => a.ready) : detail.animals
  const columns = useMemo(() => animalColumns(detail.date, setChosen), [detail.date])
  const animal = detail.animals.find((a) => a.id === chosen)
  const { pen } = detail
  return (
    <Stack gap="4">
      <HStack gap="3" flexWrap="wrap">
        <Button size="sm" variant="outline" onClick={onBack}>
          <ArrowLeftIcon aria-hidden /> Corrales
        </Button>
        <styled.h2 textStyle="xl" fontWeight="semibold">
          {pen.name}
        </styled.h2>
        <styled.span color="fg.muted" textStyle="sm">
          {pen.head} cabezas · objetivo {formatNumber(pen.target_weight)} kg · GDPV {figure(pen.adg, 3)}{' '}
          kg/día · {pen.ready} listos al {formatDate(detail.date)}
        </styled.span>
      </HStack>
      <FigureTable
        label={`Animales del corral ${pen.name}`}
        exportLabel={`corral ${pen.name}`}
        columns={columns}
        rows={rows}
        getRowId={(a) => a.id}
        empty={
          readyOnly ? 'Ningún animal alcanza el peso objetivo en esa fecha.' : 'El corral no tiene animales.'
        }
        actions={
          <HStack gap="2" textStyle="sm" mr="auto">
            <Checkbox
              id="pen-ready-only"
              checked={readyOnly}
              onChange={(e) => setReadyOnly(e.target.checked)}
            />
            <styled.label htmlFor="pen-ready-only">Solo listos para embarque</styled.label>
          </HStack>
        }
      />
      {animal && (
        <Stack gap="2">
          <styled.h3 fontWeight="semibold">Curva de peso de {animal.visual_tag} desde el ingreso</styled.h3>
          <WeightChart
            weighings={animal.weighings.map((w) => ({ read_at: `${w.date} 00:00:00`, weight: w.weight }))}
          />
        </Stack>
      )}
    </Stack>
  )
}

function animalColumns(date: string, choose: (id: string) => void): DataTableColumn<PenAnimal>[] {
  return [
    openColumn(
      'tag',
      'IDV',
      (a) => a.visual_tag,
      (a) => choose(a.id),
      (a) => `Ver la curva de peso de ${a.visual_tag}`,
    ),
    { id: 'rfid', header: 'RFID', cell: (a) => a.electronic_tag ?? '', exportValue: (a) => a.electronic_tag },
    dateColumn('entry', 'Ingreso', (a) => a.entry_date),
    numberColumn('days', 'Días', (a) => a.days_on_feed),
    numberColumn('entry_weight', 'Peso ingreso (kg)', (a) => a.entry_weight, 1),
    numberColumn('current', 'Último peso (kg)', (a) => a.current_weight, 1),
    dateColumn('last', 'Última pesada', (a) => a.last_weighing_date),
    numberColumn('adg', 'GDPV (kg/día)', (a) => a.adg, 3),
    numberColumn('projected', `Peso al ${formatDate(date)} (kg)`, (a) => a.projected_weight, 1),
    dateColumn('target_date', 'Llega al objetivo', (a) => a.projected_target_date),
    {
      id: 'ready',
      header: 'Listo',
      cell: (a) => (a.ready ? 'Sí' : 'No'),
      exportValue: (a) => (a.ready ? 'Sí' : 'No'),
    },
  ]
}
