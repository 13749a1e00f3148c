import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { REQUEST_TOO_LARGE } from '~/api/lib/body-limit'
import { BASE_COURSES } from '~/db/migrations/0011_capacitations.content'
import { OFFLINE_COURSE } from '~/db/migrations/0016_offline_course.content'
import { testEngines } from '~/db/testing.server'
import {
  CAPACITATION_MESSAGES,
  type CourseAuthoring,
  type CourseDetail,
  type CourseInput,
  type CourseList,
  MAX_ATTACHMENT_BYTES,
  type ProgressRow,
  type QuizResult,
} from '~/features/capacitations/capacitations.schema'
import { insertCourse, insertEstablishments, insertMemberships, insertToken } from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
])
const PDF = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
/** A Windows executable's header ('MZ'), named and typed as a PDF. */
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0])

const course = (overrides: Partial<CourseInput> = {}): CourseInput => ({
  title: 'Manejo del corral de encierre',
  summary: 'Cómo trabajamos el corral de La Esperanza.',
  passMark: 60,
  lessons: [
    { title: 'Antes de encerrar', body: 'Revisar **tranqueras**.' },
    { title: 'En la manga', body: '1. De a pocos.\n2. Sin picana.' },
  ],
  questions: [
    { prompt: '¿Cuántos animales por vez?', options: ['Pocos', 'Todos'], correct: 0 },
    { prompt: '¿Se usa picana?', options: ['Sí', 'No'], correct: 1 },
  ],
  ...overrides,
})

