import { z } from 'zod'

/**
 * Capacitación Digital (spec sections 1 and 2, issue 24; decision 037): courses, their ordered
 * lessons, an optional multiple-choice quiz, attachments, and each person's progress. One
 * definition for the editor form, the API's requests and answers, and the server functions.
 */

export const COURSE_TITLE_MAX = 120
export const COURSE_SUMMARY_MAX = 500
export const LESSON_TITLE_MAX = 120
export const LESSON_BODY_MAX = 20_000
export const MAX_LESSONS = 30
export const MAX_QUESTIONS = 20
export const MIN_OPTIONS = 2
export const MAX_OPTIONS = 6
export const OPTION_MAX = 200
export const PROMPT_MAX = 300
/** Pictures and PDFs: larger files belong on a video host or in a shorter document. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024
/** The request that carries one attachment: the file plus the multipart envelope. */
export const MAX_ATTACHMENT_REQUEST_BYTES = MAX_ATTACHMENT_BYTES + 64 * 1024
export const MAX_ATTACHMENTS_PER_LESSON = 10

export const CAPACITATION_MESSAGES = {
  titleRequired: 'El título del curso es obligatorio',
  titleTooLong: `El título del curso no puede superar los ${COURSE_TITLE_MAX} caracteres`,
  summaryTooLong: `La descripción no puede superar los ${COURSE_SUMMARY_MAX} caracteres`,
  lessonsRequired: 'El curso necesita al menos una lección',
  tooManyLessons: `Un curso puede tener hasta ${MAX_LESSONS} lecciones`,
  lessonTitleRequired: 'El título de la lección es obligatorio',
  lessonTitleTooLong: `El título de la lección no puede superar los ${LESSON_TITLE_MAX} caracteres`,
  lessonBodyTooLong: `El texto de la lección no puede superar los ${LESSON_BODY_MAX.toLocaleString('es-AR')} caracteres`,
  videoInvalid: 'El video debe ser un enlace https de YouTube (youtube.com, youtu.be) o Vimeo (vimeo.com)',
  tooManyQuestions: `Un cuestionario puede tener hasta ${MAX_QUESTIONS} preguntas`,
  promptRequired: 'La pregunta es obligatoria',
  promptTooLong: `La pregunta no puede superar los ${PROMPT_MAX} caracteres`,
  optionRequired: 'Las opciones no pueden estar vacías',
  optionTooLong: `Cada opción puede tener hasta ${OPTION_MAX} caracteres`,
  optionsCount: `Cada pregunta necesita entre ${MIN_OPTIONS} y ${MAX_OPTIONS} opciones`,
  correctOutOfRange: 'Marque la respuesta correcta entre las opciones',
  passMarkRange: 'La nota de aprobación va de 1 a 100',
  courseNotFound: 'El curso no existe',
  lessonNotFound: 'La lección no existe',
  attachmentNotFound: 'El adjunto no existe',
  lessonOfOtherCourse: 'La lección no pertenece a este curso',
  notAuthor: 'Solo un administrador del establecimiento puede crear o editar sus cursos',
  generalOnlySuperAdmin: 'Solo un superadministrador puede crear o editar los cursos generales',
  noProgressAccess: 'Solo un administrador del establecimiento puede ver el progreso del personal',
  noQuiz: 'Este curso no tiene cuestionario',
  answersMismatch: 'Responda todas las preguntas del cuestionario',
  fileRequired: 'Seleccione un archivo',
  fileTooLarge: `El archivo es demasiado grande (máximo ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB)`,
  fileType:
    'Tipo de archivo no permitido: solo imágenes PNG, JPEG, GIF o WebP y documentos PDF (se revisa el contenido, no el nombre)',
  fileEmpty: 'El archivo está vacío',
  tooManyAttachments: `Una lección puede tener hasta ${MAX_ATTACHMENTS_PER_LESSON} adjuntos`,
  createSuccess: 'Curso creado con éxito',
  updateSuccess: 'Curso guardado con éxito',
  deleteSuccess: 'Curso eliminado con éxito',
  uploadSuccess: 'Adjunto subido con éxito',
  saveError: 'Error al guardar el curso',
  listError: 'Error al cargar los cursos',
  courseError: 'Error al cargar el curso',
  progressError: 'Error al cargar el progreso del personal',
  markError: 'No se pudo marcar la lección como leída',
  quizError: 'No se pudo enviar el cuestionario',
  uploadError: 'No se pudo subir el adjunto',
} as const

