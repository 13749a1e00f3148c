import type { ReactNode } from 'react'

/** Spec section 3, "Filter configuration item". */
export type FilterType = 'input' | 'select' | 'multi-select' | 'date-range' | 'range'

export interface FilterOption {
  value: string
  label: string
}

export interface FilterConfig {
  /** The column (and query parameter) the filter applies to. */
  columnId: string
  /** Spanish label shown above the control. */
  label: string
  type: FilterType
  placeholder?: string
  /** Principal text filters sit outside the popover, in the toolbar. */
  isPrincipal?: boolean
  /** Shown in compact mode too. */
  isCompact?: boolean
  /** Which framework list feeds a dropdown, e.g. 'animal_types' or 'rodeo'. */
  option?: string
  frame?: 'rider' | 'establishment' | 'general'
  /** Fixed options instead of a framework list. */
  customOptions?: FilterOption[]
}

export type RangeValue = { min?: number; max?: number }
export type DateRangeValue = { from?: string; to?: string }
export type FilterValue = string | string[] | RangeValue | DateRangeValue
export type FilterValues = Record<string, FilterValue>

export interface SortState {
  id: string
  desc: boolean
}

/** Everything a user can change in a table view; the page keeps it in the URL. */
export interface TableViewState {
  filters: FilterValues
  sort?: SortState
  /** 1-based. */
  page: number
  perPage: number
  /** Ids of hidden columns. */
  hidden: string[]
  compact: boolean
  /** Ids (getRowId) of the selected rows, across pages; empty while `allMatching`. */
  selected: string[]
  /**
   * 'Seleccionar los N que coinciden': every row matching the filters is selected, on any page,
   * except the `excluded` ones (docs/decisions/016). The set is resolved by the server from the
   * filters, so it has no size limit and its link stays short.
   */
  allMatching?: boolean
  /** Rows unticked while `allMatching`. */
  excluded?: string[]
}

/**
 * A selection as the server resolves it: listed ids, or every row matching the view's filters
 * except some.
 */
export type TableSelection = { all: false; ids: string[] } | { all: true; except: string[] }

/** Rows a listed selection (or the exceptions of an 'all matching' one) may hold: the link stays short. */
export const MAX_LISTED_SELECTION = 250

/** The selection of a view. */
export function selectionOf(
  view: Pick<TableViewState, 'selected' | 'allMatching' | 'excluded'>,
): TableSelection {
  return view.allMatching ? { all: true, except: view.excluded ?? [] } : { all: false, ids: view.selected }
}

/** How many rows a view's selection holds, given how many match its filters. */
export function selectedCountOf(
  view: Pick<TableViewState, 'selected' | 'allMatching' | 'excluded'>,
  total: number,
): number {
  return view.allMatching ? Math.max(0, total - (view.excluded?.length ?? 0)) : view.selected.length
}

export interface DataTableColumn<TRow> {
  id: string
  /** Spanish header text. */
  header: string
  cell: (row: TRow) => ReactNode
  /** The value written to the spreadsheet export; a Date is written as a date cell (dd/mm/yyyy). */
  exportValue: (row: TRow) => string | number | Date | null
  sortable?: boolean
  /** Can be hidden from the 'Columnas' menu (default true). */
  hideable?: boolean
  /** Shown in compact mode (default false: compact shows only these). */
  compact?: boolean
  align?: 'start' | 'end'
}
