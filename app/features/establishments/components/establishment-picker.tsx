import { Building2Icon, SearchIcon, SearchXIcon, SettingsIcon } from 'lucide-react'
import { type ReactNode, useId, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { Box, HStack, Stack, styled } from 'styled-system/jsx'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import * as Card from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { AppLink } from '~/features/shell/components/app-link'
import { APP_PATHS } from '~/features/shell/components/paths'
import type { Establishment } from '../establishment.schema'
import { EstablishmentCard, EstablishmentCardSkeleton } from './establishment-card'
import { Carousel } from './establishment-carousel'
import { filterEstablishments } from './establishment-search'
import { WelcomeClock } from './welcome-clock'

// Spec section 9: 8 skeleton cards while loading.
export const SKELETON_CARD_COUNT = 8

export const NO_MATCHES_TEXT = 'No se encontraron establecimientos.'
export const NO_ESTABLISHMENTS_TEXT = 'No tiene establecimientos asignados.'

export interface EstablishmentPickerProps {
  /** The user's first name, for 'Bienvenido, {name}'. */
  userName?: string
  /** The user's establishments; ignored while `loading`. */
  establishments: readonly Establishment[] | undefined
  loading?: boolean
  /** Opens an establishment (the app loads its framework, stores it and moves to its pages). */
  onSelect: (establishment: Establishment) => void
  /** The establishment being opened, if any: its card shows a spinner and the others wait. */
  pendingId?: number | null
}

/** The establishment picker (spec, screens): the welcome card and a carousel of establishments. */
export function EstablishmentPicker({
  userName,
  establishments,
  loading = false,
  onSelect,
  pendingId = null,
}: EstablishmentPickerProps) {
  const [search, setSearch] = useState('')
  const headingId = useId()
  const all = establishments ?? []
  const matches = useMemo(() => filterEstablishments(establishments ?? [], search), [establishments, search])
  const name = userName?.trim()

  let content: ReactNode
  if (loading) {
    content = (
      <>
        <Box srOnly role="status">
          Cargando establecimientos...
        </Box>
        <Carousel
          label="Establecimientos"
          slides={Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => ({
            key: index,
            node: <EstablishmentCardSkeleton />,
          }))}
          heading={<SectionHeading id={headingId} />}
        />
      </>
    )
  } else if (all.length === 0) {
    content = (
      <>
        <SectionHeading id={headingId} />
        <EmptyState icon={<Building2Icon size={26} strokeWidth={1.75} />} text={NO_ESTABLISHMENTS_TEXT} />
      </>
    )
  } else if (matches.length === 0) {
    content = (
      <>
        <SectionHeading id={headingId} count={0} />
        <EmptyState icon={<SearchXIcon size={26} strokeWidth={1.75} />} text={NO_MATCHES_TEXT}>
          <Button variant="outline" size="sm" onClick={() => setSearch('')}>
            Limpiar búsqueda
          </Button>
        </EmptyState>
      </>
    )
  } else {
    content = (
      <Carousel
        label="Establecimientos"
        heading={<SectionHeading id={headingId} count={matches.length} />}
        slides={matches.map((establishment) => ({
          key: establishment.id,
          node: (
            <EstablishmentCard
              establishment={establishment}
              onSelect={onSelect}
              pending={pendingId === establishment.id}
              disabled={pendingId !== null}
            />
          ),
        }))}
      />
    )
  }

  return (
    <Stack gap="8" width="full">
      <Card.Root borderWidth="1px" borderColor="border.subtle" boxShadow="sm" overflow="visible">
        <Stack
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'stretch', md: 'center' }}
          justify="space-between"
          gap="5"
          p={{ base: '5', md: '6' }}
        >
          <Stack gap="1" minW="0">
            <Card.Title
              asChild
              textStyle={{ base: '2xl', md: '3xl' }}
              fontWeight="bold"
              letterSpacing="tight"
            >
              <h1>{name ? `Bienvenido, ${name}` : 'Bienvenido'}</h1>
            </Card.Title>
            <WelcomeClock />
          </Stack>
          <HStack gap="2" width={{ base: 'full', md: 'auto' }}>
            <Box position="relative" flex="1" minW={{ md: '72' }}>
              <styled.span
                position="absolute"
                insetStart="3"
                top="50%"
                transform="translateY(-50%)"
                color="fg.subtle"
                display="inline-flex"
                pointerEvents="none"
                aria-hidden
              >
                <SearchIcon size={16} />
              </styled.span>
              <Input
                type="search"
                placeholder="Buscar Establecimiento"
                aria-label="Buscar Establecimiento"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                ps="9"
                autoComplete="off"
                disabled={loading}
              />
            </Box>
            <Button asChild variant="outline" px="0" aspectRatio="square">
              <AppLink to={APP_PATHS.userProfile} aria-label="Configuración" title="Configuración">
                <SettingsIcon />
              </AppLink>
            </Button>
          </HStack>
        </Stack>
      </Card.Root>

      <section aria-labelledby={headingId}>{content}</section>
    </Stack>
  )
}

function SectionHeading({ id, count }: { id: string; count?: number }) {
  return (
    <HStack gap="2.5">
      <styled.h2 id={id} textStyle="lg" fontWeight="semibold">
        Establecimientos
      </styled.h2>
      {count !== undefined && <Badge size="sm">{count}</Badge>}
    </HStack>
  )
}

function EmptyState({ icon, text, children }: { icon: ReactNode; text: string; children?: ReactNode }) {
  return (
    <Stack
      align="center"
      justify="center"
      gap="3"
      mt="4"
      minH="44"
      px="6"
      py="8"
      textAlign="center"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="border.default"
      borderRadius="l3"
      bg="bg.subtle"
    >
      <span className={emptyIconClass} aria-hidden>
        {icon}
      </span>
      <styled.p color="fg.muted" fontWeight="medium">
        {text}
      </styled.p>
      {children}
    </Stack>
  )
}

const emptyIconClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSize: '12',
  borderRadius: 'full',
  bg: 'gray.a3',
  color: 'fg.muted',
})
