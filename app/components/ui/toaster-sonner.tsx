import { useEffect } from 'react'
import { Toaster as Sonner, toast } from 'sonner'
import { useTheme } from './theme'
import { MAX_VISIBLE_TOASTS, TOAST_DURATION_MS } from './toast-limits'

/**
 * The notifications region, loaded with sonner when the first toast is raised (toaster.tsx).
 * `onReady` runs after sonner's own effects (a child's effects run first), so the toasts raised
 * while it loaded are handed over once it listens.
 */
export default function SonnerToaster({ onReady }: { onReady: (show: typeof toast) => void }) {
  const { resolvedTheme } = useTheme()
  useEffect(() => onReady(toast), [onReady])
  return (
    <Sonner
      theme={resolvedTheme === 'oscuro' ? 'dark' : 'light'}
      position="top-right"
      visibleToasts={MAX_VISIBLE_TOASTS}
      duration={TOAST_DURATION_MS}
      customAriaLabel="Notificaciones"
      toastOptions={{ closeButtonAriaLabel: 'Cerrar notificación' }}
    />
  )
}
