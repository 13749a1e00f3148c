import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { lazy, type ReactNode, Suspense } from 'react'
import { styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import { APP_PATHS } from '~/features/shell/components/paths'
import { attachmentHref } from '../attachment-href'
import {
  deleteAttachmentFn,
  deleteCourseFn,
  markLessonDoneFn,
  saveCourseFn,
  submitQuizFn,
} from '../capacitations.functions'
import {
  capacitationKeys,
  courseAuthoringQueryOptions,
  courseProgressQueryOptions,
  courseQueryOptions,
  coursesQueryOptions,
} from '../capacitations.queries'
import { CAPACITATION_MESSAGES, type CourseAuthoring, type CourseDetail } from '../capacitations.schema'
import type { CapacitationsSearch } from '../capacitations.search'
import { CourseCatalogue } from './course-catalogue'
import { CourseReader, type ReaderStep } from './course-reader'
import { ProgressTable } from './progress-table'

// The editor (a form, Markdown's renderer) loads only when an author opens it (decision 026).
const CourseEditor = lazy(() => import('./course-editor').then((m) => ({ default: m.CourseEditor })))

const linkStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  textStyle: 'sm',
  color: 'fg.muted',
} as const

export interface CapacitationsPageProps {
  establishmentId: number
  search: CapacitationsSearch
}

/**
 * Capacitación Digital, /management/establishment/capacitations: the address's search says which
 * screen shows (catalogue, a course's lesson or quiz, the editor, the staff's progress), so each
 * one is a link (decision 037).
 */
export function CapacitationsPage({ establishmentId, search }: CapacitationsPageProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const base = { establecimiento: establishmentId }
  const go = (next: Omit<CapacitationsSearch, 'establecimiento'>) =>
    navigate({ to: APP_PATHS.capacitations, search: { ...base, ...next } })
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: capacitationKeys.establishment(establishmentId) })
  const backLink = (children: ReactNode) => (
    <Link to={APP_PATHS.capacitations} search={base}>
      <styled.span {...linkStyle}>{children}</styled.span>
    </Link>
  )
  const href = (attachmentId: number) => attachmentHref(establishmentId, attachmentId)

  const saveCourse = useServerFn(saveCourseFn)
  const deleteCourse = useServerFn(deleteCourseFn)
  const deleteAttachment = useServerFn(deleteAttachmentFn)
  const markDone = useServerFn(markLessonDoneFn)
  const submitQuiz = useServerFn(submitQuizFn)

  if (search.vista === 'progreso')
    return <ProgressScreen establishmentId={establishmentId} backLink={backLink} />

  if (search.vista === 'nuevo' || (search.vista === 'editar' && search.curso)) {
    const courseId = search.vista === 'editar' ? search.curso : undefined
    return (
      <EditorScreen
        establishmentId={establishmentId}
        courseId={courseId}
        backLink={backLink}
        render={(initial, canAuthorGeneral) => (
          <Suspense fallback={<Loading />}>
            <CourseEditor
              key={initial ? `${initial.id}` : 'nuevo'}
              initial={initial}
              canAuthorGeneral={canAuthorGeneral}
              renderBackLink={backLink}
              attachmentHref={href}
              onSave={async (course) => {
                const result = await saveCourse({ data: { establishmentId, courseId, course } })
                if (result.ok) {
                  await refresh()
                  // A new course opens in its editor, where its lessons can now take attachments.
                  if (courseId === undefined) void go({ vista: 'editar', curso: result.id })
                }
                return result
              }}
              onDelete={
                courseId === undefined
                  ? undefined
                  : async () => {
                      const result = await deleteCourse({ data: { establishmentId, courseId } })
                      if (result.ok) {
                        await refresh()
                        void go({})
                      }
                      return result
                    }
              }
              uploadAttachment={async (lessonId, file) => {
                if (courseId === undefined) return { ok: false, error: CAPACITATION_MESSAGES.uploadError }
                const form = new FormData()
                form.set('file', file)
                const response = await fetch(
                  `/api/capacitations/upload?establishmentId=${establishmentId}&courseId=${courseId}&lessonId=${lessonId}`,
                  { method: 'POST', body: form },
                )
                const body = (await response.json().catch(() => ({}))) as { error?: string }
                if (!response.ok) return { ok: false, error: body.error ?? CAPACITATION_MESSAGES.uploadError }
                await refresh()
                return { ok: true }
              }}
              removeAttachment={async (attachmentId) => {
                const result = await deleteAttachment({ data: { establishmentId, attachmentId } })
                if (result.ok) await refresh()
                return result
              }}
            />
          </Suspense>
        )}
      />
    )
  }

  if (search.curso) {
    const courseId = search.curso
    return (
      <ReaderScreen
        establishmentId={establishmentId}
        courseId={courseId}
        step={search.leccion ?? 1}
        backLink={backLink}
        render={(course) => (
          <CourseReader
            course={course}
            step={search.leccion ?? 1}
            attachmentHref={href}
            renderBackLink={backLink}
            renderStepLink={(step: ReaderStep, children, variant) =>
              variant === 'button' ? (
                <Button asChild variant="outline" size="lg">
                  <Link to={APP_PATHS.capacitations} search={{ ...base, curso: courseId, leccion: step }}>
                    {children}
                  </Link>
                </Button>
              ) : (
                <Link to={APP_PATHS.capacitations} search={{ ...base, curso: courseId, leccion: step }}>
                  {children}
                </Link>
              )
            }
            onMarkDone={async (lessonId) => {
              const result = await markDone({ data: { establishmentId, courseId, lessonId } })
              if (result.ok) await refresh()
              return result
            }}
            onSubmitQuiz={async (answers) => {
              const outcome = await submitQuiz({ data: { establishmentId, courseId, answers } })
              if (outcome.ok) await refresh()
              return outcome
            }}
          />
        )}
      />
    )
  }

  return <CatalogueScreen establishmentId={establishmentId} query={search.q ?? ''} go={go} base={base} />
}

