import { Toaster as Sonner } from 'sonner'
import { useTheme } from './theme'

export { toast } from 'sonner'

// Spec, business constants: at most 5 toasts at once, each removed after 2 seconds.
export const MAX_VISIBLE_TOASTS = 5
export const TOAST_DURATION_MS = 2000

/** Mounted once, in the root layout; anything can then call `toast(...)`. */
export function Toaster() {
  const { resolvedTheme } = useTheme()
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
