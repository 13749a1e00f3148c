import { HStack, Stack, styled } from 'styled-system/jsx'
import { useAppForm } from '~/components/form/app-form'
import { fieldValidatorsFrom } from '~/components/form/validation'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import * as Card from '~/components/ui/card'
import { toast } from '~/components/ui/toaster'
import { SectionFrame, Td, Th } from '~/features/configuration/components/section-frame'
import { AppLink } from '~/features/shell/components/app-link'
import { APP_PATHS, ESTABLISHMENT_PARAM } from '~/features/shell/components/paths'
import type { ActionResult } from '~/lib/action-result'
import {
  type CreateEstablishmentValues,
  createEstablishmentSchema,
  ESTABLISHMENT_NAME_MAX,
  type EstablishmentDetail,
  ESTABLISHMENT_ADMIN_MESSAGES as M,
} from '../establishment-admin.schema'

export interface EstablishmentsAdminProps {
  establishments: readonly EstablishmentDetail[]
  onCreate: (values: { name: string; url_dashboard_cattle_handling: string | null }) => Promise<ActionResult>
  onArchive: (establishmentId: number, archived: boolean) => Promise<ActionResult>
}

const emptyValues: CreateEstablishmentValues = { name: '', url_dashboard_cattle_handling: '' }

/** Configuración → Establecimientos (superadministradores): every establishment, archived included. */
export function EstablishmentsAdmin({ establishments, onCreate, onArchive }: EstablishmentsAdminProps) {
  async function archive(establishment: EstablishmentDetail) {
    let result: ActionResult
    try {
      result = await onArchive(establishment.id, !establishment.archived)
    } catch {
      result = { ok: false, error: M.saveError }
    }
    if (result.ok) toast.success(result.message ?? M.archived)
    else toast.error(M.saveError, { description: result.error })
  }
  return (
    <SectionFrame
      title="Establecimientos"
      description="Alta de establecimientos y archivo de los que ya no trabajan: un archivado desaparece de los selectores y conserva sus datos."
    >
      <NewEstablishmentForm onCreate={onCreate} />
      <styled.table w="full" textStyle="sm" aria-label="Establecimientos">
        <thead>
          <tr>
            <Th>Establecimiento</Th>
            <Th textAlign="end">Personas</Th>
            <Th textAlign="end">Administradores</Th>
            <Th>Acciones</Th>
          </tr>
        </thead>
        <tbody>
          {establishments.map((establishment) => (
            <tr key={establishment.id}>
              <Td>
                {establishment.name}{' '}
                {establishment.archived && (
                  <Badge size="sm" variant="outline">
                    Archivado
                  </Badge>
                )}
              </Td>
              <Td textAlign="end">{establishment.members}</Td>
              <Td textAlign="end">{establishment.administrators}</Td>
              <Td>
                <HStack gap="2" flexWrap="wrap">
                  {!establishment.archived && (
                    <Button asChild size="xs" variant="outline">
                      <AppLink
                        to={APP_PATHS.establishmentConfiguration}
                        search={{ seccion: 'usuarios', [ESTABLISHMENT_PARAM]: establishment.id }}
                        aria-label={`Personas de ${establishment.name}`}
                      >
                        Personas
                      </AppLink>
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="ghost"
                    onClick={() => archive(establishment)}
                    aria-label={`${establishment.archived ? 'Restaurar' : 'Archivar'} ${establishment.name}`}
                  >
                    {establishment.archived ? 'Restaurar' : 'Archivar'}
                  </Button>
                </HStack>
              </Td>
            </tr>
          ))}
        </tbody>
      </styled.table>
      {establishments.length === 0 && <styled.p color="fg.muted">Todavía no hay establecimientos.</styled.p>}
    </SectionFrame>
  )
}

function NewEstablishmentForm({ onCreate }: Pick<EstablishmentsAdminProps, 'onCreate'>) {
  const form = useAppForm({
    defaultValues: emptyValues,
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value, formApi }) => {
      const parsed = createEstablishmentSchema.safeParse(value)
      if (!parsed.success) return
      let result: ActionResult
      try {
        result = await onCreate({
          name: parsed.data.name,
          url_dashboard_cattle_handling: parsed.data.url_dashboard_cattle_handling ?? null,
        })
      } catch {
        result = { ok: false, error: M.saveError }
      }
      if (result.ok) {
        toast.success(result.message ?? M.created)
        formApi.reset()
        return
      }
      formApi.setFieldMeta('name', (meta) => ({
        ...meta,
        errorMap: { ...meta.errorMap, onSubmit: { message: result.error } },
      }))
    },
  })
  return (
    <Card.Root borderWidth="1px" borderColor="border.subtle" boxShadow="xs">
      <form.AppForm>
        <form.Form aria-label="Nuevo establecimiento">
          <Card.Body pt="6">
            <Stack gap="4" direction={{ base: 'column', md: 'row' }}>
              <form.AppField name="name" validators={fieldValidatorsFrom(createEstablishmentSchema, 'name')}>
                {(field) => (
                  <field.TextField
                    label="Nombre del establecimiento"
                    maxLength={ESTABLISHMENT_NAME_MAX}
                    autoComplete="off"
                  />
                )}
              </form.AppField>
              <form.AppField
                name="url_dashboard_cattle_handling"
                validators={fieldValidatorsFrom(createEstablishmentSchema, 'url_dashboard_cattle_handling')}
              >
                {(field) => (
                  <field.TextField
                    label="URL del tablero de manga (opcional)"
                    placeholder="https://"
                    autoComplete="off"
                  />
                )}
              </form.AppField>
            </Stack>
          </Card.Body>
          <Card.Footer borderTopWidth="1px" borderColor="border.subtle" pt="4" pb="4" bg="bg.subtle">
            <form.SubmitButton>Crear establecimiento</form.SubmitButton>
          </Card.Footer>
        </form.Form>
      </form.AppForm>
    </Card.Root>
  )
}
