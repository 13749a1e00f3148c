import { sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import { DomainError, forbidden, invalid, notFound } from '~/lib/domain-errors'
import { isPicture, sniffAttachmentType } from './attachment-type'
import { type Author, courseEditRefusal, scoreQuiz } from './capacitations.rules'
import {
  type Attachment,
  CAPACITATION_MESSAGES,
  type CourseAuthoring,
  type CourseDetail,
  type CourseList,
  type CourseSummary,
  type CourseValues,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_LESSON,
  type ProgressRow,
  progressPercent,
  type QuizResult,
  videoEmbedUrl,
} from './capacitations.schema'
import { renderLessonMarkdown } from './lesson-markdown'

/**
 * Capacitación Digital's database code (decision 037). Every function takes the establishment the
 * request names (its guard checked the caller belongs to it) and sees only the courses visible
 * there: the general ones and the establishment's own. A course of another establishment answers
 * the same 404 as one that does not exist.
 */

/** The caller as the course rules need them. */
export interface Caller extends Author {
  userId: number
}

type CourseRow = {
  id: number
  establishment_id: number | null
  title: string
  summary: string
  pass_mark: number
  updated_at: Date
}

/** The course if it is visible in the establishment (general or its own); 404 otherwise. */
async function visibleCourse(db: DB, establishmentId: number, courseId: number, lock = false) {
  let query = db
    .selectFrom('courses')
    .select(['id', 'establishment_id', 'title', 'summary', 'pass_mark', 'updated_at'])
    .where('id', '=', courseId)
    .where((eb) => eb.or([eb('establishment_id', 'is', null), eb('establishment_id', '=', establishmentId)]))
  if (lock) query = query.forUpdate()
  const course = (await query.executeTakeFirst()) as CourseRow | undefined
  if (!course) throw notFound(CAPACITATION_MESSAGES.courseNotFound)
  return course
}

function requireEditor(course: { establishment_id: number | null }, caller: Caller) {
  const refusal = courseEditRefusal({ general: course.establishment_id === null }, caller)
  if (refusal) throw forbidden(refusal)
}

type ProgressColumns = {
  lessons_total: number
  lessons_done: number
  has_quiz: boolean
  quiz_score: number | null
  quiz_passed: boolean
}

/** The progress fields of the answers, from the SQL's columns. */
function progressOf(row: ProgressColumns) {
  const base = {
    lessonsDone: row.lessons_done,
    lessonsTotal: row.lessons_total,
    hasQuiz: row.has_quiz,
    quizScore: row.quiz_score,
    quizPassed: row.quiz_passed,
  }
  const percent = progressPercent(base)
  return { ...base, percent, completed: row.lessons_total > 0 && percent === 100 }
}

/** SQL for one person's progress on course `c`: lessons, lessons done, quiz, best score. */
const progressSql = (userId: ReturnType<typeof sql>) => sql`
  (select count(*)::int from course_lessons l where l.course_id = c.id) as lessons_total,
  (select count(*)::int from course_lessons l
     join course_lesson_progress p on p.lesson_id = l.id and p.user_id = ${userId}
   where l.course_id = c.id) as lessons_done,
  exists (select 1 from course_questions q where q.course_id = c.id) as has_quiz,
  (select r.best_score from course_quiz_results r where r.course_id = c.id and r.user_id = ${userId}) as quiz_score,
  coalesce((select r.passed from course_quiz_results r where r.course_id = c.id and r.user_id = ${userId}), false) as quiz_passed`

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/**
 * The catalogue: the establishment's courses first, then the general ones, by title, each with the
 * caller's progress. `q` matches the title, the description or any lesson's title or text.
 */
export async function listCourses(
  db: DB,
  input: { establishmentId: number; caller: Caller; q?: string },
): Promise<CourseList> {
  const { establishmentId, caller } = input
  const q = input.q?.trim()
  const pattern = q ? `%${likeEscape(q)}%` : null
  const { rows } = await sql<CourseRow & ProgressColumns>`
    select c.id, c.establishment_id, c.title, c.summary, c.pass_mark, c.updated_at,
      ${progressSql(sql`${caller.userId}`)}
    from courses c
    where (c.establishment_id is null or c.establishment_id = ${establishmentId})
      and (${pattern}::text is null
        or c.title ilike ${pattern} or c.summary ilike ${pattern}
        or exists (select 1 from course_lessons l
                   where l.course_id = c.id and (l.title ilike ${pattern} or l.body ilike ${pattern})))
    order by c.establishment_id is null, lower(c.title), c.id`.execute(db)
  return {
    data: rows.map((row) => summaryOf(row, caller)),
    canAuthor: caller.isAdmin,
    canAuthorGeneral: caller.isSuperAdmin,
  }
}

function summaryOf(row: CourseRow & ProgressColumns, caller: Caller): CourseSummary {
  const general = row.establishment_id === null
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    general,
    passMark: row.pass_mark,
    updatedAt: new Date(row.updated_at).toISOString(),
    canEdit: courseEditRefusal({ general }, caller) === undefined,
    ...progressOf(row),
  }
}

