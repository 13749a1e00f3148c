import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { resetConfirmSchema } from '~/features/auth/auth.schema'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import {
  invitedSchema,
  inviteSchema,
  PEOPLE_MESSAGES as M,
  messageSchema,
  peopleSchema,
  roleChangeSchema,
} from '~/features/people/people.schema'
import { dbIdParam } from '~/lib/db-id'
import { errorResponses } from '../lib/errors'
import { establishmentRoute, superadminRoute } from '../lib/guard'

/**
 * Configuración → Usuarios (decision 032; the spec names 'Update user roles' without a path). Members
 * read the list; administradores of the establishment (and superadministradores) invite, re-send,
 * revoke, change roles and remove; superadministradores deactivate accounts. The invitation's link
 * is accepted without a session.
 */
const TAGS = ['Configuración']
const id = establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } })
const params = z.object({ id })
const invitationParams = z.object({
  id,
  invitationId: dbIdParam(M.invitationNotFound).meta({ param: { name: 'invitationId', in: 'path' } }),
})
const memberParams = z.object({
  id,
  userId: dbIdParam(M.memberNotFound).meta({ param: { name: 'userId', in: 'path' } }),
})
const userParams = z.object({
  userId: dbIdParam(M.userNotFound).meta({ param: { name: 'userId', in: 'path' } }),
})
const message = (description: string) => ({
  description,
  content: { 'application/json': { schema: messageSchema } },
})
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: {
    description: 'El cambio no está permitido en el estado actual',
    content: errorResponses[400].content,
  },
} as const

/** The invitation was saved but its e-mail could not be sent (the mail server failed): re-send later. */
const mailFailed = {
  description: 'La invitación quedó guardada pero el correo no se pudo enviar',
  content: errorResponses[400].content,
} as const

export const listPeopleRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/people',
    tags: TAGS,
    summary: 'Personas del establecimiento (con su rol) e invitaciones pendientes',
    request: { params },
    responses: {
      200: { description: 'Personas', content: { 'application/json': { schema: peopleSchema } } },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const inviteRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/invitations',
    tags: TAGS,
    summary:
      'Invita a una persona por correo con un rol (administrador o usuario); si ya tiene cuenta, la agrega y le avisa',
    request: { params, body: { required: true, content: { 'application/json': { schema: inviteSchema } } } },
    responses: {
      201: { description: 'Invitación enviada', content: { 'application/json': { schema: invitedSchema } } },
      ...refusals,
      503: mailFailed,
    },
  },
  { in: 'param', establishment: 'id', admin: M.notAdmin },
)

export const resendInvitationRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/invitations/{invitationId}/resend',
    tags: TAGS,
    summary: 'Reenvía una invitación pendiente con un enlace nuevo (el anterior deja de servir)',
    request: { params: invitationParams },
    responses: { 200: message('Invitación reenviada'), ...refusals, 503: mailFailed },
  },
  { in: 'param', establishment: 'id', admin: M.notAdmin },
)

export const revokeInvitationRoute = establishmentRoute(
  {
    method: 'delete',
    path: '/v2/establishments/{id}/invitations/{invitationId}',
    tags: TAGS,
    summary: 'Revoca una invitación pendiente',
    request: { params: invitationParams },
    responses: { 200: message('Invitación revocada'), ...refusals },
  },
  { in: 'param', establishment: 'id', admin: M.notAdmin },
)

export const changeRoleRoute = establishmentRoute(
  {
    method: 'put',
    path: '/v2/establishments/{id}/members/{userId}/role',
    tags: TAGS,
    summary:
      'Update user roles (sección 7): cambia el rol de una persona; nadie eleva su propio rol y el establecimiento nunca queda sin administrador',
    request: {
      params: memberParams,
      body: { required: true, content: { 'application/json': { schema: roleChangeSchema } } },
    },
    responses: { 200: message('Rol actualizado'), ...refusals },
  },
  { in: 'param', establishment: 'id', admin: M.notAdmin },
)

export const removeMemberRoute = establishmentRoute(
  {
    method: 'delete',
    path: '/v2/establishments/{id}/members/{userId}',
    tags: TAGS,
    summary:
      'Quita a una persona del establecimiento; si no le queda ninguno, sus sesiones terminan en el acto',
    request: { params: memberParams },
    responses: { 200: message('Persona quitada'), ...refusals },
  },
  { in: 'param', establishment: 'id', admin: M.notAdmin },
)

export const deactivateUserRoute = superadminRoute(
  {
    method: 'post',
    path: '/v2/users/{userId}/deactivate',
    tags: TAGS,
    summary:
      'Desactiva una cuenta: no puede ingresar y sus sesiones terminan en el acto (superadministradores)',
    request: { params: userParams },
    responses: { 200: message('Cuenta desactivada'), ...refusals },
  },
  { refusal: M.notSuperadmin },
)

export const reactivateUserRoute = superadminRoute(
  {
    method: 'post',
    path: '/v2/users/{userId}/reactivate',
    tags: TAGS,
    summary: 'Reactiva una cuenta desactivada (superadministradores)',
    request: { params: userParams },
    responses: { 200: message('Cuenta reactivada'), ...refusals },
  },
  { refusal: M.notSuperadmin },
)

export const acceptInvitationRoute = createRoute({
  method: 'post',
  path: '/v2/auth/invitations/accept',
  tags: ['Autenticación'],
  summary:
    'Acepta una invitación con el token del correo (un solo uso, vence en 7 días) y fija la contraseña de la cuenta nueva',
  request: { body: { required: true, content: { 'application/json': { schema: resetConfirmSchema } } } },
  responses: { 200: message('Contraseña establecida'), 400: errorResponses[400], 409: refusals[409] },
})
