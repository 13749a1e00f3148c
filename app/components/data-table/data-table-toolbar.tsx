import {
  CheckIcon,
  Columns3Icon,
  FileSpreadsheetIcon,
  FilterIcon,
  RefreshCwIcon,
  Rows3Icon,
  Rows4Icon,
  XIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Box, HStack, Stack, styled } from 'styled-system/jsx'
import { flex, hstack } from 'styled-system/patterns'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { ClientPortal } from '~/components/ui/client-portal'
import * as Menu from '~/components/ui/menu'
import * as Popover from '~/components/ui/popover'
import type { FilterConfig, FilterOption, FilterValue, FilterValues } from './data-table.types'
import { FilterControl } from './filter-controls'

export interface ColumnToggle {
  id: string
  header: string
  visible: boolean
}

export interface DataTableToolbarProps {
  /** Principal filters (shown in the toolbar) and the rest (in the 'Filtros' popover). */
  principalFilters: FilterConfig[]
  popoverFilters: FilterConfig[]
  filterValues: FilterValues
  filterOptions: Record<string, FilterOption[] | undefined>
  /** The pointer or focus reached the filters (see DataTableProps). */
  onFilterOptionsWanted?: () => void
  onFilterChange: (columnId: string, value: FilterValue | undefined) => void
  filterCount: number
  onClearFilters: () => void
  selectedCount: number
  onClearSelection: () => void
  compact: boolean
  onCompactChange: (compact: boolean) => void
  actions?: ReactNode
  canExport: boolean
  exporting: boolean
  onExport: () => void
  loading: boolean
  onReload: () => void
  columns: ColumnToggle[]
  onColumnVisibilityChange: (id: string, visible: boolean) => void
}

const badgeButton = css({
  cursor: 'pointer',
  gap: '1.5',
  transition: 'background 0.15s',
  _hover: { bg: 'colorPalette.a4' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '1px' },
})

/** The data table's toolbar (spec 2, "Data table for cattle"). */
export function DataTableToolbar(props: DataTableToolbarProps) {
  const {
    principalFilters,
    popoverFilters,
    filterValues,
    filterOptions,
    onFilterOptionsWanted,
    onFilterChange,
    filterCount,
    onClearFilters,
    selectedCount,
    onClearSelection,
  } = props

  return (
    <div className={toolbarClass} role="toolbar" aria-label="Herramientas de la tabla">
      {/* Every way into a filter (pointer, touch, keyboard) passes through one of these first. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: not a control; it notices the controls inside being reached for */}
      <div className={filtersClass} onPointerEnter={onFilterOptionsWanted} onFocus={onFilterOptionsWanted}>
        {principalFilters.map((config) => (
          <FilterControl
            key={config.columnId}
            config={config}
            value={filterValues[config.columnId]}
            options={filterOptions[config.columnId]}
            onValueChange={(value) => onFilterChange(config.columnId, value)}
            hideLabel
          />
        ))}
        <FilterPopover
          filters={popoverFilters}
          filterValues={filterValues}
          filterOptions={filterOptions}
          onFilterChange={onFilterChange}
          filterCount={filterCount}
          onClearFilters={onClearFilters}
        />
        {filterCount > 0 && (
          <Badge asChild variant="subtle" size="md" colorPalette="accent">
            <button
              type="button"
              className={badgeButton}
              onClick={onClearFilters}
              title="Quitar todos los filtros"
            >
              {filterCount} Filtros aplicados
              <XIcon size={12} aria-hidden />
            </button>
          </Badge>
        )}
        {selectedCount > 0 && (
          <Badge asChild variant="subtle" size="md" colorPalette="gray">
            <button
              type="button"
              className={badgeButton}
              onClick={onClearSelection}
              title="Deseleccionar todos"
            >
              {selectedCount} registros seleccionadas.
              <XIcon size={12} aria-hidden />
            </button>
          </Badge>
        )}
      </div>

      <div className={actionsClass}>
        <DensityToggle compact={props.compact} onCompactChange={props.onCompactChange} />
        {props.actions}
        <Button
          variant="outline"
          size="sm"
          disabled={!props.canExport}
          loading={props.exporting}
          loadingText="Exportando..."
          onClick={props.onExport}
          title={
            props.canExport ? 'Exportar las filas seleccionadas a Excel' : 'Seleccione filas para exportar'
          }
        >
          <FileSpreadsheetIcon aria-hidden />
          Exportar
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={props.onReload}
          disabled={props.loading}
          aria-busy={props.loading || undefined}
        >
          <RefreshCwIcon aria-hidden className={props.loading ? spinningClass : undefined} />
          Recargar
        </Button>
        <ColumnsMenu columns={props.columns} onColumnVisibilityChange={props.onColumnVisibilityChange} />
      </div>
    </div>
  )
}

