import { AlertTriangleIcon } from 'lucide-react'
import { type FormEvent, lazy, Suspense, useId, useMemo, useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import type { DataTableColumn } from '~/components/data-table/data-table.types'
import { figure, numberColumn } from '~/components/data-table/figure-columns'
import { FigureTable } from '~/components/data-table/figure-table'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { NativeSelect } from '~/components/ui/native-select'
import { toast } from '~/components/ui/toaster'
import { SheetImport } from '~/features/feedlot/components/sheet-import'
import type { ImportOutcome } from '~/features/feedlot/import-outcome'
import type { Rodeo } from '~/features/rodeos/rodeos.schema'
import type { ActionResult } from '~/lib/action-result'
import { formatDate, formatNumber } from '~/lib/format'
import {
  RFI_MESSAGES,
  type RfiAnimal,
  type RfiResultAnswer,
  type RfiTest,
  type RfiTestInput,
  rfiTestInputSchema,
} from '../rfi.schema'
import { RFI_CLASS_LABELS, RFI_CLASS_SD, RFI_MIN_ADAPTATION_DAYS } from '../rfi-method'

// The chart library (decision 034) loads with the scatter only, never with the page's first bytes.
const RfiScatter = lazy(() => import('./rfi-scatter'))

export interface RfiViewProps {
  tests: readonly RfiTest[]
  selectedTestId: number | undefined
  onSelectTest: (testId: number) => void
  result: RfiResultAnswer | undefined
  resultLoading: boolean
  canEdit: boolean
  rodeos: readonly Rodeo[]
  onCreateTest: (test: RfiTestInput) => Promise<ActionResult & { id?: number }>
  onImportIntake: (file: File) => Promise<ImportOutcome>
}

/** The built-in RFI board: tests, their ranking and scatter, intake import and test definition. */
export function RfiView({
  tests,
  selectedTestId,
  onSelectTest,
  result,
  resultLoading,
  canEdit,
  rodeos,
  onCreateTest,
  onImportIntake,
}: RfiViewProps) {
  const columns = useMemo(rankingColumns, [])
  return (
    <Stack gap="5">
      {tests.length > 0 ? (
        <Stack gap="1" maxW="md">
          <styled.label htmlFor="rfi-test" textStyle="sm" fontWeight="medium">
            Prueba
          </styled.label>
          <NativeSelect
            id="rfi-test"
            value={selectedTestId ?? ''}
            onChange={(e) => onSelectTest(Number(e.target.value))}
          >
            {tests.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} — {t.rodeo} ({formatDate(t.start_date)} a {formatDate(t.end_date)})
              </option>
            ))}
          </NativeSelect>
        </Stack>
      ) : (
        <styled.p color="fg.muted">
          No hay pruebas de eficiencia definidas.
          {canEdit ? ' Importe el consumo y defina una prueba más abajo.' : ''}
        </styled.p>
      )}
      {resultLoading && <styled.p color="fg.muted">Calculando la prueba…</styled.p>}
      {result && (
        <Stack gap="4">
          <Summary result={result} />
          <Suspense fallback={<styled.p color="fg.muted">Cargando el gráfico…</styled.p>}>
            <RfiScatter animals={result.animals} />
          </Suspense>
          <FigureTable
            label={`Ranking RFI de ${result.test.name}`}
            exportLabel={`rfi ${result.test.name}`}
            columns={columns}
            rows={result.animals}
            getRowId={(a) => a.id}
            empty="El grupo de la prueba no tiene animales."
          />
        </Stack>
      )}
      {canEdit && (
        <Stack gap="4">
          <SheetImport
            title="Importar consumo"
            columns="Caravana (IDV o RFID), Fecha, Kg tal cual y % MS, como las exporta el comedero electrónico"
            onImport={onImportIntake}
          />
          <NewTestForm rodeos={rodeos} onCreate={onCreateTest} />
        </Stack>
      )}
    </Stack>
  )
}

