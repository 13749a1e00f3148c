import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { Loading } from '~/components/ui/loading'
import { sessionQueryOptions } from '~/features/auth/auth.queries'
import type { ConfigSectionProps } from '~/features/configuration/sections'
import { inviteFn, personActionFn } from '../people.functions'
import { peopleChangedKeys, peopleQueryOptions } from '../people.queries'
import { PEOPLE_MESSAGES } from '../people.schema'
import { PeopleView } from './people-view'

/** Configuración → Usuarios (`?seccion=usuarios`), loaded when opened. */
export default function PeopleSection({ establishmentId, canEdit }: ConfigSectionProps) {
  const { data: session } = useQuery(sessionQueryOptions())
  const people = useQuery(peopleQueryOptions(establishmentId))
  const queryClient = useQueryClient()
  const invite = useServerFn(inviteFn)
  const act = useServerFn(personActionFn)
  const refresh = () =>
    Promise.all(
      peopleChangedKeys(establishmentId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
  if (people.isError) return <p role="alert">{PEOPLE_MESSAGES.listError}</p>
  if (!people.data) return <Loading />
  return (
    <PeopleView
      people={people.data}
      canEdit={canEdit}
      canDeactivate={session?.roles.isSuperAdmin ?? false}
      currentUserId={session?.user.id}
      onInvite={async (values) => {
        const result = await invite({ data: { establishmentId, invite: values } })
        // Also on a refusal: an invitation whose e-mail failed is saved, and listed for 'Reenviar'.
        await refresh()
        return result
      }}
      onChange={async (change) => {
        const result = await act({
          data:
            change.action === 'deactivate' || change.action === 'reactivate'
              ? { action: change.action, userId: change.userId }
              : { ...change, establishmentId },
        })
        await refresh()
        return result
      }}
    />
  )
}
