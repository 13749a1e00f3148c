import { type Kysely, sql } from 'kysely'
import { OFFLINE_COURSE } from './0016_offline_course.content'

/**
 * Capacitación Digital's fifth general course, 'Usar la app sin señal', on every database (new or
 * existing), written the way migration 0011 writes the first four. Skipped where a course of that
 * title already exists as a general course (a superadministrador may have written one by hand).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const course = OFFLINE_COURSE
  const { rows } = await sql<{ id: number }>`
    insert into courses (establishment_id, title, summary, pass_mark)
    select null, ${course.title}, ${course.summary}, ${course.passMark}
    where not exists (select 1 from courses where establishment_id is null and title = ${course.title})
    returning id`.execute(db)
  const courseId = rows[0]?.id
  if (courseId === undefined) return
  for (const [position, lesson] of course.lessons.entries())
    await sql`insert into course_lessons (course_id, position, title, body, video_url)
      values (${courseId}, ${position + 1}, ${lesson.title}, ${lesson.body}, '')`.execute(db)
  for (const [position, question] of course.questions.entries())
    await sql`insert into course_questions (course_id, position, prompt, options, correct_option)
      values (${courseId}, ${position + 1}, ${question.prompt}, ${JSON.stringify(question.options)}::jsonb,
        ${question.correct})`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Its lessons, questions, progress and results go with it (on delete cascade).
  await sql`delete from courses where establishment_id is null and title = ${OFFLINE_COURSE.title}`.execute(
    db,
  )
}