async function attachmentsOf(db: DB, lessonIds: number[]) {
  if (lessonIds.length === 0) return new Map<number, Attachment[]>()
  const rows = await db
    .selectFrom('course_attachments')
    .select(['id', 'lesson_id', 'file_name', 'media_type', 'size'])
    .where('lesson_id', 'in', lessonIds)
    .orderBy('id')
    .execute()
  const byLesson = new Map<number, Attachment[]>()
  for (const row of rows) {
    const list = byLesson.get(row.lesson_id) ?? []
    list.push({ id: row.id, fileName: row.file_name, mediaType: row.media_type, size: row.size })
    byLesson.set(row.lesson_id, list)
  }
  return byLesson
}

/** A course to read: lessons rendered, the caller's progress, the quiz without its answers. */
export async function getCourse(
  db: DB,
  input: { establishmentId: number; caller: Caller; courseId: number },
): Promise<CourseDetail> {
  const { caller } = input
  await visibleCourse(db, input.establishmentId, input.courseId)
  const { rows } = await sql<CourseRow & ProgressColumns>`
    select c.id, c.establishment_id, c.title, c.summary, c.pass_mark, c.updated_at,
      ${progressSql(sql`${caller.userId}`)}
    from courses c where c.id = ${input.courseId}`.execute(db)
  const course = rows[0] as CourseRow & ProgressColumns
  const lessons = await db
    .selectFrom('course_lessons as l')
    .leftJoin('course_lesson_progress as p', (join) =>
      join.onRef('p.lesson_id', '=', 'l.id').on('p.user_id', '=', caller.userId),
    )
    .select(['l.id', 'l.position', 'l.title', 'l.body', 'l.video_url', 'p.completed_at'])
    .where('l.course_id', '=', input.courseId)
    .orderBy('l.position')
    .execute()
  const attachments = await attachmentsOf(
    db,
    lessons.map((lesson) => lesson.id),
  )
  const questions = await db
    .selectFrom('course_questions')
    .select(['id', 'prompt', 'options'])
    .where('course_id', '=', input.courseId)
    .orderBy('position')
    .execute()
  return {
    ...summaryOf(course, caller),
    lessons: lessons.map((lesson, index) => ({
      id: lesson.id,
      position: index + 1,
      title: lesson.title,
      body: lesson.body,
      html: renderLessonMarkdown(lesson.body),
      videoUrl: lesson.video_url,
      videoEmbed: lesson.video_url ? (videoEmbedUrl(lesson.video_url) ?? null) : null,
      attachments: attachments.get(lesson.id) ?? [],
      done: lesson.completed_at !== null,
    })),
    questions: questions.map((q) => ({ id: q.id, prompt: q.prompt, options: q.options })),
  }
}

/** The course as its author wrote it, correct options included: only for who may edit it. */
export async function getCourseForAuthoring(
  db: DB,
  input: { establishmentId: number; caller: Caller; courseId: number },
): Promise<CourseAuthoring> {
  const course = await visibleCourse(db, input.establishmentId, input.courseId)
  requireEditor(course, input.caller)
  const lessons = await db
    .selectFrom('course_lessons')
    .select(['id', 'title', 'body', 'video_url'])
    .where('course_id', '=', course.id)
    .orderBy('position')
    .execute()
  const attachments = await attachmentsOf(
    db,
    lessons.map((lesson) => lesson.id),
  )
  const questions = await db
    .selectFrom('course_questions')
    .select(['prompt', 'options', 'correct_option'])
    .where('course_id', '=', course.id)
    .orderBy('position')
    .execute()
  return {
    id: course.id,
    title: course.title,
    summary: course.summary,
    general: course.establishment_id === null,
    passMark: course.pass_mark,
    lessons: lessons.map((lesson) => ({
      id: lesson.id,
      title: lesson.title,
      body: lesson.body,
      videoUrl: lesson.video_url,
      attachments: attachments.get(lesson.id) ?? [],
    })),
    questions: questions.map((q) => ({ prompt: q.prompt, options: q.options, correct: q.correct_option })),
  }
}

