import {
  ArrowDownIcon,
  ArrowUpIcon,
  ChevronLeftIcon,
  EyeIcon,
  PaperclipIcon,
  PlusIcon,
  Trash2Icon,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { css } from 'styled-system/css'
import { Box, HStack, Stack, styled } from 'styled-system/jsx'
import { useAppForm } from '~/components/form/app-form'
import { fieldValidatorsFrom } from '~/components/form/validation'
import { Button } from '~/components/ui/button'
import * as Card from '~/components/ui/card'
import { toast } from '~/components/ui/toaster'
import type { ActionResult } from '~/lib/action-result'
import {
  type Attachment,
  CAPACITATION_MESSAGES,
  COURSE_SUMMARY_MAX,
  COURSE_TITLE_MAX,
  type CourseAuthoring,
  type CourseInput,
  courseInputSchema,
  LESSON_BODY_MAX,
  LESSON_TITLE_MAX,
  MAX_ATTACHMENT_BYTES,
  MAX_LESSONS,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MIN_OPTIONS,
  OPTION_MAX,
  PROMPT_MAX,
} from '../capacitations.schema'
import { renderLessonMarkdown } from '../lesson-markdown'
import { lessonBodyStyle } from './course-reader'

export type SaveResult = { ok: true; message: string; id: number } | { ok: false; error: string }

export interface CourseEditorProps {
  /** The course to edit; none for a new one. */
  initial?: CourseAuthoring
  /** Superadministradores may publish a new course for every establishment. */
  canAuthorGeneral: boolean
  onSave: (course: CourseInput) => Promise<SaveResult>
  onDelete?: () => Promise<ActionResult>
  uploadAttachment: (lessonId: number, file: File) => Promise<ActionResult>
  removeAttachment: (attachmentId: number) => Promise<ActionResult>
  attachmentHref: (attachmentId: number) => string
  renderBackLink: (children: ReactNode) => ReactNode
}

type EditorValues = {
  title: string
  summary: string
  general: boolean
  passMark: number | null
  lessons: { id?: number; title: string; body: string; videoUrl: string }[]
  questions: { prompt: string; options: string[]; correct: number }[]
}

const newLesson = (): EditorValues['lessons'][number] => ({ title: '', body: '', videoUrl: '' })
const newQuestion = (): EditorValues['questions'][number] => ({ prompt: '', options: ['', ''], correct: 0 })

function valuesOf(course?: CourseAuthoring): EditorValues {
  if (!course)
    return { title: '', summary: '', general: false, passMark: 70, lessons: [newLesson()], questions: [] }
  return {
    title: course.title,
    summary: course.summary,
    general: course.general,
    passMark: course.passMark,
    lessons: course.lessons.map(({ id, title, body, videoUrl }) => ({ id, title, body, videoUrl })),
    questions: course.questions.map((q) => ({ ...q, options: [...q.options] })),
  }
}

/**
 * The authors' editor (administradores for their establishment, superadministradores for general
 * courses): the course, its ordered lessons (Markdown with a preview rendered exactly as readers
 * get it) and its quiz, validated by the one schema the API uses, saved as a whole in one request.
 * Loaded lazily: Markdown's renderer and the form stay out of every other page.
 */
export function CourseEditor(props: CourseEditorProps) {
  const { initial } = props
  const form = useAppForm({
    defaultValues: valuesOf(initial),
    // Issues land on the fields they name (lessons[1].title…), with the API's Spanish messages.
    validators: { onSubmit: courseInputSchema as never },
    onSubmit: async ({ value, formApi }) => {
      const parsed = courseInputSchema.safeParse(value)
      if (!parsed.success) return
      let result: SaveResult
      try {
        result = await props.onSave(value as CourseInput)
      } catch {
        result = { ok: false, error: CAPACITATION_MESSAGES.saveError }
      }
      if (!result.ok) {
        toast.error(result.error)
        return
      }
      toast.success(result.message)
      formApi.reset(value)
    },
  })

  return (
    <Stack
      gap="5"
      px={{ base: '4', md: '8' }}
      py={{ base: '4', md: '8' }}
      maxW="breakpoint-lg"
      w="full"
      mx="auto"
    >
      <Stack gap="2">
        {props.renderBackLink(
          <>
            <ChevronLeftIcon size={16} aria-hidden /> Todos los cursos
          </>,
        )}
        <styled.h1 textStyle={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
          {initial ? `Editar «${initial.title}»` : 'Nuevo curso'}
        </styled.h1>
        <styled.p color="fg.muted">
          Las lecciones se escriben en Markdown: **negrita**, listas con «-» o «1.», títulos con «##», enlaces
          [texto](https://…). El HTML escrito a mano se muestra como texto.
        </styled.p>
      </Stack>

      <form.AppForm>
        <form.Form aria-label={initial ? 'Editar curso' : 'Nuevo curso'}>
          <Stack gap="6">
            <Card.Root borderWidth="1px" borderColor="border.subtle">
              <Card.Body pt="6" gap="4">
                <form.AppField
                  name="title"
                  // The form holds passMark as number | null (an emptied field); the schema refuses null with its message.
                  validators={fieldValidatorsFrom(courseInputSchema, 'title') as never}
                >
                  {(field) => <field.TextField label="Título del curso" maxLength={COURSE_TITLE_MAX} />}
                </form.AppField>
                <form.AppField name="summary">
                  {(field) => (
                    <field.TextareaField label="Descripción" rows={2} maxLength={COURSE_SUMMARY_MAX} />
                  )}
                </form.AppField>
                <form.AppField name="passMark">
                  {(field) => (
                    <field.NumberField
                      label="Nota de aprobación del cuestionario (%)"
                      min={1}
                      max={100}
                      step={1}
                    />
                  )}
                </form.AppField>
                {props.canAuthorGeneral && !initial ? (
                  <form.Field name="general">
                    {(field) => (
                      <styled.label display="flex" gap="2" alignItems="center">
                        <input
                          type="checkbox"
                          checked={field.state.value}
                          onChange={(event) => field.handleChange(event.target.checked)}
                          className={css({ w: '5', h: '5' })}
                        />
                        Curso general: lo ven todos los establecimientos
                      </styled.label>
                    )}
                  </form.Field>
                ) : null}
              </Card.Body>
            </Card.Root>

            <form.Field name="lessons" mode="array">
              {(lessons) => (
                <Stack as="section" aria-label="Lecciones" gap="4">
                  <styled.h2 textStyle="xl" fontWeight="semibold">
                    Lecciones
                  </styled.h2>
                  {lessons.state.value.map((lesson, index) => (
                    <Card.Root
                      key={lesson.id ?? `nueva-${index}`}
                      borderWidth="1px"
                      borderColor="border.subtle"
                    >
                      <Card.Header>
                        <HStack justify="space-between" flexWrap="wrap" gap="2">
                          <styled.h3 fontWeight="semibold">Lección {index + 1}</styled.h3>
                          <HStack gap="1">
                            <Button
                              size="xs"
                              variant="ghost"
                              aria-label={`Subir la lección ${index + 1}`}
                              disabled={index === 0}
                              onClick={() => lessons.moveValue(index, index - 1)}
                            >
                              <ArrowUpIcon size={16} aria-hidden />
                            </Button>
                            <Button
                              size="xs"
                              variant="ghost"
                              aria-label={`Bajar la lección ${index + 1}`}
                              disabled={index === lessons.state.value.length - 1}
                              onClick={() => lessons.moveValue(index, index + 1)}
                            >
                              <ArrowDownIcon size={16} aria-hidden />
                            </Button>
                            <Button
                              size="xs"
                              variant="ghost"
                              aria-label={`Quitar la lección ${index + 1}`}
                              disabled={lessons.state.value.length === 1}
                              onClick={() => lessons.removeValue(index)}
                            >
                              <Trash2Icon size={16} aria-hidden />
                            </Button>
                          </HStack>
                        </HStack>
                      </Card.Header>
                      <Card.Body gap="4">
                        <form.AppField name={`lessons[${index}].title`}>
                          {(field) => (
                            <field.TextField label="Título de la lección" maxLength={LESSON_TITLE_MAX} />
                          )}
                        </form.AppField>
                        <form.AppField name={`lessons[${index}].body`}>
                          {(field) => (
                            <>
                              <field.TextareaField
                                label="Texto (Markdown)"
                                rows={8}
                                maxLength={LESSON_BODY_MAX}
                              />
                              {/* Inside the field: it re-renders with each keystroke, the lessons' list does not. */}
                              <LessonPreview body={field.state.value} />
                            </>
                          )}
                        </form.AppField>
                        <form.AppField name={`lessons[${index}].videoUrl`}>
                          {(field) => (
                            <field.TextField
                              label="Video (enlace de YouTube o Vimeo, opcional)"
                              placeholder="https://www.youtube.com/watch?v=…"
                              inputMode="url"
                            />
                          )}
                        </form.AppField>
                        {lesson.id !== undefined ? (
                          <Attachments
                            lessonId={lesson.id}
                            attachments={initial?.lessons.find((l) => l.id === lesson.id)?.attachments ?? []}
                            {...props}
                          />
                        ) : (
                          <styled.p textStyle="sm" color="fg.muted">
                            Guarde el curso para adjuntar imágenes o PDF a esta lección.
                          </styled.p>
                        )}
                      </Card.Body>
                    </Card.Root>
                  ))}
                  <Box>
                    <Button
                      variant="outline"
                      disabled={lessons.state.value.length >= MAX_LESSONS}
                      onClick={() => lessons.pushValue(newLesson())}
                    >
                      <PlusIcon size={16} aria-hidden /> Agregar lección
                    </Button>
                  </Box>
                </Stack>
              )}
            </form.Field>

            <form.Field name="questions" mode="array">
              {(questions) => (
                <Stack as="section" aria-label="Cuestionario" gap="4">
                  <styled.h2 textStyle="xl" fontWeight="semibold">
                    Cuestionario (opcional)
                  </styled.h2>
                  {questions.state.value.map((_question, q) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: TanStack Form names array fields by index (questions[q])
                    <Card.Root key={`pregunta-${q}`} borderWidth="1px" borderColor="border.subtle">
                      <Card.Body pt="5" gap="3">
                        <HStack justify="space-between" gap="2">
                          <styled.h3 fontWeight="semibold">Pregunta {q + 1}</styled.h3>
                          <Button
                            size="xs"
                            variant="ghost"
                            aria-label={`Quitar la pregunta ${q + 1}`}
                            onClick={() => questions.removeValue(q)}
                          >
                            <Trash2Icon size={16} aria-hidden />
                          </Button>
                        </HStack>
                        <form.AppField name={`questions[${q}].prompt`}>
                          {(field) => (
                            <field.TextField label={`Texto de la pregunta ${q + 1}`} maxLength={PROMPT_MAX} />
                          )}
                        </form.AppField>
                        <form.Subscribe selector={(state) => state.values.questions[q]?.options.length ?? 0}>
                          {(optionCount) => (
                            <form.Field name={`questions[${q}].correct`}>
                              {(correct) => (
                                <styled.fieldset>
                                  <styled.legend textStyle="sm" fontWeight="medium" mb="2">
                                    Opciones (marque la correcta)
                                  </styled.legend>
                                  <Stack gap="2">
                                    {Array.from({ length: optionCount }, (_, o) => (
                                      // biome-ignore lint/suspicious/noArrayIndexKey: options are fields named by index
                                      <HStack key={`opcion-${q}-${o}`} gap="2" alignItems="flex-start">
                                        <input
                                          type="radio"
                                          name={`correcta-${q}`}
                                          aria-label={`Opción ${o + 1} de la pregunta ${q + 1} es la correcta`}
                                          checked={correct.state.value === o}
                                          onChange={() => correct.handleChange(o)}
                                          className={css({ w: '5', h: '5', mt: '2.5', flexShrink: 0 })}
                                        />
                                        <Box flex="1">
                                          <form.AppField name={`questions[${q}].options[${o}]`}>
                                            {(field) => (
                                              <field.TextField
                                                label={`Opción ${o + 1} de la pregunta ${q + 1}`}
                                                maxLength={OPTION_MAX}
                                              />
                                            )}
                                          </form.AppField>
                                        </Box>
                                      </HStack>
                                    ))}
                                  </Stack>
                                  <HStack gap="2" mt="2">
                                    <Button
                                      size="xs"
                                      variant="outline"
                                      disabled={optionCount >= MAX_OPTIONS}
                                      onClick={() => form.pushFieldValue(`questions[${q}].options`, '')}
                                    >
                                      <PlusIcon size={14} aria-hidden /> Agregar opción
                                    </Button>
                                    <Button
                                      size="xs"
                                      variant="ghost"
                                      disabled={optionCount <= MIN_OPTIONS}
                                      onClick={() => {
                                        const last = optionCount - 1
                                        if (correct.state.value >= last) correct.handleChange(0)
                                        form.removeFieldValue(`questions[${q}].options`, last)
                                      }}
                                    >
                                      Quitar la última opción
                                    </Button>
                                  </HStack>
                                </styled.fieldset>
                              )}
                            </form.Field>
                          )}
                        </form.Subscribe>
                      </Card.Body>
                    </Card.Root>
                  ))}
                  <Box>
                    <Button
                      variant="outline"
                      disabled={questions.state.value.length >= MAX_QUESTIONS}
                      onClick={() => questions.pushValue(newQuestion())}
                    >
                      <PlusIcon size={16} aria-hidden /> Agregar pregunta
                    </Button>
                  </Box>
                </Stack>
              )}
            </form.Field>

            <form.Subscribe selector={(state) => state.submissionAttempts > 0 && !state.isValid}>
              {(invalid) =>
                invalid ? (
                  <styled.p role="alert" color="red.11">
                    Revise los campos marcados: el curso no se guardó.
                  </styled.p>
                ) : null
              }
            </form.Subscribe>
            <HStack gap="3" flexWrap="wrap" justify="space-between">
              <form.SubmitButton size="lg">{initial ? 'Guardar cambios' : 'Crear curso'}</form.SubmitButton>
              {props.onDelete ? <DeleteCourse onDelete={props.onDelete} /> : null}
            </HStack>
          </Stack>
        </form.Form>
      </form.AppForm>
    </Stack>
  )
}

function LessonPreview({ body }: { body: string }) {
  const [open, setOpen] = useState(false)
  return (
    <Stack gap="2">
      <Box>
        <Button size="xs" variant="outline" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
          <EyeIcon size={14} aria-hidden /> {open ? 'Ocultar vista previa' : 'Vista previa'}
        </Button>
      </Box>
      {open ? (
        <Box
          borderWidth="1px"
          borderColor="border.subtle"
          borderRadius="l2"
          p="4"
          bg="bg.subtle"
          aria-label="Vista previa de la lección"
          role="region"
        >
          <div
            className={lessonBodyStyle}
            // The same renderer as the provider's (raw HTML off, safe links): what readers will see.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by lesson-markdown.ts
            dangerouslySetInnerHTML={{ __html: renderLessonMarkdown(body) }}
          />
        </Box>
      ) : null}
    </Stack>
  )
}

function Attachments({
  lessonId,
  attachments,
  uploadAttachment,
  removeAttachment,
  attachmentHref,
}: { lessonId: number; attachments: Attachment[] } & Pick<
  CourseEditorProps,
  'uploadAttachment' | 'removeAttachment' | 'attachmentHref'
>) {
  const [busy, setBusy] = useState(false)
  const inputId = `adjunto-${lessonId}`
  return (
    <Stack gap="2">
      <styled.p textStyle="sm" fontWeight="medium">
        Adjuntos (imágenes PNG, JPEG, GIF o WebP y PDF de hasta {MAX_ATTACHMENT_BYTES / 1024 / 1024} MB)
      </styled.p>
      {attachments.length > 0 ? (
        <Stack as="ul" gap="1">
          {attachments.map((attachment) => (
            <HStack as="li" key={attachment.id} gap="2" textStyle="sm">
              <PaperclipIcon size={14} aria-hidden />
              <styled.a
                href={attachmentHref(attachment.id)}
                target="_blank"
                rel="noopener"
                textDecoration="underline"
              >
                {attachment.fileName}
              </styled.a>
              <Button
                size="xs"
                variant="ghost"
                aria-label={`Quitar ${attachment.fileName}`}
                onClick={async () => {
                  const result = await removeAttachment(attachment.id)
                  if (!result.ok) toast.error(result.error)
                }}
              >
                <Trash2Icon size={14} aria-hidden />
              </Button>
            </HStack>
          ))}
        </Stack>
      ) : null}
      <styled.label htmlFor={inputId} textStyle="sm">
        Adjuntar imagen o PDF
      </styled.label>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
        disabled={busy}
        onChange={async (event) => {
          const input = event.currentTarget
          const file = input.files?.[0]
          if (!file) return
          // The server checks again, by content; this only spares a long upload that would be refused.
          if (file.size > MAX_ATTACHMENT_BYTES) {
            toast.error(CAPACITATION_MESSAGES.fileTooLarge)
            input.value = ''
            return
          }
          setBusy(true)
          try {
            const result = await uploadAttachment(lessonId, file)
            if (result.ok) toast.success(CAPACITATION_MESSAGES.uploadSuccess)
            else toast.error(result.error)
          } finally {
            setBusy(false)
            input.value = ''
          }
        }}
      />
    </Stack>
  )
}

function DeleteCourse({ onDelete }: { onDelete: () => Promise<ActionResult> }) {
  const [confirming, setConfirming] = useState(false)
  if (!confirming)
    return (
      <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
        <Trash2Icon size={16} aria-hidden /> Eliminar curso
      </Button>
    )
  return (
    <HStack gap="2" role="group" aria-label="Confirmar la eliminación">
      <styled.span textStyle="sm">
        Se borran las lecciones, los adjuntos y el progreso del personal.
      </styled.span>
      <Button
        colorPalette="red"
        onClick={async () => {
          const result = await onDelete()
          if (!result.ok) toast.error(result.error)
        }}
      >
        Eliminar
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(false)}>
        Cancelar
      </Button>
    </HStack>
  )
}
