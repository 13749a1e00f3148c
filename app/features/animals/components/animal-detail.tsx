import {
  ActivityIcon,
  BabyIcon,
  BellIcon,
  CrossIcon,
  HeartPulseIcon,
  type LucideIcon,
  NotebookPenIcon,
  PencilIcon,
  PillIcon,
  ScaleIcon,
  SearchCheckIcon,
  SyringeIcon,
  Trash2Icon,
} from 'lucide-react'
import { lazy, type ReactNode, Suspense } from 'react'
import { Box, Grid, HStack, Stack, styled } from 'styled-system/jsx'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import * as Card from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { EVENT_FIELDS } from '~/features/events/event-kinds'
import { AppLink } from '~/features/shell/components/app-link'
import { establishmentSearch } from '~/features/shell/components/paths'
import { formatAge, formatDate, formatNumber } from '~/lib/format'
import type { AnimalDetail, AnimalEvent, AnimalEventKind } from '../animal-record.schema'
import { departureText, hasLeftHerd } from '../departure'
import type { Weighing } from './weight-series'

// The chart library loads only when a weight chart is drawn (decision 034: charts stay lazy).
const WeightChart = lazy(() => import('./weight-chart'))

/** The detail page's address for a visual tag (spec section 2). */
export function animalPath(visualTag: string) {
  return `/management/establishment/app-insights/animal/${encodeURIComponent(visualTag)}`
}

export interface AnimalDetailViewProps {
  animal: AnimalDetail
  /** Undefined while loading. */
  events: AnimalEvent[] | undefined
  eventsError?: boolean
  /** The active alerts (GET /v2/animals/{id}/alerts); the detail's own list until they arrive. */
  alerts?: { id: number; description: string }[]
  onEdit: () => void
  onDelete: () => void
}

/**
 * The animal's page (spec section 2, issue 5): who it is (identity, classification, registry
 * numbers, birth, parents, rodeo and category, status), its active alerts, its weights with the daily
 * gains, and a timeline of everything that happened to it.
 */
