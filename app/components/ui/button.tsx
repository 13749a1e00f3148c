import { ark } from '@ark-ui/react/factory'
import type { ComponentProps, ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { styled } from 'styled-system/jsx'
import { button } from 'styled-system/recipes'
import { Spinner } from './spinner'

const BaseButton = styled(ark.button, button)

export interface ButtonProps extends ComponentProps<typeof BaseButton> {
  /** Disables the button and shows a spinner while the action it started is running. */
  loading?: boolean
  /** Shown instead of the label while loading, e.g. 'Enviando...'. */
  loadingText?: ReactNode
}

/** A square button holding only an icon (the header's), as a class computed once. */
export const iconButtonClass = css({ px: '0', aspectRatio: 'square' })

/**
 * Props a button passes through untouched: never a style prop. A button given only these and the
 * recipe's variants needs no style resolution (see `Button`).
 */
const PLAIN_PROPS = new Set([
  'type',
  'title',
  'id',
  'role',
  'tabIndex',
  'form',
  'name',
  'value',
  'asChild',
  'ref',
])
const isPlainProp = (key: string) =>
  PLAIN_PROPS.has(key) ||
  key.startsWith('aria-') ||
  key.startsWith('data-') ||
  (key.length > 2 && key.startsWith('on') && key.charCodeAt(2) >= 65 && key.charCodeAt(2) <= 90)

/**
 * The recipe's class list straight from its variants when the button has no style props (the
 * toolbar's, the pagination's, most of the app's): the styled component's generic prop splitting
 * and `css()` resolution cost every server render of a table page ~12 times over (decision 050).
 * The classes are the same ones the styled component would give (its `css()` of no styles is
 * empty); a button with style props still goes through it.
 */
function plainButtonProps(props: Record<string, unknown>) {
  const variants: Record<string, unknown> = {}
  const plain: Record<string, unknown> = {}
  for (const key in props) {
    if (key === 'variant' || key === 'size') variants[key] = props[key]
    else if (key === 'className' || isPlainProp(key)) plain[key] = props[key]
    else return undefined
  }
  plain.className = cx(button(variants), plain.className as string | undefined)
  return plain
}

export function Button({ loading = false, loadingText, disabled, children, ...rest }: ButtonProps) {
  const plain = plainButtonProps(rest)
  // Typed as the styled button: the plain path's props are a subset of its props.
  const Element = (plain ? ark.button : BaseButton) as typeof BaseButton
  return (
    <Element
      // A button inside a form would otherwise submit it: submitting must be asked for explicitly.
      type="button"
      {...((plain as typeof rest | undefined) ?? rest)}
      disabled={loading || disabled}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
    >
      {loading && !rest.asChild ? (
        <ButtonLoader loadingText={loadingText}>{children}</ButtonLoader>
      ) : (
        children
      )}
    </Element>
  )
}

function ButtonLoader({ loadingText, children }: { loadingText?: ReactNode; children: ReactNode }) {
  if (loadingText) {
    return (
      <>
        <Spinner size="sm" color="inherit" />
        {loadingText}
      </>
    )
  }
  // Without a loading text the label stays in place, invisible, so the button keeps its width.
  return (
    <>
      <Spinner size="sm" color="inherit" position="absolute" />
      <styled.span display="contents" visibility="hidden">
        {children}
      </styled.span>
    </>
  )
}
