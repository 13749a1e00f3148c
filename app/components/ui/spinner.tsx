import { ark } from '@ark-ui/react/factory'
import type { ComponentProps } from 'react'
import { styled } from 'styled-system/jsx'
import { spinner } from 'styled-system/recipes'

const BaseSpinner = styled(ark.span, spinner)

export type SpinnerProps = ComponentProps<typeof BaseSpinner>

/**
 * A decorative spinning ring, hidden from assistive technology: whatever shows it (a busy button, a
 * `Loading` block) announces the wait itself.
 */
export function Spinner(props: SpinnerProps) {
  return <BaseSpinner aria-hidden {...props} />
}
