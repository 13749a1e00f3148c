import { type ComponentProps, useEffect, useRef } from 'react'
import { css, cx } from 'styled-system/css'

/**
 * The class list is computed once here, not by a styled component on every render: a table page
 * renders one checkbox per row, and on the server each styled render cost a style resolution
 * (decision 041).
 */
const checkboxClass = css({
  appearance: 'auto',
  width: '4',
  height: '4',
  flexShrink: '0',
  margin: '0',
  cursor: 'pointer',
  accentColor: 'accent.default',
  _disabled: { cursor: 'not-allowed', opacity: '0.5' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
})

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** Shows the mixed state ('some rows selected'); screen readers announce it as such. */
  indeterminate?: boolean
}

/**
 * A native checkbox in the theme's accent colour. Many of them render at once (one per table row),
 * so it is a plain input rather than a state machine; label it with `aria-label` or a `<label>`.
 */
export function Checkbox({ indeterminate = false, className, ...rest }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate
  }, [indeterminate])
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-checked={indeterminate ? 'mixed' : undefined}
      className={cx(checkboxClass, className)}
      {...rest}
    />
  )
}
