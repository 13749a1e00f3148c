import { KeyRoundIcon, ShieldCheckIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Grid, HStack, Stack, styled } from 'styled-system/jsx'
import { Badge } from '~/components/ui/badge'
import * as Card from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import type { ChangePasswordValues, SessionUser, UserRoles } from '~/features/auth/auth.schema'
import { userDisplay } from '~/features/shell/components/user-bar'
import { ChangePasswordCard } from './change-password-card'

export const ROLE_LABELS = {
  superadmin: 'Superadministrador',
  admin: 'Administrador',
  user: 'Usuario',
} as const

export interface UserProfileProps {
  user: Partial<SessionUser> | null | undefined
  /** The user's roles; `undefined` while they load. */
  roles: UserRoles | undefined
  onChangePassword: (values: ChangePasswordValues) => Promise<void>
  /** Where the browser posts the password form without scripts (see `Form`). */
  changePasswordAction?: string
  /** A failed password change the page was sent back with. */
  changePasswordError?: string
}

/** The user profile page's contents: who the user is, their roles, and the password change. */
export function UserProfile({
  user,
  roles,
  onChangePassword,
  changePasswordAction,
  changePasswordError,
}: UserProfileProps) {
  const { name, email, initials } = userDisplay(user)
  const mustChangePassword = user?.must_change_password === 1

  return (
    <Stack gap="6" width="full">
      <Stack gap="1">
        <styled.h1 textStyle={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
          Perfil de usuario
        </styled.h1>
        <styled.p color="fg.muted">Sus datos, sus roles en cada establecimiento y su contraseña.</styled.p>
      </Stack>

      {mustChangePassword && (
        <HStack
          role="status"
          gap="3"
          p="4"
          borderRadius="l2"
          borderWidth="1px"
          colorPalette="amber"
          bg="colorPalette.a2"
          borderColor="colorPalette.a6"
          alignItems="flex-start"
        >
          <styled.span display="inline-flex" mt="0.5" color="colorPalette.text" aria-hidden>
            <KeyRoundIcon size={20} />
          </styled.span>
          <styled.p textStyle="sm" fontWeight="semibold">
            Necesita cambiar la contraseña
          </styled.p>
        </HStack>
      )}

      <Grid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <Stack gap="6">
          <Card.Root borderWidth="1px" borderColor="border.subtle" boxShadow="xs">
            <HStack gap="4" p="6">
              <styled.span
                display="inline-flex"
                flexShrink="0"
                alignItems="center"
                justifyContent="center"
                boxSize="14"
                borderRadius="full"
                bg="colorPalette.a3"
                color="colorPalette.12"
                textStyle="lg"
                fontWeight="bold"
                aria-hidden
              >
                {initials || '?'}
              </styled.span>
              <Stack gap="0.5" minW="0">
                <Card.Title asChild textStyle="xl">
                  <h2>{name}</h2>
                </Card.Title>
                <styled.p color="fg.muted" textStyle="sm" truncate>
                  {email}
                </styled.p>
              </Stack>
            </HStack>
          </Card.Root>
          <RolesCard roles={roles} />
        </Stack>
        <ChangePasswordCard
          onSubmit={onChangePassword}
          action={changePasswordAction}
          error={changePasswordError}
        />
      </Grid>
    </Stack>
  )
}

function RolesCard({ roles }: { roles: UserRoles | undefined }) {
  let body: ReactNode
  if (!roles) {
    body = (
      <Stack gap="3" aria-busy="true">
        <styled.span srOnly role="status">
          Cargando roles...
        </styled.span>
        {[0, 1, 2].map((row) => (
          <HStack key={row} justify="space-between">
            <Skeleton height="4" width="40" />
            <Skeleton height="5" width="24" borderRadius="full" />
          </HStack>
        ))}
      </Stack>
    )
  } else {
    body = (
      <Stack gap="4">
        {roles.isSuperAdmin && (
          <HStack gap="2.5">
            <Badge variant="solid" size="lg">
              <ShieldCheckIcon />
              {ROLE_LABELS.superadmin}
            </Badge>
          </HStack>
        )}
        {roles.roleInEstablishment.length === 0 ? (
          <styled.p color="fg.muted" textStyle="sm">
            No tiene establecimientos asignados.
          </styled.p>
        ) : (
          <styled.ul borderWidth="1px" borderColor="border.subtle" borderRadius="l2" divideY="1px">
            {roles.roleInEstablishment.map((role) => (
              <HStack as="li" key={role.establishment_id} justify="space-between" gap="4" px="4" py="3">
                <styled.span textStyle="sm" fontWeight="medium" truncate>
                  {role.establishment_name}
                </styled.span>
                <Badge size="sm" variant={role.is_admin ? 'solid' : 'subtle'} flexShrink="0">
                  {role.is_admin ? ROLE_LABELS.admin : ROLE_LABELS.user}
                </Badge>
              </HStack>
            ))}
          </styled.ul>
        )}
      </Stack>
    )
  }
  return (
    <Card.Root borderWidth="1px" borderColor="border.subtle" boxShadow="xs">
      <Card.Header pb="4">
        <Card.Title asChild>
          <h2>Roles</h2>
        </Card.Title>
        <Card.Description>Su rol en cada establecimiento.</Card.Description>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  )
}
