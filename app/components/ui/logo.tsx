import { ChartNoAxesCombinedIcon } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'

export interface LogoProps {
  size?: 'md' | 'lg'
  /** Phones show the mark alone, leaving the header's width to its controls. */
  compact?: boolean
}

/** The product's wordmark: a green mark and the name 'Insights'. */
export function Logo({ size = 'md', compact = false }: LogoProps) {
  const isLarge = size === 'lg'
  return (
    <div className={isLarge ? largeClass : mediumClass}>
      <span className={cx(markClass, isLarge ? largeMarkClass : mediumMarkClass)} aria-hidden>
        <ChartNoAxesCombinedIcon size={isLarge ? 22 : 18} strokeWidth={2.25} />
      </span>
      <span
        className={cx(nameClass, isLarge ? largeNameClass : mediumNameClass, compact && compactNameClass)}
      >
        Insights
      </span>
    </div>
  )
}

// In the header of every page: classes computed once, not by styled components per render (decision 050).
const largeClass = hstack({ gap: '3', color: 'fg.default' })
const mediumClass = hstack({ gap: '2', color: 'fg.default' })
const markClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'l3',
  bg: 'colorPalette.default',
  color: 'colorPalette.fg',
  boxShadow: 'sm',
})
const largeMarkClass = css({ boxSize: '10' })
const mediumMarkClass = css({ boxSize: '8' })
const nameClass = css({ fontWeight: 'bold', letterSpacing: 'tight', lineHeight: 'none' })
const largeNameClass = css({ fontSize: '2xl' })
const mediumNameClass = css({ fontSize: 'xl' })
const compactNameClass = css({ display: { base: 'none', sm: 'inline' } })
