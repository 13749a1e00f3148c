import { CloudOffIcon, RefreshCwIcon, TriangleAlertIcon } from 'lucide-react'
import { useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { Input } from '~/components/ui/input'
import { deviceTime, unsyncedLabel } from '../outbox-count'

/** One record of the outbox, as the lists show it. */
export interface OutboxEntry {
  key: string
  /** 'Pesada', 'Inseminación'… */
  label: string
  /** The animal's tag. */
  subject: string
  /** '350,5 kg'… */
  detail: string
  createdAt: string
  state: 'pending' | 'review'
  /** The server's reason (review), or the last failure that will be retried (pending). */
  error?: string
  /** Whether another animal may be given to it ('Corregir'). */
  correctable: boolean
}

export interface OutboxListViewProps {
  entries: OutboxEntry[]
  online: boolean
  syncing: boolean
  onSyncNow: () => void
  onRetry: (key: string) => void | Promise<void>
  onDiscard: (key: string) => void | Promise<void>
  /** Another animal for a refused record; answers a Spanish problem, or null when done. */
  onCorrect: (key: string, tag: string) => Promise<string | null>
}

/**
 * The records the device holds unsent (decision 040): those waiting ('pendiente', sent by
 * themselves when there is signal, or now with 'Sincronizar ahora') and, under 'Revisar', those the
 * server refused, each with its Spanish reason, to retry, correct or discard — never dropped
 * without the person saying so.
 */
export function OutboxListView({
  entries,
  online,
  syncing,
  onSyncNow,
  onRetry,
  onDiscard,
  onCorrect,
}: OutboxListViewProps) {
  const pending = entries.filter((entry) => entry.state === 'pending')
  const review = entries.filter((entry) => entry.state === 'review')
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null)
  return (
    <Stack gap="5">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Stack gap="0.5">
          <styled.p fontWeight="semibold">{unsyncedLabel(pending.length + review.length)}</styled.p>
          {!online ? (
            <HStack gap="1.5" color="fg.muted" textStyle="sm">
              <CloudOffIcon size={16} aria-hidden /> Sin conexión: se sincronizarán al volver la señal.
            </HStack>
          ) : null}
        </Stack>
        <Button onClick={onSyncNow} disabled={!online || pending.length === 0} loading={syncing}>
          <RefreshCwIcon aria-hidden /> Sincronizar ahora
        </Button>
      </HStack>

      <Stack as="section" gap="2" aria-label="Pendientes">
        <styled.h3 textStyle="md" fontWeight="semibold">
          Pendientes ({pending.length})
        </styled.h3>
        {pending.length === 0 ? (
          <styled.p color="fg.muted" textStyle="sm">
            No hay registros pendientes.
          </styled.p>
        ) : (
          <styled.ul display="flex" flexDirection="column" gap="1">
            {pending.map((entry) => (
              <HStack as="li" key={entry.key} gap="2" textStyle="sm" flexWrap="wrap">
                <styled.span fontWeight="semibold">{entry.subject}</styled.span>
                <styled.span>{entry.label}</styled.span>
                <styled.span color="fg.muted">{entry.detail}</styled.span>
                <styled.span color="fg.muted">{deviceTime(entry.createdAt)}</styled.span>
                <styled.span fontWeight="semibold" color="amber.12">
                  pendiente
                </styled.span>
              </HStack>
            ))}
          </styled.ul>
        )}
      </Stack>

      <Stack as="section" gap="2" aria-label="Revisar">
        <styled.h3 textStyle="md" fontWeight="semibold">
          Revisar ({review.length})
        </styled.h3>
        {review.length === 0 ? (
          <styled.p color="fg.muted" textStyle="sm">
            El servidor no rechazó ningún registro.
          </styled.p>
        ) : (
          <styled.ul display="flex" flexDirection="column" gap="3">
            {review.map((entry) => (
              <ReviewItem
                key={entry.key}
                entry={entry}
                online={online}
                onRetry={onRetry}
                onCorrect={onCorrect}
                onDiscard={() => setDiscarding(entry)}
              />
            ))}
          </styled.ul>
        )}
      </Stack>

      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(open) => !open && setDiscarding(null)}
        tone="danger"
        title="¿Descartar este registro?"
        description={
          discarding ? `${discarding.label} de ${discarding.subject}: no se guardará en el servidor.` : ''
        }
        confirmLabel="Descartar"
        onConfirm={async () => {
          if (discarding) await onDiscard(discarding.key)
          setDiscarding(null)
        }}
      />
    </Stack>
  )
}

function ReviewItem({
  entry,
  online,
  onRetry,
  onCorrect,
  onDiscard,
}: {
  entry: OutboxEntry
  online: boolean
  onRetry: OutboxListViewProps['onRetry']
  onCorrect: OutboxListViewProps['onCorrect']
  onDiscard: () => void
}) {
  const [correcting, setCorrecting] = useState(false)
  const [tag, setTag] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const inputId = `corregir-${entry.key}`
  return (
    <styled.li borderWidth="1px" borderColor="amber.7" bg="amber.2" borderRadius="l2" p="3">
      <Stack gap="2">
        <HStack gap="2" flexWrap="wrap" textStyle="sm">
          <TriangleAlertIcon size={16} aria-hidden />
          <styled.span fontWeight="semibold">{entry.subject}</styled.span>
          <styled.span>{entry.label}</styled.span>
          <styled.span color="fg.muted">{entry.detail}</styled.span>
        </HStack>
        <styled.p textStyle="sm" color="amber.12">
          {entry.error}
        </styled.p>
        {correcting ? (
          <form
            onSubmit={async (event) => {
              event.preventDefault()
              setProblem(await onCorrect(entry.key, tag))
            }}
          >
            <HStack gap="2" flexWrap="wrap" alignItems="flex-end">
              <Stack gap="1">
                <styled.label htmlFor={inputId} textStyle="sm" fontWeight="medium">
                  Caravana del animal
                </styled.label>
                <Input id={inputId} value={tag} onChange={(event) => setTag(event.target.value)} size="sm" />
              </Stack>
              <Button type="submit" size="sm">
                Guardar y reintentar
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => setCorrecting(false)}>
                Cancelar
              </Button>
            </HStack>
            {problem ? (
              <styled.p role="alert" textStyle="sm" color="red.11" mt="1">
                {problem}
              </styled.p>
            ) : null}
          </form>
        ) : (
          <HStack gap="2" flexWrap="wrap">
            <Button size="sm" variant="outline" disabled={!online} onClick={() => void onRetry(entry.key)}>
              Reintentar
            </Button>
            {entry.correctable ? (
              <Button size="sm" variant="outline" onClick={() => setCorrecting(true)}>
                Corregir animal
              </Button>
            ) : null}
            <Button size="sm" variant="outline" onClick={onDiscard}>
              Descartar
            </Button>
          </HStack>
        )}
      </Stack>
    </styled.li>
  )
}
