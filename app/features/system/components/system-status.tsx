import type { Health } from '~/api/health/health.routes'

const ENGINE_LABEL: Record<Health['database']['engine'], string> = {
  pglite: 'PGlite (base embebida)',
  postgres: 'PostgreSQL',
}

export function SystemStatus({ health }: { health: Health }) {
  return (
    <dl>
      <dt>Servicio</dt>
      <dd>{health.status === 'ok' ? 'En línea' : 'Con problemas'}</dd>
      <dt>Base de datos</dt>
      <dd>
        {ENGINE_LABEL[health.database.engine]} — {health.database.reachable ? 'responde' : 'no responde'}
      </dd>
    </dl>
  )
}
