import {
  columnVisibilityFeature,
  createColumnHelper,
  functionalUpdate,
  type PaginationState,
  type RowData,
  type RowSelectionState,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table'
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, TriangleAlertIcon } from 'lucide-react'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Box, styled } from 'styled-system/jsx'
import { stack } from 'styled-system/patterns'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { Skeleton } from '~/components/ui/skeleton'
import { Spinner } from '~/components/ui/spinner'
import { toast } from '~/components/ui/toaster'
import {
  type DataTableColumn,
  type FilterConfig,
  type FilterOption,
  type FilterValue,
  MAX_LISTED_SELECTION,
  selectedCountOf,
  selectionOf,
  type TableSelection,
  type TableViewState,
} from './data-table.types'
import { DataTablePagination } from './data-table-pagination'
import { type ColumnToggle, DataTableToolbar } from './data-table-toolbar'
import { buildWorkbook, downloadFile, EXPORT_DELAY_MS, exportFileName, XLSX_MIME } from './export'
import { countFilters, setFilter } from './filter-values'

/** Page sizes offered by default in 'Filas por página'. */
export const DEFAULT_PER_PAGE_OPTIONS = [25, 50, 100]

/** Id of the selection column; no data column may use it. */
const SELECT_COLUMN_ID = '__select'

const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnVisibilityFeature,
  rowSelectionFeature,
})

export interface DataTableProps<TRow extends RowData> {
  /**
   * What the rows are, in Spanish plural (e.g. 'animales'). Names the table for assistive
   * technology and, unless `exportLabel` is given, the export file ('animales-insights.xlsx').
   */
  label: string
  /** The data type label that names the export file when it is not `label` (e.g. a tab's 'Diag. Gestación'). */
  exportLabel?: string
  /** Column definitions. Keep the array stable (module constant or memo): a new one rebuilds the table. */
  columns: DataTableColumn<TRow>[]
  /** The current page of rows, already filtered, sorted and paged by the server. */
  rows: TRow[]
  /** A stable id per row: selection is kept as these ids, across pages. */
  getRowId: (row: TRow) => string
  /** How a person names the row, for its checkbox ('Seleccionar fila 15004'); default the id. */
  getRowLabel?: (row: TRow) => string
  /** How many rows match the filters, over all pages. */
  total: number
  /** Rows are being fetched: skeleton rows with no data yet, a spinner over the rows otherwise. */
  loading: boolean
  /** Shown in place of the rows, e.g. 'No se pudo obtener la lista de animales'. */
  error?: string
  /**
   * The whole view (filters, sort, page, page size, hidden columns, density, selection). The table
   * is fully controlled: it changes nothing itself and reports every change to `onStateChange`.
   */
  state: TableViewState
  /**
   * Receives the next view state. Changing filters or sort (or the page size) also sets `page` to 1;
   * a page change keeps everything else. `replace` marks a correction rather than a step of the
   * user's (a page past the last one brought back to the last): it should not add a history entry.
   */
  onStateChange: (next: TableViewState, options?: { replace?: boolean }) => void
  /** Filter definitions: principal ones sit in the toolbar, the others in the 'Filtros' popover. */
  filters: FilterConfig[]
  /**
   * Options of dropdown filters by `columnId`; `undefined` while their lookups load (the dropdown
   * shows 'no disponible'). A filter with `customOptions` needs no entry.
   */
  filterOptions: Record<string, FilterOption[] | undefined>
  /**
   * Called when a person reaches for the filters (the pointer enters them, or focus does): a page
   * whose options cost a query (Animales: a scan of the herd) loads them then, not with every page
   * view (decision 041). Until they arrive a dropdown says 'no disponible', as while loading.
   */
  onFilterOptionsWanted?: () => void
  /** 'Recargar': fetch the current page again. */
  onReload: () => void
  /**
   * Fetches the rows with these ids (they may be on other pages) for the spreadsheet export. Called
   * one second after 'Exportar' is clicked (spec 9); a rejection shows an error toast.
   */
  exportRows: (ids: string[]) => Promise<TRow[]>
  /**
   * Builds the export on the server instead (docs/decisions/016): the selection (listed ids, or all
   * rows matching the view's filters except some) and the visible columns' ids in, the xlsx out.
   * Given, it replaces `exportRows`, and the table offers 'Seleccionar los N que coinciden'.
   */
  exportFile?: (selection: TableSelection, columnIds: string[]) => Promise<Blob>
  /** Page-specific toolbar controls (alerts, events, 'Agregar nuevo animal'), before 'Exportar'. */
  toolbarActions?: ReactNode
  /** Choices of 'Filas por página' (default 25, 50, 100). */
  perPageOptions?: number[]
  /** Height of the scrolling area; the header row sticks to its top (default '70vh'). */
  maxHeight?: string
}

