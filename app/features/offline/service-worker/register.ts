import { SW_MESSAGES, SW_URL } from './sw-protocol'

/**
 * Registers the service worker (sw.ts) from chute mode, and tells the page when a new deployment's
 * worker is waiting ('Hay una nueva versión'): the person switches when it suits them
 * (`activateNewVersion`), never in the middle of an animal. Production builds only: the dev
 * server has no /sw.js.
 */

type Listener = () => void
const listeners = new Set<Listener>()
let waiting: ServiceWorker | null = null
let registered = false

export function newVersionWaiting() {
  return waiting !== null
}

export function subscribeNewVersion(listener: Listener) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

function setWaiting(worker: ServiceWorker | null) {
  // Only an update: the first worker of a device has no page to replace.
  waiting = worker && navigator.serviceWorker.controller ? worker : null
  for (const listener of listeners) listener()
}

export function registerServiceWorker() {
  if (registered || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  if (import.meta.env.DEV) return
  registered = true
  void navigator.serviceWorker
    .register(SW_URL, { scope: '/' })
    .then((registration) => {
      if (registration.waiting) setWaiting(registration.waiting)
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') setWaiting(installing)
        })
      })
      // A long chute session still hears of a deployment.
      setInterval(() => void registration.update().catch(() => undefined), 30 * 60_000)
    })
    .catch(() => undefined)
}

/** 'Actualizar': the waiting worker takes over and the page reloads on the new version. */
export function activateNewVersion() {
  if (!waiting) return
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true })
  waiting.postMessage({ type: SW_MESSAGES.skipWaiting })
}
