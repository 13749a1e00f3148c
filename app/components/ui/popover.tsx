import { Popover } from '@ark-ui/react/popover'
import type { ComponentProps } from 'react'
import { createStyleContext } from 'styled-system/jsx'
import { popover } from 'styled-system/recipes'

const { withRootProvider, withContext } = createStyleContext(popover)

/**
 * A non-modal floating panel anchored to its trigger, used as a namespace
 * (`import * as Popover from '~/components/ui/popover'`). Positioner goes inside a `Portal`, except
 * for a popover nested in another one, whose positioner stays inside the parent's content so that
 * clicks in it do not count as clicks outside the parent.
 */
export const Root = withRootProvider(Popover.Root)
export type RootProps = ComponentProps<typeof Root>
export const RootProvider = withRootProvider(Popover.RootProvider)
export const Anchor = withContext(Popover.Anchor, 'anchor')
export const Trigger = withContext(Popover.Trigger, 'trigger')
export const Indicator = withContext(Popover.Indicator, 'indicator')
export const Positioner = withContext(Popover.Positioner, 'positioner')
export const Content = withContext(Popover.Content, 'content')
export const Title = withContext(Popover.Title, 'title')
export const Description = withContext(Popover.Description, 'description')
export const CloseTrigger = withContext(Popover.CloseTrigger, 'closeTrigger')
export const Arrow = withContext(Popover.Arrow, 'arrow')
export const ArrowTip = withContext(Popover.ArrowTip, 'arrowTip')

export { PopoverContext as Context } from '@ark-ui/react/popover'
