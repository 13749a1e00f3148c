import { useEffect, useState, useSyncExternalStore } from 'react'
import { findAnimalByTagFn } from '~/features/animals/animals.functions'
import type { OutboxItem } from '../device-store'
import { correctRecord, discardRecord, readOutbox, retryRecord, subscribeOutbox, syncNow } from '../outbox'
import { OUTBOX_KINDS, type OutboxKind, type OutboxPayloads, type OutboxRecordKind } from '../outbox-kinds'
import { type OutboxEntry, OutboxListView } from './outbox-list-view'

export const OUTBOX_LIST_MESSAGES = {
  unknownAnimal: 'No hay un animal con esa caravana en el establecimiento',
  needsSignal: 'Se necesita conexión para buscar el animal',
} as const

function entryOf(item: OutboxItem): OutboxEntry {
  const payload = item.payload as OutboxPayloads[OutboxRecordKind]
  // The item's own kind reads its own payload (the registry is keyed by kind).
  const kind = OUTBOX_KINDS[item.kind] as unknown as OutboxKind<OutboxRecordKind>
  return {
    key: item.key,
    label: kind.label(payload),
    subject: item.subject,
    detail: kind.detail(payload),
    createdAt: item.createdAt,
    state: item.state,
    error: item.error,
    correctable: item.kind === 'event',
  }
}

function useOnline() {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener)
      window.addEventListener('offline', listener)
      return () => {
        window.removeEventListener('online', listener)
        window.removeEventListener('offline', listener)
      }
    },
    () => navigator.onLine,
    () => true,
  )
}

/** The outbox's lists wired to the device (decision 040): see OutboxListView. */
export function OutboxList() {
  const [items, setItems] = useState<OutboxItem[]>([])
  const [syncing, setSyncing] = useState(false)
  const online = useOnline()
  useEffect(() => {
    let live = true
    const read = () => void readOutbox().then((all) => live && setItems(all))
    read()
    const stop = subscribeOutbox(read)
    return () => {
      live = false
      stop()
    }
  }, [])
  return (
    <OutboxListView
      entries={items.map(entryOf)}
      online={online}
      syncing={syncing}
      onSyncNow={() => {
        setSyncing(true)
        void syncNow({ now: true }).finally(() => setSyncing(false))
      }}
      onRetry={retryRecord}
      onDiscard={discardRecord}
      onCorrect={async (key, tag) => {
        const item = items.find((each) => each.key === key)
        if (!item) return null
        if (!navigator.onLine) return OUTBOX_LIST_MESSAGES.needsSignal
        const payload = item.payload as OutboxPayloads['event']
        const animal = await findAnimalByTagFn({
          data: { establishmentId: item.establishmentId, tag },
        }).catch(() => undefined)
        if (!animal) return OUTBOX_LIST_MESSAGES.unknownAnimal
        await correctRecord(key, {
          payload: { ...payload, body: { ...payload.body, animal_id: animal.animal_id } },
          subject: animal.visual_tag,
        })
        return null
      }}
    />
  )
}
