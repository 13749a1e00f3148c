import { lazy, Suspense, useSyncExternalStore } from 'react'
import { Box, Grid, Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { NativeSelect } from '~/components/ui/native-select'
import type { AnimalFilterOptions } from '~/features/animals/animals.schema'
import { BoardFrame } from '~/features/boards/components/board-frame'
import { cattleHandlingBoardOrigin } from '~/features/establishments/establishment.schema'
import { ESTABLISHMENT_PARAM } from '~/features/shell/components/paths'
import type { Dashboard } from '../insights.schema'
import type { DashboardSearch } from '../insights.view'

// The chart library loads with Tablero's charts only (decision 034): never from a shared component.
const DashboardCharts = lazy(() => import('./dashboard-charts'))

export interface DashboardPageProps {
  search: DashboardSearch
  onSearchChange: (next: DashboardSearch) => void
  data: Dashboard | undefined
  error?: string
  /** The list's filter options (rodeos and categories with their counts). */
  options: AnimalFilterOptions | undefined
  /** New figures are on their way (the charts show the previous filters' until then). */
  busy?: boolean
  /** The establishment's external cattle-handling board, when it has an https one. */
  embedUrl?: string
  /**
   * More sections after the charts, from other features (Recorredores' 'Pariciones'): the route
   * passes them already lazy, so Tablero does not depend on those features nor load them eagerly.
   */
  sections?: React.ReactNode
}

/** Tablero (spec section 2): the analysis, filtered by period, rodeo and category (the URL is the state). */
export function DashboardPage({
  search,
  onSearchChange,
  data,
  error,
  options,
  busy,
  embedUrl,
  sections,
}: DashboardPageProps) {
  const select = (key: 'rodeo' | 'categoria', value: string) =>
    onSearchChange({ ...search, [key]: value ? [Number(value)] : undefined })
  return (
    <Stack
      gap="6"
      px={{ base: '4', md: '8' }}
      py={{ base: '6', md: '8' }}
      maxW="breakpoint-2xl"
      mx="auto"
      w="full"
    >
      <Stack gap="1">
        <styled.h1 textStyle={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
          Tablero
        </styled.h1>
        <styled.p color="fg.muted">
          Reproducción, crecimiento y rodeo del período
          {data
            ? ` (del ${data.range.from.split('-').reverse().join('/')} al ${data.range.to.split('-').reverse().join('/')})`
            : ''}
          .
        </styled.p>
      </Stack>
      <Grid
        as="form"
        role="search"
        aria-label="Filtros del tablero"
        gap="3"
        gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr)) auto' }}
        alignItems="end"
        onSubmit={(event: React.FormEvent) => event.preventDefault()}
      >
        <Label text="Desde" htmlFor="dash-desde">
          <Input
            minW="0"
            id="dash-desde"
            type="date"
            value={search.desde ?? ''}
            onChange={(e) => onSearchChange({ ...search, desde: e.target.value || undefined })}
          />
        </Label>
        <Label text="Hasta" htmlFor="dash-hasta">
          <Input
            minW="0"
            id="dash-hasta"
            type="date"
            value={search.hasta ?? ''}
            onChange={(e) => onSearchChange({ ...search, hasta: e.target.value || undefined })}
          />
        </Label>
        <Label text="Rodeo" htmlFor="dash-rodeo">
          <NativeSelect
            id="dash-rodeo"
            value={String(search.rodeo?.[0] ?? '')}
            onChange={(e) => select('rodeo', e.target.value)}
          >
            <option value="">Todos</option>
            {options?.rodeos.map((o) => (
              <option key={o.id} value={o.id}>
                {o.description}
              </option>
            ))}
          </NativeSelect>
        </Label>
        <Label text="Categoría" htmlFor="dash-categoria">
          <NativeSelect
            id="dash-categoria"
            value={String(search.categoria?.[0] ?? '')}
            onChange={(e) => select('categoria', e.target.value)}
          >
            <option value="">Todas</option>
            {options?.animal_types.map((o) => (
              <option key={o.id} value={o.id}>
                {o.description}
              </option>
            ))}
          </NativeSelect>
        </Label>
        <Button
          type="button"
          variant="outline"
          onClick={() => onSearchChange({})}
          gridColumn={{ base: 'span 2', md: 'auto' }}
        >
          Limpiar filtros
        </Button>
      </Grid>
      {error ? (
        <styled.p role="alert" color="fg.error">
          {error}
        </styled.p>
      ) : null}
      {data ? (
        <Box aria-busy={busy} opacity={busy ? 0.6 : 1} transition="opacity 0.2s">
          <Suspense fallback={<styled.p color="fg.muted">Cargando gráficos…</styled.p>}>
            <DashboardCharts data={data} />
          </Suspense>
        </Box>
      ) : error ? null : (
        <styled.p color="fg.muted">Cargando…</styled.p>
      )}
      {sections}
      {embedUrl ? (
        <Stack gap="2" as="section" aria-label="Tablero de manga del establecimiento">
          <styled.h2 textStyle="xl" fontWeight="semibold">
            Tablero de manga
          </styled.h2>
          <CattleHandlingBoard url={embedUrl} />
        </Stack>
      ) : null}
    </Stack>
  )
}

/**
 * The establishment's cattle-handling board. Only a page *loaded* at Tablero's address carries the
 * policy that frames its origin (decision 035 addendum): reached by a client-side navigation, the
 * document's policy is the page it was loaded as, which would refuse the frame. Then the page says so
 * and offers a full load of this address instead of showing a refused frame. The server renders the
 * frame (a server render is a load of this address); the browser checks while hydrating.
 */
function CattleHandlingBoard({ url }: { url: string }) {
  const loadedHere = useSyncExternalStore(noSubscription, documentLoadedHere, () => true)
  return (
    <BoardFrame
      url={url}
      title="Tablero de manga del establecimiento"
      instead={
        loadedHere ? undefined : (
          <styled.p color="fg.muted">
            El tablero de manga se muestra al abrir esta página directamente:{' '}
            {/* A plain link: a full page load (the router does not intercept it). */}
            <styled.a href={window.location.href} color="colorPalette.text" textDecoration="underline">
              cargala de nuevo
            </styled.a>
            .
          </styled.p>
        )
      }
    />
  )
}

const noSubscription = () => () => {}

/** Whether this document was loaded at this path for this establishment (not navigated to). */
function documentLoadedHere() {
  const loaded = new URL(performance.getEntriesByType('navigation')[0]?.name ?? window.location.href)
  const now = new URL(window.location.href)
  return (
    loaded.pathname === now.pathname &&
    loaded.searchParams.get(ESTABLISHMENT_PARAM) === now.searchParams.get(ESTABLISHMENT_PARAM)
  )
}

function Label({ text, htmlFor, children }: { text: string; htmlFor: string; children: React.ReactNode }) {
  return (
    <Stack gap="1">
      <styled.label htmlFor={htmlFor} textStyle="sm" fontWeight="medium">
        {text}
      </styled.label>
      {children}
    </Stack>
  )
}

/**
 * The https embed of an establishment's cattle-handling board, or undefined: only an address whose
 * origin the page's CSP can name (cattleHandlingBoardOrigin) is framed.
 */
export function httpsEmbed(url: string | null | undefined) {
  return url && cattleHandlingBoardOrigin(url) ? new URL(url).href : undefined
}
