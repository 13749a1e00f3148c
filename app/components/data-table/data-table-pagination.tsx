import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from 'lucide-react'
import { useId } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack } from 'styled-system/patterns'
import { Button } from '~/components/ui/button'

export interface DataTablePaginationProps {
  /** 1-based. */
  page: number
  /** The next page is on its way: the counts shown are the previous page's until it arrives. */
  pending?: boolean
  perPage: number
  total: number
  pageCount: number
  perPageOptions: number[]
  canPrevious: boolean
  canNext: boolean
  onFirst: () => void
  onPrevious: () => void
  onNext: () => void
  onLast: () => void
  onPerPageChange: (perPage: number) => void
}

const format = (n: number) => n.toLocaleString('es-AR')

/** 'Mostrando X–Y de N', 'Filas por página', 'Página P de M' and the page buttons. */
export function DataTablePagination(props: DataTablePaginationProps) {
  const { page, perPage, total, pageCount } = props
  const selectId = useId()
  const first = total === 0 ? 0 : (page - 1) * perPage + 1
  const last = Math.min(total, page * perPage)
  const options = props.perPageOptions.includes(perPage)
    ? props.perPageOptions
    : [...props.perPageOptions, perPage].sort((a, b) => a - b)

  return (
    <nav
      aria-label="Paginación"
      aria-busy={props.pending || undefined}
      data-pending={props.pending || undefined}
      className={cx(navClass, pendingClass)}
    >
      <span aria-live="polite">
        Mostrando {total === 0 ? '0' : `${format(first)}–${format(last)}`} de {format(total)}
      </span>
      <div className={controlsClass}>
        <div className={perPageClass}>
          <label htmlFor={selectId}>Filas por página</label>
          <select
            id={selectId}
            className={selectClass}
            value={perPage}
            onChange={(event) => props.onPerPageChange(Number(event.target.value))}
          >
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <span className={pageOfClass}>
          Página {format(page)} de {format(pageCount)}
        </span>
        <div className={buttonsClass}>
          <Button
            variant="outline"
            size="xs"
            aria-label="Primera página"
            title="Primera página"
            disabled={!props.canPrevious}
            onClick={props.onFirst}
          >
            <ChevronsLeftIcon aria-hidden />
          </Button>
          <Button variant="outline" size="xs" disabled={!props.canPrevious} onClick={props.onPrevious}>
            <ChevronLeftIcon aria-hidden />
            Anterior
          </Button>
          <Button variant="outline" size="xs" disabled={!props.canNext} onClick={props.onNext}>
            Siguiente
            <ChevronRightIcon aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="xs"
            aria-label="Última página"
            title="Última página"
            disabled={!props.canNext}
            onClick={props.onLast}
          >
            <ChevronsRightIcon aria-hidden />
          </Button>
        </div>
      </div>
    </nav>
  )
}

// Under every table, on the server too: classes computed once, not by styled components per render
// (decision 050).
const navClass = flex({
  gap: '3',
  wrap: 'wrap',
  align: 'center',
  justify: 'space-between',
  textStyle: 'sm',
  color: 'fg.muted',
})
const controlsClass = hstack({ gap: '4', flexWrap: 'wrap' })
const perPageClass = hstack({ gap: '2' })
const pageOfClass = css({ color: 'fg.default', fontWeight: 'medium', whiteSpace: 'nowrap' })
const buttonsClass = hstack({ gap: '1' })

const pendingClass = css({ transition: 'opacity 0.15s', '&[data-pending]': { opacity: '0.6' } })

const selectClass = css({
  height: '8',
  px: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.default',
  color: 'fg.default',
  textStyle: 'sm',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '1px' },
})
