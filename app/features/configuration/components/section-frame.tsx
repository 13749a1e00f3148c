import type { ReactNode } from 'react'
import { Stack, styled } from 'styled-system/jsx'

/** The title and text above a configuration section, the same for every section. */
export function SectionFrame({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <Stack gap="6" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW="breakpoint-lg" w="full">
      <Stack gap="1">
        <styled.h1 textStyle={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
          {title}
        </styled.h1>
        <styled.p color="fg.muted">{description}</styled.p>
      </Stack>
      {children}
    </Stack>
  )
}

/** Table cells of the configuration lists. */
export const Th = styled('th', {
  base: {
    textAlign: 'start',
    py: '2',
    pr: '3',
    borderBottomWidth: '1px',
    borderColor: 'border',
    fontWeight: 'semibold',
  },
})
export const Td = styled('td', {
  base: { py: '2', pr: '3', borderBottomWidth: '1px', borderColor: 'border.subtle', verticalAlign: 'middle' },
})
