import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createSessionFn } from '../cattle-handling.functions'
import { sessionHeadersQueryOptions, sessionKeys } from '../cattle-handling.queries'
import type { CattleHandlingWork, CreateSessionBody, SessionHeader } from '../cattle-handling.schema'
import type { CreateSessionResult } from './new-session-form'
import { type SessionSelectorProps, SessionSelectorView } from './session-selector-view'

export type { SessionSelectorProps } from './session-selector-view'

/**
 * Creates a session of the establishment and puts it at the top of the cached list of its type at
 * once (then every session list is refetched).
 */
export function useCreateSession(establishmentId: number, work: CattleHandlingWork) {
  const queryClient = useQueryClient()
  return async (body: CreateSessionBody): Promise<CreateSessionResult> => {
    const result = await createSessionFn({ data: body })
    if (result.ok && result.session) {
      const created = result.session
      queryClient.setQueryData(
        sessionHeadersQueryOptions(establishmentId, work).queryKey,
        (current: SessionHeader[] | undefined) => [
          { id: created.id, name: created.name },
          ...(current ?? []),
        ],
      )
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all })
    }
    return result
  }
}

/**
 * The session selector wired to the provider: lists the establishment's sessions of the form's work
 * type (cached 15 minutes, refreshed by the reload flag) and creates new ones. Reusable by any form
 * that records into a session (the record forms here, the bulk upload panels).
 */
export function SessionSelector(props: SessionSelectorProps) {
  const sessions = useQuery({
    ...sessionHeadersQueryOptions(props.establishmentId, props.work),
    enabled: !props.fixed,
  })
  const createSession = useCreateSession(props.establishmentId, props.work)
  return (
    <SessionSelectorView
      {...props}
      sessions={sessions.data}
      sessionsFailed={sessions.isError && !sessions.isFetching}
      onRetrySessions={() => void sessions.refetch()}
      onCreateSession={createSession}
    />
  )
}
