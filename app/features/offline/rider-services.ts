import type { AnimalListRow } from '~/features/animals/animals.schema'
import { RIDER_KIND_TEXT } from '~/features/riders/riders.schema'
import type { ActionResult } from '~/lib/action-result'
import { type ChuteOffline, findAnimalOnOrOffline } from './chute-offline'
import { saveThroughOutbox, startAutoSync } from './outbox'

/** The Recorredores records that are kept on the device without signal (issue 23). */
export const RIDER_OFFLINE_KINDS = ['births', 'treatments'] as const
export type RiderOfflineKind = (typeof RIDER_OFFLINE_KINDS)[number]

export const RIDER_OFFLINE_MESSAGES = {
  savedOnDevice: {
    births: 'Parto guardado en el dispositivo: se sincronizará al volver la señal',
    treatments: 'Tratamiento guardado en el dispositivo: se sincronizará al volver la señal',
  },
} as const satisfies { savedOnDevice: Record<RiderOfflineKind, string> }

export interface RiderOfflineServices {
  /** The mother's or the animal's tag: the server with signal, the device's snapshot without. */
  findAnimal: (tag: string) => Promise<AnimalListRow | null>
  /** A new calving or treatment, through the outbox: written, refused, or kept as pending. */
  save: (
    kind: RiderOfflineKind,
    body: Record<string, unknown>,
  ) => Promise<ActionResult & { pending?: boolean }>
}

/**
 * The riders' new calving and treatment forms without signal (decision 040, addendum h31), as the
 * chute's record form: the animals come from the device's snapshot when there is no signal, and
 * every save goes through the outbox (`saveThroughOutbox`), with and without signal — one path.
 * The device checks what it can (the form refuses an animal that left the herd, and the snapshot
 * holds live animals only); the rest of the rules (280 days between calvings, the calf's tag, an
 * animal that died meanwhile) are the server's rules module's, which answers at the sync: a
 * refusal goes to 'Revisar' with its Spanish reason.
 */
export function riderOfflineServices(
  offline: ChuteOffline,
  online: (tag: string) => Promise<AnimalListRow | null>,
): RiderOfflineServices {
  startAutoSync()
  const seen = new Map<string, AnimalListRow>()
  return {
    findAnimal: async (tag) => {
      const animal = await findAnimalOnOrOffline(offline, online, tag)
      if (animal) seen.set(animal.animal_id, animal)
      return animal
    },
    save: async (kind, body) => {
      const about = (ids: unknown[]) => ({
        establishmentId: offline.establishmentId,
        subject: ids.map((id) => seen.get(String(id))?.visual_tag ?? '').join(', '),
      })
      const establishmentId = offline.establishmentId
      const saved =
        kind === 'births'
          ? await saveThroughOutbox(
              'birth',
              { establishmentId, body: body as never },
              about([body.mother_id]),
            )
          : await saveThroughOutbox(
              'treatment',
              { establishmentId, body: body as never },
              about(Array.isArray(body.animal_ids) ? body.animal_ids : []),
            )
      if (!saved.ok) return saved
      return saved.pending
        ? { ok: true, pending: true, message: RIDER_OFFLINE_MESSAGES.savedOnDevice[kind] }
        : { ok: true, message: RIDER_KIND_TEXT[kind].created }
    },
  }
}
