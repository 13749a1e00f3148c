import { Portal } from '@ark-ui/react/portal'
import { CheckIcon } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { css } from 'styled-system/css'
import { Box, HStack, Stack, styled } from 'styled-system/jsx'
import { DataTablePagination } from '~/components/data-table/data-table-pagination'
import { Button } from '~/components/ui/button'
import * as Dialog from '~/components/ui/dialog'
import { Input } from '~/components/ui/input'
import { Spinner } from '~/components/ui/spinner'
import { formatNumber } from '~/lib/format'
import {
  type AnimalPickerQueryInput,
  type AnimalPickerResponse,
  PICKER_PER_PAGE,
  type PickerAnimal,
  type PickerMode,
} from '../animal-record.schema'

/** Fetches one page of the picker list (the app passes the server function; stories a fake). */
export type PickerSource = (query: AnimalPickerQueryInput) => Promise<AnimalPickerResponse>

export interface AnimalPickerDialogProps {
  open: boolean
  title: string
  mode: PickerMode
  /** The animal being edited: neither it nor (mode mother) its descendants are offered. */
  excludeId?: string
  source: PickerSource
  /** The animal chosen now (highlighted). */
  chosenId: string | null
  /** A row was clicked: that animal is chosen (the form behind shows it at once). */
  onChoose: (animal: PickerAnimal) => void
  /** 'Aceptar': keep the choice and close. */
  onAccept: () => void
  /** 'Cancelar', Escape or the backdrop: the choice made in the dialog is undone. */
  onCancel: () => void
}

const FILTER_DELAY_MS = 300

interface PageState {
  rows: PickerAnimal[]
  total: number
  loading: boolean
  error: boolean
}

/**
 * What the mother picker offers, with how many: only females still in the herd (decision 018), so the
 * count matches the herd a farmer knows, not every female ever recorded.
 */
function motherSummary(state: PageState, filtered: boolean) {
  // While a new page loads the previous count stays; before the first answer there is none.
  const known = !state.error && !(state.loading && state.total === 0)
  const count = known ? ` (${formatNumber(state.total)}${filtered ? ' con esta búsqueda' : ''})` : ''
  return `Hembras presentes en el establecimiento${count}; las vendidas, faenadas, muertas o dadas de baja por otro motivo no se ofrecen. Haga clic en una fila para elegirla.`
}

/**
 * The mother/animal picker (spec section 2): a table of IDV and RFID with a prefix filter on each,
 * paged by the server (an establishment may hold 100,000 animals). Clicking a row chooses it;
 * cancelling restores what was chosen before the dialog opened.
 */
