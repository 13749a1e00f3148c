import type { Kysely } from 'kysely'
import { runSqlScript } from './sql-script'

/**
 * Idempotency keys of writes (issue 23, decision 040). A client that may send a create twice (the
 * offline chute's outbox, after a lost answer) names it with a key of its own; the API keeps the key
 * per establishment with the hash of what was asked and, once done, the answer it gave, and answers
 * a repeat with that answer instead of writing again. The primary key is what makes two identical
 * requests at once safe: only one of them inserts the key and runs the write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
create table idempotency_keys (
  establishment_id integer not null references establishments (id) on delete cascade,
  key text not null,
  -- METHOD /path of the route (as OpenAPI names it): a key is of one operation.
  route text not null,
  -- sha-256 of the request's JSON body (keys sorted) and path: a key reused for another body is refused.
  request_hash text not null,
  -- Null while the first request is being answered.
  status integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (establishment_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
`,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, 'drop table idempotency_keys;')
}
