import { useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { useAppForm } from '~/components/form/app-form'
import { fieldValidatorsFrom } from '~/components/form/validation'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import * as Card from '~/components/ui/card'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { toast } from '~/components/ui/toaster'
import { SectionFrame, Td, Th } from '~/features/configuration/components/section-frame'
import type { ActionResult } from '~/lib/action-result'
import {
  type InviteValues,
  inviteSchema,
  type Member,
  PEOPLE_MESSAGES,
  type People,
  ROLE_LABELS,
  ROLES,
  type Role,
} from '../people.schema'

/** A change to one person or invitation, as the section hands it to the server. */
export type PeopleChange =
  | { action: 'resend' | 'revoke'; invitationId: number }
  | { action: 'role'; userId: number; role: Role }
  | { action: 'remove' | 'deactivate' | 'reactivate'; userId: number }

export interface PeopleViewProps {
  people: People
  /** Administradores of the establishment and superadministradores manage; usuarios read. */
  canEdit: boolean
  /** Superadministradores also deactivate and reactivate accounts. */
  canDeactivate: boolean
  /** The signed-in person: their own row offers no role raise and no deactivation. */
  currentUserId?: number
  onInvite: (values: InviteValues) => Promise<ActionResult>
  onChange: (change: PeopleChange) => Promise<ActionResult>
}

const emptyInvite: InviteValues = { email: '', name: '', surname: '', role: 'usuario' }
const fullName = (p: { name: string; surname: string }) => [p.name, p.surname].filter(Boolean).join(' ')

/** Configuración → Usuarios: the establishment's people, their roles and pending invitations. */
export function PeopleView({
  people,
  canEdit,
  canDeactivate,
  currentUserId,
  onInvite,
  onChange,
}: PeopleViewProps) {
  const [confirming, setConfirming] = useState<{
    title: string
    description: string
    label: string
    change: PeopleChange
  }>()
  async function run(change: PeopleChange) {
    let result: ActionResult
    try {
      result = await onChange(change)
    } catch {
      result = { ok: false, error: PEOPLE_MESSAGES.actionError }
    }
    if (result.ok) toast.success(result.message ?? 'Listo')
    else toast.error(PEOPLE_MESSAGES.actionError, { description: result.error })
  }
  return (
    <SectionFrame
      title="Usuarios"
      description={
        canEdit
          ? 'Las personas del establecimiento y su rol. Invite por correo: recibirán un enlace para elegir su contraseña.'
          : 'Las personas del establecimiento y su rol. Solo un administrador puede invitar o cambiar roles.'
      }
    >
      {canEdit && <InviteForm onInvite={onInvite} />}
      <styled.table w="full" textStyle="sm" aria-label="Personas del establecimiento">
        <thead>
          <tr>
            <Th>Nombre</Th>
            <Th>Correo</Th>
            <Th>Rol</Th>
            {canEdit && <Th>Acciones</Th>}
          </tr>
        </thead>
        <tbody>
          {people.members.map((member) => (
            <MemberRow
              key={member.user_id}
              member={member}
              canEdit={canEdit}
              canDeactivate={canDeactivate}
              isSelf={member.user_id === currentUserId}
              onRole={(role) => run({ action: 'role', userId: member.user_id, role })}
              onAsk={(ask) => setConfirming({ ...ask, change: { ...ask.change } })}
              onReactivate={() => run({ action: 'reactivate', userId: member.user_id })}
            />
          ))}
        </tbody>
      </styled.table>
      {people.members.length === 0 && (
        <styled.p color="fg.muted">Todavía no hay personas en el establecimiento.</styled.p>
      )}
      {people.invitations.length > 0 && (
        <Stack gap="2">
          <styled.h2 textStyle="lg" fontWeight="semibold">
            Invitaciones pendientes
          </styled.h2>
          <styled.table w="full" textStyle="sm" aria-label="Invitaciones pendientes">
            <thead>
              <tr>
                <Th>Nombre</Th>
                <Th>Correo</Th>
                <Th>Rol</Th>
                <Th>Estado</Th>
                {canEdit && <Th>Acciones</Th>}
              </tr>
            </thead>
            <tbody>
              {people.invitations.map((invitation) => (
                <tr key={invitation.id}>
                  <Td>{fullName(invitation)}</Td>
                  <Td>{invitation.email}</Td>
                  <Td>{ROLE_LABELS[invitation.role]}</Td>
                  <Td>
                    <Badge size="sm" variant="subtle">
                      {invitation.expired ? 'Vencida' : 'Enviada'}
                    </Badge>
                  </Td>
                  {canEdit && (
                    <Td>
                      <HStack gap="2">
                        <Button
                          size="xs"
                          variant="outline"
                          onClick={() => run({ action: 'resend', invitationId: invitation.id })}
                        >
                          Reenviar
                        </Button>
                        <Button
                          size="xs"
                          variant="ghost"
                          onClick={() =>
                            setConfirming({
                              title: '¿Revocar la invitación?',
                              description: `El enlace enviado a ${invitation.email} dejará de servir.`,
                              label: 'Revocar',
                              change: { action: 'revoke', invitationId: invitation.id },
                            })
                          }
                        >
                          Revocar
                        </Button>
                      </HStack>
                    </Td>
                  )}
                </tr>
              ))}
            </tbody>
          </styled.table>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(open) => !open && setConfirming(undefined)}
        title={confirming?.title ?? ''}
        description={confirming?.description ?? ''}
        tone="danger"
        confirmLabel={confirming?.label ?? 'Confirmar'}
        onConfirm={async () => {
          if (confirming) await run(confirming.change)
          setConfirming(undefined)
        }}
      />
    </SectionFrame>
  )
}

interface Ask {
  title: string
  description: string
  label: string
  change: PeopleChange
}

function MemberRow({
  member,
  canEdit,
  canDeactivate,
  isSelf,
  onRole,
  onAsk,
  onReactivate,
}: {
  member: Member
  canEdit: boolean
  canDeactivate: boolean
  isSelf: boolean
  onRole: (role: Role) => void
  onAsk: (ask: Ask) => void
  onReactivate: () => void
}) {
  const name = fullName(member) || member.email
  return (
    <tr>
      <Td>
        {name}
        {isSelf && ' (usted)'}
        {member.deactivated && (
          <Badge size="sm" variant="outline" ml="2">
            Desactivada
          </Badge>
        )}
      </Td>
      <Td>{member.email}</Td>
      <Td>
        {canEdit ? (
          <styled.select
            aria-label={`Rol de ${name}`}
            value={member.role}
            onChange={(event) => onRole(event.target.value as Role)}
            borderWidth="1px"
            borderColor="border"
            borderRadius="l2"
            px="2"
            py="1"
            bg="bg.default"
          >
            {ROLES.map((role) => (
              // Nobody raises their own role (the server refuses it too).
              <option
                key={role}
                value={role}
                disabled={isSelf && role === 'administrador' && member.role !== role}
              >
                {ROLE_LABELS[role]}
              </option>
            ))}
          </styled.select>
        ) : (
          ROLE_LABELS[member.role]
        )}
      </Td>
      {canEdit && (
        <Td>
          <HStack gap="2" flexWrap="wrap">
            <Button
              size="xs"
              variant="outline"
              onClick={() =>
                onAsk({
                  title: `¿Quitar a ${name} del establecimiento?`,
                  description: 'Deja de ver el establecimiento en el acto. Sus registros se conservan.',
                  label: 'Quitar',
                  change: { action: 'remove', userId: member.user_id },
                })
              }
            >
              Quitar
            </Button>
            {canDeactivate && !isSelf && !member.deactivated && (
              <Button
                size="xs"
                variant="ghost"
                onClick={() =>
                  onAsk({
                    title: `¿Desactivar la cuenta de ${name}?`,
                    description:
                      'No podrá ingresar en ningún establecimiento y sus sesiones terminan en el acto.',
                    label: 'Desactivar',
                    change: { action: 'deactivate', userId: member.user_id },
                  })
                }
              >
                Desactivar cuenta
              </Button>
            )}
            {canDeactivate && member.deactivated && (
              <Button size="xs" variant="ghost" onClick={onReactivate}>
                Reactivar cuenta
              </Button>
            )}
          </HStack>
        </Td>
      )}
    </tr>
  )
}

function InviteForm({ onInvite }: Pick<PeopleViewProps, 'onInvite'>) {
  const form = useAppForm({
    defaultValues: emptyInvite,
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value, formApi }) => {
      const parsed = inviteSchema.safeParse(value)
      if (!parsed.success) return
      let result: ActionResult
      try {
        result = await onInvite(parsed.data)
      } catch {
        result = { ok: false, error: PEOPLE_MESSAGES.actionError }
      }
      if (result.ok) {
        toast.success(result.message ?? PEOPLE_MESSAGES.invited(parsed.data.email))
        formApi.reset()
        return
      }
      formApi.setFieldMeta('email', (meta) => ({
        ...meta,
        errorMap: { ...meta.errorMap, onSubmit: { message: result.error } },
      }))
    },
  })
  return (
    <Card.Root borderWidth="1px" borderColor="border.subtle" boxShadow="xs">
      <form.AppForm>
        <form.Form aria-label="Invitar a una persona">
          <Card.Body pt="6">
            <Stack gap="4" direction={{ base: 'column', md: 'row' }} flexWrap="wrap">
              <form.AppField name="email" validators={fieldValidatorsFrom(inviteSchema, 'email')}>
                {(field) => <field.TextField label="Correo electrónico" type="email" autoComplete="off" />}
              </form.AppField>
              <form.AppField name="name" validators={fieldValidatorsFrom(inviteSchema, 'name')}>
                {(field) => <field.TextField label="Nombre" autoComplete="off" />}
              </form.AppField>
              <form.AppField name="surname">
                {(field) => <field.TextField label="Apellido" autoComplete="off" />}
              </form.AppField>
              <form.AppField name="role">
                {(field) => (
                  <field.SelectField
                    label="Rol"
                    clearable={false}
                    options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                  />
                )}
              </form.AppField>
            </Stack>
          </Card.Body>
          <Card.Footer borderTopWidth="1px" borderColor="border.subtle" pt="4" pb="4" bg="bg.subtle">
            <form.SubmitButton>Invitar</form.SubmitButton>
          </Card.Footer>
        </form.Form>
      </form.AppForm>
    </Card.Root>
  )
}