/**
 * The generic, controlled data table of the cattle screens (spec 2): toolbar with filters, badges,
 * density, export, reload and column menu; sortable sticky header; selection by id across pages;
 * pagination footer. It never sorts, filters or pages rows itself: the server does.
 */
export function DataTable<TRow extends RowData>(props: DataTableProps<TRow>) {
  const {
    label,
    columns,
    rows,
    getRowId,
    total,
    loading,
    error,
    state,
    filters,
    filterOptions,
    perPageOptions = DEFAULT_PER_PAGE_OPTIONS,
    maxHeight = '70vh',
  } = props

  // Updates computed from the latest state: a debounced text filter may fire after other changes.
  const stateRef = useRef(state)
  stateRef.current = state
  const onStateChangeRef = useRef(props.onStateChange)
  onStateChangeRef.current = props.onStateChange
  const update = (change: (current: TableViewState) => TableViewState) =>
    onStateChangeRef.current(change(stateRef.current))

  const [exporting, setExporting] = useState(false)

  // A page past the last one (a filtered view kept at `page=2`, a hand-edited `?page=99`) is brought
  // back to the last page once the count is known, replacing the history entry: the footer never
  // reads 'Página 99 de 18' (issue 16).
  const lastPage = Math.max(1, Math.ceil(total / state.perPage))
  const outOfRange = !loading && !error && state.page > lastPage
  useEffect(() => {
    if (outOfRange) onStateChangeRef.current({ ...stateRef.current, page: lastPage }, { replace: true })
  }, [outOfRange, lastPage])

  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, TRow>()
    return [
      helper.display({ id: SELECT_COLUMN_ID, enableSorting: false, enableHiding: false }),
      ...columns.map((column) =>
        helper.accessor((row: TRow): unknown => column.exportValue(row), {
          id: column.id,
          header: column.header,
          cell: (context) => column.cell(context.row.original),
          enableSorting: Boolean(column.sortable),
          enableHiding: column.hideable !== false,
          sortDescFirst: false,
        }),
      ),
    ]
  }, [columns])

  const columnsById = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns])

  const sorting: SortingState = useMemo(() => (state.sort ? [state.sort] : []), [state.sort])
  const pagination: PaginationState = useMemo(
    () => ({ pageIndex: Math.max(0, state.page - 1), pageSize: state.perPage }),
    [state.page, state.perPage],
  )
  const allMatching = Boolean(props.exportFile && state.allMatching)
  const excluded = state.excluded
  const rowSelection: RowSelectionState = useMemo(() => {
    if (!allMatching) return Object.fromEntries(state.selected.map((id) => [id, true as const]))
    const unticked = new Set(excluded)
    return Object.fromEntries(
      rows.flatMap((row) => (unticked.has(getRowId(row)) ? [] : [[getRowId(row), true as const]])),
    )
  }, [allMatching, excluded, state.selected, rows, getRowId])
  const columnVisibility = useMemo(() => {
    const visibility: Record<string, boolean> = {}
    for (const column of columns) {
      const hiddenByDensity = state.compact && !column.compact
      visibility[column.id] = !hiddenByDensity && !state.hidden.includes(column.id)
    }
    return visibility
  }, [columns, state.compact, state.hidden])

  const table = useTable({
    features,
    columns: tableColumns,
    data: rows,
    getRowId: (row) => getRowId(row),
    state: { sorting, pagination, rowSelection, columnVisibility },
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    enableMultiSort: false,
    enableSortingRemoval: true,
    sortDescFirst: false,
    enableSubRowSelection: false,
    onSortingChange: (updater: Updater<SortingState>) =>
      update((current) => {
        const next = functionalUpdate(updater, current.sort ? [current.sort] : [])[0]
        return { ...current, sort: next ? { id: next.id, desc: next.desc } : undefined, page: 1 }
      }),
    onPaginationChange: (updater: Updater<PaginationState>) =>
      update((current) => {
        const next = functionalUpdate(updater, { pageIndex: current.page - 1, pageSize: current.perPage })
        if (next.pageSize !== current.perPage) return { ...current, perPage: next.pageSize, page: 1 }
        return { ...current, page: next.pageIndex + 1 }
      }),
    onRowSelectionChange: (updater: Updater<RowSelectionState>) =>
      update((current) => {
        if (props.exportFile && current.allMatching) {
          // Unticking a row of 'all matching' lists it as an exception; ticking it again unlists it.
          const next = functionalUpdate(updater, rowSelection)
          const unticked = new Set(current.excluded)
          for (const row of rows) {
            const id = getRowId(row)
            if (next[id]) unticked.delete(id)
            else unticked.add(id)
          }
          if (unticked.size > MAX_LISTED_SELECTION) {
            toast.error(`No se pueden quitar más de ${MAX_LISTED_SELECTION} animales de la selección`, {
              description: 'Use los filtros para acotarla.',
            })
            return current
          }
          return { ...current, excluded: [...unticked] }
        }
        const before: RowSelectionState = Object.fromEntries(
          current.selected.map((id) => [id, true as const]),
        )
        const next = functionalUpdate(updater, before)
        const selected = Object.keys(next).filter((id) => next[id])
        if (selected.length > MAX_LISTED_SELECTION && selected.length > current.selected.length) {
          // A listed selection travels in the link: past this size it would break it (HTTP 431).
          toast.error(`No se pueden seleccionar más de ${MAX_LISTED_SELECTION} filas una por una`, {
            description: props.exportFile
              ? `Use "Seleccionar los ${total.toLocaleString('es-AR')} que coinciden" (con filtros si hace falta).`
              : 'Use los filtros para acotar la lista.',
          })
          return current
        }
        return { ...current, selected }
      }),
    onColumnVisibilityChange: () => {
      // Visibility derives from `state.hidden` and `state.compact`: the 'Columnas' menu changes those.
    },
  })

  const visibleColumns = columns.filter((column) => columnVisibility[column.id] !== false)
  const filterCount = countFilters(state.filters)
  const availableFilters = state.compact ? filters.filter((filter) => filter.isCompact) : filters
  const principalFilters = availableFilters.filter((filter) => filter.isPrincipal)
  const popoverFilters = availableFilters.filter((filter) => !filter.isPrincipal)
  const columnToggles: ColumnToggle[] = columns
    .filter((column) => column.hideable !== false && (!state.compact || column.compact))
    .map((column) => ({ id: column.id, header: column.header, visible: !state.hidden.includes(column.id) }))

  const hasData = total > 0 && !error
  const selectedCount = selectedCountOf({ ...state, allMatching }, total)
  const canExport = hasData && selectedCount > 0 && !exporting
  // 'Select all N matching' is offered once the whole page is ticked and more rows match.
  const pageAllTicked = pageRowsAllTicked(rows.map(getRowId), rowSelection)
  const offerAllMatching =
    Boolean(props.exportFile) && !allMatching && pageAllTicked && total > state.selected.length

  /** A filter change clears an 'all matching' selection: the set it named is gone. */
  const withoutAllMatching = (view: TableViewState): TableViewState =>
    view.allMatching ? { ...view, allMatching: undefined, excluded: undefined, selected: [] } : view

  function changeFilter(columnId: string, value: FilterValue | undefined) {
    update((current) => ({
      ...withoutAllMatching(current),
      filters: setFilter(current.filters, columnId, value),
      page: 1,
    }))
  }

  async function exportSelected() {
    const current = stateRef.current
    const selection = selectionOf({
      ...current,
      allMatching: Boolean(props.exportFile && current.allMatching),
    })
    if (!selection.all && selection.ids.length === 0) return
    setExporting(true)
    try {
      await new Promise((resolve) => setTimeout(resolve, EXPORT_DELAY_MS))
      const fileName = exportFileName(props.exportLabel ?? label)
      if (props.exportFile) {
        downloadFile(
          await props.exportFile(
            selection,
            visibleColumns.map((column) => column.id),
          ),
          fileName,
          XLSX_MIME,
        )
      } else {
        const records = await props.exportRows(selection.all ? [] : selection.ids)
        downloadFile(await buildWorkbook(visibleColumns, records), fileName, XLSX_MIME)
      }
    } catch {
      toast.error('No se pudo exportar la planilla')
    } finally {
      setExporting(false)
    }
  }

  const headerGroup = table.getHeaderGroups()[0]
  const pageRows = table.getRowModel().rows
  const columnCount = visibleColumns.length + 1
  const showSkeleton = loading && pageRows.length === 0 && !error
  const dense = state.compact

  return (
    <div className={tableLayoutClass}>
      <DataTableToolbar
        principalFilters={principalFilters}
        popoverFilters={popoverFilters}
        filterValues={state.filters}
        filterOptions={filterOptions}
        onFilterOptionsWanted={props.onFilterOptionsWanted}
        onFilterChange={changeFilter}
        filterCount={filterCount}
        onClearFilters={() => update((current) => ({ ...withoutAllMatching(current), filters: {}, page: 1 }))}
        selectedCount={selectedCount}
        onClearSelection={() =>
          update((current) => ({ ...current, selected: [], allMatching: undefined, excluded: undefined }))
        }
        compact={state.compact}
        onCompactChange={(compact) => update((current) => ({ ...current, compact }))}
        actions={props.toolbarActions}
        canExport={canExport}
        exporting={exporting}
        onExport={exportSelected}
        loading={loading}
        onReload={props.onReload}
        columns={columnToggles}
        onColumnVisibilityChange={(id, visible) =>
          update((current) => ({
            ...current,
            hidden: visible ? current.hidden.filter((hidden) => hidden !== id) : [...current.hidden, id],
          }))
        }
      />

      {(offerAllMatching || allMatching) && !error && (
        <styled.div
          role="status"
          display="flex"
          flexWrap="wrap"
          alignItems="center"
          justifyContent="center"
          gap="2"
          px="3"
          py="2"
          borderRadius="l2"
          bg="accent.a3"
          textStyle="sm"
        >
          {allMatching ? (
            <>
              <span>
                {excluded?.length
                  ? `Seleccionados los ${format(selectedCount)} que coinciden (se quitaron ${format(excluded.length)}).`
                  : `Seleccionados los ${format(selectedCount)} que coinciden.`}
              </span>
              <Button
                size="xs"
                variant="outline"
                onClick={() =>
                  update((current) => ({
                    ...current,
                    selected: [],
                    allMatching: undefined,
                    excluded: undefined,
                  }))
                }
              >
                Quitar selección
              </Button>
            </>
          ) : (
            <>
              <span>Seleccionadas las {format(rows.length)} filas de esta página.</span>
              <Button
                size="xs"
                variant="outline"
                onClick={() =>
                  update((current) => ({ ...current, selected: [], allMatching: true, excluded: [] }))
                }
              >
                Seleccionar los {format(total)} que coinciden
              </Button>
            </>
          )}
        </styled.div>
      )}

      <div className={frameClass}>
        {/* biome-ignore lint/a11y/useSemanticElements: the scrolling region keeps the markup it always had */}
        <div
          className={scrollClass}
          style={{ maxHeight }}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it (axe scrollable-region-focusable)
          tabIndex={0}
          aria-label={`Tabla de ${label}`}
          role="region"
        >
          <table
            className={tableClass}
            aria-label={label.charAt(0).toLocaleUpperCase('es') + label.slice(1)}
            aria-busy={loading || undefined}
            aria-rowcount={total + 1}
          >
            <thead className={theadClass}>
              <tr>
                {headerGroup?.headers.map((header) => {
                  if (header.column.id === SELECT_COLUMN_ID) {
                    return (
                      <th key={header.id} className={cx(headCell, selectCell)}>
                        <Checkbox
                          aria-label="Seleccionar todas las filas de esta página"
                          checked={pageRows.length > 0 && table.getIsAllPageRowsSelected()}
                          indeterminate={table.getIsSomePageRowsSelected()}
                          disabled={pageRows.length === 0}
                          onChange={(event) => table.toggleAllPageRowsSelected(event.target.checked)}
                        />
                      </th>
                    )
                  }
                  const column = columnsById.get(header.column.id)
                  const sorted = header.column.getIsSorted()
                  const canSort = header.column.getCanSort()
                  const align = column?.align === 'end' ? 'end' : 'start'
                  return (
                    <th
                      key={header.id}
                      className={headCell}
                      style={{ textAlign: align }}
                      aria-sort={
                        canSort
                          ? sorted === 'asc'
                            ? 'ascending'
                            : sorted === 'desc'
                              ? 'descending'
                              : 'none'
                          : undefined
                      }
                      data-compact={dense || undefined}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className={sortButton}
                          data-align={align}
                          onClick={header.column.getToggleSortingHandler()}
                          title={
                            sorted === 'asc'
                              ? 'Orden ascendente: clic para descendente'
                              : sorted === 'desc'
                                ? 'Orden descendente: clic para quitar el orden'
                                : 'Ordenar ascendente'
                          }
                        >
                          {column?.header}
                          <SortIcon sorted={sorted} />
                        </button>
                      ) : (
                        column?.header
                      )}
                    </th>
                  )
                })}
              </tr>
            </thead>
            <tbody
              className={cx(pendingRows, bodyCells)}
              data-pending={(loading && !showSkeleton) || undefined}
              data-compact={dense || undefined}
            >
              {error ? (
                <tr data-message>
                  <td colSpan={columnCount} className={messageCell}>
                    <styled.div
                      role="alert"
                      display="inline-flex"
                      alignItems="center"
                      gap="2"
                      color="fg.error"
                      fontWeight="medium"
                    >
                      <TriangleAlertIcon size={18} aria-hidden />
                      {error}
                    </styled.div>
                    <Box mt="3">
                      <Button size="xs" variant="outline" onClick={props.onReload}>
                        Reintentar
                      </Button>
                    </Box>
                  </td>
                </tr>
              ) : showSkeleton ? (
                <SkeletonRows columns={columnCount} rows={Math.min(state.perPage, 8)} />
              ) : pageRows.length === 0 ? (
                <tr data-message>
                  <td colSpan={columnCount} className={messageCell}>
                    Sin Resultados.
                  </td>
                </tr>
              ) : (
                pageRows.map((row) => {
                  const selected = row.getIsSelected()
                  // Cells straight from the column definitions, not through the table's cell objects
                  // and FlexRender: the same markup at a fraction of the cost per cell, which every
                  // server render of a page pays 50 times over (decision 041).
                  return (
                    <tr key={row.id} className={bodyRow} data-selected={selected || undefined}>
                      <td className={selectCell}>
                        <Checkbox
                          aria-label={`Seleccionar fila ${props.getRowLabel ? props.getRowLabel(row.original) : row.id}`}
                          checked={selected}
                          onChange={row.getToggleSelectedHandler()}
                        />
                      </td>
                      {visibleColumns.map((column) => (
                        <td key={column.id} data-align={column.align === 'end' ? 'end' : undefined}>
                          {column.cell(row.original)}
                        </td>
                      ))}
                    </tr>
                  )
                })
              )}
            </tbody>
          </table>
        </div>
        {loading && !showSkeleton && !error && (
          <Box
            position="absolute"
            inset="0"
            display="flex"
            alignItems="center"
            justifyContent="center"
            bg="bg.default/60"
            pointerEvents="none"
            zIndex="2"
          >
            <Spinner size="md" />
          </Box>
        )}
        {loading && (
          <styled.span role="status" srOnly>
            Cargando {label}...
          </styled.span>
        )}
      </div>

      <DataTablePagination
        page={Math.min(state.page, lastPage)}
        pending={loading}
        perPage={state.perPage}
        total={total}
        perPageOptions={perPageOptions}
        canPrevious={table.getCanPreviousPage()}
        canNext={table.getCanNextPage()}
        pageCount={Math.max(1, table.getPageCount())}
        onFirst={() => table.firstPage()}
        onPrevious={() => table.previousPage()}
        onNext={() => table.nextPage()}
        onLast={() => table.lastPage()}
        onPerPageChange={(perPage) => table.setPageSize(perPage)}
      />
    </div>
  )
}

