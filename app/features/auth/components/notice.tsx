import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { HStack, styled } from 'styled-system/jsx'

/** A message above an auth form: a failure (alert) or an outcome (status). */
export function Notice({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  const isError = tone === 'error'
  return (
    <HStack
      role={isError ? 'alert' : 'status'}
      gap="3"
      p="4"
      alignItems="flex-start"
      borderRadius="l2"
      borderWidth="1px"
      colorPalette={isError ? 'red' : 'green'}
      bg="colorPalette.a2"
      borderColor="colorPalette.a5"
    >
      <styled.span display="inline-flex" mt="0.5" color="colorPalette.text" aria-hidden>
        {isError ? <CircleAlertIcon size={20} /> : <CircleCheckIcon size={20} />}
      </styled.span>
      <styled.p textStyle="sm" fontWeight="medium">
        {children}
      </styled.p>
    </HStack>
  )
}
