import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { setThemePreference, THEME_STORAGE_KEY, themeScript } from './theme'
import { ThemeToggle } from './theme-toggle'

// The operating system's setting, controlled by each test.
let systemIsDark = false
const systemListeners = new Set<() => void>()
function setSystemDark(isDark: boolean) {
  systemIsDark = isDark
  for (const listener of systemListeners) listener()
}

const isDarkOnScreen = () => document.documentElement.classList.contains('dark')

beforeAll(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        media: query,
        get matches() {
          return systemIsDark
        },
        addEventListener: (_type: string, listener: () => void) => systemListeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => systemListeners.delete(listener),
      }) as unknown as MediaQueryList,
  )
  // Runs the very text the document's <head> receives, so a serialisation mistake fails here.
  new Function(themeScript)()
})

afterEach(() => {
  localStorage.clear()
  setSystemDark(false)
})

describe('script de tema', () => {
  it('sin preferencia guardada sigue al sistema', () => {
    setSystemDark(true)
    expect(isDarkOnScreen()).toBe(true)
    setSystemDark(false)
    expect(isDarkOnScreen()).toBe(false)
  })

  it('una preferencia guardada manda sobre el sistema', () => {
    setThemePreference('oscuro')
    expect(isDarkOnScreen()).toBe(true)
    setThemePreference('claro')
    setSystemDark(true)
    expect(isDarkOnScreen()).toBe(false)
    setThemePreference('sistema')
    expect(isDarkOnScreen()).toBe(true)
  })

  it('aplica la preferencia elegida en otra pestaña', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'oscuro')
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }))
    expect(isDarkOnScreen()).toBe(true)
  })
})

describe('ThemeToggle', () => {
  it('cambia a modo oscuro y lo recuerda', async () => {
    const user = userEvent.setup()
    render(<ThemeToggle />)

    await user.click(screen.getByRole('button', { name: 'Cambiar a modo oscuro' }))

    expect(isDarkOnScreen()).toBe(true)
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('oscuro')
    expect(await screen.findByRole('button', { name: 'Cambiar a modo claro' })).toBeVisible()
  })

  it('vuelve a modo claro', async () => {
    const user = userEvent.setup()
    act(() => setThemePreference('oscuro'))
    render(<ThemeToggle />)

    await user.click(await screen.findByRole('button', { name: 'Cambiar a modo claro' }))

    expect(isDarkOnScreen()).toBe(false)
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('claro')
  })
})
