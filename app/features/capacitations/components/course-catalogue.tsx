import { BadgeCheckIcon, BookOpenIcon, PencilIcon, PlusIcon, SearchIcon, UsersIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Box, Grid, HStack, Stack, styled } from 'styled-system/jsx'
import { Badge } from '~/components/ui/badge'
import * as Card from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import * as Progress from '~/components/ui/progress'
import type { CourseList, CourseSummary } from '../capacitations.schema'

export interface CourseCatalogueProps {
  list: CourseList
  /** The search as the address holds it. */
  query: string
  /** Submits a new search (the page writes it to the address). */
  onSearch: (query: string) => void
  /** A link to a course's reader, to its editor, to a new course and to the staff's progress. */
  renderCourseLink: (course: CourseSummary, children: ReactNode) => ReactNode
  renderEditLink: (course: CourseSummary, children: ReactNode) => ReactNode
  renderNewLink: (children: ReactNode) => ReactNode
  renderProgressLink: (children: ReactNode) => ReactNode
}

/** Capacitación Digital's first screen: the courses visible here, with the reader's progress. */
export function CourseCatalogue(props: CourseCatalogueProps) {
  const { list, query } = props
  return (
    <Stack
      gap="6"
      px={{ base: '4', md: '8' }}
      py={{ base: '5', md: '8' }}
      maxW="breakpoint-xl"
      w="full"
      mx="auto"
    >
      <Stack gap="1">
        <styled.h1 textStyle={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
          Capacitación Digital
        </styled.h1>
        <styled.p color="fg.muted">
          Cursos para el personal del establecimiento: cómo usar la app y el trabajo con la hacienda.
        </styled.p>
      </Stack>

      <HStack gap="3" flexWrap="wrap" justify="space-between">
        <search aria-label="Buscar cursos">
          <form
            onSubmit={(event) => {
              event.preventDefault()
              const data = new FormData(event.currentTarget)
              props.onSearch(String(data.get('q') ?? '').trim())
            }}
          >
            <HStack gap="2">
              <Input
                name="q"
                type="search"
                defaultValue={query}
                key={query}
                placeholder="Buscar por tema, título o texto"
                aria-label="Buscar cursos"
                maxLength={100}
                w={{ base: '60', sm: '80' }}
              />
              <styled.button
                type="submit"
                aria-label="Buscar"
                display="inline-flex"
                alignItems="center"
                justifyContent="center"
                h="10"
                w="10"
                borderRadius="l2"
                borderWidth="1px"
                borderColor="border"
                cursor="pointer"
                _hover={{ bg: 'bg.muted' }}
              >
                <SearchIcon size={18} aria-hidden />
              </styled.button>
            </HStack>
          </form>
        </search>
        {list.canAuthor ? (
          <HStack gap="2" flexWrap="wrap">
            {props.renderProgressLink(
              <>
                <UsersIcon size={16} aria-hidden /> Progreso del personal
              </>,
            )}
            {props.renderNewLink(
              <>
                <PlusIcon size={16} aria-hidden /> Nuevo curso
              </>,
            )}
          </HStack>
        ) : null}
      </HStack>

      {list.data.length === 0 ? (
        <styled.p color="fg.muted" role="status">
          {query ? `Ningún curso coincide con «${query}».` : 'Todavía no hay cursos.'}
        </styled.p>
      ) : (
        <Grid
          as="ul"
          gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }}
          gap="4"
        >
          {list.data.map((course) => (
            <styled.li key={course.id} listStyle="none">
              <CourseCard course={course} {...props} />
            </styled.li>
          ))}
        </Grid>
      )}
    </Stack>
  )
}

function CourseCard({
  course,
  renderCourseLink,
  renderEditLink,
}: { course: CourseSummary } & Pick<CourseCatalogueProps, 'renderCourseLink' | 'renderEditLink'>) {
  const status = course.completed
    ? 'Completado'
    : course.percent > 0
      ? `${course.percent} % completado`
      : 'Sin empezar'
  return (
    <Card.Root h="full" borderWidth="1px" borderColor="border.subtle" boxShadow="xs">
      <Card.Header gap="2">
        <HStack gap="2" flexWrap="wrap">
          <Badge variant="outline" size="sm">
            {course.general ? 'General' : 'Del establecimiento'}
          </Badge>
          <Badge variant="outline" size="sm">
            {course.lessonsTotal} {course.lessonsTotal === 1 ? 'lección' : 'lecciones'}
            {course.hasQuiz ? ' y cuestionario' : ''}
          </Badge>
        </HStack>
        <Card.Title asChild>
          <h2>{course.title}</h2>
        </Card.Title>
        {course.summary ? <Card.Description>{course.summary}</Card.Description> : null}
      </Card.Header>
      <Card.Body gap="2" justifyContent="flex-end">
        <Progress.Root value={course.percent} min={0} max={100} aria-label={`Progreso en ${course.title}`}>
          <HStack justify="space-between">
            <Progress.Label textStyle="sm">
              {course.completed ? (
                <HStack gap="1" as="span">
                  <BadgeCheckIcon size={16} aria-hidden /> {status}
                </HStack>
              ) : (
                status
              )}
            </Progress.Label>
            <Box as="span" textStyle="sm" color="fg.muted">
              {course.lessonsDone}/{course.lessonsTotal}
            </Box>
          </HStack>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        {renderCourseLink(
          course,
          <>
            <BookOpenIcon size={16} aria-hidden />{' '}
            {course.percent > 0 && !course.completed ? 'Continuar' : 'Abrir'}
            <styled.span srOnly> {course.title}</styled.span>
          </>,
        )}
        {course.canEdit
          ? renderEditLink(
              course,
              <>
                <PencilIcon size={16} aria-hidden /> Editar<styled.span srOnly> {course.title}</styled.span>
              </>,
            )
          : null}
      </Card.Footer>
    </Card.Root>
  )
}
