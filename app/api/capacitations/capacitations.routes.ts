import { z } from 'zod'
import {
  attachmentSchema,
  CAPACITATION_MESSAGES,
  courseAuthoringSchema,
  courseDetailSchema,
  courseInputSchema,
  courseListSchema,
  courseSavedSchema,
  lessonDoneSchema,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENT_REQUEST_BYTES,
  messageSchema,
  progressListSchema,
  quizResultSchema,
  quizSubmissionSchema,
} from '~/features/capacitations/capacitations.schema'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { dbIdParam } from '~/lib/db-id'
import { bodyLimit } from '../lib/body-limit'
import { errorResponses } from '../lib/errors'
import { establishmentRoute } from '../lib/guard'

/**
 * Capacitación Digital (issue 24, decision 037; not in spec section 7). Every path names the
 * establishment the caller works in: the guard checks membership (and admin rights to write); the
 * domain then sees only the courses visible there (general ones and the establishment's own), so a
 * course, lesson or attachment of another establishment answers 404 like one that does not exist.
 */
const TAG = 'Capacitación Digital'

const establishment = establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } })
const courseId = dbIdParam(CAPACITATION_MESSAGES.courseNotFound).meta({
  param: { name: 'courseId', in: 'path' },
})
const lessonId = dbIdParam(CAPACITATION_MESSAGES.lessonNotFound).meta({
  param: { name: 'lessonId', in: 'path' },
})
const attachmentId = dbIdParam(CAPACITATION_MESSAGES.attachmentNotFound).meta({
  param: { name: 'attachmentId', in: 'path' },
})

const establishmentParams = z.object({ id: establishment })
const courseParams = z.object({ id: establishment, courseId })
const lessonParams = z.object({ id: establishment, courseId, lessonId })
const attachmentParams = z.object({ id: establishment, attachmentId })

const json = <S extends z.ZodType>(description: string, schema: S) => ({
  description,
  content: { 'application/json': { schema } },
})
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
} as const

const member = { in: 'param', establishment: 'id' } as const
const author = { in: 'param', establishment: 'id', admin: CAPACITATION_MESSAGES.notAuthor } as const

export const listCoursesRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/courses',
    tags: [TAG],
    summary:
      'Cursos visibles en el establecimiento (los propios y los generales) con el progreso de quien consulta',
    description: '`q` busca en el título, la descripción y el título o texto de las lecciones.',
    request: {
      params: establishmentParams,
      query: z.object({ q: z.string().max(100, 'La búsqueda puede tener hasta 100 caracteres').optional() }),
    },
    responses: { 200: json('Cursos', courseListSchema), ...refusals },
  },
  member,
)

export const createCourseRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/courses',
    tags: [TAG],
    summary:
      'Crea un curso del establecimiento (administradores) o general (`general: true`, solo superadministradores)',
    request: {
      params: establishmentParams,
      body: { content: { 'application/json': { schema: courseInputSchema } }, required: true },
    },
    responses: { 201: json('Curso creado', courseSavedSchema), ...refusals },
  },
  author,
)

export const getCourseRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/courses/{courseId}',
    tags: [TAG],
    summary:
      'Un curso para leer: lecciones con su texto ya convertido a HTML seguro, adjuntos, video y cuestionario sin las respuestas',
    request: { params: courseParams },
    responses: { 200: json('Curso', courseDetailSchema), ...refusals },
  },
  member,
)

export const getCourseAuthoringRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/courses/{courseId}/authoring',
    tags: [TAG],
    summary:
      'Un curso tal como lo escribió su autor, con las respuestas correctas (solo quien puede editarlo)',
    request: { params: courseParams },
    responses: { 200: json('Curso para editar', courseAuthoringSchema), ...refusals },
  },
  author,
)

export const updateCourseRoute = establishmentRoute(
  {
    method: 'put',
    path: '/v2/establishments/{id}/courses/{courseId}',
    tags: [TAG],
    summary:
      'Guarda el curso completo en una transacción: las lecciones enviadas con `id` se conservan (y su progreso), las que faltan se borran; el cuestionario se reemplaza',
    request: {
      params: courseParams,
      body: { content: { 'application/json': { schema: courseInputSchema } }, required: true },
    },
    responses: { 200: json('Curso guardado', courseSavedSchema), ...refusals },
  },
  author,
)

