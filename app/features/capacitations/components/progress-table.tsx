import { ChevronLeftIcon } from 'lucide-react'
import { type ReactNode, useMemo, useState } from 'react'
import { Stack, styled } from 'styled-system/jsx'
import { DataTable } from '~/components/data-table/data-table'
import type { DataTableColumn, FilterConfig, TableViewState } from '~/components/data-table/data-table.types'
import { exportDate, formatDate } from '~/lib/format'
import { farmToday } from '~/lib/record-rules'
import type { ProgressRow } from '../capacitations.schema'

/** The farm's day an instant fell on, 'YYYY-MM-DD'. */
const dayOf = (instant: string | null) => (instant ? farmToday(new Date(instant)) : null)

const quizText = (row: ProgressRow) =>
  !row.hasQuiz
    ? 'Sin cuestionario'
    : row.quizPassed
      ? `Aprobado (${row.quizScore} %)`
      : row.quizScore === null
        ? 'Pendiente'
        : `No aprobado (${row.quizScore} %)`

export const PROGRESS_COLUMNS: DataTableColumn<ProgressRow>[] = [
  {
    id: 'person',
    header: 'Persona',
    cell: (r) => r.person,
    exportValue: (r) => r.person,
    sortable: true,
    hideable: false,
    compact: true,
  },
  { id: 'email', header: 'Correo', cell: (r) => r.email, exportValue: (r) => r.email, sortable: true },
  {
    id: 'course',
    header: 'Curso',
    cell: (r) => r.course,
    exportValue: (r) => r.course,
    sortable: true,
    compact: true,
  },
  {
    id: 'general',
    header: 'Tipo',
    cell: (r) => (r.general ? 'General' : 'Del establecimiento'),
    exportValue: (r) => (r.general ? 'General' : 'Del establecimiento'),
  },
  {
    id: 'lessons',
    header: 'Lecciones leídas',
    cell: (r) => `${r.lessonsDone} de ${r.lessonsTotal}`,
    exportValue: (r) => `${r.lessonsDone} de ${r.lessonsTotal}`,
    align: 'end',
  },
  { id: 'quiz', header: 'Cuestionario', cell: quizText, exportValue: quizText },
  {
    id: 'percent',
    header: 'Progreso',
    cell: (r) => `${r.percent} %`,
    exportValue: (r) => r.percent / 100,
    sortable: true,
    align: 'end',
    compact: true,
  },
  {
    id: 'completedAt',
    header: 'Completado el',
    cell: (r) => formatDate(dayOf(r.completedAt)),
    exportValue: (r) => exportDate(dayOf(r.completedAt)),
    sortable: true,
  },
]

const FILTERS: FilterConfig[] = [
  { columnId: 'person', label: 'Persona', type: 'input', isPrincipal: true, placeholder: 'Nombre o correo' },
  { columnId: 'course', label: 'Curso', type: 'input', isPrincipal: true, placeholder: 'Título del curso' },
]

const rowId = (row: ProgressRow) => `${row.userId}-${row.courseId}`

const initialView: TableViewState = {
  filters: {},
  sort: undefined,
  page: 1,
  perPage: 25,
  hidden: [],
  compact: false,
  selected: [],
}

export interface ProgressTableProps {
  rows: ProgressRow[]
  loading?: boolean
  error?: string
  onReload: () => void
  renderBackLink: (children: ReactNode) => ReactNode
}

/**
 * 'Progreso del personal' (administradores): each member against each course visible here, in the
 * project's data table (filters, sort, columns, selection, xlsx export 'progreso-capacitacion-insights.xlsx').
 * An establishment has tens of people and courses, so the rows come at once and are filtered,
 * sorted and paged here rather than by the server.
 */
export function ProgressTable({
  rows,
  loading = false,
  error,
  onReload,
  renderBackLink,
}: ProgressTableProps) {
  const [view, setView] = useState(initialView)
  const filtered = useMemo(() => {
    const text = (key: string) => {
      const value = view.filters[key]
      return typeof value === 'string' ? value.toLocaleLowerCase('es') : ''
    }
    const person = text('person')
    const course = text('course')
    const kept = rows.filter(
      (r) =>
        (!person || `${r.person} ${r.email}`.toLocaleLowerCase('es').includes(person)) &&
        (!course || r.course.toLocaleLowerCase('es').includes(course)),
    )
    const sort = view.sort
    if (!sort) return kept
    const column = PROGRESS_COLUMNS.find((c) => c.id === sort.id)
    if (!column) return kept
    const key = (r: ProgressRow) => {
      const value = sort.id === 'completedAt' ? r.completedAt : column.exportValue(r)
      return value instanceof Date ? value.getTime() : value
    }
    return [...kept].sort((a, b) => {
      const [x, y] = [key(a), key(b)]
      const order =
        x === null
          ? 1
          : y === null
            ? -1
            : typeof x === 'number' && typeof y === 'number'
              ? x - y
              : String(x).localeCompare(String(y), 'es')
      return sort.desc ? -order : order
    })
  }, [rows, view.filters, view.sort])
  const page = filtered.slice((view.page - 1) * view.perPage, view.page * view.perPage)
  const byId = useMemo(() => new Map(rows.map((r) => [rowId(r), r])), [rows])

  return (
    <Stack gap="5" px={{ base: '4', md: '8' }} py={{ base: '4', md: '8' }} w="full">
      <Stack gap="2">
        {renderBackLink(
          <>
            <ChevronLeftIcon size={16} aria-hidden /> Todos los cursos
          </>,
        )}
        <styled.h1 textStyle={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
          Progreso del personal
        </styled.h1>
        <styled.p color="fg.muted">
          Cada persona del establecimiento en cada curso: lecciones leídas, cuestionario y cuándo lo completó.
        </styled.p>
      </Stack>
      <DataTable
        label="progreso de capacitación"
        exportLabel="progreso capacitacion"
        columns={PROGRESS_COLUMNS}
        rows={page}
        getRowId={rowId}
        getRowLabel={(r) => `${r.person}, ${r.course}`}
        total={filtered.length}
        loading={loading}
        error={error}
        state={view}
        onStateChange={setView}
        filters={FILTERS}
        filterOptions={{}}
        onReload={onReload}
        exportRows={async (ids) => ids.flatMap((id) => byId.get(id) ?? [])}
      />
    </Stack>
  )
}
