import { Progress } from '@ark-ui/react/progress'
import type { ComponentProps } from 'react'
import { createStyleContext } from 'styled-system/jsx'
import { progress } from 'styled-system/recipes'

const { withProvider, withContext } = createStyleContext(progress)

/**
 * A linear progress bar (`value` 0–100, or `null` while the amount is unknown), used as a namespace:
 * `<Progress.Root value={40}><Progress.Label/><Progress.Track><Progress.Range/></Progress.Track></Progress.Root>`.
 */
export const Root = withProvider(Progress.Root, 'root')
export type RootProps = ComponentProps<typeof Root>
export const Label = withContext(Progress.Label, 'label')
export const Track = withContext(Progress.Track, 'track')
export const Range = withContext(Progress.Range, 'range')
export const ValueText = withContext(Progress.ValueText, 'valueText')
