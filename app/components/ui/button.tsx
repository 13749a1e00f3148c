import { ark } from '@ark-ui/react/factory'
import type { ComponentProps, ReactNode } from 'react'
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

export function Button({ loading = false, loadingText, disabled, children, ...rest }: ButtonProps) {
  return (
    <BaseButton
      // A button inside a form would otherwise submit it: submitting must be asked for explicitly.
      type="button"
      {...rest}
      disabled={loading || disabled}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
    >
      {loading && !rest.asChild ? (
        <ButtonLoader loadingText={loadingText}>{children}</ButtonLoader>
      ) : (
        children
      )}
    </BaseButton>
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
