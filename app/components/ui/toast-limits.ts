// Spec, business constants: at most 5 toasts at once, each removed after 2 seconds.
export const MAX_VISIBLE_TOASTS = 5
export const TOAST_DURATION_MS = 2000