// The table's frame renders with every page, on the server too: its classes are computed once here
// rather than by styled components on each render (decision 050).
const tableLayoutClass = stack({ gap: '3', minW: '0' })
const frameClass = css({
  position: 'relative',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.default',
  overflow: 'hidden',
})
const scrollClass = css({ overflow: 'auto' })
const tableClass = css({ width: 'full', borderCollapse: 'separate', borderSpacing: '0', textStyle: 'sm' })
const theadClass = css({ position: 'sticky', top: '0', zIndex: '1', bg: 'bg.subtle' })

const format = (n: number) => n.toLocaleString('es-AR')

function pageRowsAllTicked(ids: string[], selection: RowSelectionState) {
  return ids.length > 0 && ids.every((id) => selection[id])
}

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  if (sorted === 'asc') return <ArrowUpIcon size={14} aria-hidden />
  if (sorted === 'desc') return <ArrowDownIcon size={14} aria-hidden />
  return <ArrowUpDownIcon size={14} aria-hidden className={unsortedIconClass} />
}

const unsortedIconClass = css({ opacity: 0.45 })

function SkeletonRows({ columns, rows }: { columns: number; rows: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity of their own
        <tr key={r} className={bodyRow} aria-hidden>
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <td key={c}>
              <Skeleton
                height="3.5"
                width={c === 0 ? '4' : `${60 + ((r * 7 + c * 13) % 35)}%`}
                borderRadius="l1"
              />
            </td>
          ))}
        </tr>
      ))}
    </>
  )
}

