import { ChartNoAxesCombinedIcon } from 'lucide-react'
import { HStack, styled } from 'styled-system/jsx'

export interface LogoProps {
  size?: 'md' | 'lg'
  /** Phones show the mark alone, leaving the header's width to its controls. */
  compact?: boolean
}

/** The product's wordmark: a green mark and the name 'Insights'. */
export function Logo({ size = 'md', compact = false }: LogoProps) {
  const isLarge = size === 'lg'
  return (
    <HStack gap={isLarge ? '3' : '2'} color="fg.default">
      <styled.span
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        boxSize={isLarge ? '10' : '8'}
        borderRadius="l3"
        bg="colorPalette.default"
        color="colorPalette.fg"
        boxShadow="sm"
        aria-hidden
      >
        <ChartNoAxesCombinedIcon size={isLarge ? 22 : 18} strokeWidth={2.25} />
      </styled.span>
      <styled.span
        fontWeight="bold"
        letterSpacing="tight"
        fontSize={isLarge ? '2xl' : 'xl'}
        lineHeight="none"
        display={compact ? { base: 'none', sm: 'inline' } : undefined}
      >
        Insights
      </styled.span>
    </HStack>
  )
}
