import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { Stack, styled } from 'styled-system/jsx'
import type { ConfigSectionProps } from '~/features/configuration/sections'
import { frameworkQueryOptions } from '~/features/establishments/establishments.queries'
import { frameworkItemActionFn, saveFrameworkItemFn } from '../framework.functions'
import { frameworkItemsQueryOptions, refreshAfterFrameworkChange } from '../framework.queries'
import { FRAMEWORK_MESSAGES, FRAMEWORK_NOUNS, type FrameworkKind } from '../framework.schema'
import { FrameworkTable } from './framework-table'

const TITLES: Record<FrameworkKind, { title: string; description: string }> = {
  rodeos: { title: 'Rodeos', description: 'Los rodeos del establecimiento y sus animales vivos.' },
  bulls: { title: 'Toros', description: 'Los toros del establecimiento: padres e inseminaciones.' },
  inseminators: { title: 'Inseminadores', description: 'Las personas que inseminan en el establecimiento.' },
  riders: { title: 'Recorredores', description: 'Los recorredores del establecimiento, por clave.' },
  origins: { title: 'Orígenes', description: 'De dónde llegan los animales del establecimiento.' },
  owners: { title: 'Propietarios', description: 'Los propietarios de los animales del establecimiento.' },
}

/** One framework kind's section of Configuración: its table wired to the provider (decision 033). */
export function FrameworkSection({
  kind,
  establishmentId,
  canEdit,
}: ConfigSectionProps & { kind: FrameworkKind }) {
  const queryClient = useQueryClient()
  const [showArchived, setShowArchived] = useState(false)
  const items = useQuery(frameworkItemsQueryOptions(establishmentId, kind, showArchived))
  // Bulls pick a breed from the general framework, already cached for the animal pickers.
  const framework = useQuery({ ...frameworkQueryOptions(establishmentId), enabled: kind === 'bulls' })
  const save = useServerFn(saveFrameworkItemFn)
  const act = useServerFn(frameworkItemActionFn)
  const refresh = async () => refreshAfterFrameworkChange(queryClient, establishmentId, kind)
  const { title, description } = TITLES[kind]
  return (
    <Stack gap="6" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} w="full" minW="0">
      <Stack gap="1">
        <styled.h1 textStyle={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
          {title}
        </styled.h1>
        <styled.p color="fg.muted">{description}</styled.p>
      </Stack>
      <FrameworkTable
        kind={kind}
        items={items.data ?? []}
        loading={items.isFetching}
        error={items.isError ? FRAMEWORK_MESSAGES.error.list(kind) : undefined}
        canEdit={canEdit}
        showArchived={showArchived}
        onShowArchivedChange={setShowArchived}
        breeds={framework.data?.general.breeds.map((breed) => ({
          value: breed.id,
          label: breed.description,
        }))}
        onReload={() => void items.refetch()}
        onSave={async (id, body) => {
          const result = await save({ data: { establishmentId, kind, id, body } })
          if (result.ok) await refresh()
          return result
        }}
        onAction={async (item, action) => {
          const result = await act({ data: { establishmentId, kind, id: item.id, action } })
          if (result.ok) await refresh()
          return result
        }}
      />
      <styled.p textStyle="xs" color="fg.muted">
        Un {FRAMEWORK_NOUNS[kind].one} que ya usan animales o eventos no se elimina: se archiva, y la historia
        lo sigue nombrando.
      </styled.p>
    </Stack>
  )
}

export const RodeosSection = (props: ConfigSectionProps) => <FrameworkSection kind="rodeos" {...props} />
export const BullsSection = (props: ConfigSectionProps) => <FrameworkSection kind="bulls" {...props} />
export const InseminatorsSection = (props: ConfigSectionProps) => (
  <FrameworkSection kind="inseminators" {...props} />
)
export const RidersSection = (props: ConfigSectionProps) => <FrameworkSection kind="riders" {...props} />
export const OriginsSection = (props: ConfigSectionProps) => <FrameworkSection kind="origins" {...props} />
export const OwnersSection = (props: ConfigSectionProps) => <FrameworkSection kind="owners" {...props} />
