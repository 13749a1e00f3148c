import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { authKeys, sessionQueryOptions } from '~/features/auth/auth.queries'
import { EstablishmentPicker } from '~/features/establishments/components/establishment-picker'
import type { Establishment } from '~/features/establishments/establishment.schema'
import {
  establishmentKeys,
  frameworkQueryOptions,
  myEstablishmentsQueryOptions,
} from '~/features/establishments/establishments.queries'
import { sectionPaths } from '~/features/shell/components/paths'

export const Route = createFileRoute('/management/_authed/establishment/')({
  head: () => ({ meta: [{ title: 'Establecimientos · Insights' }] }),
  component: PickerPage,
})

/** Spec section 7: the choice is stored by the local endpoint, and a non-ok answer is an error. */
async function saveSelectedEstablishment(establishmentId: number) {
  const response = await fetch('/api/establishmentId', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ establishmentId }),
  })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
}

function PickerPage() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions())
  const { data: establishments, isPending } = useQuery(myEstablishmentsQueryOptions())
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [pendingId, setPendingId] = useState<number | null>(null)

  async function select(establishment: Establishment) {
    setPendingId(establishment.id)
    try {
      await saveSelectedEstablishment(establishment.id)
    } catch (error) {
      // Spec section 8: logged only.
      console.error('Error al guardar establecimiento en cookies', error)
      setPendingId(null)
      return
    }
    queryClient.setQueryData(establishmentKeys.current(), establishment)
    // Spec section 4: selecting loads the framework and refreshes the roles and the boards.
    await queryClient.invalidateQueries({ queryKey: [...establishmentKeys.all, establishment.id] })
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: authKeys.session() }),
      queryClient.prefetchQuery(frameworkQueryOptions(establishment.id)),
    ])
    await navigate({ href: sectionPaths(establishment.id).summary })
  }

  return (
    <EstablishmentPicker
      userName={session?.user.name}
      establishments={establishments}
      loading={isPending}
      onSelect={select}
      pendingId={pendingId}
    />
  )
}
