import { Switch as ArkSwitch } from '@ark-ui/react/switch'
import type { ComponentProps, ReactNode } from 'react'
import { createStyleContext } from 'styled-system/jsx'
import { switchRecipe } from 'styled-system/recipes'

const { withProvider, withContext } = createStyleContext(switchRecipe)

const Root = withProvider(ArkSwitch.Root, 'root')
const Control = withContext(ArkSwitch.Control, 'control')
const Thumb = withContext(ArkSwitch.Thumb, 'thumb')
const Label = withContext(ArkSwitch.Label, 'label')

export interface SwitchProps extends ComponentProps<typeof Root> {
  children?: ReactNode
}

/** An on/off control with its label, built on a visually hidden checkbox. */
export function Switch({ children, ...rest }: SwitchProps) {
  return (
    <Root {...rest}>
      <Control>
        <Thumb />
      </Control>
      {children && <Label>{children}</Label>}
      {/* Ark leaves the input a plain checkbox; the role makes screen readers say "on/off". */}
      <ArkSwitch.HiddenInput role="switch" />
    </Root>
  )
}
