import type { Context } from 'hono'
import { CAPACITATION_MESSAGES } from '~/features/capacitations/capacitations.schema'
import {
  addAttachment,
  type Caller,
  deleteAttachment,
  deleteCourse,
  getAttachment,
  getCourse,
  getCourseForAuthoring,
  listCourses,
  listProgress,
  markLessonDone,
  saveCourse,
  submitQuiz,
} from '~/features/capacitations/capacitations.server'
import { createRouter } from '../lib/create-router'
import type { EstablishmentEnv } from '../lib/types'
import {
  courseProgressRoute,
  createCourseRoute,
  deleteAttachmentRoute,
  deleteCourseRoute,
  getAttachmentRoute,
  getCourseAuthoringRoute,
  getCourseRoute,
  listCoursesRoute,
  markLessonDoneRoute,
  submitQuizRoute,
  updateCourseRoute,
  uploadAttachmentRoute,
} from './capacitations.routes'

/** The caller as the course rules see them: the guard set the establishment and the membership. */
function callerOf(c: Context<EstablishmentEnv>): Caller {
  return {
    userId: c.var.user.id,
    isSuperAdmin: c.var.user.is_super_admin,
    isAdmin: c.var.membership.is_admin,
  }
}

/** The routes' guards checked membership (and admin rights to write): capacitations.routes.ts. */
export const capacitationsRouter = createRouter()
  .openapi(listCoursesRoute, async (c) => {
    const { q } = c.req.valid('query')
    return c.json(
      await listCourses(c.var.db, { establishmentId: c.var.establishmentId, caller: callerOf(c), q }),
      200,
    )
  })
  .openapi(createCourseRoute, async (c) => {
    const data = await saveCourse(c.var.db, {
      establishmentId: c.var.establishmentId,
      caller: callerOf(c),
      course: c.req.valid('json'),
    })
    return c.json({ message: CAPACITATION_MESSAGES.createSuccess, data }, 201)
  })
  .openapi(getCourseRoute, async (c) => {
    const { courseId } = c.req.valid('param')
    const data = await getCourse(c.var.db, {
      establishmentId: c.var.establishmentId,
      caller: callerOf(c),
      courseId,
    })
    return c.json({ data }, 200)
  })
  .openapi(getCourseAuthoringRoute, async (c) => {
    const { courseId } = c.req.valid('param')
    const data = await getCourseForAuthoring(c.var.db, {
      establishmentId: c.var.establishmentId,
      caller: callerOf(c),
      courseId,
    })
    return c.json({ data }, 200)
  })
  .openapi(updateCourseRoute, async (c) => {
    const { courseId } = c.req.valid('param')
    const data = await saveCourse(c.var.db, {
      establishmentId: c.var.establishmentId,
      caller: callerOf(c),
      courseId,
      course: c.req.valid('json'),
    })
    return c.json({ message: CAPACITATION_MESSAGES.updateSuccess, data }, 200)
  })
  .openapi(deleteCourseRoute, async (c) => {
    const { courseId } = c.req.valid('param')
    await deleteCourse(c.var.db, { establishmentId: c.var.establishmentId, caller: callerOf(c), courseId })
    return c.json({ message: CAPACITATION_MESSAGES.deleteSuccess }, 200)
  })
  .openapi(markLessonDoneRoute, async (c) => {
    const { courseId, lessonId } = c.req.valid('param')
    await markLessonDone(c.var.db, {
      establishmentId: c.var.establishmentId,
      caller: callerOf(c),
      courseId,
      lessonId,
    })
    return c.json({ data: { lessonId, done: true as const } }, 200)
  })
  .openapi(submitQuizRoute, async (c) => {
    const { courseId } = c.req.valid('param')
    const { answers } = c.req.valid('json')
    const data = await submitQuiz(c.var.db, {
      establishmentId: c.var.establishmentId,
      caller: callerOf(c),
      courseId,
      answers,
    })
    return c.json({ data }, 200)
  })
  .openapi(courseProgressRoute, async (c) =>
    c.json({ data: await listProgress(c.var.db, c.var.establishmentId) }, 200),
  )
  .openapi(uploadAttachmentRoute, async (c) => {
    const { courseId, lessonId } = c.req.valid('param')
    const { file } = c.req.valid('form')
    const data = await addAttachment(c.var.db, {
      establishmentId: c.var.establishmentId,
      caller: callerOf(c),
      courseId,
      lessonId,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    })
    return c.json({ message: CAPACITATION_MESSAGES.uploadSuccess, data }, 201)
  })
  .openapi(getAttachmentRoute, async (c) => {
    const { attachmentId } = c.req.valid('param')
    const file = await getAttachment(c.var.db, { establishmentId: c.var.establishmentId, attachmentId })
    const disposition = `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`
    return new Response(new Uint8Array(file.content), {
      status: 200,
      headers: {
        'content-type': file.mediaType,
        'content-length': String(file.content.byteLength),
        'content-disposition': disposition,
        // The bytes were checked when stored; the browser must not guess another type from them.
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=3600',
      },
    })
  })
  .openapi(deleteAttachmentRoute, async (c) => {
    const { attachmentId } = c.req.valid('param')
    await deleteAttachment(c.var.db, {
      establishmentId: c.var.establishmentId,
      caller: callerOf(c),
      attachmentId,
    })
    return c.json({ message: 'Adjunto eliminado' }, 200)
  })
