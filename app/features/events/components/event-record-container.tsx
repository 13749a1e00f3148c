import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
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

/** Chute mode's offline machinery, loaded when a new record opens (never with the page: decision 040). */
type ChuteMode = {
  services: typeof import('~/features/offline/chute-services')
  offline: import('~/features/offline/chute-offline').ChuteOffline
}

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
  const recordsNew = open && !props.editing
  const [chute, setChute] = useState<ChuteMode | null>(null)
  useEffect(() => {
    if (!recordsNew) return
    let live = true
    void Promise.all([
      import('~/features/offline/chute-services'),
      import('~/features/offline/chute-offline'),
    ])
      .then(async ([services, { chuteOffline }]) => {
        const offline = await chuteOffline(queryClient, establishmentId)
        services.refreshListsAfterSync(queryClient)
        if (live) setChute({ services, offline })
        // Opening chute mode prepares the device to work without signal (when its data is old).
        await offline.prepareIfStale()
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [recordsNew, queryClient, establishmentId])
  const online: RecordServices = {
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
  const onlineRef = useRef(online)
  onlineRef.current = online
  // One per chute session: it remembers the animals it found (the device-side rules read them).
  const chuteSide = useMemo(
    () => chute?.services.chuteServices(() => onlineRef.current, { kind, offline: chute.offline }),
    [chute, kind],
  )
  const services: RecordServices = chuteSide ? { ...online, ...chuteSide } : online
  return <EventRecordDialog {...props} lookups={lookups} services={services} />
}
