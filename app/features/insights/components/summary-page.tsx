import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Box, Grid, HStack, Stack, styled } from 'styled-system/jsx'
import type { FilterValues } from '~/components/data-table/data-table.types'
import * as Card from '~/components/ui/card'
import { WORK_LABELS } from '~/features/cattle-handling/cattle-handling.schema'
import { ESTABLISHMENT_PARAM } from '~/features/shell/components/paths'
import { formatDate, formatNumber } from '~/lib/format'
import type { CountRow, LastSession, Summary } from '../insights.schema'
import type { KpiKey } from '../kpi-definitions'
import { KpiInfo } from './kpi-info'

const ANIMALS_PATH = '/management/establishment/app-insights/animals/$establishmentId/breeding-herd'

export interface SummaryPageProps {
  establishmentId: number
  establishmentName: string
  summary: Summary
}

/**
 * Resumen (spec section 2): the herd today and what needs attention. Every number links to the
 * Animales list (or the session's event table) filtered to exactly those animals; the ⓘ beside it
 * says how it is computed (docs/kpis.md).
 */
export function SummaryPage({ establishmentId, establishmentName, summary }: SummaryPageProps) {
  const animals = (filters: FilterValues, label: string, count: number) => (
    <AnimalsLink establishmentId={establishmentId} filters={filters} label={label} count={count} />
  )
  return (
    <Stack
      gap="6"
      px={{ base: '4', md: '8' }}
      py={{ base: '6', md: '8' }}
      maxW="breakpoint-xl"
      mx="auto"
      w="full"
    >
      <Stack gap="1">
        <styled.h1 textStyle={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
          Resumen
        </styled.h1>
        <styled.p color="fg.muted">El rodeo de {establishmentName} hoy y lo que necesita atención.</styled.p>
      </Stack>

      <Grid gap="4" gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }}>
        <Figure kpi="cabezas" label="Cabezas">
          {animals({}, 'Cabezas', summary.head_count)}
        </Figure>
        <Figure
          kpi="alertas"
          label="Animales con alertas"
          note={`${formatNumber(summary.alerts.alerts)} alertas activas`}
        >
          {animals({ alerts: '1' }, 'Animales con alertas', summary.alerts.animals)}
        </Figure>
        <Figure kpi="sin-rfid" label="Sin RFID">
          {animals({ no_rfid: '1' }, 'Sin RFID', summary.without_rfid)}
        </Figure>
        <Figure kpi="sin-pesar" label="Sin pesar en 90 días">
          {animals({ not_weighed: '90' }, 'Sin pesar en 90 días', summary.not_weighed)}
        </Figure>
        <Figure kpi="pendiente-tacto" label="Pendientes de tacto">
          {animals({ pregnancy_check_due: '1' }, 'Pendientes de tacto', summary.pregnancy_check_due)}
        </Figure>
      </Grid>

      <Grid gap="4" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }}>
        <CountCard
          kpi="por-categoria"
          title="Cabezas por categoría"
          rows={summary.by_category}
          filter="category"
          establishmentId={establishmentId}
        />
        <CountCard
          kpi="por-rodeo"
          title="Cabezas por rodeo"
          rows={summary.by_rodeo}
          filter="rodeo"
          establishmentId={establishmentId}
        />
        <AlertsCard establishmentId={establishmentId} summary={summary} />
        <SessionsCard establishmentId={establishmentId} sessions={summary.last_sessions} />
      </Grid>
    </Stack>
  )
}

/** A big number with its label and definition. */
export function Figure({
  kpi,
  label,
  note,
  children,
}: {
  kpi: KpiKey
  label: string
  note?: string
  children: ReactNode
}) {
  return (
    <Card.Root>
      <Card.Body gap="1" pt="4">
        <HStack justify="space-between" gap="2">
          <styled.h2 textStyle="sm" color="fg.muted" fontWeight="medium">
            {label}
          </styled.h2>
          <KpiInfo kpi={kpi} label={label} />
        </HStack>
        <Box textStyle="3xl" fontWeight="bold">
          {children}
        </Box>
        {note ? (
          <styled.p textStyle="sm" color="fg.muted">
            {note}
          </styled.p>
        ) : null}
      </Card.Body>
    </Card.Root>
  )
}

/** A number that opens the Animales list filtered to exactly the animals it counts. */
export function AnimalsLink({
  establishmentId,
  filters,
  label,
  count,
}: {
  establishmentId: number
  filters: FilterValues
  label: string
  count: number
}) {
  return (
    <Link
      to={ANIMALS_PATH}
      params={{ establishmentId: String(establishmentId) }}
      search={Object.keys(filters).length ? { filters } : {}}
      aria-label={`${label}: ${formatNumber(count)}. Ver los animales`}
      className="insights-number-link"
      style={{ color: 'inherit', textDecoration: 'underline', textUnderlineOffset: '4px' }}
    >
      {formatNumber(count)}
    </Link>
  )
}

