import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react'
import type { ExternalToast, toast as sonnerToast } from 'sonner'

export { MAX_VISIBLE_TOASTS, TOAST_DURATION_MS } from './toast-limits'

/**
 * Toasts without sonner in every page's first load (decision 041): sonner and its region load with
 * the first toast raised. `toast(...)` works at once as before — it returns the toast's id and queues
 * the toast until the region listens, then sonner shows it.
 */
type SonnerToast = typeof sonnerToast

const SonnerToaster = lazy(() => import('./toaster-sonner'))

let ready: SonnerToast | undefined
let pending: { id: string | number; show: (toast: SonnerToast) => void }[] = []
let wanted = false
const listeners = new Set<() => void>()
let nextId = 0

function handOver(toast: SonnerToast) {
  ready = toast
  const queued = pending
  pending = []
  for (const entry of queued) entry.show(toast)
}

function show(kind: 'message' | 'success' | 'error', message: ReactNode, options?: ExternalToast) {
  const id = options?.id ?? `toast-${++nextId}`
  const run = (toast: SonnerToast) =>
    kind === 'message' ? toast(message, { ...options, id }) : toast[kind](message, { ...options, id })
  if (ready) run(ready)
  else {
    pending.push({ id, show: run })
    if (!wanted) {
      wanted = true
      for (const listener of listeners) listener()
    }
  }
  return id
}

export const toast = Object.assign(
  (message: ReactNode, options?: ExternalToast) => show('message', message, options),
  {
    success: (message: ReactNode, options?: ExternalToast) => show('success', message, options),
    error: (message: ReactNode, options?: ExternalToast) => show('error', message, options),
    /** Removes one toast (or all); one still waiting for the region is dropped from the queue. */
    dismiss: (id?: string | number) => {
      if (ready) return ready.dismiss(id)
      pending = id === undefined ? [] : pending.filter((entry) => entry.id !== id)
      return id
    },
  },
)

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Mounted once, in the root layout; anything can then call `toast(...)`. */
export function Toaster() {
  const isWanted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  )
  if (!isWanted) return null
  return (
    <Suspense fallback={null}>
      <SonnerToaster onReady={handOver} />
    </Suspense>
  )
}