// The toolbar renders with every table page, on the server too: the classes of what it always shows
// are computed once here, not by styled components on each render (decision 050).
const toolbarClass = flex({ gap: '2', wrap: 'wrap', align: 'center', justify: 'space-between' })
const filtersClass = hstack({ gap: '2', flexWrap: 'wrap' })
const actionsClass = hstack({ gap: '2', flexWrap: 'wrap', ml: 'auto', justify: 'flex-end' })
const densityClass = hstack({
  gap: '0',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  p: '0.5',
})
const pressedClass = css({ color: 'fg.default' })
const unpressedClass = css({ color: 'fg.muted' })
const spinningClass = css({ animation: 'spin 1s linear infinite' })

function DensityToggle({
  compact,
  onCompactChange,
}: {
  compact: boolean
  onCompactChange: (c: boolean) => void
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, not a form's fieldset (the markup it always had)
    <div role="group" aria-label="Densidad de la vista" className={densityClass}>
      {[
        { value: false, label: 'Expandido', icon: <Rows3Icon aria-hidden /> },
        { value: true, label: 'Compacto', icon: <Rows4Icon aria-hidden /> },
      ].map((option) => {
        const pressed = compact === option.value
        return (
          <Button
            key={option.label}
            size="xs"
            variant={pressed ? 'subtle' : 'ghost'}
            aria-pressed={pressed}
            onClick={() => onCompactChange(option.value)}
            className={pressed ? pressedClass : unpressedClass}
          >
            {option.icon}
            {option.label}
          </Button>
        )
      })}
    </div>
  )
}

interface FilterPopoverProps {
  filters: FilterConfig[]
  filterValues: FilterValues
  filterOptions: Record<string, FilterOption[] | undefined>
  onFilterChange: (columnId: string, value: FilterValue | undefined) => void
  filterCount: number
  onClearFilters: () => void
}

/** The 'Filtros' popover: one control per non-principal filter, 'Quitar Filtros' when any is set. */
function FilterPopover({
  filters,
  filterValues,
  filterOptions,
  onFilterChange,
  filterCount,
  onClearFilters,
}: FilterPopoverProps) {
  return (
    <Popover.Root positioning={{ placement: 'bottom-start', gutter: 6 }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm">
          <FilterIcon aria-hidden />
          Filtros
        </Button>
      </Popover.Trigger>
      <ClientPortal>
        <Popover.Positioner>
          <Popover.Content
            aria-label="Filtros"
            width="sm"
            maxW="calc(100vw - 2rem)"
            p="0"
            borderWidth="1px"
            borderColor="border.subtle"
            boxShadow="lg"
          >
            <HStack justify="space-between" px="4" py="3" borderBottomWidth="1px" borderColor="border.subtle">
              <Popover.Title textStyle="md" fontWeight="semibold">
                Filtros
              </Popover.Title>
              {filterCount > 0 && (
                <Button variant="ghost" size="xs" onClick={onClearFilters} colorPalette="red">
                  <XIcon aria-hidden />
                  Quitar Filtros
                </Button>
              )}
            </HStack>
            <Box maxH="min(32rem, 70vh)" overflowY="auto" px="4" py="3">
              {filters.length === 0 ? (
                <styled.p textStyle="sm" color="fg.muted">
                  No hay más filtros para esta vista.
                </styled.p>
              ) : (
                <Stack gap="4">
                  {filters.map((config) => (
                    <FilterControl
                      key={config.columnId}
                      config={config}
                      value={filterValues[config.columnId]}
                      options={filterOptions[config.columnId]}
                      onValueChange={(value) => onFilterChange(config.columnId, value)}
                    />
                  ))}
                </Stack>
              )}
            </Box>
          </Popover.Content>
        </Popover.Positioner>
      </ClientPortal>
    </Popover.Root>
  )
}

function ColumnsMenu({
  columns,
  onColumnVisibilityChange,
}: {
  columns: ColumnToggle[]
  onColumnVisibilityChange: (id: string, visible: boolean) => void
}) {
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end', gutter: 6 }}
      closeOnSelect={false}
      lazyMount
      unmountOnExit
    >
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" disabled={columns.length === 0}>
          <Columns3Icon aria-hidden />
          Columnas
        </Button>
      </Menu.Trigger>
      <ClientPortal>
        <Menu.Positioner>
          <Menu.Content minW="52" maxH="80" overflowY="auto" borderWidth="1px" borderColor="border.subtle">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Columnas visibles</Menu.ItemGroupLabel>
              {columns.map((column) => (
                <Menu.CheckboxItem
                  key={column.id}
                  value={column.id}
                  checked={column.visible}
                  onCheckedChange={(checked) => onColumnVisibilityChange(column.id, checked)}
                >
                  <Menu.ItemText>{column.header}</Menu.ItemText>
                  <Menu.ItemIndicator>
                    <CheckIcon aria-hidden />
                  </Menu.ItemIndicator>
                </Menu.CheckboxItem>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </ClientPortal>
    </Menu.Root>
  )
}
