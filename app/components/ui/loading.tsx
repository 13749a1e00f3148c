import type { ReactNode } from 'react'
import { HStack } from 'styled-system/jsx'
import { Spinner } from './spinner'

export interface LoadingProps {
  /** What is being waited for, read aloud and shown beside the spinner. */
  label?: ReactNode
}

/** A loading indicator for a region of the page that is waiting for data. */
export function Loading({ label = 'Cargando...' }: LoadingProps) {
  return (
    <HStack role="status" gap="3" justify="center" py="6" color="fg.muted" textStyle="sm">
      <Spinner size="sm" />
      <span>{label}</span>
    </HStack>
  )
}
