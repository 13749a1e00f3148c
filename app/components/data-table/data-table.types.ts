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
  /** Ids (getRowId) of the selected rows, across pages. */
  selected: string[]
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
