import { createFileRoute } from '@tanstack/react-router'
import { Box, Center, Stack } from 'styled-system/jsx'
import * as Card from '~/components/ui/card'
import { Logo } from '~/components/ui/logo'
import { ThemeToggle } from '~/components/ui/theme-toggle'
import { LoginForm } from '~/features/auth/components/login-form'

export const Route = createFileRoute('/management/login')({
  head: () => ({ meta: [{ title: 'Iniciar Sesión · Insights' }] }),
  component: LoginPage,
})

function LoginPage() {
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
              <h1>Iniciar Sesión</h1>
            </Card.Title>
            <Card.Description>Ingrese con su correo electrónico y contraseña.</Card.Description>
          </Card.Header>
          <Card.Body>
            <LoginForm />
          </Card.Body>
        </Card.Root>
      </Stack>
    </Center>
  )
}
