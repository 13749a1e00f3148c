import {
  BadgeCheckIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CircleIcon,
  FileTextIcon,
  ListChecksIcon,
  PartyPopperIcon,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { css } from 'styled-system/css'
import { Box, Grid, HStack, Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Progress from '~/components/ui/progress'
import { toast } from '~/components/ui/toaster'
import type { ActionResult } from '~/lib/action-result'
import {
  CAPACITATION_MESSAGES,
  type CourseDetail,
  type Lesson,
  type QuizResult,
} from '../capacitations.schema'

/** A step of the reader: a lesson by its position (1 is the first) or the quiz. */
export type ReaderStep = number | 'cuestionario'

export type QuizOutcome = { ok: true; result: QuizResult } | { ok: false; error: string }

export interface CourseReaderProps {
  course: CourseDetail
  step: ReaderStep
  /** The browser's address of an attachment. */
  attachmentHref: (attachmentId: number) => string
  /** A link to a step of this course (the table of contents, Anterior, Siguiente). */
  renderStepLink: (step: ReaderStep, children: ReactNode, label?: string) => ReactNode
  /** The link back to the catalogue. */
  renderBackLink: (children: ReactNode) => ReactNode
  onMarkDone: (lessonId: number) => Promise<ActionResult>
  onSubmitQuiz: (answers: number[]) => Promise<QuizOutcome>
}

/**
 * A course, one lesson at a time (mobile first: one column at 390 px, the lesson list above the
 * text; beside it from `lg`). Every control is a link or a button, so the keyboard reaches all of it
 * in reading order; Anterior and Siguiente are links, so each lesson has its own address.
 */
export function CourseReader(props: CourseReaderProps) {
  const { course, step } = props
  const lessons = course.lessons
  const steps: ReaderStep[] = [
    ...lessons.map((lesson) => lesson.position),
    ...(course.hasQuiz ? ['cuestionario' as const] : []),
  ]
  const index = Math.max(0, steps.indexOf(step))
  const current = steps[index] ?? 1
  const previous = steps[index - 1]
  const next = steps[index + 1]
  const lesson = typeof current === 'number' ? lessons.find((l) => l.position === current) : undefined

  return (
    <Stack
      gap="5"
      px={{ base: '4', md: '8' }}
      py={{ base: '4', md: '8' }}
      maxW="breakpoint-xl"
      w="full"
      mx="auto"
    >
      <Stack gap="2">
        {props.renderBackLink(
          <>
            <ChevronLeftIcon size={16} aria-hidden /> Todos los cursos
          </>,
        )}
        <styled.h1 textStyle={{ base: 'xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
          {course.title}
        </styled.h1>
        <Progress.Root value={course.percent} min={0} max={100} aria-label="Progreso del curso" maxW="md">
          <Progress.Label textStyle="sm" color="fg.muted">
            {course.completed ? 'Curso completado' : `${course.percent} % completado`}
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Stack>

      <Grid
        gridTemplateColumns={{ base: '1fr', lg: '16rem 1fr' }}
        gap={{ base: '4', lg: '8' }}
        alignItems="start"
      >
        <styled.nav
          aria-label="Lecciones del curso"
          borderWidth="1px"
          borderColor="border.subtle"
          borderRadius="l3"
          p="3"
        >
          <styled.ol display="flex" flexDirection="column" gap="1">
            {lessons.map((item) => (
              <li key={item.id}>
                <StepItem active={current === item.position} done={item.done}>
                  {props.renderStepLink(item.position, `${item.position}. ${item.title}`)}
                </StepItem>
              </li>
            ))}
            {course.hasQuiz ? (
              <li>
                <StepItem active={current === 'cuestionario'} done={course.quizPassed}>
                  {props.renderStepLink('cuestionario', 'Cuestionario')}
                </StepItem>
              </li>
            ) : null}
          </styled.ol>
        </styled.nav>

        <Stack gap="6" minW="0">
          {lesson ? (
            <LessonView lesson={lesson} total={lessons.length} {...props} />
          ) : (
            <QuizView course={course} onSubmitQuiz={props.onSubmitQuiz} />
          )}
          {course.completed ? (
            <HStack
              role="status"
              gap="2"
              bg="green.a3"
              color="green.12"
              fontWeight="medium"
              borderRadius="l2"
              px="4"
              py="3"
            >
              <PartyPopperIcon size={20} aria-hidden /> ¡Completaste este curso!
            </HStack>
          ) : null}
          <HStack as="nav" aria-label="Anterior y siguiente" justify="space-between" gap="3" flexWrap="wrap">
            {previous !== undefined ? (
              props.renderStepLink(
                previous,
                <>
                  <ChevronLeftIcon size={16} aria-hidden /> Anterior
                </>,
                'button',
              )
            ) : (
              <span />
            )}
            {next !== undefined
              ? props.renderStepLink(
                  next,
                  <>
                    Siguiente <ChevronRightIcon size={16} aria-hidden />
                  </>,
                  'button',
                )
              : null}
          </HStack>
        </Stack>
      </Grid>
    </Stack>
  )
}

function StepItem({ active, done, children }: { active: boolean; done: boolean; children: ReactNode }) {
  return (
    <HStack
      gap="2"
      px="2"
      py="1.5"
      borderRadius="l2"
      bg={active ? 'accent.a3' : undefined}
      fontWeight={active ? 'semibold' : undefined}
      textStyle="sm"
      aria-current={active ? 'step' : undefined}
    >
      {done ? (
        <BadgeCheckIcon
          size={16}
          aria-label="Completada"
          className={css({ color: 'green.11', flexShrink: 0 })}
        />
      ) : (
        <CircleIcon size={16} aria-hidden className={css({ color: 'fg.subtle', flexShrink: 0 })} />
      )}
      {children}
    </HStack>
  )
}

/** The lesson's HTML comes from the provider, rendered with raw HTML off (lesson-markdown.ts). */
export const lessonBodyStyle = css({
  textStyle: 'md',
  lineHeight: '1.7',
  overflowWrap: 'anywhere',
  '& h1, & h2': { textStyle: 'xl', fontWeight: 'bold', mt: '6', mb: '2' },
  '& h3, & h4': { textStyle: 'lg', fontWeight: 'semibold', mt: '5', mb: '2' },
  '& p': { my: '3' },
  '& ul, & ol': { my: '3', pl: '6' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { my: '1' },
  '& a': { color: 'accent.default', textDecoration: 'underline' },
  '& strong': { fontWeight: 'semibold' },
  '& blockquote': {
    borderLeftWidth: '4px',
    borderColor: 'accent.default',
    pl: '4',
    color: 'fg.muted',
    my: '4',
  },
  '& img': { maxW: 'full', h: 'auto', borderRadius: 'l2' },
  '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse', my: '4', textStyle: 'sm' },
  '& th, & td': { borderWidth: '1px', borderColor: 'border', px: '2', py: '1', textAlign: 'start' },
  '& code': { fontFamily: 'mono', bg: 'bg.muted', px: '1', borderRadius: 'l1' },
})

function LessonView({
  lesson,
  total,
  attachmentHref,
  onMarkDone,
}: { lesson: Lesson; total: number } & Pick<CourseReaderProps, 'attachmentHref' | 'onMarkDone'>) {
  const [marking, setMarking] = useState(false)
  const pictures = lesson.attachments.filter((a) => a.mediaType.startsWith('image/'))
  const documents = lesson.attachments.filter((a) => !a.mediaType.startsWith('image/'))
  return (
    <styled.article aria-labelledby={`leccion-${lesson.id}`} maxW="prose" w="full">
      <styled.p textStyle="sm" color="fg.muted">
        Lección {lesson.position} de {total}
      </styled.p>
      <styled.h2 id={`leccion-${lesson.id}`} textStyle={{ base: 'xl', md: '2xl' }} fontWeight="bold" mb="2">
        {lesson.title}
      </styled.h2>
      {lesson.videoEmbed ? (
        <Box
          position="relative"
          w="full"
          aspectRatio="16 / 9"
          my="4"
          borderRadius="l2"
          overflow="hidden"
          bg="black"
        >
          <iframe
            src={lesson.videoEmbed}
            title={`Video: ${lesson.title}`}
            // The player runs its own scripts on its own origin; it may not navigate this page.
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
            allow="fullscreen; picture-in-picture; encrypted-media"
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
            className={css({ position: 'absolute', inset: '0', w: 'full', h: 'full', border: '0' })}
          />
        </Box>
      ) : null}
      <div
        className={lessonBodyStyle}
        // Safe by construction: Markdown rendered on the server with raw HTML off and only
        // https/http/mailto or same-site links (decision 037; the API test proves script never passes).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: see the comment above
        dangerouslySetInnerHTML={{ __html: lesson.html }}
      />
      {pictures.map((picture) => (
        <styled.figure key={picture.id} my="4">
          <styled.img
            src={attachmentHref(picture.id)}
            alt={picture.fileName}
            maxW="full"
            h="auto"
            borderRadius="l2"
            loading="lazy"
          />
          <styled.figcaption textStyle="sm" color="fg.muted" mt="1">
            {picture.fileName}
          </styled.figcaption>
        </styled.figure>
      ))}
      {documents.length > 0 ? (
        <Stack as="ul" gap="2" my="4">
          {documents.map((document) => (
            <li key={document.id}>
              <styled.a
                href={attachmentHref(document.id)}
                target="_blank"
                rel="noopener"
                display="inline-flex"
                alignItems="center"
                gap="2"
                color="accent.default"
                textDecoration="underline"
              >
                <FileTextIcon size={18} aria-hidden /> Abrir PDF: {document.fileName}
              </styled.a>
            </li>
          ))}
        </Stack>
      ) : null}
      <Box mt="6">
        {lesson.done ? (
          <HStack gap="2" color="green.11" fontWeight="medium">
            <BadgeCheckIcon size={20} aria-hidden /> Lección leída
          </HStack>
        ) : (
          <Button
            size="lg"
            loading={marking}
            loadingText="Enviando..."
            onClick={async () => {
              setMarking(true)
              try {
                const result = await onMarkDone(lesson.id)
                if (!result.ok) toast.error(result.error)
              } catch {
                toast.error(CAPACITATION_MESSAGES.markError)
              } finally {
                setMarking(false)
              }
            }}
          >
            <BadgeCheckIcon size={18} aria-hidden /> Marcar como leída
          </Button>
        )}
      </Box>
    </styled.article>
  )
}

function QuizView({ course, onSubmitQuiz }: Pick<CourseReaderProps, 'course' | 'onSubmitQuiz'>) {
  const [answers, setAnswers] = useState<(number | undefined)[]>(() => course.questions.map(() => undefined))
  const [result, setResult] = useState<QuizResult>()
  const [missing, setMissing] = useState(false)
  const [sending, setSending] = useState(false)
  return (
    <styled.section aria-labelledby="cuestionario" maxW="prose" w="full">
      <styled.h2 id="cuestionario" textStyle={{ base: 'xl', md: '2xl' }} fontWeight="bold" mb="1">
        <HStack as="span" gap="2">
          <ListChecksIcon size={22} aria-hidden /> Cuestionario
        </HStack>
      </styled.h2>
      <styled.p color="fg.muted" mb="4">
        Se aprueba con el {course.passMark} % de respuestas correctas.
        {course.quizPassed ? ` Ya lo aprobaste (mejor nota: ${course.quizScore} %).` : ''}
      </styled.p>
      <form
        aria-label="Cuestionario"
        onSubmit={async (event) => {
          event.preventDefault()
          if (answers.some((answer) => answer === undefined)) {
            setMissing(true)
            return
          }
          setMissing(false)
          setSending(true)
          try {
            const outcome = await onSubmitQuiz(answers as number[])
            if (outcome.ok) setResult(outcome.result)
            else toast.error(outcome.error)
          } catch {
            toast.error(CAPACITATION_MESSAGES.quizError)
          } finally {
            setSending(false)
          }
        }}
      >
        <Stack gap="5">
          {course.questions.map((question, q) => (
            <styled.fieldset
              key={question.id}
              borderWidth="1px"
              borderColor="border.subtle"
              borderRadius="l3"
              p="4"
            >
              <styled.legend fontWeight="semibold" px="1">
                {q + 1}. {question.prompt}
              </styled.legend>
              <Stack gap="2" mt="2">
                {question.options.map((option, o) => (
                  <styled.label
                    key={option}
                    display="flex"
                    gap="3"
                    alignItems="center"
                    minH="10"
                    cursor="pointer"
                  >
                    <input
                      type="radio"
                      name={`pregunta-${question.id}`}
                      value={o}
                      checked={answers[q] === o}
                      onChange={() => setAnswers((current) => current.map((a, i) => (i === q ? o : a)))}
                      className={css({ w: '5', h: '5', accentColor: 'accent.default', flexShrink: 0 })}
                    />
                    {option}
                  </styled.label>
                ))}
              </Stack>
              {result ? (
                <styled.p mt="2" fontWeight="medium" color={result.results[q] ? 'green.11' : 'red.11'}>
                  {result.results[q] ? 'Correcta' : 'Incorrecta'}
                </styled.p>
              ) : null}
            </styled.fieldset>
          ))}
          {missing ? (
            <styled.p role="alert" color="red.11">
              {CAPACITATION_MESSAGES.answersMismatch}
            </styled.p>
          ) : null}
          <Box>
            <Button type="submit" size="lg" loading={sending} loadingText="Enviando...">
              Enviar respuestas
            </Button>
          </Box>
          {result ? (
            <styled.p
              role="status"
              fontWeight="semibold"
              textStyle="lg"
              color={result.passed ? 'green.11' : 'red.11'}
            >
              {result.passed
                ? `Aprobado: ${result.correct} de ${result.total} correctas (${result.score} %).`
                : `No aprobado: ${result.correct} de ${result.total} correctas (${result.score} %; se necesita ${result.passMark} %). Podés intentarlo de nuevo.`}
            </styled.p>
          ) : null}
        </Stack>
      </form>
    </styled.section>
  )
}
