import { type ReactNode, Suspense, useState } from 'react'
import { Box } from 'styled-system/jsx'
import { Loading } from './loading'

export interface LoadWhenOpenedProps {
  /** Whether the dialog or panel inside is open. */
  open: boolean
  /** The dialog or panel, usually a `React.lazy` component given the same `open`. */
  children: ReactNode
}

/**
 * Renders a dialog or panel whose code loads the first time it is opened, not with the page
 * (JavaScript budgets, decision 026): until then nothing is rendered, as a closed dialog shows
 * nothing; while its code arrives a 'Cargando...' card shows where it opens. Once opened it stays
 * mounted, so it closes with its animation and keeps what a closed dialog keeps.
 *
 *   const CreateAnimalDialog = lazy(() => import('./animal-record-dialogs').then(…))
 *   <LoadWhenOpened open={open}><CreateAnimalDialog open={open} … /></LoadWhenOpened>
 */
export function LoadWhenOpened({ open, children }: LoadWhenOpenedProps) {
  const [opened, setOpened] = useState(open)
  // State adjusted while rendering (React's pattern for state that follows a prop): no extra pass.
  if (open && !opened) setOpened(true)
  if (!opened) return null
  return <Suspense fallback={<OpeningFallback />}>{children}</Suspense>
}

/** Where the dialog will open, while its code loads. */
export function OpeningFallback() {
  return (
    <Box
      position="fixed"
      inset="0"
      zIndex="modal"
      display="flex"
      alignItems="center"
      justifyContent="center"
      backdropFilter="blur(4px)"
      background={{ _light: 'white.a10', _dark: 'black.a10' }}
    >
      <Box bg="bg.default" borderRadius="l3" boxShadow="lg" px="8">
        <Loading />
      </Box>
    </Box>
  )
}

export interface LoadOnFirstPressProps {
  /** The dialog's trigger as it looks, pressed before the dialog's code is loaded. */
  trigger: (press: () => void) => ReactNode
  /** The dialog (a `React.lazy` component with its own trigger), controlled by what it is given. */
  children: (dialog: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode
}

/**
 * A dialog that brings its own trigger, loaded the first time that trigger is pressed (decision 026):
 * until then the same trigger is rendered alone; once loaded, the dialog (with its trigger in the
 * same place) takes over, opened, and focus returns to its trigger when it closes.
 */
export function LoadOnFirstPress({ trigger, children }: LoadOnFirstPressProps) {
  const [open, setOpen] = useState(false)
  const [pressed, setPressed] = useState(false)
  const press = () => {
    setPressed(true)
    setOpen(true)
  }
  if (!pressed) return trigger(press)
  return (
    <Suspense
      fallback={
        <>
          {trigger(press)}
          <OpeningFallback />
        </>
      }
    >
      {children({ open, onOpenChange: setOpen })}
    </Suspense>
  )
}
