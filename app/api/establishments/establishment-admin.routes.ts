import { z } from 'zod'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import {
  createEstablishmentSchema,
  establishmentDetailAnswerSchema,
  establishmentDetailListSchema,
  establishmentSavedSchema,
  ESTABLISHMENT_ADMIN_MESSAGES as M,
  updateEstablishmentSchema,
} from '~/features/establishments/establishment-admin.schema'
import { errorResponses } from '../lib/errors'
import { establishmentRoute, superadminRoute } from '../lib/guard'

/**
 * Configuración → Establecimientos (decision 032; the spec shows none of these paths). Creating,
 * listing every establishment, renaming, the dashboard address and archiving are for
 * superadministradores; the establishment's own details are for its members.
 */
const TAGS = ['Configuración']
const params = z.object({ id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }) })
const saved = (description: string) => ({
  description,
  content: { 'application/json': { schema: establishmentSavedSchema } },
})
const conflict409 = {
  description: 'Nombre repetido o estado que no lo permite',
  content: errorResponses[400].content,
}

export const listAllEstablishmentsRoute = superadminRoute(
  {
    method: 'get',
    path: '/v2/admin/establishments',
    tags: TAGS,
    summary: 'Todos los establecimientos, archivados incluidos, con sus personas (superadministradores)',
    responses: {
      200: {
        description: 'Establecimientos',
        content: { 'application/json': { schema: establishmentDetailListSchema } },
      },
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { refusal: M.notSuperadmin },
)

export const createEstablishmentRoute = superadminRoute(
  {
    method: 'post',
    path: '/v2/establishments',
    tags: TAGS,
    summary:
      'Crea un establecimiento (superadministradores); el nombre es único sin distinguir mayúsculas, acentos ni espacios',
    request: {
      body: { required: true, content: { 'application/json': { schema: createEstablishmentSchema } } },
    },
    responses: {
      201: saved('Establecimiento creado'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      409: conflict409,
    },
  },
  { refusal: M.notSuperadmin },
)

export const establishmentDetailRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}',
    tags: TAGS,
    summary: 'Datos del establecimiento para su configuración (miembros: solo lectura)',
    request: { params },
    responses: {
      200: {
        description: 'Establecimiento',
        content: { 'application/json': { schema: establishmentDetailAnswerSchema } },
      },
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  },
  { in: 'param', establishment: 'id' },
)

export const updateEstablishmentRoute = establishmentRoute(
  {
    method: 'patch',
    path: '/v2/establishments/{id}',
    tags: TAGS,
    summary:
      'Renombra el establecimiento o cambia la URL (https) de su tablero de manga (superadministradores)',
    request: {
      params,
      body: { required: true, content: { 'application/json': { schema: updateEstablishmentSchema } } },
    },
    responses: {
      200: saved('Establecimiento modificado'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      409: conflict409,
    },
  },
  { in: 'param', establishment: 'id', superadmin: M.notSuperadmin },
)

export const archiveEstablishmentRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/archive',
    tags: TAGS,
    summary:
      'Archiva el establecimiento: desaparece de los selectores y sus miembros dejan de verlo; los datos se conservan (superadministradores)',
    request: { params },
    responses: {
      200: saved('Establecimiento archivado'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      409: conflict409,
    },
  },
  { in: 'param', establishment: 'id', superadmin: M.notSuperadmin },
)

export const unarchiveEstablishmentRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/unarchive',
    tags: TAGS,
    summary: 'Restaura un establecimiento archivado (superadministradores)',
    request: { params },
    responses: {
      200: saved('Establecimiento restaurado'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      409: conflict409,
    },
  },
  { in: 'param', establishment: 'id', superadmin: M.notSuperadmin },
)