/** How the API's 400 messages name this resource's request fields (app/api/lib/create-router.ts). */
export const CAPACITATION_FIELD_LABELS: Record<string, string> = {
  title: 'Título',
  summary: 'Descripción',
  general: 'Curso general',
  passMark: 'Nota de aprobación',
  lessons: 'Lección',
  body: 'Texto',
  videoUrl: 'Video',
  questions: 'Pregunta',
  prompt: 'Pregunta',
  options: 'Opciones',
  correct: 'Respuesta correcta',
  answers: 'Respuestas',
  file: 'Archivo',
  q: 'Búsqueda',
  // Path ids: their messages name the resource ('El curso no existe').
  courseId: '',
  lessonId: '',
  attachmentId: '',
}

// ---------------------------------------------------------------------------------------------
// Video links: https only, on an allow-listed host, turned into that host's embed address.

/** The hosts a lesson's video may be on, and their embed origins (the CSP's frame-src). */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const

/**
 * The embed address of a YouTube or Vimeo link, or undefined when the link is not https or not on
 * those hosts. The embed is built from the video's id, never from the link as typed, so nothing an
 * author writes reaches the iframe's address but an id of letters, digits, '-' and '_'.
 */
export function videoEmbedUrl(link: string): string | undefined {
  let url: URL
  try {
    url = new URL(link.trim())
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return undefined
  const host = url.hostname.toLowerCase()
  const youtubeId = /^[\w-]{6,20}$/
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1)
    return youtubeId.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : undefined
  }
  if (['www.youtube.com', 'youtube.com', 'm.youtube.com', 'www.youtube-nocookie.com'].includes(host)) {
    const fromPath = /^\/(?:embed|shorts|live)\/([\w-]+)$/.exec(url.pathname)?.[1]
    const id = url.pathname === '/watch' ? url.searchParams.get('v') : fromPath
    return id && youtubeId.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : undefined
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com' || host === 'player.vimeo.com') {
    const id = /^\/(?:video\/)?(\d{1,12})$/.exec(url.pathname)?.[1]
    return id ? `https://player.vimeo.com/video/${id}` : undefined
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------
// The course as its author writes it (POST and PUT bodies, the editor's values).

const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong)

export const lessonInputSchema = z.object({
  /** An existing lesson keeps its id (and its readers' progress and its attachments). */
  id: z.number().int().positive().optional(),
  title: text(
    CAPACITATION_MESSAGES.lessonTitleRequired,
    LESSON_TITLE_MAX,
    CAPACITATION_MESSAGES.lessonTitleTooLong,
  ),
  body: z.string().max(LESSON_BODY_MAX, CAPACITATION_MESSAGES.lessonBodyTooLong).default(''),
  videoUrl: z
    .string()
    .trim()
    .refine((value) => value === '' || videoEmbedUrl(value) !== undefined, CAPACITATION_MESSAGES.videoInvalid)
    .default(''),
})
export type LessonInput = z.input<typeof lessonInputSchema>

export const questionInputSchema = z
  .object({
    prompt: text(CAPACITATION_MESSAGES.promptRequired, PROMPT_MAX, CAPACITATION_MESSAGES.promptTooLong),
    options: z
      .array(text(CAPACITATION_MESSAGES.optionRequired, OPTION_MAX, CAPACITATION_MESSAGES.optionTooLong))
      .min(MIN_OPTIONS, CAPACITATION_MESSAGES.optionsCount)
      .max(MAX_OPTIONS, CAPACITATION_MESSAGES.optionsCount),
    /** The index of the correct option (0-based). */
    correct: z.number({ error: CAPACITATION_MESSAGES.correctOutOfRange }).int().min(0),
  })
  .refine((question) => question.correct < question.options.length, {
    message: CAPACITATION_MESSAGES.correctOutOfRange,
    path: ['correct'],
  })