function CatalogueScreen({
  establishmentId,
  query,
  go,
  base,
}: {
  establishmentId: number
  query: string
  go: (next: Omit<CapacitationsSearch, 'establecimiento'>) => unknown
  base: { establecimiento: number }
}) {
  const { data, error } = useQuery(coursesQueryOptions(establishmentId, query))
  if (error) return <ScreenError message={error.message || CAPACITATION_MESSAGES.listError} />
  if (!data) return <Loading />
  const button = (
    search: Omit<CapacitationsSearch, 'establecimiento'>,
    children: ReactNode,
    variant: 'solid' | 'outline' = 'outline',
  ) => (
    <Button asChild variant={variant} size="sm">
      <Link to={APP_PATHS.capacitations} search={{ ...base, ...search }}>
        {children}
      </Link>
    </Button>
  )
  return (
    <CourseCatalogue
      list={data}
      query={query}
      onSearch={(q) => go(q ? { q } : {})}
      renderCourseLink={(course, children) => button({ curso: course.id }, children, 'solid')}
      renderEditLink={(course, children) => button({ vista: 'editar', curso: course.id }, children)}
      renderNewLink={(children) => button({ vista: 'nuevo' }, children, 'solid')}
      renderProgressLink={(children) => button({ vista: 'progreso' }, children)}
    />
  )
}

function ReaderScreen({
  establishmentId,
  courseId,
  backLink,
  render,
}: {
  establishmentId: number
  courseId: number
  step: ReaderStep
  backLink: (children: ReactNode) => ReactNode
  render: (course: CourseDetail) => ReactNode
}) {
  const { data, error, isPending } = useQuery(courseQueryOptions(establishmentId, courseId))
  if (error)
    return <ScreenError message={error.message || CAPACITATION_MESSAGES.courseError} backLink={backLink} />
  if (isPending) return <Loading />
  if (!data) return <ScreenError message={CAPACITATION_MESSAGES.courseNotFound} backLink={backLink} />
  return <>{render(data)}</>
}

function EditorScreen({
  establishmentId,
  courseId,
  backLink,
  render,
}: {
  establishmentId: number
  courseId?: number
  backLink: (children: ReactNode) => ReactNode
  render: (initial: CourseAuthoring | undefined, canAuthorGeneral: boolean) => ReactNode
}) {
  const list = useQuery(coursesQueryOptions(establishmentId))
  const authoring = useQuery({
    ...courseAuthoringQueryOptions(establishmentId, courseId ?? 0),
    enabled: courseId !== undefined,
  })
  if (list.error) return <ScreenError message={list.error.message} backLink={backLink} />
  if (!list.data) return <Loading />
  if (!list.data.canAuthor)
    return <ScreenError message={CAPACITATION_MESSAGES.notAuthor} backLink={backLink} />
  if (courseId === undefined) return <>{render(undefined, list.data.canAuthorGeneral)}</>
  if (authoring.error) return <ScreenError message={authoring.error.message} backLink={backLink} />
  if (authoring.isPending) return <Loading />
  if (!authoring.data)
    return <ScreenError message={CAPACITATION_MESSAGES.courseNotFound} backLink={backLink} />
  return <>{render(authoring.data, list.data.canAuthorGeneral)}</>
}

function ProgressScreen({
  establishmentId,
  backLink,
}: {
  establishmentId: number
  backLink: (children: ReactNode) => ReactNode
}) {
  const { data, error, isFetching, refetch } = useQuery(courseProgressQueryOptions(establishmentId))
  return (
    <ProgressTable
      rows={data ?? []}
      loading={isFetching}
      error={error ? error.message || CAPACITATION_MESSAGES.progressError : undefined}
      onReload={() => void refetch()}
      renderBackLink={backLink}
    />
  )
}

/**
 * 'Cargando...' while a screen's data arrives. Not the shared `Loading`: importing it here would
 * split it out of the first chunk it shares with the login page (decision 026 budgets).
 */
function Loading() {
  return (
    <styled.p role="status" textAlign="center" py="6" color="fg.muted" textStyle="sm">
      Cargando...
    </styled.p>
  )
}

function ScreenError({
  message,
  backLink,
}: {
  message: string
  backLink?: (children: ReactNode) => ReactNode
}) {
  return (
    <styled.div px={{ base: '4', md: '8' }} py="8" display="flex" flexDirection="column" gap="3">
      {backLink?.('← Todos los cursos')}
      <styled.p role="alert" color="red.11">
        {message}
      </styled.p>
    </styled.div>
  )
}