describe.each(testEngines())('Capacitación Digital API on %s', (engine) => {
  let t: TestApi
  let admin: string
  let member: string
  let root: string
  /** Member of establishment B only. */
  let outsider: string
  let eid: number
  let otherId: number

  const base = (id = eid) => `/v2/establishments/${id}`
  const get = (path: string, token: string) => t.request(path, { token })
  const send = (method: string, path: string, token: string, json?: unknown) =>
    t.request(path, { method, token, json })
  const error = async (response: Response) => ((await response.json()) as { error: string }).error
  const create = async (token = admin, body: CourseInput = course(), id = eid) => {
    const response = await send('POST', `${base(id)}/courses`, token, body)
    return {
      response,
      body: (await response.clone().json()) as { data: { id: number; lessonIds: number[] } },
    }
  }
  const upload = (courseId: number, lessonId: number, file: Blob, name: string, token = admin, id = eid) => {
    const form = new FormData()
    form.set('file', new File([file], name, { type: file.type }))
    return t.request(`${base(id)}/courses/${courseId}/lessons/${lessonId}/attachments`, {
      method: 'POST',
      token,
      body: form,
    })
  }

  beforeAll(async () => {
    t = await createTestApi(engine)
    member = await insertToken(t.db, t.users.member)
    admin = await insertToken(t.db, t.users.admin)
    root = await insertToken(t.db, t.users.root)
    outsider = await insertToken(t.db, t.users.outsider)
    otherId = t.establishments.b.id
  })
  beforeEach(async () => {
    const [own] = await insertEstablishments(t.db, [{ name: 'La Esperanza' }])
    eid = (own as { id: number }).id
    await insertMemberships(t.db, [
      { userId: t.users.admin, establishmentId: eid, isAdmin: true },
      { userId: t.users.member, establishmentId: eid },
    ])
  })
  afterAll(() => t.close())

  it('ships the five base courses, general, on every new database', async () => {
    const response = await get(`${base()}/courses`, member)
    expect(response.status).toBe(200)
    const list = (await response.json()) as CourseList
    const titles = list.data.filter((c) => c.general).map((c) => c.title)
    expect(titles).toEqual(expect.arrayContaining(BASE_COURSES.map((c) => c.title)))
    expect(titles.filter((title) => title === 'Usar la app sin señal')).toHaveLength(1)
    expect(list.data.find((c) => c.title === OFFLINE_COURSE.title)).toMatchObject({
      lessonsTotal: 3,
      hasQuiz: true,
      percent: 0,
    })
    expect(titles).toContain('Registrar una pesada en la manga')
    expect(list.canAuthor).toBe(false)
    const weighing = list.data.find((c) => c.title === 'Registrar una pesada en la manga')
    expect(weighing).toMatchObject({
      lessonsTotal: 3,
      lessonsDone: 0,
      hasQuiz: true,
      percent: 0,
      canEdit: false,
    })
  })

  it('lets an administrador write a course, audited, that a usuario reads without the answers', async () => {
    const { response, body } = await create()
    expect(response.status).toBe(201)
    expect(body.data.lessonIds).toHaveLength(2)
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'establishment_id'])
      .where('action', '=', 'course_create')
      .where('entity_id', '=', String(body.data.id))
      .execute()
    expect(audit).toEqual([{ user_id: t.users.admin, establishment_id: eid }])

    const read = await get(`${base()}/courses/${body.data.id}`, member)
    expect(read.status).toBe(200)
    const text = await read.text()
    const { data } = JSON.parse(text) as { data: CourseDetail }
    expect(data.lessons.map((l) => l.title)).toEqual(['Antes de encerrar', 'En la manga'])
    expect(data.lessons[0]?.html).toContain('<strong>tranqueras</strong>')
    expect(data.questions).toHaveLength(2)
    // The correct options never reach a reader before they answer.
    expect(text).not.toMatch(/"correct/)
    expect(data.questions[0]).toEqual({
      id: expect.any(Number),
      prompt: '¿Cuántos animales por vez?',
      options: ['Pocos', 'Todos'],
    })
  })

  it('refuses a usuario to write courses, read the answers or see the progress (403)', async () => {
    const { body } = await create()
    const refused = await create(member)
    expect(refused.response.status).toBe(403)
    expect(await error(refused.response)).toBe(CAPACITATION_MESSAGES.notAuthor)
    expect((await send('PUT', `${base()}/courses/${body.data.id}`, member, course())).status).toBe(403)
    expect((await send('DELETE', `${base()}/courses/${body.data.id}`, member)).status).toBe(403)
    expect((await get(`${base()}/courses/${body.data.id}/authoring`, member)).status).toBe(403)
    const progress = await get(`${base()}/course-progress`, member)
    expect(progress.status).toBe(403)
    expect(await error(progress)).toBe(CAPACITATION_MESSAGES.noProgressAccess)
    expect(
      (await upload(body.data.id, body.data.lessonIds[0] as number, new Blob([PNG]), 'a.png', member)).status,
    ).toBe(403)
  })

  it('leaves general courses to superadministradores', async () => {
    const refused = await create(admin, course({ general: true }))
    expect(refused.response.status).toBe(403)
    expect(await error(refused.response)).toBe(CAPACITATION_MESSAGES.generalOnlySuperAdmin)
    const general = await insertCourse(t.db, {
      establishmentId: null,
      title: 'General de prueba',
      lessons: [{ title: 'Uno' }],
    })
    const edit = await send('PUT', `${base()}/courses/${general.id}`, admin, course())
    expect(edit.status).toBe(403)
    expect(await error(edit)).toBe(CAPACITATION_MESSAGES.generalOnlySuperAdmin)

    const made = await create(root, course({ title: 'Bienestar animal', general: true }))
    expect(made.response.status).toBe(201)
    // Everyone reads it, in any establishment.
    const elsewhere = (await (await get(`${base(otherId)}/courses`, outsider)).json()) as CourseList
    expect(elsewhere.data.find((c) => c.id === made.body.data.id)).toMatchObject({
      general: true,
      canEdit: false,
    })
    const asRoot = (await (await get(`${base()}/courses`, root)).json()) as CourseList
    expect(asRoot.data.find((c) => c.id === made.body.data.id)?.canEdit).toBe(true)
    expect(
      (await send('PUT', `${base()}/courses/${made.body.data.id}`, root, course({ title: 'Bienestar' })))
        .status,
    ).toBe(200)
  })

  it("keeps an establishment's courses, attachments and progress away from another's members", async () => {
    const { body } = await create()
    const lesson = body.data.lessonIds[0] as number
    const attached = await upload(body.data.id, lesson, new Blob([PNG]), 'corral.png')
    const attachment = ((await attached.json()) as { data: { id: number } }).data.id
    await send('POST', `${base()}/courses/${body.data.id}/lessons/${lesson}/done`, member)

    const theirs = (await (await get(`${base(otherId)}/courses`, outsider)).json()) as CourseList
    expect(theirs.data.map((c) => c.id)).not.toContain(body.data.id)
    // Named through their own establishment: the same 404 as a course that does not exist.
    const probe = await get(`${base(otherId)}/courses/${body.data.id}`, outsider)
    expect(probe.status).toBe(404)
    expect(await error(probe)).toBe(CAPACITATION_MESSAGES.courseNotFound)
    expect((await get(`${base(otherId)}/courses/999999`, outsider)).status).toBe(404)
    expect((await get(`${base(otherId)}/course-attachments/${attachment}`, outsider)).status).toBe(404)
    expect(
      (await send('POST', `${base(otherId)}/courses/${body.data.id}/lessons/${lesson}/done`, outsider))
        .status,
    ).toBe(404)
    expect(
      (await send('POST', `${base(otherId)}/courses/${body.data.id}/quiz`, outsider, { answers: [0, 1] }))
        .status,
    ).toBe(404)
    // Named through ours: not a member (403).
    expect((await get(`${base()}/courses/${body.data.id}`, outsider)).status).toBe(403)
    expect((await get(`${base()}/course-progress`, outsider)).status).toBe(403)

    // B's admin sees B's people on B's and general courses only.
    const [bAdminId] = [t.users.root]
    const bProgress = (await (await get(`${base(otherId)}/course-progress`, root)).json()) as {
      data: ProgressRow[]
    }
    expect(bProgress.data.map((r) => r.courseId)).not.toContain(body.data.id)
    expect(bProgress.data.map((r) => r.userId)).not.toContain(t.users.member)
    expect(bAdminId).toBeDefined()
  })

  it('scores the quiz on the server and keeps the best attempt', async () => {
    const { body } = await create()
    const quiz = (answers: number[], token = member) =>
      send('POST', `${base()}/courses/${body.data.id}/quiz`, token, { answers })
    const result = async (response: Response) => ((await response.json()) as { data: QuizResult }).data

    const half = await quiz([0, 0])
    expect(half.status).toBe(200)
    expect(await result(half)).toEqual({
      correct: 1,
      total: 2,
      score: 50,
      passMark: 60,
      passed: false,
      results: [true, false],
    })
    expect(await result(await quiz([0, 1]))).toMatchObject({ score: 100, passed: true })
    // A later, worse attempt does not undo the pass.
    expect(await result(await quiz([1, 0]))).toMatchObject({ score: 0, passed: false })
    const row = await t.db
      .selectFrom('course_quiz_results')
      .select(['best_score', 'passed', 'attempts'])
      .where('user_id', '=', t.users.member)
      .where('course_id', '=', body.data.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ best_score: 100, passed: true, attempts: 3 })

    const partial = await quiz([0])
    expect(partial.status).toBe(400)
    expect(await error(partial)).toBe(CAPACITATION_MESSAGES.answersMismatch)
    const noQuiz = await create(admin, course({ title: 'Sin cuestionario', questions: [] }))
    const refused = await send('POST', `${base()}/courses/${noQuiz.body.data.id}/quiz`, member, {
      answers: [],
    })
    expect(refused.status).toBe(400)
    expect(await error(refused)).toBe(CAPACITATION_MESSAGES.noQuiz)
  })

  it("shows each person's progress to the administrador: 100 % after the lessons and the quiz", async () => {
    const { body } = await create()
    for (const lesson of body.data.lessonIds) {
      const done = await send('POST', `${base()}/courses/${body.data.id}/lessons/${lesson}/done`, member)
      expect(done.status).toBe(200)
    }
    // Marking again changes nothing.
    await send('POST', `${base()}/courses/${body.data.id}/lessons/${body.data.lessonIds[0]}/done`, member)
    const before = (await (await get(`${base()}/course-progress`, admin)).json()) as { data: ProgressRow[] }
    expect(before.data.find((r) => r.userId === t.users.member && r.courseId === body.data.id)).toMatchObject(
      {
        lessonsDone: 2,
        percent: 66,
        completed: false,
        completedAt: null,
      },
    )
    await send('POST', `${base()}/courses/${body.data.id}/quiz`, member, { answers: [0, 1] })
    const after = (await (await get(`${base()}/course-progress`, admin)).json()) as { data: ProgressRow[] }
    const row = after.data.find((r) => r.userId === t.users.member && r.courseId === body.data.id)
    expect(row).toMatchObject({
      person: 'Mario Miembro',
      lessonsDone: 2,
      quizPassed: true,
      percent: 100,
      completed: true,
    })
    expect(row?.completedAt).not.toBeNull()
    // The admin has not started it; the base courses are listed for both people too.
    expect(after.data.find((r) => r.userId === t.users.admin && r.courseId === body.data.id)?.percent).toBe(0)
    expect(after.data.filter((r) => r.general).length).toBeGreaterThanOrEqual(2 * (BASE_COURSES.length + 1))
    const mine = (await (await get(`${base()}/courses`, member)).json()) as CourseList
    expect(mine.data.find((c) => c.id === body.data.id)).toMatchObject({ percent: 100, completed: true })
  })

  it('keeps progress on lessons an edit keeps, and refuses a lesson of another course', async () => {
    const { body } = await create()
    const [first, second] = body.data.lessonIds as [number, number]
    await send('POST', `${base()}/courses/${body.data.id}/lessons/${first}/done`, member)
    const edited = await send('PUT', `${base()}/courses/${body.data.id}`, admin, {
      ...course({ title: 'Corral (revisado)' }),
      lessons: [
        { id: second, title: 'En la manga' },
        { id: first, title: 'Antes de encerrar' },
        { title: 'Después' },
      ],
    })
    expect(edited.status).toBe(200)
    const detail = (await (await get(`${base()}/courses/${body.data.id}`, member)).json()) as {
      data: CourseDetail
    }
    expect(detail.data.lessons.map((l) => [l.id === first, l.done])).toEqual([
      [false, false],
      [true, true],
      [false, false],
    ])
    const authoring = (await (await get(`${base()}/courses/${body.data.id}/authoring`, admin)).json()) as {
      data: CourseAuthoring
    }
    expect(authoring.data.questions[1]).toEqual({
      prompt: '¿Se usa picana?',
      options: ['Sí', 'No'],
      correct: 1,
    })

    const other = await insertCourse(t.db, { establishmentId: eid, title: 'Otro', lessons: [{ title: 'X' }] })
    const stolen = await send('PUT', `${base()}/courses/${body.data.id}`, admin, {
      ...course(),
      lessons: [{ id: other.lessonIds[0], title: 'Ajena' }],
    })
    expect(stolen.status).toBe(400)
    expect(await error(stolen)).toBe(CAPACITATION_MESSAGES.lessonOfOtherCourse)
  })

  it('refuses an invalid course with the field message (400)', async () => {
    for (const [body, message] of [
      [course({ title: '  ' }), CAPACITATION_MESSAGES.titleRequired],
      [course({ lessons: [] }), CAPACITATION_MESSAGES.lessonsRequired],
      [
        course({ lessons: [{ title: 'V', videoUrl: 'https://evil.example/watch?v=abcdefgh' }] }),
        CAPACITATION_MESSAGES.videoInvalid,
      ],
      [
        course({ lessons: [{ title: 'V', videoUrl: 'http://www.youtube.com/watch?v=abcdefgh' }] }),
        CAPACITATION_MESSAGES.videoInvalid,
      ],
      [
        course({ questions: [{ prompt: '¿?', options: ['Una'], correct: 0 }] }),
        CAPACITATION_MESSAGES.optionsCount,
      ],
      [
        course({ questions: [{ prompt: '¿?', options: ['A', 'B'], correct: 2 }] }),
        CAPACITATION_MESSAGES.correctOutOfRange,
      ],
      [course({ passMark: 0 }), CAPACITATION_MESSAGES.passMarkRange],
    ] as const) {
      const { response } = await create(admin, body as CourseInput)
      expect(response.status).toBe(400)
      // The message, after the names of the lesson or question it is about when there is one.
      const text = await error(response)
      expect(['', 'Lección n.º 1: ', 'Pregunta n.º 1: '].map((prefix) => prefix + message)).toContain(text)
    }
  })

  it('embeds only allow-listed video hosts, by the video id', async () => {
    const { body } = await create(
      admin,
      course({
        lessons: [
          { title: 'Video', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' },
          { title: 'Vimeo', videoUrl: 'https://vimeo.com/76979871' },
        ],
      }),
    )
    const { data } = (await (await get(`${base()}/courses/${body.data.id}`, member)).json()) as {
      data: CourseDetail
    }
    expect(data.lessons.map((l) => l.videoEmbed)).toEqual([
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://player.vimeo.com/video/76979871',
    ])
  })

  it('never lets script from a lesson body reach the page', async () => {
    const body = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[clic](javascript:alert(3))',
      '[otro](JAVASCRIPT:alert(4))',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==)',
      '![foto](javascript:alert(6))',
      '<a href="javascript:alert(7)">a</a>',
      '[bien](https://inta.gob.ar)',
    ].join('\n\n')
    const { body: created } = await create(admin, course({ lessons: [{ title: 'Peligro', body }] }))
    const { data } = (await (await get(`${base()}/courses/${created.data.id}`, member)).json()) as {
      data: CourseDetail
    }
    const html = data.lessons[0]?.html ?? ''
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<img[^>]*onerror/i)
    expect(html).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i)
    expect(html).not.toMatch(/<a href="javascript/i)
    // Typed tags are shown as text, and a safe link stays a link that opens apart.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain(
      '<a href="https://inta.gob.ar" target="_blank" rel="noopener noreferrer nofollow">bien</a>',
    )
  })

  it('stores pictures and PDFs recognised by their bytes, and serves them to members', async () => {
    const { body } = await create()
    const lesson = body.data.lessonIds[0] as number
    const png = await upload(
      body.data.id,
      lesson,
      new Blob([PNG], { type: 'application/octet-stream' }),
      'foto-sin-extension',
    )
    expect(png.status).toBe(201)
    const { data } = (await png.json()) as { data: { id: number; mediaType: string; size: number } }
    expect(data).toMatchObject({ mediaType: 'image/png', size: PNG.byteLength })
    const served = await get(`${base()}/course-attachments/${data.id}`, member)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)
    const pdf = await upload(body.data.id, lesson, new Blob([PDF]), 'protocolo.pdf')
    expect(pdf.status).toBe(201)
    const detail = (await (await get(`${base()}/courses/${body.data.id}`, member)).json()) as {
      data: CourseDetail
    }
    expect(detail.data.lessons[0]?.attachments.map((a) => a.mediaType)).toEqual([
      'image/png',
      'application/pdf',
    ])
  })

  it('refuses a renamed executable and files over the limit with a Spanish message', async () => {
    const { body } = await create()
    const lesson = body.data.lessonIds[0] as number
    const exe = await upload(body.data.id, lesson, new Blob([EXE], { type: 'application/pdf' }), 'manual.pdf')
    expect(exe.status).toBe(400)
    expect(await error(exe)).toBe(CAPACITATION_MESSAGES.fileType)

    const justOver = new Uint8Array(MAX_ATTACHMENT_BYTES + 1)
    justOver.set(PNG)
    const over = await upload(body.data.id, lesson, new Blob([justOver]), 'grande.png')
    expect(over.status).toBe(413)
    expect(await error(over)).toBe(CAPACITATION_MESSAGES.fileTooLarge)

    const huge = new Uint8Array(50 * 1024 * 1024)
    huge.set(PNG)
    const fifty = await upload(body.data.id, lesson, new Blob([huge]), 'video.png')
    expect(fifty.status).toBe(413)
    expect([CAPACITATION_MESSAGES.fileTooLarge, REQUEST_TOO_LARGE]).toContain(await error(fifty))

    const stored = await t.db
      .selectFrom('course_attachments')
      .select('id')
      .where('lesson_id', '=', lesson)
      .execute()
    expect(stored).toEqual([])
  })
})
