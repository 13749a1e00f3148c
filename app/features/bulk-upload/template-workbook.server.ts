/**
 * The example templates users download (spec section 2), generated from the column definitions so
 * that a template always matches its parser: the header row, two example rows, and an
 * 'Instrucciones' sheet with the columns and the format rules.
 */
import * as XLSX from 'xlsx'
import {
  type BulkKind,
  describeColumn,
  FORMAT_RULES,
  TEMPLATES,
  templateByFileName,
} from './bulk-upload.templates'

export const TEMPLATE_SHEET = 'Datos'
export const INSTRUCTIONS_SHEET = 'Instrucciones'
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The template's first sheet as rows: the headers, then the example rows. */
export function templateRows(kind: BulkKind) {
  const { columns } = TEMPLATES[kind]
  return [columns.map((c) => c.header), ...[0, 1].map((i) => columns.map((c) => c.examples[i as 0 | 1]))]
}

export function instructionRows(kind: BulkKind) {
  const template = TEMPLATES[kind]
  return [
    [`${template.title}: planilla de ${template.noun}`],
    ['Complete una fila por registro en la hoja Datos. Reemplace las filas de ejemplo.'],
    [],
    ['Columna', 'Obligatoria', 'Qué lleva'],
    ...template.columns.map((c) => {
      const d = describeColumn(c)
      return [d.header, d.required, d.help]
    }),
    [],
    ['Reglas de cada fila'],
    ...template.rowRules.map((rule) => [rule]),
    [],
    ['Reglas de formato'],
    ...FORMAT_RULES.map((rule) => [rule]),
  ]
}

/** The template as .xlsx bytes. Tag columns are text cells, so Excel keeps their leading zeros. */
export function buildTemplate(kind: BulkKind): Uint8Array<ArrayBuffer> {
  const { columns } = TEMPLATES[kind]
  const data = XLSX.utils.aoa_to_sheet(templateRows(kind))
  columns.forEach((column, c) => {
    if (column.type !== 'electronicTag' && column.type !== 'visualTag' && column.type !== 'motherTag') return
    for (let r = 0; r <= 2; r++) {
      const cell = data[XLSX.utils.encode_cell({ r, c })]
      if (cell) cell.z = '@'
    }
  })
  data['!cols'] = columns.map((c) => ({ wch: Math.max(12, c.header.length + 2) }))
  const instructions = XLSX.utils.aoa_to_sheet(instructionRows(kind))
  instructions['!cols'] = [{ wch: 22 }, { wch: 12 }, { wch: 90 }]
  const workbook = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(workbook, data, TEMPLATE_SHEET)
  XLSX.utils.book_append_sheet(workbook, instructions, INSTRUCTIONS_SHEET)
  const bytes: ArrayBuffer = XLSX.write(workbook, { type: 'array', bookType: 'xlsx', compression: true })
  return new Uint8Array(bytes)
}

/** The download of a template by its file name; the same bytes for everyone (no data inside). */
export function templateResponse(fileName: string) {
  const template = templateByFileName(fileName)
  if (!template) return Response.json({ error: 'Planilla desconocida' }, { status: 404 })
  return new Response(buildTemplate(template.kind), {
    headers: {
      'content-type': XLSX_MIME,
      'content-disposition': `attachment; filename="${template.fileName}"`,
      'cache-control': 'private, max-age=3600',
    },
  })
}
