import { ArrowLeftIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import type { DataTableColumn } from '~/components/data-table/data-table.types'
import { FigureTable } from '~/components/data-table/figure-table'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { WeightChart } from '~/features/animals/components/weight-chart'
import { exportDate, formatDate, formatNumber } from '~/lib/format'
import type { PenAnimal, PenDetail } from '../feedlot.schema'

const kg = (value: number | null, decimals = 1) => (value === null ? '—' : formatNumber(value, decimals))

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
          {pen.head} cabezas · objetivo {formatNumber(pen.target_weight)} kg · GDPV {kg(pen.adg, 3)} kg/día ·{' '}
          {pen.ready} listos al {formatDate(detail.date)}
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
    {
      id: 'tag',
      header: 'IDV',
      cell: (a) => (
        <styled.button
          type="button"
          onClick={() => choose(a.id)}
          color="colorPalette.text"
          textDecoration="underline"
          cursor="pointer"
          aria-label={`Ver la curva de peso de ${a.visual_tag}`}
        >
          {a.visual_tag}
        </styled.button>
      ),
      exportValue: (a) => a.visual_tag,
    },
    { id: 'rfid', header: 'RFID', cell: (a) => a.electronic_tag ?? '', exportValue: (a) => a.electronic_tag },
    {
      id: 'entry',
      header: 'Ingreso',
      cell: (a) => formatDate(a.entry_date),
      exportValue: (a) => exportDate(a.entry_date),
    },
    {
      id: 'days',
      header: 'Días',
      cell: (a) => a.days_on_feed,
      exportValue: (a) => a.days_on_feed,
      align: 'end',
    },
    {
      id: 'entry_weight',
      header: 'Peso ingreso (kg)',
      cell: (a) => kg(a.entry_weight),
      exportValue: (a) => a.entry_weight,
      align: 'end',
    },
    {
      id: 'current',
      header: 'Último peso (kg)',
      cell: (a) => kg(a.current_weight),
      exportValue: (a) => a.current_weight,
      align: 'end',
    },
    {
      id: 'last',
      header: 'Última pesada',
      cell: (a) => formatDate(a.last_weighing_date),
      exportValue: (a) => exportDate(a.last_weighing_date),
    },
    {
      id: 'adg',
      header: 'GDPV (kg/día)',
      cell: (a) => kg(a.adg, 3),
      exportValue: (a) => a.adg,
      align: 'end',
    },
    {
      id: 'projected',
      header: `Peso al ${formatDate(date)} (kg)`,
      cell: (a) => kg(a.projected_weight),
      exportValue: (a) => a.projected_weight,
      align: 'end',
    },
    {
      id: 'target_date',
      header: 'Llega al objetivo',
      cell: (a) => (a.projected_target_date ? formatDate(a.projected_target_date) : '—'),
      exportValue: (a) => exportDate(a.projected_target_date),
    },
    {
      id: 'ready',
      header: 'Listo',
      cell: (a) => (a.ready ? 'Sí' : 'No'),
      exportValue: (a) => (a.ready ? 'Sí' : 'No'),
    },
  ]
}
