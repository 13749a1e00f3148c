import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { read, utils } from 'xlsx'
import { DataTable, type DataTableProps } from './data-table'
import type { DataTableColumn, FilterConfig, TableViewState } from './data-table.types'

interface Animal {
  id: string
  idv: string
  rodeo: string
  peso: number
}

const animals: Animal[] = [
  { id: 'a1', idv: 'AR-001', rodeo: 'Cría', peso: 410 },
  { id: 'a2', idv: 'AR-002', rodeo: 'Recría', peso: 385 },
  { id: 'a3', idv: 'AR-003', rodeo: 'Cría', peso: 452 },
]

const columns: DataTableColumn<Animal>[] = [
  {
    id: 'idv',
    header: 'IDV',
    cell: (r) => r.idv,
    exportValue: (r) => r.idv,
    sortable: true,
    hideable: false,
    compact: true,
  },
  { id: 'rodeo', header: 'Rodeo', cell: (r) => r.rodeo, exportValue: (r) => r.rodeo, sortable: true },
  {
    id: 'peso',
    header: 'Último peso',
    cell: (r) => `${r.peso} kg`,
    exportValue: (r) => r.peso,
    align: 'end',
  },
]

const rodeoOptions = [
  { value: '1', label: 'Cría' },
  { value: '2', label: 'Recría' },
]
const razaOptions = ['Angus', 'Hereford', 'Brangus', 'Braford', 'Mestizo', 'Limousin'].map((label, i) => ({
  value: String(i),
  label,
}))

const filters: FilterConfig[] = [
  { columnId: 'idv', label: 'IDV', type: 'input', isPrincipal: true, isCompact: true },
  { columnId: 'rodeo', label: 'Rodeo', type: 'multi-select' },
  { columnId: 'raza', label: 'Raza', type: 'select' },
  { columnId: 'categoria', label: 'Categoría', type: 'select' },
  { columnId: 'peso', label: 'Último peso', type: 'range' },
]

const baseState: TableViewState = {
  filters: {},
  page: 1,
  perPage: 25,
  hidden: [],
  compact: false,
  selected: [],
}

type Props = DataTableProps<Animal>

/** Holds the state like the page does (in the URL), so changes show up. */
function Harness({ props, onStateChange }: { props: Props; onStateChange: (next: TableViewState) => void }) {
  const [state, setState] = useState(props.state)
  return (
    <DataTable
      {...props}
      state={state}
      onStateChange={(next) => {
        onStateChange(next)
        setState(next)
      }}
    />
  )
}

function setup(overrides: Partial<Props> = {}) {
  const onStateChange = vi.fn()
  const props: Props = {
    label: 'animales',
    columns,
    rows: animals,
    getRowId: (row) => row.id,
    total: 3,
    loading: false,
    state: baseState,
    onStateChange,
    filters,
    filterOptions: { rodeo: rodeoOptions, raza: razaOptions, categoria: undefined },
    onReload: vi.fn(),
    exportRows: vi.fn(async () => animals),
    ...overrides,
  }
  const user = userEvent.setup()
  render(<Harness props={props} onStateChange={onStateChange} />)
  return { user, onStateChange, props }
}

const lastState = (spy: ReturnType<typeof vi.fn>) => spy.mock.lastCall?.[0] as TableViewState

describe('DataTable: toolbar badges', () => {
  it('muestra "N Filtros aplicados" y al hacer clic quita todos los filtros', async () => {
    const { user, onStateChange } = setup({
      state: { ...baseState, page: 3, filters: { rodeo: ['1'], peso: { min: 300 } } },
    })
    const badge = screen.getByRole('button', { name: '2 Filtros aplicados' })
    await user.click(badge)
    expect(lastState(onStateChange)).toMatchObject({ filters: {}, page: 1 })
    expect(screen.queryByRole('button', { name: /Filtros aplicados/ })).not.toBeInTheDocument()
  })

  it('muestra "N registros seleccionadas." y al hacer clic deselecciona', async () => {
    const { user, onStateChange } = setup({ state: { ...baseState, selected: ['a1', 'zz-other-page'] } })
    await user.click(screen.getByRole('button', { name: '2 registros seleccionadas.' }))
    expect(lastState(onStateChange).selected).toEqual([])
    expect(screen.queryByText(/registros seleccionadas/)).not.toBeInTheDocument()
  })

  it('sin filtros ni selección no muestra badges', () => {
    setup()
    expect(screen.queryByText(/Filtros aplicados/)).not.toBeInTheDocument()
    expect(screen.queryByText(/registros seleccionadas/)).not.toBeInTheDocument()
  })
})