function Summary({ result }: { result: RfiResultAnswer }) {
  const c = result.coefficients
  return (
    <Stack gap="2">
      <styled.h2 textStyle="xl" fontWeight="semibold">
        {result.test.name}
      </styled.h2>
      <styled.p color="fg.muted" textStyle="sm">
        Grupo {result.test.rodeo}: {result.test.animals} animales, {result.complete} con datos completos.
        Prueba del {formatDate(result.test_start)} al {formatDate(result.test.end_date)} ({result.test_days}{' '}
        días, después de {result.test.adaptation_days} de adaptación).
        {c &&
          ` CMS predicho = ${figure(c.intercept, 3)} + ${figure(c.mmw, 4)} × PMM + ${figure(c.adg, 3)} × GDPV (R² ${figure(result.r_squared, 2)}).`}{' '}
        Clases: eficiente con RFI menor que −{formatNumber(RFI_CLASS_SD, 1)} DE, ineficiente mayor que +
        {formatNumber(RFI_CLASS_SD, 1)} DE (DE = {figure(result.rfi_sd, 3)} kg MS/día).
      </styled.p>
      {result.warnings.length > 0 && (
        <Stack gap="1" role="status">
          {result.warnings.map((warning) => (
            <HStack key={warning} gap="2" color="amber.text" textStyle="sm">
              <AlertTriangleIcon size={16} aria-hidden /> {warning}
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  )
}

const CLASS_PALETTE = { eficiente: 'green', medio: 'gray', ineficiente: 'red' } as const

function rankingColumns(): DataTableColumn<RfiAnimal>[] {
  return [
    numberColumn('rank', 'Puesto', (a) => a.rank),
    { id: 'tag', header: 'IDV', cell: (a) => a.visual_tag, exportValue: (a) => a.visual_tag },
    { id: 'rfid', header: 'RFID', cell: (a) => a.electronic_tag ?? '', exportValue: (a) => a.electronic_tag },
    numberColumn('dmi', 'CMS (kg MS/día)', (a) => a.dmi, 2),
    numberColumn('adg', 'GDPV (kg/día)', (a) => a.adg, 3),
    numberColumn('mid', 'Peso medio (kg)', (a) => a.mid_weight, 1),
    numberColumn('mmw', 'PMM (kg^0,75)', (a) => a.mmw, 2),
    numberColumn('fcr', 'Conversión', (a) => a.fcr, 2),
    numberColumn('predicted', 'CMS predicho', (a) => a.predicted_dmi, 2),
    numberColumn('rfi', 'RFI (kg MS/día)', (a) => a.rfi, 3),
    {
      id: 'class',
      header: 'Clase',
      cell: (a) =>
        a.rfi_class ? (
          <Badge colorPalette={CLASS_PALETTE[a.rfi_class]} variant="subtle" size="sm">
            {RFI_CLASS_LABELS[a.rfi_class]}
          </Badge>
        ) : (
          '—'
        ),
      exportValue: (a) => (a.rfi_class ? RFI_CLASS_LABELS[a.rfi_class] : null),
    },
    numberColumn('weighings', 'Pesadas', (a) => a.weighings),
    numberColumn('days', 'Días con consumo', (a) => a.intake_days),
    { id: 'note', header: 'Observación', cell: (a) => a.note ?? '', exportValue: (a) => a.note },
  ]
}

function NewTestForm({
  rodeos,
  onCreate,
}: {
  rodeos: readonly Rodeo[]
  onCreate: RfiViewProps['onCreateTest']
}) {
  const id = useId()
  const [values, setValues] = useState({
    name: '',
    rodeo_id: '',
    start_date: '',
    end_date: '',
    adaptation_days: String(RFI_MIN_ADAPTATION_DAYS),
  })
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }))
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = rfiTestInputSchema.safeParse({
      ...values,
      rodeo_id: values.rodeo_id ? Number(values.rodeo_id) : undefined,
      adaptation_days: Number(values.adaptation_days),
    })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? RFI_MESSAGES.saveError)
      return
    }
    setError(null)
    setBusy(true)
    try {
      const result = await onCreate(parsed.data)
      if (result.ok) toast.success(result.message ?? RFI_MESSAGES.testCreated)
      else {
        setError(result.error)
        toast.error(result.error)
      }
    } finally {
      setBusy(false)
    }
  }
  const field = (key: keyof typeof values, label: string, input: React.ReactNode) => (
    <Stack gap="1">
      <styled.label htmlFor={`${id}-${key}`} textStyle="sm" fontWeight="medium">
        {label}
      </styled.label>
      {input}
    </Stack>
  )
  return (
    <styled.form
      onSubmit={submit}
      noValidate
      display="flex"
      flexDirection="column"
      gap="3"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l2"
      p="4"
      aria-labelledby={`${id}-title`}
    >
      <styled.h2 id={`${id}-title`} fontWeight="semibold">
        Nueva prueba de eficiencia
      </styled.h2>
      <styled.p color="fg.muted" textStyle="sm">
        El grupo contemporáneo son los animales del rodeo elegido. La guía recomienda al menos 21 días de
        adaptación y 70 de prueba: una prueba más corta se calcula igual, con un aviso.
      </styled.p>
      <styled.div display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3">
        {field('name', 'Nombre', <Input id={`${id}-name`} value={values.name} onChange={set('name')} />)}
        {field(
          'rodeo_id',
          'Rodeo (grupo)',
          <NativeSelect id={`${id}-rodeo_id`} value={values.rodeo_id} onChange={set('rodeo_id')}>
            <option value="">Elegir rodeo</option>
            {rodeos.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name} ({r.animals})
              </option>
            ))}
          </NativeSelect>,
        )}
        {field(
          'adaptation_days',
          'Días de adaptación',
          <Input
            id={`${id}-adaptation_days`}
            type="number"
            inputMode="numeric"
            value={values.adaptation_days}
            onChange={set('adaptation_days')}
          />,
        )}
        {field(
          'start_date',
          'Inicio (comienza la adaptación)',
          <Input
            id={`${id}-start_date`}
            type="date"
            value={values.start_date}
            onChange={set('start_date')}
          />,
        )}
        {field(
          'end_date',
          'Fin de la prueba',
          <Input id={`${id}-end_date`} type="date" value={values.end_date} onChange={set('end_date')} />,
        )}
      </styled.div>
      {error && (
        <styled.p color="fg.error" textStyle="sm" role="alert">
          {error}
        </styled.p>
      )}
      <Button type="submit" size="sm" loading={busy} loadingText="Calculando..." alignSelf="flex-start">
        Crear prueba
      </Button>
    </styled.form>
  )
}
