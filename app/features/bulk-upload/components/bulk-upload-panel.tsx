import { Portal } from '@ark-ui/react/portal'
import { useQueryClient } from '@tanstack/react-query'
import { CircleAlertIcon, CircleCheckIcon, DownloadIcon, FileSpreadsheetIcon, XIcon } from 'lucide-react'
import { type ReactNode, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Drawer from '~/components/ui/drawer'
import * as FileUpload from '~/components/ui/file-upload'
import * as Progress from '~/components/ui/progress'
import { toast } from '~/components/ui/toaster'
import { formatNumber } from '~/lib/format'
import { refreshLists } from '~/lib/lists'
import { BULK_MESSAGES, type RowProblem } from '../bulk-upload.schema'
import { type BulkKind, isEventKind, RECOMMENDATIONS, TEMPLATES } from '../bulk-upload.templates'
import { type BulkSender, sendBulkFile } from '../upload-client'
import { FormatHelpDialog } from './format-help-dialog'

/** Where the panel is: choosing, sending (with the share of the file sent), or after an answer. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'sending'; progress: number }
  | { status: 'success'; created: number }
  | { status: 'failed'; error: string; rows: RowProblem[]; omitted: number }

export interface BulkUploadFormProps {
  kind: BulkKind
  establishmentId: number
  /**
   * A heading above the form, where no panel title shows the spec's (a record dialog's Masivo tab
   * passes `TEMPLATES[kind].title`).
   */
  title?: string
  /** Event uploads: the session selector (built with the Manga forms), shown above the file picker. */
  sessionSlot?: ReactNode
  /** The session chosen in `sessionSlot`; none is still sent (empty) and the server asks for one. */
  sessionId?: number | null
  /** Sends the file; by default XMLHttpRequest to /api/bulk-upload/{kind} (stories and tests pass their own). */
  send?: BulkSender
  /** After every row was recorded; the lists are already being refreshed. */
  onUploaded?: (created: number) => void
  /** Tells a surrounding panel whether a file is on its way (it should not close meanwhile). */
  onBusyChange?: (busy: boolean) => void
  /** The state to start in (stories). */
  initialState?: UploadState
}

/** The template download of a kind, served by app/routes/api/bulk-upload/templates/$fileName.ts. */
export function templateHref(kind: BulkKind) {
  return `/api/bulk-upload/templates/${TEMPLATES[kind].fileName}`
}

/**
 * The body of a bulk upload (spec sections 2, 4 and 8): session, file picker, 'Enviar' with the
 * upload's progress, the answer (the problems by row and column stay listed here, not only in a
 * toast), the recommendations, the format help and the example template. Usable inside the side
 * panel below or embedded in a create form's Masivo tab.
 */
