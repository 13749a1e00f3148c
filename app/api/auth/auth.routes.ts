import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import {
  changePasswordSchema,
  loginResponseSchema,
  loginSchema,
  resetConfirmSchema,
  resetRequestSchema,
  sessionUserSchema,
} from '~/features/auth/auth.schema'
import { errorResponses, errorSchema } from '../lib/errors'
import { callerRoute } from '../lib/guard'

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})
const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' })

export const loginRoute = createRoute({
  method: 'post',
  path: '/v2/auth/login',
  tags: ['Autenticación'],
  summary: 'Iniciar sesión (usuario = correo electrónico)',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: loginSchema.extend({
            remember: z.boolean().optional(),
            device_token: z.string().max(200).optional().meta({
              description:
                'El device_token de un ingreso anterior desde este dispositivo: sus intentos se limitan aparte de los de dispositivos desconocidos',
            }),
          }),
        },
      },
    },
  },
  responses: {
    200: json(loginResponseSchema, 'Token Bearer y usuario'),
    400: errorResponses[400],
    401: json(errorSchema, 'Usuario o contraseña inválida'),
    429: json(errorSchema, 'Demasiados intentos fallidos: espere y vuelva a intentar'),
  },
})

export const logoutRoute = callerRoute({
  method: 'post',
  path: '/v2/auth/logout',
  tags: ['Autenticación'],
  summary: 'Cerrar sesión: revoca el token en el servidor',
  responses: { 200: json(messageSchema, 'Sesión cerrada'), 401: errorResponses[401] },
})

const tokenSessionSchema = z
  .object({ expires_at: z.string(), remember: z.boolean() })
  .meta({ id: 'TokenSession' })

export const meRoute = callerRoute({
  method: 'get',
  path: '/v2/auth/me',
  tags: ['Autenticación'],
  summary: 'El usuario del token y la vigencia de su sesión',
  responses: {
    200: json(z.object({ data: sessionUserSchema, session: tokenSessionSchema }), 'Usuario'),
    401: errorResponses[401],
  },
})

export const sessionRoute = callerRoute({
  method: 'patch',
  path: '/v2/auth/session',
  tags: ['Autenticación'],
  summary: 'Mantener la sesión iniciada (30 días) o volver a una sesión de 12 horas',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ remember: z.boolean() }) } },
    },
  },
  responses: {
    200: json(tokenSessionSchema, 'Nueva vigencia'),
    400: errorResponses[400],
    401: errorResponses[401],
  },
})

export const changePasswordRoute = callerRoute({
  method: 'post',
  path: '/v2/auth/password/change',
  tags: ['Autenticación'],
  summary: 'Cambiar la contraseña (revoca las demás sesiones del usuario)',
  request: { body: { required: true, content: { 'application/json': { schema: changePasswordSchema } } } },
  responses: {
    200: json(messageSchema, 'Contraseña modificada exitosamente'),
    400: errorResponses[400],
    401: errorResponses[401],
  },
})

export const resetRequestRoute = createRoute({
  method: 'post',
  path: '/v2/auth/password/reset/request',
  tags: ['Autenticación'],
  summary: 'Pedir un correo para restablecer la contraseña (misma respuesta exista o no la cuenta)',
  request: { body: { required: true, content: { 'application/json': { schema: resetRequestSchema } } } },
  responses: {
    200: json(messageSchema, 'Se ha enviado un correo para restablecer su contraseña.'),
    400: errorResponses[400],
    429: json(errorSchema, 'Demasiados pedidos desde esta dirección'),
  },
})

export const resetConfirmRoute = createRoute({
  method: 'post',
  path: '/v2/auth/password/reset/confirm',
  tags: ['Autenticación'],
  summary: 'Fijar la nueva contraseña con el token del correo (un solo uso, vence en 30 minutos)',
  request: { body: { required: true, content: { 'application/json': { schema: resetConfirmSchema } } } },
  responses: { 200: json(messageSchema, 'Contraseña modificada exitosamente'), 400: errorResponses[400] },
})
