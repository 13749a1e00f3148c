import { css } from 'styled-system/css'
import { HStack } from 'styled-system/jsx'
import { AppLink } from './app-link'

export interface TopMenuItem {
  label: string
  to: string
  active?: boolean
}

/** The sections of an establishment, with the spec's labels, in its order. */
export const TOP_MENU_SECTIONS = [
  { key: 'summary', label: 'Resumen' },
  { key: 'animals', label: 'Animales' },
  { key: 'cattlehandling', label: 'Manga' },
  { key: 'rerunner', label: 'Recorredores' },
  { key: 'dash', label: 'Tablero' },
] as const

export type TopMenuSection = (typeof TOP_MENU_SECTIONS)[number]['key']

/**
 * The menu's items from each section's address. The spec gives two forms of these addresses
 * (with and without 'app-insights'), so the app decides them; the labels stay the spec's.
 */
export function topMenuItems(paths: Record<TopMenuSection, string>, active?: TopMenuSection): TopMenuItem[] {
  return TOP_MENU_SECTIONS.map((section) => ({
    label: section.label,
    to: paths[section.key],
    active: section.key === active,
  }))
}

export interface TopMenuProps {
  items: TopMenuItem[]
  /** The links belong to an establishment: without one selected the menu is not shown (spec section 2). */
  establishmentSelected: boolean
}

/** The top menu: Resumen, Animales, Manga, Recorredores, Tablero. */
export function TopMenu({ items, establishmentSelected }: TopMenuProps) {
  if (!establishmentSelected || items.length === 0) return null
  return (
    <nav aria-label="Menú del establecimiento" className={navClass}>
      <HStack as="ul" gap="1">
        {items.map((item) => (
          <li key={item.to}>
            <AppLink to={item.to} aria-current={item.active ? 'page' : undefined} className={linkClass}>
              {item.label}
            </AppLink>
          </li>
        ))}
      </HStack>
    </nav>
  )
}

// Narrow screens scroll the sections sideways rather than wrapping them.
const navClass = css({ minW: '0', overflowX: 'auto', scrollbarWidth: 'none' })

const linkClass = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  h: '9',
  px: '3',
  mb: '1.5',
  borderRadius: 'l2',
  color: 'fg.muted',
  textStyle: 'sm',
  fontWeight: 'medium',
  whiteSpace: 'nowrap',
  transitionProperty: 'background, color',
  transitionDuration: 'normal',
  _hover: { color: 'fg.default', bg: 'gray.a3' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '-2px' },
  // The current section is underlined on the header's bottom edge, like a tab.
  '&[aria-current=page]': {
    color: 'fg.default',
    _after: {
      content: '""',
      position: 'absolute',
      insetInline: '3',
      bottom: '-1.5',
      h: '0.5',
      borderRadius: 'full',
      bg: 'colorPalette.default',
    },
  },
})
