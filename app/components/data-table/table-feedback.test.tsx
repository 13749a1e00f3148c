import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import { type ReactNode, useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { animalListQueryOptions } from '~/features/animals/animals.queries'
import { apiQueryFromView, viewFromSearch } from '~/features/animals/animals.view'
import { QUERY_DEFAULTS } from '~/lib/query-defaults'
import { Route as BreedingHerdRoute } from '~/routes/management/_authed/establishment/app-insights/animals/$establishmentId/breeding-herd'
import { DataTable } from './data-table'
import type { DataTableColumn, TableViewState } from './data-table.types'

/** The provider call behind the animals list, replaced by a slow or failing fake per test. */
const listAnimals = vi.hoisted(() => vi.fn())
vi.mock('~/features/animals/animals.functions', () => ({
  listAnimalsFn: listAnimals,
  animalFilterOptionsFn: vi.fn(async () => new Promise(() => {})),
  findAnimalByTagFn: vi.fn(),
}))

beforeEach(() => {
  listAnimals.mockReset()
})

interface Row {
  id: string
  idv: string
}
const columns: DataTableColumn<Row>[] = [
  { id: 'idv', header: 'IDV', cell: (r) => r.idv, exportValue: (r) => r.idv, hideable: false },
]
const rowsOfPage = (page: number, perPage: number, total: number): Row[] =>
  Array.from({ length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) }, (_, i) => {
    const n = (page - 1) * perPage + i + 1
    return { id: `r${n}`, idv: `AR-${n}` }
  })

const view = (page: number, perPage = 25): TableViewState => ({
  filters: {},
  page,
  perPage,
  hidden: [],
  compact: false,
  selected: [],
})

function tableProps() {
  return {
    label: 'animales',
    columns,
    getRowId: (r: Row) => r.id,
    filters: [],
    filterOptions: {},
    onReload: vi.fn(),
    exportRows: vi.fn(),
  }
}

/** A page whose rows come from a query the test answers by hand. */
function SlowPage({ fetchPage }: { fetchPage: (page: number) => Promise<{ rows: Row[]; total: number }> }) {
  const [state, setState] = useState(view(1))
  const list = useQuery({
    queryKey: ['rows', state.page],
    queryFn: () => fetchPage(state.page),
    placeholderData: (previous) => previous,
  })
  return (
    <DataTable
      {...tableProps()}
      rows={list.data?.rows ?? []}
      total={list.data?.total ?? 0}
      loading={list.isFetching}
      state={state}
      onStateChange={setState}
    />
  )
}

/** A list of 5 rows holding its view like the page does (in the URL). */
function FiveRows({
  initial,
  onStateChange,
}: {
  initial: TableViewState
  onStateChange: (next: TableViewState, options?: { replace?: boolean }) => void
}) {
  const [state, setState] = useState(initial)
  return (
    <DataTable
      {...tableProps()}
      rows={rowsOfPage(state.page, state.perPage, 5)}
      total={5}
      loading={false}
      state={state}
      onStateChange={(next, options) => {
        onStateChange(next, options)
        setState(next)
      }}
    />
  )
}