export function BulkUploadForm({
  kind,
  establishmentId,
  title,
  sessionSlot,
  sessionId = null,
  send = sendBulkFile,
  onUploaded,
  onBusyChange,
  initialState = { status: 'idle' },
}: BulkUploadFormProps) {
  const template = TEMPLATES[kind]
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [state, setState] = useState<UploadState>(initialState)
  const [inputKey, setInputKey] = useState(0)
  const sending = useRef(false)

  async function submit() {
    if (sending.current) return
    if (!file) {
      toast.error(BULK_MESSAGES.noFileTitle, { description: BULK_MESSAGES.noFileDescription })
      return
    }
    sending.current = true
    onBusyChange?.(true)
    setState({ status: 'sending', progress: 0 })
    try {
      const outcome = await send({ kind, file, establishmentId, sessionId }, (progress) =>
        setState((current) => (current.status === 'sending' ? { status: 'sending', progress } : current)),
      ).catch(() => ({ ok: false as const, error: BULK_MESSAGES.unexpected, rows: [], omitted: 0 }))
      if (outcome.ok) {
        setState({ status: 'success', created: outcome.created })
        setFile(null)
        setInputKey((key) => key + 1)
        toast.success(BULK_MESSAGES.successTitle, { description: BULK_MESSAGES.successDescription })
        void refreshLists(queryClient)
        onUploaded?.(outcome.created)
      } else {
        setState({ status: 'failed', error: outcome.error, rows: outcome.rows, omitted: outcome.omitted })
        toast.error(BULK_MESSAGES.errorTitle, { description: outcome.error || BULK_MESSAGES.unexpected })
      }
    } finally {
      sending.current = false
      onBusyChange?.(false)
    }
  }

  const busy = state.status === 'sending'
  return (
    <Stack gap="5">
      {title ? (
        <styled.h3 textStyle="lg" fontWeight="semibold">
          {title}
        </styled.h3>
      ) : null}
      {isEventKind(kind) && sessionSlot ? <Stack gap="1.5">{sessionSlot}</Stack> : null}
      <FileUpload.Root
        key={inputKey}
        maxFiles={1}
        disabled={busy}
        gap="2"
        translations={FILE_UPLOAD_TEXTS}
        locale="es-AR"
        onFileChange={(details) => {
          setFile(details.acceptedFiles[0] ?? null)
          if (!sending.current) setState({ status: 'idle' })
        }}
      >
        <FileUpload.Label>Selecciona el archivo:</FileUpload.Label>
        {/* Only the button opens the file chooser: a clickable drop zone around it would nest one
            control in another (axe nested-interactive), and keyboard users have the button. */}
        <FileUpload.Dropzone
          disableClick
          minHeight="unset"
          py="5"
          borderStyle="dashed"
          textStyle="sm"
          color="fg.muted"
        >
          <FileSpreadsheetIcon aria-hidden />
          <span>Arrastre la planilla aquí o</span>
          <FileUpload.Trigger asChild>
            <Button variant="outline" size="sm">
              Elegir archivo
            </Button>
          </FileUpload.Trigger>
        </FileUpload.Dropzone>
        <FileUpload.ItemGroup>
          <FileUpload.Context>
            {({ acceptedFiles }) =>
              acceptedFiles.map((chosen) => (
                <FileUpload.Item
                  key={chosen.name}
                  file={chosen}
                  p="3"
                  gridTemplateColumns="1fr auto"
                  gridTemplateAreas={`"name delete" "size delete"`}
                >
                  <FileUpload.ItemName />
                  <FileUpload.ItemSizeText />
                  <FileUpload.ItemDeleteTrigger asChild>
                    <Button variant="ghost" size="xs" px="0" aspectRatio="square" aria-label="Quitar archivo">
                      <XIcon />
                    </Button>
                  </FileUpload.ItemDeleteTrigger>
                </FileUpload.Item>
              ))
            }
          </FileUpload.Context>
        </FileUpload.ItemGroup>
        <FileUpload.HiddenInput aria-label="Selecciona el archivo:" />
      </FileUpload.Root>
      <HStack gap="3" flexWrap="wrap">
        <Button onClick={submit} loading={busy} loadingText="Enviando...">
          Enviar
        </Button>
        <FormatHelpDialog kind={kind} />
        <Button variant="ghost" size="sm" asChild>
          <a href={templateHref(kind)} download={template.fileName}>
            <DownloadIcon aria-hidden /> Descargar planilla de ejemplo
          </a>
        </Button>
      </HStack>
      <UploadStatus state={state} noun={template.noun} />
      <Stack gap="2">
        <styled.h3 textStyle="sm" fontWeight="semibold">
          Recomendaciones
        </styled.h3>
        <styled.ul listStyleType="disc" ps="5" textStyle="sm" color="fg.muted" display="grid" gap="1">
          {RECOMMENDATIONS.map((item) => (
            <li key={item}>{item}</li>
          ))}
          {isEventKind(kind) ? (
            <li>Elija la sesión antes de enviar: todas las filas quedan en ella.</li>
          ) : null}
        </styled.ul>
      </Stack>
    </Stack>
  )
}

function UploadStatus({ state, noun }: { state: UploadState; noun: string }) {
  if (state.status === 'sending') {
    const uploaded = state.progress >= 1
    const percent = Math.round(state.progress * 100)
    return (
      <Progress.Root value={uploaded ? null : percent} min={0} max={100} size="sm">
        <Progress.Label textStyle="sm">
          {uploaded ? 'Procesando la planilla…' : `Subiendo el archivo… ${percent} %`}
        </Progress.Label>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    )
  }
  if (state.status === 'success') {
    return (
      <HStack gap="2" role="status" color="fg.success" textStyle="sm" fontWeight="medium">
        <CircleCheckIcon size={18} aria-hidden />
        {`Se guardaron ${formatNumber(state.created)} ${noun}.`}
      </HStack>
    )
  }
  if (state.status === 'failed') return <UploadProblems state={state} />
  return null
}

