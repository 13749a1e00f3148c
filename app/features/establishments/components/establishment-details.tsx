import { Stack, styled } from 'styled-system/jsx'
import { useAppForm } from '~/components/form/app-form'
import { fieldValidatorsFrom } from '~/components/form/validation'
import { Badge } from '~/components/ui/badge'
import * as Card from '~/components/ui/card'
import { toast } from '~/components/ui/toaster'
import { SectionFrame } from '~/features/configuration/components/section-frame'
import type { ActionResult } from '~/lib/action-result'
import {
  createEstablishmentSchema,
  ESTABLISHMENT_NAME_MAX,
  type EstablishmentDetail,
  ESTABLISHMENT_ADMIN_MESSAGES as M,
} from '../establishment-admin.schema'

export interface EstablishmentDetailsProps {
  establishment: EstablishmentDetail
  /** Superadministradores rename it and set the dashboard's address; everyone else reads. */
  canEdit: boolean
  onSave: (values: { name: string; url_dashboard_cattle_handling: string | null }) => Promise<ActionResult>
}

/** Configuración → Configuración del establecimiento (the default section). */
export function EstablishmentDetails({ establishment, canEdit, onSave }: EstablishmentDetailsProps) {
  return (
    <SectionFrame
      title="Configuración del establecimiento"
      description="Los datos del establecimiento en el que trabaja."
    >
      <Card.Root borderWidth="1px" borderColor="border.subtle" boxShadow="xs">
        <Card.Body pt="6">
          <styled.dl
            display="grid"
            gridTemplateColumns="max-content 1fr"
            columnGap="6"
            rowGap="2"
            textStyle="sm"
          >
            <styled.dt color="fg.muted">Nombre</styled.dt>
            <dd>
              {establishment.name}{' '}
              {establishment.archived && (
                <Badge size="sm" variant="outline">
                  Archivado
                </Badge>
              )}
            </dd>
            <styled.dt color="fg.muted">Tablero de manga</styled.dt>
            <dd>{establishment.url_dashboard_cattle_handling ?? 'Sin tablero'}</dd>
            <styled.dt color="fg.muted">Personas</styled.dt>
            <dd>{establishment.members}</dd>
            <styled.dt color="fg.muted">Administradores</styled.dt>
            <dd>{establishment.administrators}</dd>
          </styled.dl>
        </Card.Body>
      </Card.Root>
      {canEdit ? (
        <EditForm establishment={establishment} onSave={onSave} />
      ) : (
        <styled.p role="note" color="fg.muted">
          Solo un superadministrador puede cambiar el nombre o el tablero del establecimiento.
        </styled.p>
      )}
    </SectionFrame>
  )
}

function EditForm({ establishment, onSave }: Omit<EstablishmentDetailsProps, 'canEdit'>) {
  const form = useAppForm({
    defaultValues: {
      name: establishment.name,
      url_dashboard_cattle_handling: establishment.url_dashboard_cattle_handling ?? '',
    },
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value }) => {
      const parsed = createEstablishmentSchema.safeParse(value)
      if (!parsed.success) return
      let result: ActionResult
      try {
        result = await onSave({
          name: parsed.data.name,
          url_dashboard_cattle_handling: parsed.data.url_dashboard_cattle_handling ?? null,
        })
      } catch {
        result = { ok: false, error: M.saveError }
      }
      if (result.ok) toast.success(result.message ?? M.updated)
      else toast.error(M.saveError, { description: result.error })
    },
  })
  return (
    <Card.Root borderWidth="1px" borderColor="border.subtle" boxShadow="xs">
      <form.AppForm>
        <form.Form aria-label="Modificar el establecimiento">
          <Card.Body pt="6">
            <Stack gap="4">
              <form.AppField name="name" validators={fieldValidatorsFrom(createEstablishmentSchema, 'name')}>
                {(field) => (
                  <field.TextField label="Nombre" maxLength={ESTABLISHMENT_NAME_MAX} autoComplete="off" />
                )}
              </form.AppField>
              <form.AppField
                name="url_dashboard_cattle_handling"
                validators={fieldValidatorsFrom(createEstablishmentSchema, 'url_dashboard_cattle_handling')}
              >
                {(field) => (
                  <field.TextField
                    label="URL del tablero de manga (https)"
                    placeholder="https://"
                    autoComplete="off"
                  />
                )}
              </form.AppField>
            </Stack>
          </Card.Body>
          <Card.Footer borderTopWidth="1px" borderColor="border.subtle" pt="4" pb="4" bg="bg.subtle">
            <form.SubmitButton>Guardar</form.SubmitButton>
          </Card.Footer>
        </form.Form>
      </form.AppForm>
    </Card.Root>
  )
}
