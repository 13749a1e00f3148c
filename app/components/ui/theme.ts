import { useCallback, useSyncExternalStore } from 'react'

/** The user's choice, as stored; 'sistema' follows the operating system. */
export type ThemePreference = 'claro' | 'oscuro' | 'sistema'
/** The theme actually on screen. */
export type ResolvedTheme = 'claro' | 'oscuro'

export const THEME_STORAGE_KEY = 'insights-theme'
const THEME_CHANGE_EVENT = 'insights-theme-change'
const THEME_PREFERENCES: readonly ThemePreference[] = ['claro', 'oscuro', 'sistema']

/**
 * Puts the `dark` class on <html> when the stored preference (or, with none, the operating system)
 * asks for it, and keeps it right when the preference, another tab's preference or the system
 * setting changes. `themeScript` runs it inline in <head> so the first paint already has the right
 * theme. It is serialised with `Function#toString`, so it must not use imports or module scope:
 * everything it needs comes in as arguments.
 */
export function initTheme(storageKey: string, changeEvent: string) {
  const media = window.matchMedia('(prefers-color-scheme: dark)')
  const apply = () => {
    let stored: string | null = null
    try {
      stored = window.localStorage.getItem(storageKey)
    } catch {
      // Storage can be blocked (privacy settings): the system setting decides then.
    }
    const isDark = stored === 'oscuro' || (stored !== 'claro' && media.matches)
    document.documentElement.classList.toggle('dark', isDark)
  }
  apply()
  media.addEventListener('change', apply)
  window.addEventListener(changeEvent, apply)
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey) apply()
  })
}

export const themeScript = `(${initTheme.toString()})(${JSON.stringify(THEME_STORAGE_KEY)},${JSON.stringify(THEME_CHANGE_EVENT)})`

/** Starts the theme outside the document's inline script, e.g. in Storybook's preview. */
export function startTheme() {
  initTheme(THEME_STORAGE_KEY, THEME_CHANGE_EVENT)
}

function isThemePreference(value: unknown): value is ThemePreference {
  return THEME_PREFERENCES.includes(value as ThemePreference)
}

function readPreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY)
    return isThemePreference(stored) ? stored : 'sistema'
  } catch {
    return 'sistema'
  }
}

// The class on <html> is the single source of truth for what is on screen: the inline script owns it.
function readResolvedTheme(): ResolvedTheme {
  return document.documentElement.classList.contains('dark') ? 'oscuro' : 'claro'
}

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
  window.addEventListener(THEME_CHANGE_EVENT, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    observer.disconnect()
    window.removeEventListener(THEME_CHANGE_EVENT, onChange)
    window.removeEventListener('storage', onChange)
  }
}

// The server cannot know the visitor's choice; the first client render after hydration corrects it.
const serverPreference = (): ThemePreference => 'sistema'
const serverResolvedTheme = (): ResolvedTheme => 'claro'

export function setThemePreference(preference: ThemePreference) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference)
  } catch {
    // Storage blocked: the choice cannot be kept, and the system setting stays in charge.
  }
  window.dispatchEvent(new Event(THEME_CHANGE_EVENT))
}

export function useTheme() {
  const preference = useSyncExternalStore(subscribe, readPreference, serverPreference)
  const resolvedTheme = useSyncExternalStore(subscribe, readResolvedTheme, serverResolvedTheme)
  const setPreference = useCallback((next: ThemePreference) => setThemePreference(next), [])
  return { preference, resolvedTheme, setPreference }
}