export type QuestionInput = z.input<typeof questionInputSchema>

export const courseInputSchema = z
  .object({
    title: text(CAPACITATION_MESSAGES.titleRequired, COURSE_TITLE_MAX, CAPACITATION_MESSAGES.titleTooLong),
    summary: z.string().trim().max(COURSE_SUMMARY_MAX, CAPACITATION_MESSAGES.summaryTooLong).default(''),
    /** For every establishment (superadministradores only), or for this one. */
    general: z.boolean().default(false),
    passMark: z
      .number({ error: CAPACITATION_MESSAGES.passMarkRange })
      .int(CAPACITATION_MESSAGES.passMarkRange)
      .min(1, CAPACITATION_MESSAGES.passMarkRange)
      .max(100, CAPACITATION_MESSAGES.passMarkRange)
      .default(70),
    lessons: z
      .array(lessonInputSchema)
      .min(1, CAPACITATION_MESSAGES.lessonsRequired)
      .max(MAX_LESSONS, CAPACITATION_MESSAGES.tooManyLessons),
    questions: z
      .array(questionInputSchema)
      .max(MAX_QUESTIONS, CAPACITATION_MESSAGES.tooManyQuestions)
      .default([]),
  })
  .meta({
    id: 'CourseInput',
    examples: [
      {
        title: 'Encierre del rodeo de cría',
        summary: 'Cómo arrear y encerrar las vacas con cría sin estrés.',
        general: false,
        passMark: 70,
        lessons: [
          { title: 'Antes de salir', body: 'Revisá **tranqueras** y aguadas.', videoUrl: '' },
          { title: 'En la manga', body: '1. Entrar de a pocos animales.\n2. Sin picanas.', videoUrl: '' },
        ],
        questions: [{ prompt: '¿Cuántos animales entran por vez?', options: ['Pocos', 'Todos'], correct: 0 }],
      },
    ],
  })
export type CourseInput = z.input<typeof courseInputSchema>
export type CourseValues = z.output<typeof courseInputSchema>

// ---------------------------------------------------------------------------------------------
// Answers.

const progressFields = {
  lessonsDone: z.number().int(),
  lessonsTotal: z.number().int(),
  hasQuiz: z.boolean(),
  /** The best score of the caller's attempts (0–100), null before the first. */
  quizScore: z.number().int().nullable(),
  quizPassed: z.boolean(),
  /** Lessons done plus the quiz passed, over lessons plus the quiz: 0–100. */
  percent: z.number().int(),
  completed: z.boolean(),
}

export const courseSummarySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    summary: z.string(),
    general: z.boolean(),
    passMark: z.number().int(),
    updatedAt: z.string(),
    /** The caller may edit it: an admin of the establishment (its own), a superadmin (general). */
    canEdit: z.boolean(),
    ...progressFields,
  })
  .meta({ id: 'CourseSummary' })
export type CourseSummary = z.infer<typeof courseSummarySchema>

export const courseListSchema = z
  .object({
    data: z.array(courseSummarySchema),
    /** The caller may create courses here (admin), and general ones (superadmin). */
    canAuthor: z.boolean(),
    canAuthorGeneral: z.boolean(),
  })
  .meta({ id: 'CourseList' })
export type CourseList = z.infer<typeof courseListSchema>

export const attachmentSchema = z
  .object({ id: z.number().int(), fileName: z.string(), mediaType: z.string(), size: z.number().int() })
  .meta({ id: 'CourseAttachment' })
export type Attachment = z.infer<typeof attachmentSchema>

