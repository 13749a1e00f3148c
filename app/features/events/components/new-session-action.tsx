import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { CalendarPlusIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { createSessionFn } from '~/features/cattle-handling/cattle-handling.functions'
import { sessionKeys } from '~/features/cattle-handling/cattle-handling.queries'
import {
  NewSessionDialog,
  type NewSessionFormProps,
} from '~/features/cattle-handling/components/new-session-form'
import { kindOfWork } from '../event-kinds'
import { mangaAddress } from './manga-tabs'

export interface NewSessionActionProps {
  establishmentId: number
  /** Creates the session (default: the server function); tests and stories pass their own. */
  onCreate?: NewSessionFormProps['onCreate']
}

/**
 * Manga's 'Nueva Sesión': once created, the page opens the new session's table (its work type's tab)
 * showing that session, so the record forms opened next go into it.
 */
export function NewSessionAction({ establishmentId, onCreate }: NewSessionActionProps) {
  const [open, setOpen] = useState(false)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CalendarPlusIcon aria-hidden /> Nueva Sesión
      </Button>
      <NewSessionDialog
        title="Nueva Sesión"
        open={open}
        onOpenChange={setOpen}
        establishmentId={establishmentId}
        onCreate={onCreate ?? ((body) => createSessionFn({ data: body }))}
        onCreated={(session) => {
          void queryClient.invalidateQueries({ queryKey: sessionKeys.all })
          void navigate(mangaAddress(kindOfWork(session.cattle_handling_work), session.id))
        }}
      />
    </>
  )
}