const headCell = css({
  px: '3',
  py: '2.5',
  fontWeight: 'semibold',
  textStyle: 'xs',
  color: 'fg.muted',
  textTransform: 'uppercase',
  letterSpacing: 'wide',
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
  bg: 'bg.subtle',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  '&[data-compact]': { py: '1.5' },
})

const sortButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  verticalAlign: 'middle',
  gap: '1',
  font: 'inherit',
  color: 'inherit',
  textTransform: 'inherit',
  letterSpacing: 'inherit',
  cursor: 'pointer',
  borderRadius: 'l1',
  mx: '-1',
  px: '1',
  _hover: { color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
  '&[data-align=end]': { flexDirection: 'row-reverse' },
})

const selectCell = css({
  width: '10',
  minW: '10',
  px: '3',
  textAlign: 'center',
  verticalAlign: 'middle',
  '& input': { display: 'block', mx: 'auto' },
})

const bodyRow = css({
  '&:nth-of-type(even)': { bg: 'gray.a2' },
  _hover: { bg: 'gray.a3' },
  '&[data-selected]': { bg: 'accent.a3' },
})

/**
 * The body cells' look, set once on the tbody rather than as a dozen atomic classes on each of a
 * page's ~1,000 cells (decision 025: that repetition was 200 KB of the Animales page's HTML). A
 * cell says only what differs: `data-align="end"` for numbers. The message rows (error, no
 * results) keep their own look.
 */
const bodyCells = css({
  '& > tr:not([data-message]) > td': {
    px: '3',
    py: '2.5',
    whiteSpace: 'nowrap',
    color: 'fg.default',
    borderBottomWidth: '1px',
    borderColor: 'border.subtle',
    fontVariantNumeric: 'tabular-nums',
    verticalAlign: 'middle',
  },
  '& > tr > td[data-align=end]': { textAlign: 'end' },
  '&[data-compact] > tr:not([data-message]) > td': { py: '1' },
})

/** The previous rows stay while the next ones load, dimmed under the spinner. */
const pendingRows = css({ transition: 'opacity 0.15s', '&[data-pending]': { opacity: '0.55' } })

const messageCell = css({ px: '4', py: '12', textAlign: 'center', color: 'fg.muted' })
