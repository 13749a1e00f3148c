import { DownloadIcon } from 'lucide-react'
import { useState } from 'react'
import { Box, HStack, Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toaster'
import type { DataTableColumn } from './data-table.types'
import { buildWorkbook, downloadFile, exportFileName, XLSX_MIME } from './export'

export interface FigureTableProps<TRow> {
  /** What the rows are (Spanish plural); names the table and, unless `exportLabel`, the export file. */
  label: string
  exportLabel?: string
  columns: DataTableColumn<TRow>[]
  rows: TRow[]
  getRowId: (row: TRow) => string
  /** Shown when there are no rows. */
  empty: string
  /** Extra controls beside 'Exportar'. */
  actions?: React.ReactNode
}

/**
 * A small table of computed figures (a board's pens, a test's ranking) that is whole on the page:
 * no server paging, sorting or filtering, unlike DataTable. 'Exportar' writes exactly what is shown
 * through the same export as every other table (one sheet 'Datos', '<label>-insights.xlsx').
 */
export function FigureTable<TRow>({
  label,
  exportLabel,
  columns,
  rows,
  getRowId,
  empty,
  actions,
}: FigureTableProps<TRow>) {
  const [exporting, setExporting] = useState(false)
  const exportRows = async () => {
    setExporting(true)
    try {
      const bytes = await buildWorkbook(columns, rows)
      downloadFile(bytes, exportFileName(exportLabel ?? label), XLSX_MIME)
    } catch {
      toast.error('No se pudo exportar la tabla')
    } finally {
      setExporting(false)
    }
  }
  return (
    <Stack gap="2" w="full">
      <HStack gap="2" justify="flex-end" flexWrap="wrap">
        {actions}
        <Button
          variant="outline"
          size="sm"
          onClick={exportRows}
          loading={exporting}
          disabled={rows.length === 0}
        >
          <DownloadIcon aria-hidden /> Exportar
        </Button>
      </HStack>
      {rows.length === 0 ? (
        <styled.p color="fg.muted" textStyle="sm">
          {empty}
        </styled.p>
      ) : (
        // Focusable and named: a keyboard user scrolls a wide table sideways (a phone, many columns).
        <Box
          overflowX="auto"
          borderWidth="1px"
          borderColor="border"
          borderRadius="l2"
          tabIndex={0}
          role="region"
          aria-label={label}
        >
          <styled.table w="full" textStyle="sm" aria-label={label} borderCollapse="collapse">
            <thead>
              <tr>
                {columns.map((column) => (
                  <styled.th
                    key={column.id}
                    scope="col"
                    textAlign={column.align === 'end' ? 'end' : 'start'}
                    px="3"
                    py="2"
                    bg="bg.subtle"
                    whiteSpace="nowrap"
                    borderBottomWidth="1px"
                    borderColor="border"
                  >
                    {column.header}
                  </styled.th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={getRowId(row)}>
                  {columns.map((column) => (
                    <styled.td
                      key={column.id}
                      textAlign={column.align === 'end' ? 'end' : 'start'}
                      px="3"
                      py="2"
                      whiteSpace="nowrap"
                      borderBottomWidth="1px"
                      borderColor="border.subtle"
                    >
                      {column.cell(row)}
                    </styled.td>
                  ))}
                </tr>
              ))}
            </tbody>
          </styled.table>
        </Box>
      )}
    </Stack>
  )
}
