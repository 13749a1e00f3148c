import { css } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import { AppLink, type AppLinkProps } from './app-link'

export interface TopMenuItem {
  label: string
  to: string
  /** The query the link carries, e.g. the establishment it names (`?establecimiento=12`). */
  search?: AppLinkProps['search']
  active?: boolean
}

/** A section's address: a path, or a path and its search. */
export type SectionLink = string | { to: string; search?: AppLinkProps['search'] }

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
export function topMenuItems(
  paths: Record<TopMenuSection, SectionLink>,
  active?: TopMenuSection,
): TopMenuItem[] {
  return TOP_MENU_SECTIONS.map((section) => {
    const link = paths[section.key]
    return {
      label: section.label,
      ...(typeof link === 'string' ? { to: link } : link),
      active: section.key === active,
    }
  })
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
      {/* A phone (390 px) fits the five sections in one row when they share its width evenly. */}
      <ul className={listClass}>
        {items.map((item) => (
          <li key={item.to}>
            <AppLink
              to={item.to}
              search={item.search}
              aria-current={item.active ? 'page' : undefined}
              className={linkClass}
            >
              {item.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

// Narrow screens scroll the sections sideways rather than wrapping them.
const navClass = css({ minW: '0', overflowX: 'auto', scrollbarWidth: 'none' })

const listClass = hstack({
  gap: { base: '0', sm: '1' },
  justify: { base: 'space-between', sm: 'flex-start' },
})

const linkClass = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  h: '9',
  px: { base: '1.5', sm: '3' },
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