/**
 * Creates a course (no `courseId`) or replaces one as its author saved it, in one transaction:
 * lessons sent with their id keep it (and their readers' progress and attachments), lessons left out
 * are deleted, new ones are inserted; the quiz is replaced. Whether a course is general is fixed
 * when it is created (a superadmin's choice); an update keeps it.
 */
export async function saveCourse(
  db: DB,
  input: { establishmentId: number; caller: Caller; courseId?: number; course: CourseValues },
): Promise<{ id: number; lessonIds: number[] }> {
  const { caller, course, establishmentId } = input
  return db.transaction().execute(async (trx) => {
    let courseId: number
    let before: unknown
    if (input.courseId === undefined) {
      requireEditor({ establishment_id: course.general ? null : establishmentId }, caller)
      const created = await trx
        .insertInto('courses')
        .values({
          establishment_id: course.general ? null : establishmentId,
          title: course.title,
          summary: course.summary,
          pass_mark: course.passMark,
          created_by: caller.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      courseId = created.id
    } else {
      const existing = await visibleCourse(trx, establishmentId, input.courseId, true)
      requireEditor(existing, caller)
      before = { title: existing.title, summary: existing.summary, passMark: existing.pass_mark }
      courseId = existing.id
      await trx
        .updateTable('courses')
        .set({
          title: course.title,
          summary: course.summary,
          pass_mark: course.passMark,
          updated_at: new Date(),
        })
        .where('id', '=', courseId)
        .execute()
    }

    const current = await trx
      .selectFrom('course_lessons')
      .select('id')
      .where('course_id', '=', courseId)
      .execute()
    const currentIds = new Set(current.map((lesson) => lesson.id))
    const keptIds = course.lessons.flatMap((lesson) => (lesson.id === undefined ? [] : [lesson.id]))
    if (keptIds.some((id) => !currentIds.has(id)))
      throw invalid(CAPACITATION_MESSAGES.lessonOfOtherCourse, 'lessons')
    if (new Set(keptIds).size !== keptIds.length)
      throw invalid(CAPACITATION_MESSAGES.lessonOfOtherCourse, 'lessons')
    const removed = [...currentIds].filter((id) => !keptIds.includes(id))
    if (removed.length > 0) await trx.deleteFrom('course_lessons').where('id', 'in', removed).execute()

    // Positions are unique per course, checked at commit (deferred), so lessons can swap places here.
    const lessonIds: number[] = []
    for (const [index, lesson] of course.lessons.entries()) {
      const values = {
        position: index + 1,
        title: lesson.title,
        body: lesson.body,
        video_url: lesson.videoUrl,
      }
      if (lesson.id !== undefined) {
        await trx.updateTable('course_lessons').set(values).where('id', '=', lesson.id).execute()
        lessonIds.push(lesson.id)
      } else {
        const inserted = await trx
          .insertInto('course_lessons')
          .values({ course_id: courseId, ...values })
          .returning('id')
          .executeTakeFirstOrThrow()
        lessonIds.push(inserted.id)
      }
    }

    await trx.deleteFrom('course_questions').where('course_id', '=', courseId).execute()
    if (course.questions.length > 0)
      await trx
        .insertInto('course_questions')
        .values(
          course.questions.map((question, index) => ({
            course_id: courseId,
            position: index + 1,
            prompt: question.prompt,
            options: JSON.stringify(question.options),
            correct_option: question.correct,
          })),
        )
        .execute()

    await recordAudit(trx, {
      userId: caller.userId,
      establishmentId: course.general && input.courseId === undefined ? null : establishmentId,
      action: input.courseId === undefined ? 'course_create' : 'course_update',
      entity: 'course',
      entityId: courseId,
      before,
      after: {
        title: course.title,
        summary: course.summary,
        passMark: course.passMark,
        lessons: lessonIds,
        removedLessons: removed,
        questions: course.questions.length,
      },
    })
    return { id: courseId, lessonIds }
  })
}

export async function deleteCourse(
  db: DB,
  input: { establishmentId: number; caller: Caller; courseId: number },
) {
  await db.transaction().execute(async (trx) => {
    const course = await visibleCourse(trx, input.establishmentId, input.courseId, true)
    requireEditor(course, input.caller)
    await trx.deleteFrom('courses').where('id', '=', course.id).execute()
    await recordAudit(trx, {
      userId: input.caller.userId,
      establishmentId: course.establishment_id,
      action: 'course_delete',
      entity: 'course',
      entityId: course.id,
      before: { title: course.title },
    })
  })
}

/** The lesson, if it is one of the course's (the course already checked visible). */
async function lessonOfCourse(db: DB, courseId: number, lessonId: number) {
  const lesson = await db
    .selectFrom('course_lessons')
    .select(['id', 'title'])
    .where('id', '=', lessonId)
    .where('course_id', '=', courseId)
    .executeTakeFirst()
  if (!lesson) throw notFound(CAPACITATION_MESSAGES.lessonNotFound)
  return lesson
}

/** Marks a lesson read by the caller; marking it again changes nothing (the first time stays). */
export async function markLessonDone(
  db: DB,
  input: { establishmentId: number; caller: Caller; courseId: number; lessonId: number },
) {
  await db.transaction().execute(async (trx) => {
    await visibleCourse(trx, input.establishmentId, input.courseId)
    await lessonOfCourse(trx, input.courseId, input.lessonId)
    const inserted = await trx
      .insertInto('course_lesson_progress')
      .values({ user_id: input.caller.userId, lesson_id: input.lessonId })
      .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doNothing())
      .returning('lesson_id')
      .executeTakeFirst()
    if (inserted)
      await recordAudit(trx, {
        userId: input.caller.userId,
        establishmentId: input.establishmentId,
        action: 'course_lesson_done',
        entity: 'course_lesson',
        entityId: input.lessonId,
        after: { courseId: input.courseId },
      })
  })
}

/**
 * Scores the caller's answers on the server (the reader never had the correct options) and keeps
 * their best attempt: a later, worse attempt does not undo a pass.
 */
export async function submitQuiz(
  db: DB,
  input: { establishmentId: number; caller: Caller; courseId: number; answers: number[] },
): Promise<QuizResult> {
  return db.transaction().execute(async (trx) => {
    const course = await visibleCourse(trx, input.establishmentId, input.courseId)
    const questions = await trx
      .selectFrom('course_questions')
      .select(['correct_option'])
      .where('course_id', '=', course.id)
      .orderBy('position')
      .execute()
    if (questions.length === 0) throw invalid(CAPACITATION_MESSAGES.noQuiz)
    const score = scoreQuiz(
      questions.map((q) => q.correct_option),
      input.answers,
      course.pass_mark,
    )
    if (!score) throw invalid(CAPACITATION_MESSAGES.answersMismatch, 'answers')
    await sql`
      insert into course_quiz_results (user_id, course_id, best_score, passed, passed_at)
      values (${input.caller.userId}, ${course.id}, ${score.score}, ${score.passed},
        ${score.passed ? sql`now()` : sql`null`})
      on conflict (user_id, course_id) do update set
        best_score = greatest(course_quiz_results.best_score, excluded.best_score),
        passed = course_quiz_results.passed or excluded.passed,
        passed_at = coalesce(course_quiz_results.passed_at, excluded.passed_at),
        attempts = course_quiz_results.attempts + 1,
        submitted_at = now()`.execute(trx)
    await recordAudit(trx, {
      userId: input.caller.userId,
      establishmentId: input.establishmentId,
      action: 'course_quiz_submit',
      entity: 'course',
      entityId: course.id,
      after: { score: score.score, passed: score.passed },
    })
    return { ...score, passMark: course.pass_mark }
  })
}

/**
 * Each member of the establishment against each course visible there (the general ones and its
 * own): lessons done, quiz, percent, and when the course was completed. Courses of other
 * establishments and people who are not members are never listed.
 */
export async function listProgress(db: DB, establishmentId: number): Promise<ProgressRow[]> {
  const { rows } = await sql<
    ProgressColumns & {
      user_id: number
      person: string
      email: string
      course_id: number
      course: string
      general: boolean
      last_lesson_at: Date | null
      passed_at: Date | null
    }
  >`
    select u.id as user_id, trim(u.name || ' ' || u.surname) as person, u.email,
      c.id as course_id, c.title as course, c.establishment_id is null as general,
      ${progressSql(sql`u.id`)},
      (select max(p.completed_at) from course_lessons l
         join course_lesson_progress p on p.lesson_id = l.id and p.user_id = u.id
       where l.course_id = c.id) as last_lesson_at,
      (select r.passed_at from course_quiz_results r where r.course_id = c.id and r.user_id = u.id) as passed_at
    from establishment_members m
    join users u on u.id = m.user_id
    cross join courses c
    where m.establishment_id = ${establishmentId}
      and (c.establishment_id is null or c.establishment_id = ${establishmentId})
    order by lower(u.surname), lower(u.name), u.id, c.establishment_id is null, lower(c.title), c.id`.execute(
    db,
  )
  return rows.map((row) => {
    const progress = progressOf(row)
    const times = [row.last_lesson_at, row.passed_at].filter((t): t is Date => t !== null)
    const completedAt =
      progress.completed && times.length > 0 ? new Date(Math.max(...times.map(Number))) : null
    return {
      userId: row.user_id,
      person: row.person || row.email,
      email: row.email,
      courseId: row.course_id,
      course: row.course,
      general: row.general,
      ...progress,
      completedAt: completedAt?.toISOString() ?? null,
    }
  })
}

/** A file name as shown and offered for download: its last path segment, printable, at most 150. */
function cleanFileName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const printable = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim()
  return printable.slice(0, 150) || 'adjunto'
}