export const deleteCourseRoute = establishmentRoute(
  {
    method: 'delete',
    path: '/v2/establishments/{id}/courses/{courseId}',
    tags: [TAG],
    summary: 'Elimina un curso con sus lecciones, adjuntos y el progreso de su personal',
    request: { params: courseParams },
    responses: { 200: json('Curso eliminado', messageSchema), ...refusals },
  },
  author,
)

export const markLessonDoneRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/courses/{courseId}/lessons/{lessonId}/done',
    tags: [TAG],
    summary: 'Marca la lección como leída por quien consulta (repetirlo no cambia nada)',
    request: { params: lessonParams },
    responses: { 200: json('Lección leída', lessonDoneSchema), ...refusals },
  },
  member,
)

export const submitQuizRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/courses/{courseId}/quiz',
    tags: [TAG],
    summary:
      'Envía las respuestas del cuestionario; el servidor las corrige y guarda el mejor intento (un aprobado no se pierde)',
    request: {
      params: courseParams,
      body: { content: { 'application/json': { schema: quizSubmissionSchema } }, required: true },
    },
    responses: { 200: json('Resultado', quizResultSchema), ...refusals },
  },
  member,
)

export const courseProgressRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/course-progress',
    tags: [TAG],
    summary: 'Progreso de cada integrante del establecimiento en cada curso visible (solo administradores)',
    request: { params: establishmentParams },
    responses: { 200: json('Progreso', progressListSchema), ...refusals },
  },
  { in: 'param', establishment: 'id', admin: CAPACITATION_MESSAGES.noProgressAccess },
)

/** Refuses an attachment over the cap while it arrives, before it is buffered. */
const attachmentLimit = bodyLimit({
  maxSize: MAX_ATTACHMENT_REQUEST_BYTES,
  onError: (c) => c.json({ error: CAPACITATION_MESSAGES.fileTooLarge }, 413),
})

export const uploadAttachmentRoute = establishmentRoute(
  {
    method: 'post',
    path: '/v2/establishments/{id}/courses/{courseId}/lessons/{lessonId}/attachments',
    tags: [TAG],
    summary: `Adjunta a la lección una imagen (PNG, JPEG, GIF, WebP) o un PDF de hasta ${
      MAX_ATTACHMENT_BYTES / 1024 / 1024
    } MB; el tipo se reconoce por el contenido, no por el nombre`,
    middleware: [attachmentLimit] as const,
    request: {
      params: lessonParams,
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({
              file: z
                .file({ error: CAPACITATION_MESSAGES.fileRequired })
                .openapi({ type: 'string', format: 'binary', description: 'La imagen o el PDF' }),
            }),
          },
        },
      },
    },
    responses: {
      201: json('Adjunto guardado', z.object({ message: z.string(), data: attachmentSchema })),
      ...refusals,
      413: { description: 'Archivo demasiado grande', content: errorResponses[400].content },
    },
  },
  author,
)

export const getAttachmentRoute = establishmentRoute(
  {
    method: 'get',
    path: '/v2/establishments/{id}/course-attachments/{attachmentId}',
    tags: [TAG],
    summary: 'El archivo adjunto, con el tipo que probó su contenido',
    request: { params: attachmentParams },
    responses: {
      200: {
        description: 'El archivo',
        content: {
          'image/*': { schema: z.string().meta({ format: 'binary' }) },
          'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
        },
      },
      ...refusals,
    },
  },
  member,
)

export const deleteAttachmentRoute = establishmentRoute(
  {
    method: 'delete',
    path: '/v2/establishments/{id}/course-attachments/{attachmentId}',
    tags: [TAG],
    summary: 'Quita un adjunto de su lección',
    request: { params: attachmentParams },
    responses: { 200: json('Adjunto eliminado', messageSchema), ...refusals },
  },
  author,
)
