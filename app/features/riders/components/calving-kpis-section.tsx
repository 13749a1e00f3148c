import { useQuery } from '@tanstack/react-query'
import { CALVING_KPI_TEXT } from '../calving-kpis.schema'
import { calvingKpisQueryOptions } from '../riders.queries'
import { CalvingKpisPanel } from './calving-kpis-panel'

export interface CalvingKpisLiveProps {
  establishmentId: number
  /** The heading level of the panel's parts: 3 under a page section's own h2 (Tablero's 'Pariciones'). */
  headingLevel?: 2 | 3
}

/**
 * The establishment's calving KPIs of the current season, fetched here: Recorredores' 'Indicadores'
 * tab and Tablero's 'Pariciones' section show the same thing, so both use this one component.
 */
export function CalvingKpisLive({ establishmentId, headingLevel }: CalvingKpisLiveProps) {
  const kpis = useQuery(calvingKpisQueryOptions(establishmentId))
  return (
    <CalvingKpisPanel
      kpis={kpis.data}
      loading={kpis.isPending}
      error={kpis.isError ? CALVING_KPI_TEXT.error : undefined}
      headingLevel={headingLevel}
    />
  )
}

/** Default export for `lazy()`: Tablero loads this section with its own chunk. */
export default CalvingKpisLive
