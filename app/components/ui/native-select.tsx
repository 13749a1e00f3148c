import { ark } from '@ark-ui/react/factory'
import type { ComponentProps } from 'react'
import { cva } from 'styled-system/css'
import { styled } from 'styled-system/jsx'

/**
 * The look of the browser's own `<select>`. Chosen over a custom listbox for forms used at the
 * chute on phones: the native picker is large, fast, and works with gloves and screen readers alike.
 */
export const nativeSelect = cva({
  base: {
    width: 'full',
    height: '10',
    px: '3',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l2',
    bg: 'bg.default',
    color: 'fg.default',
    textStyle: 'sm',
    cursor: 'pointer',
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    _invalid: { borderColor: 'fg.error' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '1px' },
  },
})

/** A `<select>` outside a `Field`; inside one use `Field.Select`, wired to the label and errors. */
export const NativeSelect = styled(ark.select, nativeSelect)
export type NativeSelectProps = ComponentProps<typeof NativeSelect>
