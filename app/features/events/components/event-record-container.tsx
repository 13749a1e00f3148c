import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { animalByTagQueryOptions } from '~/features/animals/animals.queries'
import { getSessionFn } from '~/features/cattle-handling/cattle-handling.functions'
import { sessionHeadersQueryOptions } from '~/features/cattle-handling/cattle-handling.queries'
import { useCreateSession } from '~/features/cattle-handling/components/session-selector'
import { frameworkQueryOptions } from '~/features/establishments/establishments.queries'
import { refreshLists } from '~/lib/lists'
import { EVENT_KIND_INFO } from '../event-kinds'
import { createEventFn, updateEventFn } from '../events.functions'
import { fetchEvents } from '../events.queries'
import { EventRecordDialog, type EventRecordDialogProps, recordLookups } from './event-record-dialog'
import type { RecordServices } from './event-record-form'

export type EventRecordContainerProps = Omit<EventRecordDialogProps, 'lookups' | 'services'>

/**
 * A record dialog wired to the provider: the frameworks' lookups, the sessions of the kind, the
 * animal lookup by tag, the counters, and the writes — each successful write sets the reload flag.
 */
export function EventRecordContainer(props: EventRecordContainerProps) {
  const { kind, establishmentId, open } = props
  const queryClient = useQueryClient()
  const work = EVENT_KIND_INFO[kind].work
  const framework = useQuery({ ...frameworkQueryOptions(establishmentId), enabled: open })
  const sessions = useQuery({ ...sessionHeadersQueryOptions(establishmentId, work), enabled: open })
  const createSession = useCreateSession(establishmentId, work)
  const lookups = useMemo(() => recordLookups(framework.data), [framework.data])
  const services: RecordServices = {
    findAnimal: (tag) => queryClient.fetchQuery(animalByTagQueryOptions(establishmentId, tag)),
    countAnimalInSession: async (sessionId, animalId) => {
      const page = await fetchEvents(establishmentId, kind, {
        cattle_handling: String(sessionId),
        animal_id: animalId,
        perPage: 1,
      })
      return page.meta.total
    },
    countSessionAnimals: async (sessionId) => (await getSessionFn({ data: { id: sessionId } })).animals,
    create: async (write) => {
      const result = await createEventFn({ data: { ...write, establishmentId } })
      // The reload flag, not awaited: the chute does not wait for the tables behind the dialog.
      if (result.ok) void refreshLists(queryClient)
      return result
    },
    update: async (id, write) => {
      const result = await updateEventFn({ data: { ...write, id } })
      // The reload flag, not awaited: the chute does not wait for the tables behind the dialog.
      if (result.ok) void refreshLists(queryClient)
      return result
    },
    sessions: sessions.data,
    sessionsFailed: sessions.isError && !sessions.isFetching,
    retrySessions: () => void sessions.refetch(),
    createSession,
  }
  return <EventRecordDialog {...props} lookups={lookups} services={services} />
}
