import { ark } from '@ark-ui/react/factory'
import type { ComponentProps } from 'react'
import { styled } from 'styled-system/jsx'
import { skeleton } from 'styled-system/recipes'

/**
 * A pulsing grey block standing in for content that is loading. Hidden from assistive technology:
 * the region that shows skeletons announces the wait once (e.g. a visually hidden 'Cargando...').
 */
const BaseSkeleton = styled(ark.div, skeleton)
export type SkeletonProps = ComponentProps<typeof BaseSkeleton>

export function Skeleton(props: SkeletonProps) {
  return <BaseSkeleton aria-hidden {...props} />
}