export function AnimalDetailView({
  animal,
  events,
  eventsError,
  alerts,
  onEdit,
  onDelete,
}: AnimalDetailViewProps) {
  const activeAlerts = alerts ?? animal.alerts
  const weighings = (events ?? []).flatMap((event) =>
    event.kind === 'weighing' ? [{ read_at: event.read_at, weight: event.weight }] : [],
  )
  const departed = hasLeftHerd(animal)
  const status = departed ? departureText(animal) : (animal.current_status?.description ?? 'Activo')

  return (
    <Stack gap="6">
      <HStack justify="space-between" alignItems="flex-start" gap="4" flexWrap="wrap">
        <Stack gap="2">
          <styled.p textStyle="sm" color="fg.muted">
            Animal
          </styled.p>
          <styled.h1 textStyle="3xl" fontWeight="bold" letterSpacing="tight">
            {animal.visual_tag}
          </styled.h1>
          <HStack gap="2" flexWrap="wrap">
            {animal.category_description && <Badge variant="solid">{animal.category_description}</Badge>}
            {animal.rodeo_description && <Badge variant="outline">{animal.rodeo_description}</Badge>}
            <Badge variant="subtle">{status}</Badge>
            {activeAlerts.length > 0 && (
              <Badge variant="subtle" colorPalette="red">
                <BellIcon size={12} aria-hidden /> {activeAlerts.length} alerta
                {activeAlerts.length > 1 ? 's' : ''}
              </Badge>
            )}
          </HStack>
        </Stack>
        {/* An animal that left the herd is history: nothing to edit or delete (decision 018). */}
        {departed ? null : (
          <HStack gap="2">
            <Button variant="outline" onClick={onEdit}>
              <PencilIcon size={16} aria-hidden /> Editar
            </Button>
            <Button variant="outline" colorPalette="red" onClick={onDelete}>
              <Trash2Icon size={16} aria-hidden /> Eliminar
            </Button>
          </HStack>
        )}
      </HStack>
      {departed && (
        <styled.p
          role="note"
          borderWidth="1px"
          borderColor="border.default"
          bg="bg.subtle"
          borderRadius="l2"
          px="4"
          py="3"
          textStyle="sm"
        >
          <styled.strong fontWeight="semibold">Este animal ya no está en el rodeo ({status}).</styled.strong>{' '}
          Su ficha y su historia se conservan como registro: no se puede editar ni eliminar.
        </styled.p>
      )}

      <Grid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        <InfoCard title="Identidad">
          <Item label="IDV" value={animal.visual_tag} />
          <Item label="RFID" value={animal.electronic_tag} mono />
          <Item label="CUIG" value={animal.cuig} />
          <Item label="SENASA" value={animal.senasa} />
        </InfoCard>
        <InfoCard title="Clasificación">
          <Item label="Categoría" value={animal.category_description} />
          <Item label="Sexo" value={animal.gender_description} />
          <Item label="Raza" value={animal.breed_description} />
          <Item label="Color" value={animal.color_description} />
          <Item label="Rodeo" value={animal.rodeo_description} />
        </InfoCard>
        <InfoCard title="Nacimiento">
          <Item label="Fecha de nacimiento" value={formatDate(animal.date_of_birth)} />
          <Item label="Edad" value={formatAge(animal.age)} />
          <Item
            label="Peso al nacer"
            value={animal.weight_at_birth === null ? null : `${formatNumber(animal.weight_at_birth, 1)} kg`}
          />
          <Item label="Tipo de parto" value={animal.birth_type_description} />
        </InfoCard>
        <InfoCard title="Padres">
          <Item
            label="Madre"
            value={
              animal.mother_visual_tag ? (
                <AppLink
                  to={animalPath(animal.mother_visual_tag)}
                  search={establishmentSearch(animal.establishment_id)}
                  style={{ fontWeight: 600, textDecoration: 'underline' }}
                >
                  {animal.mother_visual_tag}
                </AppLink>
              ) : null
            }
          />
          <Item label="Padre" value={animal.father_alias} />
          <Item
            label="Madre donante"
            value={
              animal.donor_mother_visual_tag ? (
                <AppLink
                  to={animalPath(animal.donor_mother_visual_tag)}
                  search={establishmentSearch(animal.establishment_id)}
                  style={{ textDecoration: 'underline' }}
                >
                  {animal.donor_mother_visual_tag}
                </AppLink>
              ) : null
            }
          />
        </InfoCard>
        <InfoCard title="Ingreso y estado">
          <Item label="Tipo de ingreso" value={animal.check_in_type_description} />
          <Item label="Fecha de ingreso" value={formatDate(animal.check_in_date)} />
          <Item label="Origen" value={animal.origin} />
          <Item label="Estado" value={status} />
          <Item
            label="Sincronizado"
            value={animal.sync_at ? formatDate(animal.sync_at.slice(0, 10)) : null}
          />
        </InfoCard>
        <InfoCard title="Alertas activas" items={false}>
          {activeAlerts.length === 0 ? (
            <styled.p color="fg.muted" textStyle="sm">
              Sin alertas activas.
            </styled.p>
          ) : (
            <styled.ul aria-label="Alertas activas" display="grid" gap="1.5" textStyle="sm">
              {activeAlerts.map((alert) => (
                <styled.li key={alert.id} display="flex" gap="2" alignItems="center">
                  <BellIcon size={14} aria-hidden /> {alert.description}
                </styled.li>
              ))}
            </styled.ul>
          )}
        </InfoCard>
      </Grid>

      <Card.Root>
        <Card.Header>
          <Card.Title>Peso</Card.Title>
          <Card.Description>
            Último: {animal.last_weight === null ? '—' : `${formatNumber(animal.last_weight, 1)} kg`}
            {animal.last_weight_read_at ? ` (${formatDate(animal.last_weight_read_at)})` : ''} · GDPV:{' '}
            {animal.GDPV === null ? '—' : `${formatNumber(animal.GDPV, 3)} kg/día`} · GDPVital:{' '}
            {animal.GDPVital === null ? '—' : `${formatNumber(animal.GDPVital, 3)} kg/día`}
          </Card.Description>
        </Card.Header>
        <Card.Body>
          {events === undefined && !eventsError ? (
            <Skeleton height="48" />
          ) : (
            <WeightSection weighings={weighings} />
          )}
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Header>
          <Card.Title>Historial</Card.Title>
          <Card.Description>Todo lo registrado para este animal, lo más reciente primero.</Card.Description>
        </Card.Header>
        <Card.Body>
          {eventsError ? (
            <styled.p role="alert" color="fg.error">
              No se pudo obtener el historial del animal
            </styled.p>
          ) : events === undefined ? (
            <Stack gap="2">
              <Skeleton height="10" />
              <Skeleton height="10" />
              <Skeleton height="10" />
            </Stack>
          ) : (
            <AnimalTimeline events={events} />
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  )
}

/** A card of label/value items (a description list), or of other content when `items` is false. */
/** No weighing: a sentence, and no chart code loaded. Otherwise the chart, once its code arrives. */
export function WeightSection({ weighings }: { weighings: readonly Weighing[] }) {
  if (weighings.length === 0) {
    return (
      <styled.p color="fg.muted" textStyle="sm">
        Sin pesadas registradas.
      </styled.p>
    )
  }
  return (
    <Suspense fallback={<Skeleton height="48" />}>
      <WeightChart weighings={weighings} />
    </Suspense>
  )
}

function InfoCard({
  title,
  items = true,
  children,
}: {
  title: string
  items?: boolean
  children: ReactNode
}) {
  return (
    <Card.Root>
      <Card.Header pb="2">
        <Card.Title textStyle="md">{title}</Card.Title>
      </Card.Header>
      <Card.Body>
        {items ? (
          <styled.dl display="grid" gap="2">
            {children}
          </styled.dl>
        ) : (
          children
        )}
      </Card.Body>
    </Card.Root>
  )
}

function Item({ label, value, mono }: { label: string; value: ReactNode; mono?: boolean }) {
  const empty = value === null || value === undefined || value === ''
  return (
    <Grid gridTemplateColumns="minmax(0, 9rem) 1fr" gap="2" textStyle="sm">
      <styled.dt color="fg.muted">{label}</styled.dt>
      <styled.dd fontFamily={mono ? 'mono' : undefined} color={empty ? 'fg.subtle' : undefined}>
        {empty ? '—' : value}
      </styled.dd>
    </Grid>
  )
}

const EVENT_KINDS: Record<AnimalEventKind, { label: string; icon: LucideIcon }> = {
  weighing: { label: 'Pesada', icon: ScaleIcon },
  artificial_insemination: { label: 'Inseminación', icon: SyringeIcon },
  pregnancy_check: { label: 'Diag. Gestación', icon: SearchCheckIcon },
  preservice: { label: 'Preservicio', icon: ActivityIcon },
  body_condition: { label: 'Condición corporal', icon: HeartPulseIcon },
  note: { label: 'Nota', icon: NotebookPenIcon },
  calving: { label: 'Parto', icon: BabyIcon },
  death: { label: 'Muerte', icon: CrossIcon },
  treatment: { label: 'Tratamiento', icon: PillIcon },
  rider_body_condition: { label: 'Condición corporal (recorredor)', icon: HeartPulseIcon },
}

/** What an event says, in a line. */
export function describeEvent(event: AnimalEvent): string {
  switch (event.kind) {
    case 'weighing':
      return `${formatNumber(event.weight, 1)} kg${event.weighing_time ? ` · ${event.weighing_time}` : ''}`
    case 'artificial_insemination':
      return [
        event.bull ? `Toro ${event.bull}` : 'Toro sin registrar',
        event.inseminator
          ? `${EVENT_FIELDS['artificial-insemination'].inseminator.label} ${event.inseminator}`
          : null,
      ]
        .filter(Boolean)
        .join(' · ')
    case 'pregnancy_check':
      return `${event.result ?? 'Sin resultado'}${event.is_ultrasound_scan ? ' · Ecografía' : ''}`
    case 'preservice':
      return [
        event.reproductive_grade
          ? `${EVENT_FIELDS.preservice.grade.abbreviation} ${event.reproductive_grade}`
          : null,
        event.ovarian_status ? `${EVENT_FIELDS.preservice.ovarian.label}: ${event.ovarian_status}` : null,
      ]
        .filter(Boolean)
        .join(' · ')
    case 'body_condition':
      return `Condición ${event.score}`
    case 'note':
      return event.content
    case 'calving':
      return `${event.calf ? `Ternero ${event.calf}` : 'Ternero pendiente de caravana'}${event.sex ? ` · ${event.sex}` : ''}`
    case 'death':
      return event.cause ? `Causa: ${event.cause}` : 'Causa sin indicar'
    case 'treatment':
      return [event.product, event.dose, `retiro hasta el ${formatDate(event.withdrawal_end)}`]
        .filter(Boolean)
        .join(' · ')
    case 'rider_body_condition':
      return event.score
  }
}

/** Every event of the animal, newest first, with its kind, date, what it recorded and its session. */
export function AnimalTimeline({ events }: { events: AnimalEvent[] }) {
  if (events.length === 0) {
    return (
      <styled.p color="fg.muted" textStyle="sm">
        Sin eventos registrados.
      </styled.p>
    )
  }
  return (
    <styled.ol aria-label="Historial del animal" display="grid" gap="0">
      {events.map((event) => {
        const kind = EVENT_KINDS[event.kind]
        const Icon = kind.icon
        return (
          <styled.li
            key={`${event.kind}-${event.id}`}
            display="grid"
            gridTemplateColumns="auto 1fr"
            gap="3"
            py="2.5"
            borderBottomWidth="1px"
            borderColor="border.subtle"
            _last={{ borderBottomWidth: '0' }}
          >
            <Box
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              boxSize="8"
              borderRadius="full"
              bg="accent.a3"
              color="accent.text"
              aria-hidden
            >
              <Icon size={16} />
            </Box>
            <Stack gap="0.5" minW="0">
              <HStack gap="2" flexWrap="wrap" textStyle="sm">
                <styled.span fontWeight="semibold">{kind.label}</styled.span>
                <styled.time dateTime={event.read_at.replace(' ', 'T')} color="fg.muted">
                  {formatDate(event.read_at)}
                </styled.time>
                {event.session && (
                  <styled.span color="fg.muted" textStyle="xs">
                    Sesión {event.session.name}
                  </styled.span>
                )}
              </HStack>
              <styled.p textStyle="sm">{describeEvent(event)}</styled.p>
            </Stack>
          </styled.li>
        )
      })}
    </styled.ol>
  )
}
