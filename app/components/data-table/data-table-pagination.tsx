import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from 'lucide-react'
import { useId } from 'react'
import { css } from 'styled-system/css'
import { Flex, HStack, styled } from 'styled-system/jsx'
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
    <Flex
      as="nav"
      aria-label="Paginación"
      gap="3"
      wrap="wrap"
      align="center"
      justify="space-between"
      textStyle="sm"
      color="fg.muted"
      aria-busy={props.pending || undefined}
      data-pending={props.pending || undefined}
      className={pendingClass}
    >
      <styled.span aria-live="polite">
        Mostrando {total === 0 ? '0' : `${format(first)}–${format(last)}`} de {format(total)}
      </styled.span>
      <HStack gap="4" flexWrap="wrap">
        <HStack gap="2">
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
        </HStack>
        <styled.span color="fg.default" fontWeight="medium" whiteSpace="nowrap">
          Página {format(page)} de {format(pageCount)}
        </styled.span>
        <HStack gap="1">
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
        </HStack>
      </HStack>
    </Flex>
  )
}

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