describe('DataTable: selection', () => {
  it('selecciona filas por id y el encabezado selecciona solo las de la página', async () => {
    const { user, onStateChange } = setup({ state: { ...baseState, selected: ['other-page'] } })
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar fila a2' }))
    expect(lastState(onStateChange).selected.sort()).toEqual(['a2', 'other-page'])
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de esta página' }))
    expect(lastState(onStateChange).selected.sort()).toEqual(['a1', 'a2', 'a3', 'other-page'])
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de esta página' }))
    expect(lastState(onStateChange).selected).toEqual(['other-page'])
  })
})

describe('DataTable: export', () => {
  it('está deshabilitado sin selección y sin datos', () => {
    setup()
    expect(screen.getByRole('button', { name: /Exportar/ })).toBeDisabled()
  })

  it('está deshabilitado sin datos aunque haya ids seleccionados', () => {
    setup({ rows: [], total: 0, state: { ...baseState, selected: ['a1'] } })
    expect(screen.getByRole('button', { name: /Exportar/ })).toBeDisabled()
  })

  describe('con selección', () => {
    let blobs: Blob[]
    beforeEach(() => {
      blobs = []
      URL.createObjectURL = vi.fn((blob: Blob) => {
        blobs.push(blob)
        return 'blob:insights/1'
      })
      URL.revokeObjectURL = vi.fn()
    })
    afterEach(() => vi.useRealTimers())

    it('espera 1 segundo, pide las filas seleccionadas y descarga "animales-insights.xlsx" con la hoja Datos', async () => {
      const clicks: string[] = []
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicks.push(this.download)
      })
      const exportRows = vi.fn(async (ids: string[]) => animals.filter((a) => ids.includes(a.id)))
      vi.useFakeTimers({ shouldAdvanceTime: true })
      setup({ exportRows, state: { ...baseState, selected: ['a1', 'a3'], hidden: ['rodeo'] } })

      const button = screen.getByRole('button', { name: /Exportar/ })
      expect(button).toBeEnabled()
      fireEvent.click(button)
      expect(await screen.findByText('Exportando...')).toBeInTheDocument()
      await act(async () => vi.advanceTimersByTime(900))
      expect(exportRows).not.toHaveBeenCalled()
      await act(async () => vi.advanceTimersByTime(150))
      expect(exportRows).toHaveBeenCalledWith(['a1', 'a3'])
      vi.useRealTimers()

      await waitFor(() => expect(clicks).toEqual(['animales-insights.xlsx']))
      expect(blobs).toHaveLength(1)
      const workbook = read(await (blobs[0] as Blob).arrayBuffer(), { type: 'array' })
      expect(workbook.SheetNames).toEqual(['Datos'])
      const sheet = workbook.Sheets.Datos
      if (!sheet) throw new Error('sin hoja Datos')
      // The hidden 'Rodeo' column is not exported; the export values are (410, not '410 kg').
      expect(utils.sheet_to_json(sheet, { header: 1 })).toEqual([
        ['IDV', 'Último peso'],
        ['AR-001', 410],
        ['AR-003', 452],
      ])
      await waitFor(() => expect(screen.getByRole('button', { name: /Exportar/ })).toBeEnabled())
      click.mockRestore()
    })
  })
})

