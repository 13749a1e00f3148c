import { CircleHelpIcon, XIcon } from 'lucide-react'
import { css } from 'styled-system/css'
import { Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Dialog from '~/components/ui/dialog'
import { type BulkKind, describeColumn, FORMAT_RULES, TEMPLATES } from '../bulk-upload.templates'

/**
 * The upload format rules (spec section 5) and the template's columns, from the same definitions the
 * parser and the downloadable template use.
 *
 * Not portalled: opened from the upload side panel (itself a modal dialog), it must live inside the
 * panel's DOM. Portalled next to it, it rendered beneath the panel and the panel's modality hid it
 * from assistive technology. Its fixed positioner still covers the viewport.
 */
export function FormatHelpDialog({ kind }: { kind: BulkKind }) {
  const template = TEMPLATES[kind]
  return (
    <Dialog.Root lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <CircleHelpIcon aria-hidden /> Formato de la planilla
        </Button>
      </Dialog.Trigger>
      <Dialog.Backdrop />
      <Dialog.Positioner px="4">
        <Dialog.Content width="full" maxW="3xl" minW="0" maxH="90dvh" overflowY="auto">
          <Stack gap="5" p="6">
            <Stack gap="1" pe="10">
              <Dialog.Title>Formato de la planilla</Dialog.Title>
              <Dialog.Description>
                {template.title}: una fila por registro, en la primera hoja de un archivo Excel (.xlsx).
              </Dialog.Description>
            </Stack>
            <Dialog.CloseTrigger asChild position="absolute" top="4" right="4">
              <Button variant="ghost" size="sm" px="0" aspectRatio="square" aria-label="Cerrar">
                <XIcon />
              </Button>
            </Dialog.CloseTrigger>
            <styled.div overflowX="auto">
              <table className={tableClass} aria-label="Columnas de la planilla">
                <thead>
                  <tr>
                    <th>Columna</th>
                    <th>Obligatoria</th>
                    <th>Qué lleva</th>
                  </tr>
                </thead>
                <tbody>
                  {template.columns.map((column) => {
                    const described = describeColumn(column)
                    return (
                      <tr key={column.key}>
                        <th scope="row">{described.header}</th>
                        <td>{described.required}</td>
                        <td>{described.help}</td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </styled.div>
            <RuleList title="Reglas de cada fila" rules={template.rowRules} />
            <RuleList title="Reglas de formato" rules={FORMAT_RULES} />
          </Stack>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  )
}

function RuleList({ title, rules }: { title: string; rules: readonly string[] }) {
  return (
    <Stack gap="2">
      <styled.h3 textStyle="sm" fontWeight="semibold">
        {title}
      </styled.h3>
      <styled.ul listStyleType="disc" ps="5" textStyle="sm" display="grid" gap="1">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </styled.ul>
    </Stack>
  )
}

const tableClass = css({
  width: 'full',
  textStyle: 'sm',
  borderCollapse: 'collapse',
  '& th, & td': { textAlign: 'start', verticalAlign: 'top', px: '3', py: '2' },
  '& thead th': { fontWeight: 'semibold', bg: 'bg.subtle' },
  '& tbody th': { fontWeight: 'medium', whiteSpace: 'nowrap' },
  '& tbody tr': { borderTopWidth: '1px', borderColor: 'border.subtle' },
})
