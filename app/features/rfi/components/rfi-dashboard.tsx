import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { styled } from 'styled-system/jsx'
import { useIsEstablishmentAdmin } from '~/features/boards/components/boards-dashboard'
import { rodeosQueryOptions } from '~/features/rodeos/rodeos.queries'
import { createRfiTestFn, importIntakeFn } from '../rfi.functions'
import { rfiKeys, rfiResultQueryOptions, rfiTestsQueryOptions } from '../rfi.queries'
import { RfiView } from './rfi-view'

/** The built-in RFI board, the chosen test in the address (`prueba`). */
export function RfiDashboard({
  establishmentId,
  testId,
  onSelectTest,
}: {
  establishmentId: number
  testId: number | undefined
  onSelectTest: (testId: number) => void
}) {
  const canEdit = useIsEstablishmentAdmin(establishmentId)
  const queryClient = useQueryClient()
  const tests = useQuery(rfiTestsQueryOptions(establishmentId))
  const selected = testId ?? tests.data?.[0]?.id
  const result = useQuery({
    ...rfiResultQueryOptions(establishmentId, selected ?? 0),
    enabled: selected !== undefined,
  })
  const rodeos = useQuery({ ...rodeosQueryOptions(establishmentId), enabled: canEdit })
  const createTest = useServerFn(createRfiTestFn)
  const importIntake = useServerFn(importIntakeFn)
  const refresh = () => queryClient.invalidateQueries({ queryKey: rfiKeys.establishment(establishmentId) })
  if (tests.isPending) return <styled.p color="fg.muted">Cargando las pruebas…</styled.p>
  if (tests.isError) return <styled.p color="fg.error">{tests.error.message}</styled.p>
  return (
    <RfiView
      tests={tests.data}
      selectedTestId={selected}
      onSelectTest={onSelectTest}
      result={result.data}
      resultLoading={selected !== undefined && result.isPending}
      canEdit={canEdit}
      rodeos={rodeos.data ?? []}
      onCreateTest={async (test) => {
        const answer = await createTest({ data: { establishmentId, test } })
        if (answer.ok) {
          await refresh()
          if (answer.id) onSelectTest(answer.id)
        }
        return answer
      }}
      onImportIntake={async (file) => {
        const form = new FormData()
        form.set('file', file)
        form.set('establishmentId', String(establishmentId))
        const outcome = await importIntake({ data: form })
        if (outcome.ok) await refresh()
        return outcome
      }}
    />
  )
}