/**
 * Stores a picture or a PDF for a lesson, after checking its size and what its bytes are (not its
 * name): anything else is refused with the Spanish reason.
 */
export async function addAttachment(
  db: DB,
  input: {
    establishmentId: number
    caller: Caller
    courseId: number
    lessonId: number
    fileName: string
    bytes: Uint8Array
  },
): Promise<Attachment> {
  if (input.bytes.byteLength === 0) throw invalid(CAPACITATION_MESSAGES.fileEmpty, 'file')
  if (input.bytes.byteLength > MAX_ATTACHMENT_BYTES)
    throw new DomainError('too-large', CAPACITATION_MESSAGES.fileTooLarge, { field: 'file' })
  const mediaType = sniffAttachmentType(input.bytes)
  if (!mediaType) throw invalid(CAPACITATION_MESSAGES.fileType, 'file')
  return db.transaction().execute(async (trx) => {
    const course = await visibleCourse(trx, input.establishmentId, input.courseId, true)
    requireEditor(course, input.caller)
    await lessonOfCourse(trx, course.id, input.lessonId)
    const { count } = await trx
      .selectFrom('course_attachments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('lesson_id', '=', input.lessonId)
      .executeTakeFirstOrThrow()
    if (Number(count) >= MAX_ATTACHMENTS_PER_LESSON)
      throw invalid(CAPACITATION_MESSAGES.tooManyAttachments, 'file')
    const fileName = cleanFileName(input.fileName)
    const created = await trx
      .insertInto('course_attachments')
      .values({
        lesson_id: input.lessonId,
        file_name: fileName,
        media_type: mediaType,
        size: input.bytes.byteLength,
        content: input.bytes,
        created_by: input.caller.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      userId: input.caller.userId,
      establishmentId: course.establishment_id,
      action: 'course_attachment_create',
      entity: 'course_attachment',
      entityId: created.id,
      after: { lessonId: input.lessonId, fileName, mediaType, size: input.bytes.byteLength },
    })
    return { id: created.id, fileName, mediaType, size: input.bytes.byteLength }
  })
}

/** An attachment's bytes, when its course is visible in the establishment (404 otherwise). */
export async function getAttachment(db: DB, input: { establishmentId: number; attachmentId: number }) {
  const row = await db
    .selectFrom('course_attachments as a')
    .innerJoin('course_lessons as l', 'l.id', 'a.lesson_id')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .select(['a.file_name', 'a.media_type', 'a.content'])
    .where('a.id', '=', input.attachmentId)
    .where((eb) =>
      eb.or([eb('c.establishment_id', 'is', null), eb('c.establishment_id', '=', input.establishmentId)]),
    )
    .executeTakeFirst()
  if (!row) throw notFound(CAPACITATION_MESSAGES.attachmentNotFound)
  return {
    fileName: row.file_name,
    mediaType: row.media_type,
    content: row.content,
    inline: isPicture(row.media_type),
  }
}

export async function deleteAttachment(
  db: DB,
  input: { establishmentId: number; caller: Caller; attachmentId: number },
) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('course_attachments as a')
      .innerJoin('course_lessons as l', 'l.id', 'a.lesson_id')
      .select(['a.id', 'a.file_name', 'l.course_id'])
      .where('a.id', '=', input.attachmentId)
      .executeTakeFirst()
    if (!row) throw notFound(CAPACITATION_MESSAGES.attachmentNotFound)
    const course = await visibleCourse(trx, input.establishmentId, row.course_id, true).catch(() => {
      throw notFound(CAPACITATION_MESSAGES.attachmentNotFound)
    })
    requireEditor(course, input.caller)
    await trx.deleteFrom('course_attachments').where('id', '=', row.id).execute()
    await recordAudit(trx, {
      userId: input.caller.userId,
      establishmentId: course.establishment_id,
      action: 'course_attachment_delete',
      entity: 'course_attachment',
      entityId: row.id,
      before: { fileName: row.file_name },
    })
  })
}