describe('DataTable: columns and sorting', () => {
  it('"Columnas" oculta una columna', async () => {
    const { user, onStateChange } = setup()
    expect(screen.getByRole('columnheader', { name: /Rodeo/ })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Columnas' }))
    const item = await screen.findByRole('menuitemcheckbox', { name: 'Rodeo' })
    expect(screen.queryByRole('menuitemcheckbox', { name: 'IDV' })).not.toBeInTheDocument()
    await user.click(item)
    expect(lastState(onStateChange).hidden).toEqual(['rodeo'])
    expect(screen.queryByRole('columnheader', { name: /Rodeo/ })).not.toBeInTheDocument()
    expect(screen.queryByText('Recría')).not.toBeInTheDocument()
  })

  it('un clic en el encabezado ordena asc → desc → sin orden y vuelve a la página 1', async () => {
    const { user, onStateChange } = setup({ state: { ...baseState, page: 2 } })
    const header = screen.getByRole('columnheader', { name: /Rodeo/ })
    expect(header).toHaveAttribute('aria-sort', 'none')
    const button = within(header).getByRole('button')

    await user.click(button)
    expect(lastState(onStateChange)).toMatchObject({ sort: { id: 'rodeo', desc: false }, page: 1 })
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    await user.click(button)
    expect(lastState(onStateChange).sort).toEqual({ id: 'rodeo', desc: true })
    expect(header).toHaveAttribute('aria-sort', 'descending')
    await user.click(button)
    expect(lastState(onStateChange).sort).toBeUndefined()
    expect(header).toHaveAttribute('aria-sort', 'none')
  })

  it('las columnas no ordenables no tienen botón', () => {
    setup()
    const header = screen.getByRole('columnheader', { name: 'Último peso' })
    expect(within(header).queryByRole('button')).not.toBeInTheDocument()
    expect(header).not.toHaveAttribute('aria-sort')
  })

  it('el modo compacto muestra solo columnas y filtros compactos', async () => {
    const { user, onStateChange } = setup()
    await user.click(screen.getByRole('button', { name: 'Compacto' }))
    expect(lastState(onStateChange).compact).toBe(true)
    expect(screen.getByRole('button', { name: 'Compacto' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.queryByRole('columnheader', { name: /Rodeo/ })).not.toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: /IDV/ })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Filtros' }))
    expect(await screen.findByText('No hay más filtros para esta vista.')).toBeInTheDocument()
  })
})

describe('DataTable: filters', () => {
  it('un filtro de texto de 20 caracteres o más no se aplica, y vaciarlo lo quita', async () => {
    const { user, onStateChange } = setup({ state: { ...baseState, page: 4 } })
    const input = screen.getByRole('searchbox', { name: 'IDV' })
    await user.type(input, 'AR-00')
    await waitFor(() =>
      expect(lastState(onStateChange)).toMatchObject({ filters: { idv: 'AR-00' }, page: 1 }),
    )
    const calls = onStateChange.mock.calls.length

    await user.type(input, '123456789012345') // 20 characters
    expect(await screen.findByText(/Debe tener menos de 20 caracteres/)).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 450))
    expect(onStateChange.mock.calls.length).toBe(calls)

    await user.clear(input)
    await waitFor(() => expect(lastState(onStateChange).filters).toEqual({}))
  })

  it('el filtro de rango aplica con "Aplicar" y se quita con "Limpiar"', async () => {
    const { user, onStateChange } = setup()
    await user.click(screen.getByRole('button', { name: 'Filtros' }))
    const popover = await screen.findByRole('dialog', { name: 'Filtros' })
    expect(within(popover).getByText('Rango numérico')).toBeInTheDocument()
    const min = within(popover).getByLabelText('Desde')
    const max = within(popover).getByLabelText('Hasta')
    expect(min).toHaveAttribute('placeholder', 'Min')
    expect(max).toHaveAttribute('placeholder', 'Max')

    await user.type(min, '300')
    await user.click(within(popover).getByRole('button', { name: /^Aplicar/ }))
    expect(lastState(onStateChange)).toMatchObject({ filters: { peso: { min: 300 } }, page: 1 })

    await user.type(max, '200')
    expect(within(popover).getByRole('button', { name: /^Aplicar/ })).toBeDisabled()
    await user.clear(max)
    await user.type(max, '500')
    await user.click(within(popover).getByRole('button', { name: /^Aplicar/ }))
    expect(lastState(onStateChange).filters).toEqual({ peso: { min: 300, max: 500 } })

    await user.click(within(popover).getByRole('button', { name: /^Limpiar/ }))
    expect(lastState(onStateChange).filters).toEqual({})
    expect(min).toHaveValue(null)
  })

  it('"Quitar Filtros" aparece solo cuando hay filtros', async () => {
    const { user, onStateChange } = setup()
    await user.click(screen.getByRole('button', { name: 'Filtros' }))
    const popover = await screen.findByRole('dialog', { name: 'Filtros' })
    expect(within(popover).queryByRole('button', { name: /Quitar Filtros/ })).not.toBeInTheDocument()

    await user.click(within(popover).getByRole('button', { name: /^Rodeo/ }))
    await user.click(await screen.findByRole('checkbox', { name: 'Cría' }))
    expect(lastState(onStateChange).filters).toEqual({ rodeo: ['1'] })

    const clear = within(popover).getByRole('button', { name: /Quitar Filtros/ })
    await user.click(clear)
    expect(lastState(onStateChange).filters).toEqual({})
    expect(within(popover).queryByRole('button', { name: /Quitar Filtros/ })).not.toBeInTheDocument()
  })

  it('el desplegable tiene buscador solo con más de 5 opciones', async () => {
    const { user, onStateChange } = setup()
    await user.click(screen.getByRole('button', { name: 'Filtros' }))
    const popover = await screen.findByRole('dialog', { name: 'Filtros' })

    await user.click(within(popover).getByRole('button', { name: /^Rodeo/ }))
    await screen.findByRole('checkbox', { name: 'Recría' })
    expect(screen.queryByRole('searchbox', { name: 'Buscar en Rodeo' })).not.toBeInTheDocument()
    await user.keyboard('{Escape}')

    await user.click(within(popover).getByRole('button', { name: /^Raza/ }))
    const search = await screen.findByRole('searchbox', { name: 'Buscar en Raza' })
    await user.type(search, 'bra')
    expect(screen.getByRole('radio', { name: 'Brangus' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Braford' })).toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: 'Angus' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Braford' }))
    expect(lastState(onStateChange).filters).toEqual({ raza: '3' })
  })

  it('muestra "no disponible" mientras las opciones no cargaron', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: 'Filtros' }))
    const popover = await screen.findByRole('dialog', { name: 'Filtros' })
    await user.click(within(popover).getByRole('button', { name: /^Categoría/ }))
    expect(await screen.findByText('no disponible')).toBeInTheDocument()
  })
})