function CountCard({
  kpi,
  title,
  rows,
  filter,
  establishmentId,
}: {
  kpi: KpiKey
  title: string
  rows: CountRow[]
  filter: 'category' | 'rodeo'
  establishmentId: number
}) {
  return (
    <Card.Root>
      <Card.Header pb="2">
        <HStack justify="space-between">
          <Card.Title asChild>
            <h2>{title}</h2>
          </Card.Title>
          <KpiInfo kpi={kpi} label={title} />
        </HStack>
      </Card.Header>
      <Card.Body>
        {rows.length === 0 ? (
          <styled.p color="fg.muted">No hay animales en el establecimiento.</styled.p>
        ) : (
          <styled.table w="full" textStyle="sm">
            <thead>
              <tr>
                <styled.th textAlign="left" fontWeight="medium" color="fg.muted" pb="1">
                  {filter === 'category' ? 'Categoría' : 'Rodeo'}
                </styled.th>
                <styled.th textAlign="right" fontWeight="medium" color="fg.muted" pb="1">
                  Cabezas
                </styled.th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id ?? 'none'}>
                  <styled.td py="1">{row.description}</styled.td>
                  <styled.td py="1" textAlign="right" fontVariantNumeric="tabular-nums">
                    {row.id === null ? (
                      formatNumber(row.count)
                    ) : (
                      <AnimalsLink
                        establishmentId={establishmentId}
                        filters={{ [filter]: [String(row.id)] }}
                        label={row.description}
                        count={row.count}
                      />
                    )}
                  </styled.td>
                </tr>
              ))}
            </tbody>
          </styled.table>
        )}
      </Card.Body>
    </Card.Root>
  )
}

function AlertsCard({ establishmentId, summary }: { establishmentId: number; summary: Summary }) {
  return (
    <Card.Root>
      <Card.Header pb="2">
        <HStack justify="space-between">
          <Card.Title asChild>
            <h2>Alertas activas</h2>
          </Card.Title>
          <KpiInfo kpi="alertas" label="Alertas activas" />
        </HStack>
      </Card.Header>
      <Card.Body gap="2">
        {summary.alerts.animals === 0 ? (
          <styled.p color="fg.muted">Ningún animal tiene alertas activas.</styled.p>
        ) : (
          <>
            <styled.ul listStyle="none" display="flex" flexDirection="column" gap="1" textStyle="sm">
              {summary.alerts.sample.map((alert) => (
                <li key={alert.animal_id}>
                  <Link
                    to="/management/establishment/app-insights/animal/$visualTag"
                    params={{ visualTag: alert.visual_tag }}
                    search={{ [ESTABLISHMENT_PARAM]: establishmentId }}
                    style={{ fontWeight: 600 }}
                  >
                    {alert.visual_tag}
                  </Link>{' '}
                  — {alert.description}
                </li>
              ))}
            </styled.ul>
            <styled.p textStyle="sm">
              <AnimalsLink
                establishmentId={establishmentId}
                filters={{ alerts: '1' }}
                label="Animales con alertas"
                count={summary.alerts.animals}
              />{' '}
              animales con alertas
            </styled.p>
          </>
        )}
      </Card.Body>
    </Card.Root>
  )
}

/** The headline of a session, as a user reads it. */
export function sessionHeadline(session: LastSession) {
  if (session.work === 2)
    return session.headline === null ? 'Preñez: —' : `Preñez: ${formatNumber(session.headline, 1)} %`
  if (session.work === 7)
    return session.headline === null
      ? 'Peso promedio: —'
      : `Peso promedio: ${formatNumber(session.headline, 1)} kg`
  return `${formatNumber(session.events)} animales`
}

function sessionLink(establishmentId: number, session: LastSession) {
  const filters = { cattle_handling: [String(session.id)] }
  const search = { [ESTABLISHMENT_PARAM]: establishmentId, filters }
  if (session.work === 2)
    return { to: '/management/establishment/app-insights/cattlehandling/pregnacy-check', search } as const
  const type =
    session.work === 1 ? 'artificial-inseminations' : session.work === 3 ? 'preservices' : 'weighings'
  return { to: '/management/establishment/app-insights/cattlehandling', search: { ...search, type } } as const
}

function SessionsCard({ establishmentId, sessions }: { establishmentId: number; sessions: LastSession[] }) {
  return (
    <Card.Root>
      <Card.Header pb="2">
        <HStack justify="space-between">
          <Card.Title asChild>
            <h2>Últimas sesiones</h2>
          </Card.Title>
          <KpiInfo kpi="ultimas-sesiones" label="Últimas sesiones" />
        </HStack>
      </Card.Header>
      <Card.Body>
        {sessions.length === 0 ? (
          <styled.p color="fg.muted">Todavía no hay sesiones de manga.</styled.p>
        ) : (
          <styled.ul listStyle="none" display="flex" flexDirection="column" gap="3" textStyle="sm">
            {sessions.map((session) => (
              <li key={session.id}>
                <styled.div color="fg.muted">
                  {WORK_LABELS[session.work as keyof typeof WORK_LABELS]}
                </styled.div>
                <Link {...sessionLink(establishmentId, session)} style={{ fontWeight: 600 }}>
                  {session.name}
                </Link>{' '}
                · {formatDate(session.activity_date)} · {sessionHeadline(session)}
              </li>
            ))}
          </styled.ul>
        )}
      </Card.Body>
    </Card.Root>
  )
}
