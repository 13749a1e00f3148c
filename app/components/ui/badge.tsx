import { ark } from '@ark-ui/react/factory'
import type { ComponentProps } from 'react'
import { styled } from 'styled-system/jsx'
import { badge } from 'styled-system/recipes'

/** A short label: a role, a status, a count. */
export const Badge = styled(ark.span, badge)
export type BadgeProps = ComponentProps<typeof Badge>