/** The answer of a refused file: its summary and every problem by row and column. */
export function UploadProblems({ state }: { state: Extract<UploadState, { status: 'failed' }> }) {
  return (
    <Stack gap="3">
      <HStack
        gap="2"
        alignItems="flex-start"
        role="alert"
        color="fg.error"
        textStyle="sm"
        fontWeight="medium"
      >
        <CircleAlertIcon size={18} aria-hidden className={css({ flexShrink: '0', mt: '0.5' })} />
        <span>{state.error || BULK_MESSAGES.unexpected}</span>
      </HStack>
      {state.rows.length > 0 ? (
        <styled.div
          maxH="80"
          overflowY="auto"
          borderWidth="1px"
          borderColor="border.subtle"
          borderRadius="l2"
        >
          <table className={problemsTableClass} aria-label="Problemas de la planilla">
            <thead>
              <tr>
                <th>Fila</th>
                <th>Columna</th>
                <th>Problema</th>
              </tr>
            </thead>
            <tbody>
              {state.rows.map((problem) => (
                <tr key={`${problem.row}-${problem.column}-${problem.message}`}>
                  <td>{problem.row}</td>
                  <td>{problem.column}</td>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </styled.div>
      ) : null}
      {state.omitted > 0 ? (
        <styled.p textStyle="xs" color="fg.muted">
          {`Y ${formatNumber(state.omitted)} problemas más: corrija estos y vuelva a enviar el archivo.`}
        </styled.p>
      ) : null}
    </Stack>
  )
}

export interface BulkUploadPanelProps extends BulkUploadFormProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The bulk upload side panel of spec section 2: 'Nuevas Pre-servicios', 'Nuevas Inseminaciones',
 * 'Subir Archivos - Diag. Gestación', 'Nuevas Pesadas' and 'Nuevos Animales'. It stays open while a
 * file is on its way.
 */
export function BulkUploadPanel({ open, onOpenChange, ...form }: BulkUploadPanelProps) {
  const [busy, setBusy] = useState(false)
  return (
    <Drawer.Root
      variant="right"
      open={open}
      onOpenChange={(details) => !busy && onOpenChange(details.open)}
      closeOnInteractOutside={!busy}
      closeOnEscape={!busy}
    >
      <Portal>
        <Drawer.Backdrop />
        {/* Wider than the drawer's default: the problems table needs its three columns. */}
        <Drawer.Positioner width={{ base: '100vw', md: 'xl' }}>
          <Drawer.Content>
            <Drawer.Header pe="14">
              <Drawer.Title>{TEMPLATES[form.kind].title}</Drawer.Title>
              <Drawer.Description>
                {`Cargue ${TEMPLATES[form.kind].noun} desde una planilla de Excel: se guardan todas las filas, o ninguna si alguna tiene un error.`}
              </Drawer.Description>
            </Drawer.Header>
            <Drawer.CloseTrigger asChild position="absolute" top="4" right="4">
              <Button
                variant="ghost"
                size="sm"
                px="0"
                aspectRatio="square"
                aria-label="Cerrar"
                disabled={busy}
              >
                <XIcon />
              </Button>
            </Drawer.CloseTrigger>
            <Drawer.Body>
              <BulkUploadForm {...form} onBusyChange={setBusy} />
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}

/** The picker's texts for assistive technology, in Spanish. */
const FILE_UPLOAD_TEXTS = {
  dropzone: 'Zona para soltar el archivo',
  itemPreview: (file: File) => `Archivo ${file.name}`,
  deleteFile: (file: File) => `Quitar ${file.name}`,
}

const problemsTableClass = css({
  width: 'full',
  textStyle: 'sm',
  borderCollapse: 'collapse',
  '& th, & td': { textAlign: 'start', verticalAlign: 'top', px: '3', py: '2' },
  '& th': { fontWeight: 'semibold', bg: 'bg.subtle', position: 'sticky', top: '0' },
  '& td:first-of-type': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& td:nth-of-type(2)': { whiteSpace: 'nowrap' },
  '& tbody tr': { borderTopWidth: '1px', borderColor: 'border.subtle' },
})