export const lessonSchema = z
  .object({
    id: z.number().int(),
    position: z.number().int(),
    title: z.string(),
    /** The Markdown as written. */
    body: z.string(),
    /** The body rendered by the server: Markdown with raw HTML off and links checked (lesson-markdown.ts). */
    html: z.string(),
    videoUrl: z.string(),
    /** The allow-listed embed address of the video, or null. */
    videoEmbed: z.string().nullable(),
    attachments: z.array(attachmentSchema),
    done: z.boolean(),
  })
  .meta({ id: 'CourseLesson' })
export type Lesson = z.infer<typeof lessonSchema>

/** A question as a reader gets it: no hint of the correct option before they answer. */
export const questionSchema = z
  .object({ id: z.number().int(), prompt: z.string(), options: z.array(z.string()) })
  .meta({ id: 'CourseQuestion' })
export type Question = z.infer<typeof questionSchema>

export const courseDetailSchema = z
  .object({
    data: courseSummarySchema.extend({
      lessons: z.array(lessonSchema),
      questions: z.array(questionSchema),
    }),
  })
  .meta({ id: 'CourseDetail' })
export type CourseDetail = z.infer<typeof courseDetailSchema>['data']

/** What the editor opens: the course as written, correct answers included (authors only). */
export const courseAuthoringSchema = z
  .object({
    data: z.object({
      id: z.number().int(),
      title: z.string(),
      summary: z.string(),
      general: z.boolean(),
      passMark: z.number().int(),
      lessons: z.array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          body: z.string(),
          videoUrl: z.string(),
          attachments: z.array(attachmentSchema),
        }),
      ),
      questions: z.array(
        z.object({ prompt: z.string(), options: z.array(z.string()), correct: z.number().int() }),
      ),
    }),
  })
  .meta({ id: 'CourseAuthoring' })
export type CourseAuthoring = z.infer<typeof courseAuthoringSchema>['data']

export const courseSavedSchema = z
  .object({
    message: z.string(),
    data: z.object({ id: z.number().int(), lessonIds: z.array(z.number().int()) }),
  })
  .meta({ id: 'CourseSaved' })

export const messageSchema = z.object({ message: z.string() }).meta({ id: 'CourseMessage' })

export const lessonDoneSchema = z
  .object({ data: z.object({ lessonId: z.number().int(), done: z.literal(true) }) })
  .meta({ id: 'LessonDone' })

export const quizSubmissionSchema = z
  .object({
    /** One chosen option index per question, in the questions' order. */
    answers: z.array(z.number().int().min(0)).max(MAX_QUESTIONS),
  })
  .meta({ id: 'QuizSubmission', examples: [{ answers: [0] }] })
export type QuizSubmission = z.infer<typeof quizSubmissionSchema>

export const quizResultSchema = z
  .object({
    data: z.object({
      correct: z.number().int(),
      total: z.number().int(),
      score: z.number().int(),
      passMark: z.number().int(),
      passed: z.boolean(),
      /** Per question, whether the answer was right (shown after submitting). */
      results: z.array(z.boolean()),
    }),
  })
  .meta({ id: 'QuizResult' })
export type QuizResult = z.infer<typeof quizResultSchema>['data']

export const progressRowSchema = z
  .object({
    userId: z.number().int(),
    person: z.string(),
    email: z.string(),
    courseId: z.number().int(),
    course: z.string(),
    general: z.boolean(),
    ...progressFields,
    /** When the last lesson or the passing quiz made the course complete; null while not. */
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'CourseProgressRow' })
export type ProgressRow = z.infer<typeof progressRowSchema>

export const progressListSchema = z
  .object({ data: z.array(progressRowSchema) })
  .meta({ id: 'CourseProgress' })

/** The percent of a course a person has done: lessons plus the quiz (when there is one). */
export function progressPercent(p: {
  lessonsDone: number
  lessonsTotal: number
  hasQuiz: boolean
  quizPassed: boolean
}) {
  const steps = p.lessonsTotal + (p.hasQuiz ? 1 : 0)
  if (steps === 0) return 0
  return Math.floor(((p.lessonsDone + (p.hasQuiz && p.quizPassed ? 1 : 0)) * 100) / steps)
}