describe('Tables give feedback while a page loads (issue 16)', () => {
  it('a change of view on the same page does not wait in the route loader for the rows', async () => {
    // A request that never answers: the old loader awaited it, holding the old view on screen.
    listAnimals.mockImplementation(() => new Promise(() => {}))
    const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS })
    const loader = BreedingHerdRoute.options.loader as unknown as (args: object) => Promise<unknown>
    const loaded = loader({
      context: { queryClient, establishment: { id: 7 } },
      deps: { page: 2 },
      cause: 'stay',
    })
    const settled = await Promise.race([
      loaded.then(() => 'done'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 100)),
    ])
    expect(settled).toBe('done')
    // The request is on its way all the same (prefetched for the page's query).
    expect(listAnimals).toHaveBeenCalledTimes(1)
  })

  it('shows the pending state within 100 ms of a page change, keeping the previous rows', async () => {
    let answer: (() => void) | undefined
    const fetchPage = vi.fn(
      (page: number) =>
        new Promise<{ rows: Row[]; total: number }>((resolve) => {
          answer = () => resolve({ rows: rowsOfPage(page, 25, 60), total: 60 })
        }),
    )
    const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS })
    render(
      <QueryClientProvider client={queryClient}>
        <SlowPage fetchPage={fetchPage} />
      </QueryClientProvider>,
    )
    act(() => answer?.())
    expect(await screen.findByText('AR-1')).toBeInTheDocument()
    const footer = screen.getByRole('navigation', { name: 'Paginación' })
    expect(footer).not.toHaveAttribute('aria-busy')

    act(() => screen.getByRole('button', { name: /Siguiente/ }).click())
    const started = performance.now()
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true'), {
      timeout: 100,
    })
    expect(performance.now() - started).toBeLessThan(100)
    // The previous rows stay (dimmed) and the footer says it is pending.
    expect(screen.getByText('AR-1')).toBeInTheDocument()
    expect(footer).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('status')).toHaveTextContent('Cargando animales...')

    act(() => answer?.())
    expect(await screen.findByText('AR-26')).toBeInTheDocument()
    expect(footer).not.toHaveAttribute('aria-busy')
    expect(within(footer).getByText('Página 2 de 3')).toBeInTheDocument()
  })

  it('brings a page past the last one back to the last, replacing the history entry', async () => {
    const onStateChange = vi.fn()
    // A filtered view kept at page 2 of 50 rows with 5 results.
    const { unmount } = render(<FiveRows initial={view(2, 50)} onStateChange={onStateChange} />)
    await waitFor(() => expect(onStateChange).toHaveBeenCalledTimes(1))
    expect(onStateChange).toHaveBeenCalledWith(expect.objectContaining({ page: 1 }), { replace: true })
    const footer = screen.getByRole('navigation', { name: 'Paginación' })
    expect(footer).toHaveTextContent('Mostrando 1–5 de 5')
    expect(footer).toHaveTextContent('Página 1 de 1')
    expect(screen.getByText('AR-5')).toBeInTheDocument()
    expect(screen.queryByText('Sin Resultados.')).toBeNull()
    unmount()

    // A hand-edited ?page=99 of a 5-row list at 2 rows a page: page 3, the last.
    onStateChange.mockClear()
    render(<FiveRows initial={view(99, 2)} onStateChange={onStateChange} />)
    await waitFor(() =>
      expect(onStateChange).toHaveBeenCalledWith(expect.objectContaining({ page: 3 }), { replace: true }),
    )
    expect(screen.getByRole('navigation', { name: 'Paginación' })).toHaveTextContent('Página 3 de 3')
  })

  it("a failed first load makes 3 attempts in all (the spec's 2 retries), not 3 more when the page mounts", async () => {
    const failing = () => Promise.reject(new Error('No se pudo obtener la lista de animales'))
    async function attemptsOfFailedFirstLoad(retryOnMount: boolean) {
      listAnimals.mockReset()
      listAnimals.mockImplementation(failing)
      const queryClient = new QueryClient({
        // The app's defaults; only the delay between attempts is shortened for the test.
        defaultOptions: { queries: { ...QUERY_DEFAULTS.queries, retryOnMount, retryDelay: 1 } },
      })
      const options = animalListQueryOptions(7, apiQueryFromView(viewFromSearch({})))
      // The route loader (on the server for a first load) runs its attempts and keeps the error.
      const loader = BreedingHerdRoute.options.loader as unknown as (args: object) => Promise<unknown>
      await loader({ context: { queryClient, establishment: { id: 7 } }, deps: {}, cause: 'enter' })
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      )
      // Then the page mounts with that error.
      const { result } = renderHook(() => useQuery(options), { wrapper })
      await waitFor(() => expect(result.current.isError).toBe(true))
      await new Promise((resolve) => setTimeout(resolve, 50))
      return { calls: listAnimals.mock.calls.length, fetching: result.current.isFetching }
    }
    expect(await attemptsOfFailedFirstLoad(QUERY_DEFAULTS.queries.retryOnMount)).toEqual({
      calls: 3,
      fetching: false,
    })
    // What the app did before: the mounting page started three more attempts.
    expect((await attemptsOfFailedFirstLoad(true)).calls).toBe(6)
  })
})

/** A list of `total` rows, 25 a page, whose table offers server-side export (and so 'all matching'). */
function Herd({ total, onStateChange }: { total: number; onStateChange: (next: TableViewState) => void }) {
  const [state, setState] = useState(view(1))
  return (
    <DataTable
      {...tableProps()}
      exportFile={async () => new Blob([])}
      rows={rowsOfPage(state.page, state.perPage, total)}
      total={total}
      loading={false}
      state={state}
      onStateChange={(next) => {
        onStateChange(next)
        setState(next)
      }}
    />
  )
}

describe('Selections of any size (issue 16)', () => {
  it("offers 'Seleccionar los N que coinciden' once the page is ticked; unticking a row lists it as an exception", async () => {
    const onStateChange = vi.fn()
    render(<Herd total={100_000} onStateChange={onStateChange} />)
    act(() => screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de esta página' }).click())
    act(() => screen.getByRole('button', { name: 'Seleccionar los 100.000 que coinciden' }).click())
    expect(onStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ allMatching: true, excluded: [], selected: [] }),
    )
    expect(screen.getByText('100000 registros seleccionadas.')).toBeInTheDocument()
    act(() => screen.getByRole('checkbox', { name: 'Seleccionar fila r3' }).click())
    expect(onStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ allMatching: true, excluded: ['r3'] }),
    )
    expect(screen.getByText('Seleccionados los 99.999 que coinciden (se quitaron 1).')).toBeInTheDocument()
    // A page further on: its rows are selected too.
    act(() => screen.getByRole('button', { name: /Siguiente/ }).click())
    expect(screen.getByRole('checkbox', { name: 'Seleccionar fila r26' })).toBeChecked()
    act(() => screen.getByRole('button', { name: 'Quitar selección' }).click())
    expect(onStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ allMatching: undefined, selected: [] }),
    )
  })
})
