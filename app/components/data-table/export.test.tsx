import { describe, expect, it } from 'vitest'
import { read } from 'xlsx'
import type { AnimalListRow } from '~/features/animals/animals.schema'
import { ANIMAL_COLUMNS } from '~/features/animals/components/animal-columns'
import { EVENT_COLUMNS } from '~/features/events/components/event-columns'
import type { EventRowByKind } from '~/features/events/events-list.schema'
import { exportDate } from '~/lib/format'
import type { DataTableColumn } from './data-table.types'
import { buildWorkbook, EXPORT_SHEET_NAME, exportFileName } from './export'

describe('export file name (spec: the data type label plus "-insights", xlsx)', () => {
  it('writes every table’s label the same plain way', () => {
    expect(exportFileName('animales')).toBe('animales-insights.xlsx')
    expect(exportFileName('Inseminaciones')).toBe('inseminaciones-insights.xlsx')
    expect(exportFileName('Preservicios')).toBe('preservicios-insights.xlsx')
    expect(exportFileName('Pesadas')).toBe('pesadas-insights.xlsx')
    // The pregnancy checks' tab: no accent, no dot, no space.
    expect(exportFileName('Diag. Gestación')).toBe('diag-gestacion-insights.xlsx')
  })
})

describe('export dates (issue 16: dates were written as text)', () => {
  it('writes a date value as a real date cell with the es-AR day format', async () => {
    const columns: DataTableColumn<{ tag: string; born: string | null }>[] = [
      { id: 'tag', header: 'IDV', cell: (r) => r.tag, exportValue: (r) => r.tag },
      { id: 'born', header: 'Nacimiento', cell: (r) => r.born, exportValue: (r) => exportDate(r.born) },
    ]
    const bytes = await buildWorkbook(columns, [
      { tag: 'A-1', born: '2026-08-11 00:00:00' },
      { tag: 'A-2', born: null },
    ])
    const sheet = read(bytes, { cellNF: true }).Sheets[EXPORT_SHEET_NAME]
    expect(sheet?.B2).toMatchObject({ t: 'n', v: 46245, z: 'dd/mm/yyyy', w: '11/08/2026' })
    expect(sheet?.B3).toBeUndefined()
  })

  it('the Animales and Manga columns export their dates as dates', () => {
    const animal = { date_of_birth: '2024-03-05', check_in_date: '2024-04-01 00:00:00' } as AnimalListRow
    const born = ANIMAL_COLUMNS.find((c) => c.id === 'date_of_birth')?.exportValue(animal)
    expect(born).toBeInstanceOf(Date)
    expect((born as Date).toDateString()).toBe(new Date(2024, 2, 5).toDateString())
    const checkIn = ANIMAL_COLUMNS.find((c) => c.id === 'check_in_date')?.exportValue(animal)
    expect(checkIn).toBeInstanceOf(Date)
    const weighing = {
      weighing_id: 1,
      current_weight_date: '2026-08-11 10:30:00',
    } as unknown as EventRowByKind['weighing']
    const fecha = EVENT_COLUMNS.weighing({ onEdit: () => {}, onDelete: () => {} } as never)
      .find((c) => c.id === 'read_at')
      ?.exportValue(weighing)
    expect(fecha).toBeInstanceOf(Date)
  })
})
