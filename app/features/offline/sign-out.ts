import { OUTBOX_COUNT_KEY } from './outbox-count'

/**
 * Sign-out leaves nothing of the user on the device (decision 040): the chute's IndexedDB (snapshot,
 * kept answers, outbox) and the service worker's caches (the chute's page carries the user's data).
 * The logout dialog warned first when records were still unsent.
 */
export async function clearDeviceData() {
  const { deleteDeviceData } = await import('./device-store')
  await Promise.allSettled([
    deleteDeviceData(),
    typeof caches === 'undefined'
      ? Promise.resolve()
      : caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key)))),
  ])
  localStorage.removeItem(OUTBOX_COUNT_KEY)
}