export function AnimalPickerDialog({
  open,
  title,
  mode,
  excludeId,
  source,
  chosenId,
  onChoose,
  onAccept,
  onCancel,
}: AnimalPickerDialogProps) {
  const [filters, setFilters] = useState({ visual_tag: '', electronic_tag: '' })
  const [applied, setApplied] = useState(filters)
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState(PICKER_PER_PAGE)
  const [state, setState] = useState<PageState>({ rows: [], total: 0, loading: true, error: false })
  const idvId = useId()
  const rfidId = useId()

  useEffect(() => {
    const timer = setTimeout(() => {
      setApplied(filters)
      setPage(1)
    }, FILTER_DELAY_MS)
    return () => clearTimeout(timer)
  }, [filters])

  useEffect(() => {
    if (!open) return
    // Answers to older requests (a previous filter or page) are ignored.
    let current = true
    setState((previous) => ({ ...previous, loading: true, error: false }))
    source({
      mode,
      exclude: excludeId,
      visual_tag: applied.visual_tag.trim() || undefined,
      electronic_tag: applied.electronic_tag.trim() || undefined,
      page,
      perPage,
    })
      .then((response) => {
        if (current)
          setState({ rows: response.data, total: response.meta.total, loading: false, error: false })
      })
      .catch(() => {
        if (current) setState({ rows: [], total: 0, loading: false, error: true })
      })
    return () => {
      current = false
    }
  }, [open, source, mode, excludeId, applied, page, perPage])

  const pageCount = Math.max(1, Math.ceil(state.total / perPage))

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel()
      }}
      // Above the form it was opened from.
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content width="full" maxW="xl" minW="0">
            <Stack gap="4" p="6">
              <Stack gap="1">
                <Dialog.Title>{title}</Dialog.Title>
                <Dialog.Description>
                  {mode === 'mother'
                    ? motherSummary(
                        state,
                        applied.visual_tag.trim() !== '' || applied.electronic_tag.trim() !== '',
                      )
                    : 'Animales del establecimiento. Haga clic en una fila para elegirlo.'}
                </Dialog.Description>
              </Stack>
              <HStack gap="3" alignItems="end">
                <Stack gap="1" flex="1">
                  <styled.label htmlFor={idvId} textStyle="sm" fontWeight="medium">
                    IDV
                  </styled.label>
                  <Input
                    id={idvId}
                    size="sm"
                    placeholder="Buscar IDV"
                    value={filters.visual_tag}
                    onChange={(event) => setFilters((f) => ({ ...f, visual_tag: event.target.value }))}
                  />
                </Stack>
                <Stack gap="1" flex="1">
                  <styled.label htmlFor={rfidId} textStyle="sm" fontWeight="medium">
                    RFID
                  </styled.label>
                  <Input
                    id={rfidId}
                    size="sm"
                    inputMode="numeric"
                    placeholder="Buscar RFID"
                    value={filters.electronic_tag}
                    onChange={(event) =>
                      setFilters((f) => ({ ...f, electronic_tag: event.target.value.replace(/\D/g, '') }))
                    }
                  />
                </Stack>
              </HStack>
              <Box
                position="relative"
                borderWidth="1px"
                borderColor="border.default"
                borderRadius="l2"
                overflow="auto"
                maxH="96"
              >
                <styled.table
                  width="full"
                  textStyle="sm"
                  aria-label={title}
                  aria-busy={state.loading || undefined}
                >
                  <styled.thead position="sticky" top="0" bg="bg.subtle">
                    <tr>
                      <th className={headCell}>IDV</th>
                      <th className={headCell}>RFID</th>
                      <th className={headCell}>
                        <styled.span srOnly>Elegida</styled.span>
                      </th>
                    </tr>
                  </styled.thead>
                  <tbody>
                    {state.error ? (
                      <tr>
                        <td colSpan={3} className={messageCell} role="alert">
                          No se pudo obtener la lista de animales
                        </td>
                      </tr>
                    ) : !state.loading && state.rows.length === 0 ? (
                      <tr>
                        <td colSpan={3} className={messageCell}>
                          Sin Resultados.
                        </td>
                      </tr>
                    ) : (
                      state.rows.map((animal) => {
                        const chosen = animal.uuid === chosenId
                        return (
                          <tr
                            key={animal.uuid}
                            className={bodyRow}
                            data-chosen={chosen || undefined}
                            aria-selected={chosen}
                            onClick={() => onChoose(animal)}
                          >
                            <td className={bodyCell}>
                              {/* The row's keyboard target: Enter or Space chooses, like a click. */}
                              <button type="button" className={rowButton} aria-pressed={chosen}>
                                {animal.caravana_visual}
                              </button>
                            </td>
                            <td className={bodyCell}>
                              <styled.span fontFamily="mono">{animal.caravana_electronica ?? ''}</styled.span>
                            </td>
                            <td className={bodyCell}>
                              {chosen ? <CheckIcon size={16} aria-label="Elegida" /> : null}
                            </td>
                          </tr>
                        )
                      })
                    )}
                  </tbody>
                </styled.table>
                {state.loading && (
                  <Box
                    position="absolute"
                    inset="0"
                    display="flex"
                    alignItems="center"
                    justifyContent="center"
                    bg="bg.default/60"
                  >
                    <Spinner size="md" />
                    <styled.span role="status" srOnly>
                      Cargando animales...
                    </styled.span>
                  </Box>
                )}
              </Box>
              <DataTablePagination
                page={page}
                perPage={perPage}
                total={state.total}
                pageCount={pageCount}
                perPageOptions={[PICKER_PER_PAGE, 25, 50]}
                canPrevious={page > 1}
                canNext={page < pageCount}
                onFirst={() => setPage(1)}
                onPrevious={() => setPage((p) => Math.max(1, p - 1))}
                onNext={() => setPage((p) => Math.min(pageCount, p + 1))}
                onLast={() => setPage(pageCount)}
                onPerPageChange={(next) => {
                  setPerPage(next)
                  setPage(1)
                }}
              />
              <HStack justify="end" gap="3">
                <Button variant="outline" onClick={onCancel}>
                  Cancelar
                </Button>
                <Button onClick={onAccept}>Aceptar</Button>
              </HStack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

const headCell = css({
  px: '3',
  py: '2',
  textAlign: 'start',
  fontWeight: 'semibold',
  textStyle: 'xs',
  color: 'fg.muted',
  textTransform: 'uppercase',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
})
const bodyRow = css({
  cursor: 'pointer',
  '&:nth-of-type(even)': { bg: 'gray.a2' },
  _hover: { bg: 'gray.a3' },
  '&[data-chosen]': { bg: 'accent.a3' },
})
const bodyCell = css({
  px: '3',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  whiteSpace: 'nowrap',
})
const rowButton = css({
  fontWeight: 'semibold',
  cursor: 'pointer',
  textAlign: 'start',
  borderRadius: 'l1',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
})
const messageCell = css({ px: '4', py: '10', textAlign: 'center', color: 'fg.muted' })
