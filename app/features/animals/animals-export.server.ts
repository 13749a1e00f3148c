import type { DB } from '~/db/database.server'
import { xlsxReadableStream, xlsxStream } from '~/lib/xlsx-stream.server'
import { ANIMAL_EXPORT_COLUMNS, type AnimalExportColumnId } from './animals.export'
import { type AnimalSelectionQuery, selectedAnimalExportBlocks } from './animals.server'

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
/** Spec sections 2 and 9: the data type label plus '-insights'; the sheet is 'Datos'. */
export const ANIMALS_EXPORT_FILE = 'animales-insights.xlsx'
const SHEET_NAME = 'Datos'

/**
 * The xlsx of a selection of animals (listed, or all matching the filters but the exceptions), with
 * the given columns in order, written block by block while it is sent (docs/decisions/016).
 */
export function exportAnimalsXlsx(
  db: DB,
  establishmentId: number,
  selection: AnimalSelectionQuery,
  columnIds: readonly AnimalExportColumnId[],
): ReadableStream<Uint8Array> {
  const columns = columnIds.map((id) => ANIMAL_EXPORT_COLUMNS[id])
  async function* blocks() {
    for await (const rows of selectedAnimalExportBlocks(db, establishmentId, selection, columnIds)) {
      yield rows.map((row) => columns.map((column) => column.value(row)))
    }
  }
  return xlsxReadableStream(
    xlsxStream({ sheetName: SHEET_NAME, headers: columns.map((column) => column.header), blocks: blocks() }),
  )
}
