import { MoonIcon, SunIcon } from 'lucide-react'
import { Button, iconButtonClass } from './button'
import { useTheme } from './theme'

/** Switches between the light and the dark theme; the choice is kept for the next visit. */
export function ThemeToggle() {
  const { resolvedTheme, setPreference } = useTheme()
  const isDark = resolvedTheme === 'oscuro'
  const label = isDark ? 'Cambiar a modo claro' : 'Cambiar a modo oscuro'
  return (
    <Button
      variant="ghost"
      size="sm"
      className={iconButtonClass}
      aria-label={label}
      title={label}
      onClick={() => setPreference(isDark ? 'claro' : 'oscuro')}
    >
      {isDark ? <SunIcon /> : <MoonIcon />}
    </Button>
  )
}
