import { Stack, styled } from 'styled-system/jsx'
import { useAppForm } from '~/components/form/app-form'
import { fieldValidatorsFrom } from '~/components/form/validation'
import * as Card from '~/components/ui/card'
import { toast } from '~/components/ui/toaster'
import type { ActionResult } from '~/lib/action-result'
import {
  type CreateRodeoValues,
  createRodeoSchema,
  RODEO_MESSAGES,
  RODEO_NAME_MAX,
  type Rodeo,
} from '../rodeos.schema'

export interface RodeoCreationProps {
  rodeos: readonly Rodeo[]
  /** Administrators (and superadministrators) create; other members see the list only. */
  canCreate: boolean
  /** Creates the rodeo; a refusal's message is shown under the name field. */
  onCreate: (name: string) => Promise<ActionResult>
}

const emptyValues: CreateRodeoValues = { name: '' }

/** Configuración → Crear rodeo (spec section 2): the establishment's rodeos and a form to add one. */
export function RodeoCreation({ rodeos, canCreate, onCreate }: RodeoCreationProps) {
  return (
    <Stack gap="6" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW="breakpoint-md" w="full">
      <Stack gap="1">
        <styled.h1 textStyle={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
          Crear rodeo
        </styled.h1>
        <styled.p color="fg.muted">Los rodeos del establecimiento y el alta de uno nuevo.</styled.p>
      </Stack>
      {canCreate ? (
        <NewRodeoForm onCreate={onCreate} />
      ) : (
        <styled.p role="note" color="fg.muted">
          Solo un administrador del establecimiento puede crear rodeos. Podés ver los existentes.
        </styled.p>
      )}
      <RodeoList rodeos={rodeos} />
    </Stack>
  )
}

function NewRodeoForm({ onCreate }: Pick<RodeoCreationProps, 'onCreate'>) {
  const form = useAppForm({
    defaultValues: emptyValues,
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value, formApi }) => {
      const parsed = createRodeoSchema.safeParse(value)
      if (!parsed.success) return
      let result: ActionResult
      try {
        result = await onCreate(parsed.data.name)
      } catch {
        result = { ok: false, error: RODEO_MESSAGES.createError }
      }
      if (result.ok) {
        toast.success(RODEO_MESSAGES.createSuccess)
        formApi.reset()
        return
      }
      // The refusal (a duplicate name, a name the server finds invalid) is about the one field: it
      // shows under it, and TanStack Form clears it on the next valid change.
      formApi.setFieldMeta('name', (meta) => ({
        ...meta,
        errorMap: { ...meta.errorMap, onSubmit: { message: result.error } },
      }))
    },
  })
  return (
    <Card.Root borderWidth="1px" borderColor="border.subtle" boxShadow="xs">
      <form.AppForm>
        <form.Form aria-label="Nuevo rodeo">
          <Card.Body pt="6">
            <form.AppField name="name" validators={fieldValidatorsFrom(createRodeoSchema, 'name')}>
              {(field) => (
                <field.TextField label="Nombre del rodeo" maxLength={RODEO_NAME_MAX} autoComplete="off" />
              )}
            </form.AppField>
          </Card.Body>
          <Card.Footer borderTopWidth="1px" borderColor="border.subtle" pt="4" pb="4" bg="bg.subtle">
            <form.SubmitButton>Crear rodeo</form.SubmitButton>
          </Card.Footer>
        </form.Form>
      </form.AppForm>
    </Card.Root>
  )
}

function RodeoList({ rodeos }: Pick<RodeoCreationProps, 'rodeos'>) {
  if (rodeos.length === 0)
    return <styled.p color="fg.muted">El establecimiento todavía no tiene rodeos.</styled.p>
  return (
    <styled.table w="full" textStyle="sm" aria-label="Rodeos del establecimiento">
      <thead>
        <tr>
          <styled.th textAlign="start" py="2" borderBottomWidth="1px" borderColor="border">
            Rodeo
          </styled.th>
          <styled.th textAlign="end" py="2" borderBottomWidth="1px" borderColor="border">
            Animales
          </styled.th>
        </tr>
      </thead>
      <tbody>
        {rodeos.map((rodeo) => (
          <tr key={rodeo.id}>
            <styled.td py="2" borderBottomWidth="1px" borderColor="border.subtle">
              {rodeo.name}
            </styled.td>
            <styled.td py="2" textAlign="end" borderBottomWidth="1px" borderColor="border.subtle">
              {rodeo.animals}
            </styled.td>
          </tr>
        ))}
      </tbody>
    </styled.table>
  )
}
