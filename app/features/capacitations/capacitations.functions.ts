import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  courseProgressRoute,
  createCourseRoute,
  deleteAttachmentRoute,
  deleteCourseRoute,
  getCourseAuthoringRoute,
  getCourseRoute,
  listCoursesRoute,
  markLessonDoneRoute,
  submitQuizRoute,
  updateCourseRoute,
} from '~/api/capacitations/capacitations.routes'
import { provider } from '~/features/auth/session.server'
import { providerAction, providerErrorMessage } from '~/lib/provider-api.server'
import {
  CAPACITATION_MESSAGES,
  type CourseAuthoring,
  type CourseDetail,
  type CourseList,
  courseInputSchema,
  type ProgressRow,
  type QuizResult,
  quizSubmissionSchema,
} from './capacitations.schema'

const id = z.number().int().positive()
const establishment = z.object({ establishmentId: id })
const ofCourse = establishment.extend({ courseId: id })

export const listCoursesFn = createServerFn({ method: 'GET' })
  .validator(establishment.extend({ q: z.string().max(100).optional() }))
  .handler(
    ({ data }): Promise<CourseList> =>
      provider().read(CAPACITATION_MESSAGES.listError, listCoursesRoute, {
        param: { id: data.establishmentId },
        query: data.q ? { q: data.q } : {},
      }),
  )

/** A course to read; null when it does not exist here (or belongs to another establishment). */
export const getCourseFn = createServerFn({ method: 'GET' })
  .validator(ofCourse)
  .handler(async ({ data }): Promise<CourseDetail | null> => {
    const answer = await provider().find(CAPACITATION_MESSAGES.courseError, getCourseRoute, {
      param: { id: data.establishmentId, courseId: data.courseId },
    })
    return answer?.data ?? null
  })

export const getCourseAuthoringFn = createServerFn({ method: 'GET' })
  .validator(ofCourse)
  .handler(async ({ data }): Promise<CourseAuthoring | null> => {
    const answer = await provider().find(CAPACITATION_MESSAGES.courseError, getCourseAuthoringRoute, {
      param: { id: data.establishmentId, courseId: data.courseId },
    })
    return answer?.data ?? null
  })

export const courseProgressFn = createServerFn({ method: 'GET' })
  .validator(establishment)
  .handler(async ({ data }): Promise<ProgressRow[]> => {
    const answer = await provider().read(CAPACITATION_MESSAGES.progressError, courseProgressRoute, {
      param: { id: data.establishmentId },
    })
    return answer.data
  })

export type SaveCourseResult =
  | { ok: true; message: string; id: number; lessonIds: number[] }
  | { ok: false; error: string }

/** Creates (no courseId) or saves a course; the body is the editor's values, checked by the one schema. */
export const saveCourseFn = createServerFn({ method: 'POST' })
  .validator(establishment.extend({ courseId: id.optional(), course: courseInputSchema }))
  .handler(
    ({ data }): Promise<SaveCourseResult> =>
      providerAction(CAPACITATION_MESSAGES.saveError, async () => {
        const answer =
          data.courseId === undefined
            ? await provider().call(createCourseRoute, {
                param: { id: data.establishmentId },
                json: data.course,
              })
            : await provider().call(updateCourseRoute, {
                param: { id: data.establishmentId, courseId: data.courseId },
                json: data.course,
              })
        return { ok: true as const, message: answer.message, ...answer.data }
      }),
  )

export const deleteCourseFn = createServerFn({ method: 'POST' })
  .validator(ofCourse)
  .handler(({ data }) =>
    providerAction(CAPACITATION_MESSAGES.saveError, async () => {
      const answer = await provider().call(deleteCourseRoute, {
        param: { id: data.establishmentId, courseId: data.courseId },
      })
      return { ok: true as const, message: answer.message }
    }),
  )

export const deleteAttachmentFn = createServerFn({ method: 'POST' })
  .validator(establishment.extend({ attachmentId: id }))
  .handler(({ data }) =>
    providerAction(CAPACITATION_MESSAGES.saveError, async () => {
      const answer = await provider().call(deleteAttachmentRoute, {
        param: { id: data.establishmentId, attachmentId: data.attachmentId },
      })
      return { ok: true as const, message: answer.message }
    }),
  )

export const markLessonDoneFn = createServerFn({ method: 'POST' })
  .validator(ofCourse.extend({ lessonId: id }))
  .handler(({ data }) =>
    providerAction(CAPACITATION_MESSAGES.markError, async () => {
      await provider().call(markLessonDoneRoute, {
        param: { id: data.establishmentId, courseId: data.courseId, lessonId: data.lessonId },
      })
      return { ok: true as const }
    }),
  )

export type QuizAnswer = { ok: true; result: QuizResult } | { ok: false; error: string }

export const submitQuizFn = createServerFn({ method: 'POST' })
  .validator(ofCourse.extend(quizSubmissionSchema.shape))
  .handler(async ({ data }): Promise<QuizAnswer> => {
    try {
      const answer = await provider().call(submitQuizRoute, {
        param: { id: data.establishmentId, courseId: data.courseId },
        json: { answers: data.answers },
      })
      return { ok: true, result: answer.data }
    } catch (error) {
      return { ok: false, error: providerErrorMessage(error, CAPACITATION_MESSAGES.quizError) }
    }
  })
