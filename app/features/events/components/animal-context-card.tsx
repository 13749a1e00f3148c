import { BellIcon } from 'lucide-react'
import { useLayoutEffect } from 'react'
import { Box, Grid, HStack, Stack, styled } from 'styled-system/jsx'
import { AlertBadges } from '~/features/alerts/components/alert-badges'
import type { AnimalListRow } from '~/features/animals/animals.schema'
import { formatDate, formatNumber } from '~/lib/format'
import { measureScanToCard } from '../scan-timing'

export interface AnimalContextCardProps {
  animal: AnimalListRow
}

function Fact({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Stack gap="0.5" minW="0">
      <styled.dt textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </styled.dt>
      <styled.dd textStyle="lg" fontWeight="semibold" lineHeight="tight" truncate>
        {value}
      </styled.dd>
      {detail ? (
        <styled.dd textStyle="sm" color="fg.muted">
          {detail}
        </styled.dd>
      ) : null}
    </Stack>
  )
}

/**
 * What the crew needs to decide on the spot, once an animal is picked at the chute: who it is, its
 * category and rodeo, its last weight and diagnosis, and its active alerts (spec issue 6, part 4).
 */
export function AnimalContextCard({ animal }: AnimalContextCardProps) {
  const lastCheck = animal.last_pregnancy_check
  // The card is in the page (before the browser paints it): the scan's time ends here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per animal shown
  useLayoutEffect(() => measureScanToCard(), [animal.animal_id])
  return (
    <Box
      as="section"
      aria-label={`Animal ${animal.visual_tag}`}
      borderWidth="1px"
      borderColor="border.default"
      borderRadius="l3"
      bg="bg.subtle"
      p="4"
    >
      <Stack gap="3">
        <HStack justify="space-between" alignItems="baseline" flexWrap="wrap" gap="2">
          <styled.p textStyle="2xl" fontWeight="bold" letterSpacing="tight">
            {animal.visual_tag}
          </styled.p>
          {animal.electronic_tag ? (
            <styled.p fontFamily="mono" color="fg.muted" textStyle="sm">
              RFID {animal.electronic_tag}
            </styled.p>
          ) : null}
        </HStack>
        <Grid
          as="dl"
          gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }}
          gap="3"
        >
          <Fact label="Categoría" value={animal.category?.description ?? 'Sin categoría'} />
          <Fact label="Rodeo" value={animal.rodeo?.description ?? 'Sin rodeo'} />
          <Fact
            label="Último peso"
            value={animal.last_weight === null ? 'Sin pesadas' : `${formatNumber(animal.last_weight, 1)} kg`}
            detail={animal.last_weight_read_at ? formatDate(animal.last_weight_read_at) : undefined}
          />
          <Fact
            label="Último diagnóstico"
            value={lastCheck ? (lastCheck.description ?? 'Sin resultado') : 'Sin diagnósticos'}
            detail={lastCheck ? formatDate(lastCheck.read_at) : undefined}
          />
        </Grid>
        {animal.alerts.length > 0 ? (
          <Stack gap="1.5" role="group" aria-label="Alertas activas">
            <HStack gap="1.5" color="amber.11" fontWeight="semibold" textStyle="sm">
              <BellIcon size={16} aria-hidden /> Alertas activas
            </HStack>
            <AlertBadges alerts={animal.alerts} size="md" />
          </Stack>
        ) : (
          <styled.p textStyle="sm" color="fg.muted">
            Sin alertas activas
          </styled.p>
        )}
      </Stack>
    </Box>
  )
}
