import { useQuery } from '@tanstack/react-query'
import { styled } from 'styled-system/jsx'
import * as Card from '~/components/ui/card'
import { AppLink } from '~/features/shell/components/app-link'
import { APP_PATHS } from '~/features/shell/components/paths'
import { formatDate, formatNumber } from '~/lib/format'
import { animalRfiQueryOptions } from '../rfi.queries'
import type { AnimalRfi } from '../rfi.schema'
import { RFI_CLASS_LABELS } from '../rfi-method'

/** The animal's residual feed intake in its latest test; nothing when no test included it. */
export function AnimalRfiCard({ animalId }: { animalId: string }) {
  const { data } = useQuery(animalRfiQueryOptions(animalId))
  return data ? <AnimalRfiSummary rfi={data} /> : null
}

export function AnimalRfiSummary({ rfi }: { rfi: NonNullable<AnimalRfi> }) {
  const { animal, test, group } = rfi
  return (
    <Card.Root mt="6">
      <Card.Header>
        <Card.Title>Eficiencia de conversión (RFI)</Card.Title>
        <Card.Description>
          {test.name}, terminada el {formatDate(test.end_date)} ·{' '}
          <AppLink to={APP_PATHS.dashboardRfi} search={{ prueba: test.id }}>
            Ver la prueba
          </AppLink>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {animal.rfi === null ? (
          <styled.p color="fg.muted">{animal.note ?? 'Sin RFI en esta prueba.'}</styled.p>
        ) : (
          <styled.p>
            RFI {formatNumber(animal.rfi, 3)} kg MS/día:{' '}
            <strong>{animal.rfi_class ? RFI_CLASS_LABELS[animal.rfi_class] : ''}</strong>, puesto{' '}
            {animal.rank} de {group}. CMS {formatNumber(animal.dmi, 2)} kg MS/día, GDPV{' '}
            {formatNumber(animal.adg, 3)} kg/día, conversión {formatNumber(animal.fcr, 2)}.
          </styled.p>
        )}
      </Card.Body>
    </Card.Root>
  )
}
