import type { QueryClient } from '@tanstack/react-query'
import type { AnimalListRow } from '~/features/animals/animals.schema'
import type { RecordServices } from '~/features/events/components/event-record-form'
import { EVENT_KIND_INFO, type EventKind } from '~/features/events/event-kinds'
import { eventAnimalProblems } from '~/features/events/events.rules'
import type { Sex } from '~/features/lookups/lookup-values'
import { refreshLists } from '~/lib/lists'
import { type ChuteOffline, findAnimalOnOrOffline } from './chute-offline'
import { onRecordSettled, onRecordsSynced, readOutbox, saveThroughOutbox, startAutoSync } from './outbox'
import { OUTBOX_KINDS, type OutboxPayloads } from './outbox-kinds'

export const CHUTE_OFFLINE_MESSAGES = {
  savedOnDevice: (kind: EventKind) => {
    const noun = EVENT_KIND_INFO[kind].aSingular.replace(/^una? /, '')
    return `${noun.charAt(0).toUpperCase()}${noun.slice(1)} guardada en el dispositivo: se sincronizará al volver la señal`
  },
} as const

/**
 * The record form's services in chute mode (the page's own for the rest; `current` answers the
 * page's latest) (decision 040): every new record goes through the
 * outbox (`saveThroughOutbox`: stored on the device first, then sent with its idempotency key), so
 * a save works the same with and without signal.
 * Tags are looked up on the server, or in the device's snapshot when there is no signal. The
 * same rules module as the server (events.rules.ts) checks the animal on the device first.
 */
export function chuteServices(
  current: () => RecordServices,
  { kind, offline }: { kind: EventKind; offline: ChuteOffline },
): Pick<
  RecordServices,
  'findAnimal' | 'countAnimalInSession' | 'countSessionAnimals' | 'create' | 'onRecordSettled'
> {
  startAutoSync()
  const seen = new Map<string, AnimalListRow>()
  const lastKnownCount = new Map<number, number>()
  const remember = (animal: AnimalListRow | null) => {
    if (animal) seen.set(animal.animal_id, animal)
    return animal
  }

  /** The records of this kind still on the device for a session (pending or in 'Revisar'). */
  async function onDevice(sessionId: number) {
    return (await readOutbox()).filter((item) => {
      if (item.kind !== 'event') return false
      const payload = item.payload as OutboxPayloads['event']
      return payload.kind === kind && OUTBOX_KINDS.event.session(payload) === sessionId
    })
  }

  return {
    findAnimal: async (tag) =>
      remember(await findAnimalOnOrOffline(offline, (typed) => current().findAnimal(typed), tag)),
    countAnimalInSession: async (sessionId, animalId) => {
      const local = (await onDevice(sessionId)).filter(
        (item) => OUTBOX_KINDS.event.animal(item.payload as OutboxPayloads['event']) === animalId,
      ).length
      if (!navigator.onLine) return local
      try {
        return (await current().countAnimalInSession(sessionId, animalId)) + local
      } catch {
        return local
      }
    },
    countSessionAnimals: async (sessionId) => {
      const local = new Set(
        (await onDevice(sessionId)).map((item) =>
          OUTBOX_KINDS.event.animal(item.payload as OutboxPayloads['event']),
        ),
      ).size
      if (navigator.onLine) {
        try {
          lastKnownCount.set(sessionId, await current().countSessionAnimals(sessionId))
        } catch {
          // Keep the last count read.
        }
      }
      return (lastKnownCount.get(sessionId) ?? 0) + local
    },
    create: async (write) => {
      const animal = seen.get(write.body.animal_id)
      // The rules every path obeys (decision 022), on what the device knows of the animal.
      const [problem] = eventAnimalProblems(write.kind, {
        animal: {
          visualTag: animal?.visual_tag ?? '',
          sex: (animal?.gender?.description as Sex | undefined) ?? null,
        },
        // The server's count is the form's warning; this is about repeats still on the device.
        alreadyInSession: false,
        repeatConfirmed: write.body.confirm_repeat === true,
      })
      if (problem) return { ok: false, error: problem.message }
      const saved = await saveThroughOutbox(
        'event',
        { establishmentId: offline.establishmentId, kind: write.kind, body: write.body },
        { establishmentId: offline.establishmentId, subject: animal?.visual_tag ?? '' },
      )
      if (!saved.ok) return saved
      if (!saved.pending) return { ok: true, message: EVENT_KIND_INFO[write.kind].messages.createSuccess }
      return {
        ok: true,
        pending: true,
        recordKey: saved.key,
        message: CHUTE_OFFLINE_MESSAGES.savedOnDevice(write.kind),
      }
    },
    onRecordSettled: (listener) =>
      onRecordSettled((key, outcome) => {
        if (outcome !== 'pending') listener(key, outcome)
      }),
  }
}

let watching = false

/** After records sync, the lists behind the chute refresh (the reload flag). */
export function refreshListsAfterSync(queryClient: QueryClient) {
  if (watching) return
  watching = true
  onRecordsSynced(() => void refreshLists(queryClient))
}
