import type { ReactNode } from 'react'
import { Box, Center, Stack } from 'styled-system/jsx'
import * as Card from '~/components/ui/card'
import { Logo } from '~/components/ui/logo'
import { ThemeToggle } from '~/components/ui/theme-toggle'

export interface AuthPageLayoutProps {
  /** The page's heading, inside the card. */
  title: string
  description?: ReactNode
  children: ReactNode
  /** Under the card, e.g. a link to another page. */
  footer?: ReactNode
}

/** The frame of the pages reached before signing in (login, password reset): logo and a centred card. */
export function AuthPageLayout({ title, description, children, footer }: AuthPageLayoutProps) {
  return (
    <Center
      as="main"
      minH="100dvh"
      px="4"
      py="12"
      position="relative"
      bgGradient="to-b"
      gradientFrom="colorPalette.2"
      gradientTo="bg.canvas"
    >
      <Box position="absolute" top="4" right="4">
        <ThemeToggle />
      </Box>
      <Stack gap="8" align="center" width="full" maxW="md">
        <Logo size="lg" />
        <Card.Root width="full" borderWidth="1px" borderColor="border.subtle">
          <Card.Header gap="1.5">
            <Card.Title asChild textStyle="2xl">
              <h1>{title}</h1>
            </Card.Title>
            {description && <Card.Description>{description}</Card.Description>}
          </Card.Header>
          <Card.Body>{children}</Card.Body>
        </Card.Root>
        {footer}
      </Stack>
    </Center>
  )
}
