import { exportDate, formatAge } from '~/lib/format'
import type { AnimalListRow } from './animals.schema'

/**
 * What each Animales column writes to the spreadsheet, by column id: its header and its value.
 * Client-safe and free of React, so the table (`animal-columns.tsx`) and the provider's streamed
 * export (`GET /v2/establishments/{id}/animals/export`) write the same sheet from one definition.
 */
export interface AnimalExportColumn {
  header: string
  value: (row: AnimalExportRow) => string | number | Date | null
}

/**
 * What the columns read of an animal: a list row has it all (the table), and the streamed export
 * reads just this, with one flat query per block (`selectedAnimalExportBlocks`), not the list's joins.
 */
export type AnimalExportRow = Pick<
  AnimalListRow,
  | 'visual_tag'
  | 'electronic_tag'
  | 'date_of_birth'
  | 'age'
  | 'last_weight'
  | 'last_weight_read_at'
  | 'GDPV'
  | 'GDPVital'
  | 'mother_visual_tag'
  | 'father_alias'
  | 'check_in_date'
> & {
  category: { description: string } | null
  rodeo: { description: string } | null
  breed: { description: string } | null
  gender: { description: string } | null
  color: { description: string } | null
  last_pregnancy_check: { description: string | null } | null
  last_artificial_insemination: { read_at: string } | null
  alerts: { description: string }[]
}

const lookup = (value: { description: string } | null) => value?.description ?? ''

export const ANIMAL_EXPORT_COLUMNS = {
  visual_tag: { header: 'IDV', value: (row) => row.visual_tag },
  electronic_tag: { header: 'RFID', value: (row) => row.electronic_tag },
  category: { header: 'Categoría', value: (row) => lookup(row.category) },
  rodeo: { header: 'Rodeo', value: (row) => lookup(row.rodeo) },
  breed: { header: 'Raza', value: (row) => lookup(row.breed) },
  gender: { header: 'Sexo', value: (row) => lookup(row.gender) },
  color: { header: 'Color', value: (row) => lookup(row.color) },
  date_of_birth: { header: 'Nacimiento', value: (row) => exportDate(row.date_of_birth) },
  age: { header: 'Edad', value: (row) => formatAge(row.age) },
  last_weight: { header: 'Último peso (kg)', value: (row) => row.last_weight },
  last_weight_read_at: { header: 'Fecha últ. pesada', value: (row) => exportDate(row.last_weight_read_at) },
  gdpv: { header: 'GDPV (kg/día)', value: (row) => row.GDPV },
  gdpvital: { header: 'GDPVital (kg/día)', value: (row) => row.GDPVital },
  last_pregnancy_check: {
    header: 'Últ. diagnóstico',
    value: (row) => row.last_pregnancy_check?.description ?? null,
  },
  last_artificial_insemination: {
    header: 'Última IA',
    value: (row) => exportDate(row.last_artificial_insemination?.read_at),
  },
  mother: { header: 'Madre', value: (row) => row.mother_visual_tag },
  father: { header: 'Padre', value: (row) => row.father_alias },
  check_in_date: { header: 'Ingreso', value: (row) => exportDate(row.check_in_date) },
  alerts: {
    header: 'Alertas',
    value: (row) => row.alerts.map((alert) => alert.description).join(', ') || null,
  },
} satisfies Record<string, AnimalExportColumn>

export type AnimalExportColumnId = keyof typeof ANIMAL_EXPORT_COLUMNS
export const ANIMAL_EXPORT_COLUMN_IDS = Object.keys(ANIMAL_EXPORT_COLUMNS) as AnimalExportColumnId[]
