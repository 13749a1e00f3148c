import { UploadIcon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toaster'
import { BULK_MESSAGES } from '~/features/bulk-upload/bulk-upload.schema'
import type { ImportOutcome } from '../import-outcome'

export interface SheetImportProps {
  /** The import's name, e.g. 'Importar consumo'. */
  title: string
  /** The columns the file needs, said to the user. */
  columns: string
  onImport: (file: File) => Promise<ImportOutcome>
}

/**
 * A spreadsheet import of the boards (intake, feed deliveries): choose an .xlsx, send it, and either
 * a toast with what was saved or the rows and columns to fix (nothing is saved then).
 */
export function SheetImport({ title, columns, onImport }: SheetImportProps) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<Extract<ImportOutcome, { ok: false }> | null>(null)
  const send = async () => {
    const file = input.current?.files?.[0]
    if (!file) {
      toast.error(BULK_MESSAGES.noFileTitle, { description: BULK_MESSAGES.noFileDescription })
      return
    }
    setBusy(true)
    try {
      const outcome = await onImport(file)
      if (outcome.ok) {
        setFailure(null)
        toast.success(outcome.message)
        if (input.current) input.current.value = ''
      } else {
        setFailure(outcome)
        toast.error(BULK_MESSAGES.errorTitle, { description: outcome.error })
      }
    } catch {
      toast.error(BULK_MESSAGES.errorTitle, { description: BULK_MESSAGES.unexpected })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack gap="2" borderWidth="1px" borderColor="border" borderRadius="l2" p="4">
      <styled.label htmlFor={inputId} fontWeight="semibold">
        {title}
      </styled.label>
      <styled.p color="fg.muted" textStyle="sm">
        Planilla de Excel (.xlsx) con las columnas {columns}. Si alguna fila tiene un error no se guarda
        ninguna.
      </styled.p>
      <styled.div display="flex" gap="2" flexWrap="wrap" alignItems="center">
        <styled.input
          id={inputId}
          ref={input}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          textStyle="sm"
          maxW="full"
        />
        <Button size="sm" onClick={send} loading={busy} loadingText="Importando…">
          <UploadIcon aria-hidden /> Importar
        </Button>
      </styled.div>
      {failure && (
        <Stack gap="1" role="alert">
          <styled.p color="fg.error" textStyle="sm" fontWeight="medium">
            {failure.error}
          </styled.p>
          {failure.rows.length > 0 && (
            <styled.ul textStyle="sm" color="fg.error" pl="4" listStyleType="disc" maxH="48" overflowY="auto">
              {failure.rows.map((problem) => (
                <li key={`${problem.row}-${problem.column}-${problem.message}`}>
                  Fila {problem.row}, {problem.column}: {problem.message}
                </li>
              ))}
            </styled.ul>
          )}
        </Stack>
      )}
    </Stack>
  )
}