describe('DataTable: states and pagination', () => {
  it('muestra "Sin Resultados." sin filas', () => {
    setup({ rows: [], total: 0 })
    expect(screen.getByText('Sin Resultados.')).toBeInTheDocument()
    expect(screen.getByText('Mostrando 0 de 0')).toBeInTheDocument()
  })

  it('mientras carga muestra la animación y no "Sin Resultados."', () => {
    setup({ rows: [], total: 0, loading: true })
    expect(screen.queryByText('Sin Resultados.')).not.toBeInTheDocument()
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Cargando animales...')
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true')
  })

  it('muestra el error en lugar de las filas', () => {
    setup({ error: 'No se pudo obtener la lista de animales' })
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo obtener la lista de animales')
    expect(screen.queryByText('AR-001')).not.toBeInTheDocument()
  })

  it('"Recargar" llama a onReload', async () => {
    const { user, props } = setup()
    await user.click(screen.getByRole('button', { name: 'Recargar' }))
    expect(props.onReload).toHaveBeenCalledOnce()
  })

  it('cambiar de página conserva los filtros; cambiar filas por página vuelve a la 1', async () => {
    const filtersApplied = { rodeo: ['1'] }
    const { user, onStateChange } = setup({ total: 120, state: { ...baseState, filters: filtersApplied } })
    expect(screen.getByText('Mostrando 1–25 de 120')).toBeInTheDocument()
    expect(screen.getByText('Página 1 de 5')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Anterior/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Primera página' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: /Siguiente/ }))
    expect(lastState(onStateChange)).toMatchObject({ page: 2, filters: filtersApplied })
    expect(screen.getByText('Mostrando 26–50 de 120')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Última página' }))
    expect(lastState(onStateChange)).toMatchObject({ page: 5, filters: filtersApplied })
    expect(screen.getByText('Página 5 de 5')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Siguiente/ })).toBeDisabled()

    await user.selectOptions(screen.getByLabelText('Filas por página'), '50')
    expect(lastState(onStateChange)).toMatchObject({ page: 1, perPage: 50, filters: filtersApplied })
  })
})

describe('DataTable: filter options loaded when wanted (decision 041)', () => {
  it('asks for the options when the pointer or focus reaches the filters, not on render or elsewhere', async () => {
    const onFilterOptionsWanted = vi.fn()
    const { user } = setup({ onFilterOptionsWanted })
    expect(onFilterOptionsWanted).not.toHaveBeenCalled()
    // Elsewhere in the table: the rows, the pagination.
    await user.hover(screen.getByText('AR-002'))
    expect(onFilterOptionsWanted).not.toHaveBeenCalled()
    await user.hover(screen.getByRole('button', { name: /^Filtros$/ }))
    expect(onFilterOptionsWanted).toHaveBeenCalled()
  })

  it('asks by keyboard too: focus reaching a filter', () => {
    const onFilterOptionsWanted = vi.fn()
    setup({ onFilterOptionsWanted })
    act(() => screen.getByRole('button', { name: /^Filtros$/ }).focus())
    expect(onFilterOptionsWanted).toHaveBeenCalled()
  })
})
