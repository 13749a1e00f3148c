import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { FREE_FAILURES } from '~/features/auth/auth.server'
import { resetEnvCache } from '~/lib/env.server'
import { resetMailTransport } from '~/lib/mail.server'
import { createTestApi, TEST_PASSWORD, type TestApi } from '../testing.server'

const savedEnv = { ...process.env }
let dataDir: string

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'insights-auth-'))
  process.env.DATA_DIR = dataDir
  process.env.APP_URL = 'http://insights.test'
  delete process.env.SMTP_URL
  resetEnvCache()
  resetMailTransport()
})
afterEach(() => {
  process.env = { ...savedEnv }
  resetEnvCache()
  resetMailTransport()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The reset link inside a raw e-mail (quoted-printable soft breaks and =3D undone). */
function linkIn(raw: string) {
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const match = /http:\/\/insights\.test\/management\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(decoded)
  if (!match?.[1]) throw new Error(`sin enlace en el correo:\n${raw}`)
  return decodeURIComponent(match[1])
}

describe.each(testEngines())('authentication API on %s', (engine) => {
  let t: TestApi

  beforeAll(async () => {
    t = await createTestApi(engine)
  })
  afterAll(() => t.close())

  it('signs in with e-mail and password and answers the user and a bearer token', async () => {
    const response = await t.request('/v2/auth/login', {
      method: 'POST',
      json: { username: 'ADMIN@test.local', password: TEST_PASSWORD },
    })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({
      token_type: 'Bearer',
      user: { email: 'admin@test.local', name: 'Ana', surname: 'Admin', must_change_password: 0 },
    })
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    const me = await t.request('/v2/auth/me', { token: body.token })
    expect(await me.json()).toMatchObject({ data: { email: 'admin@test.local' } })
    // Only a hash of the token is stored.
    const stored = await t.db.selectFrom('auth_tokens').select('token_hash').execute()
    expect(stored.map((r) => r.token_hash)).not.toContain(body.token)
  })

  it('answers the same Spanish message for a wrong password and an unknown account', async () => {
    const wrong = await t.request('/v2/auth/login', {
      method: 'POST',
      json: { username: 'member@test.local', password: 'Otra12345' },
    })
    const unknown = await t.request('/v2/auth/login', {
      method: 'POST',
      json: { username: 'nadie@test.local', password: 'Otra12345' },
    })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(await wrong.json()).toEqual({ error: 'Usuario o contraseña inválida' })
    expect(await unknown.json()).toEqual({ error: 'Usuario o contraseña inválida' })
  })

  it('validates the login body with the spec messages', async () => {
    const response = await t.request('/v2/auth/login', {
      method: 'POST',
      json: { username: 'a', password: 'x' },
    })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toContain('El nombre de usuario debe tener al menos 2 caracteres.')
  })

  it('refuses requests without a valid token', async () => {
    expect((await t.request('/v1/user/establishments')).status).toBe(401)
    const bad = await t.request('/v1/user/establishments', { token: 'no-es-un-token' })
    expect(bad.status).toBe(401)
    expect((await bad.json()).error).toMatch(/Sesión inválida/)
  })

  it('revokes the token on logout', async () => {
    const token = await t.tokenFor('member@test.local')
    expect((await t.request('/v2/auth/logout', { method: 'POST', token })).status).toBe(200)
    expect((await t.request('/v2/auth/me', { token })).status).toBe(401)
  })

  it('throttles an account after repeated failures, briefly, and logs it', async () => {
    const email = 'outsider@test.local'
    for (let i = 0; i < FREE_FAILURES; i++) {
      await t.request('/v2/auth/login', { method: 'POST', json: { username: email, password: 'Mala12345' } })
    }
    const blocked = await t.request('/v2/auth/login', {
      method: 'POST',
      json: { username: email, password: TEST_PASSWORD },
    })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(30)
    expect((await blocked.json()).error).toMatch(/Demasiados intentos/)
    // The lock is short: once it passes, the real password works and the counter resets.
    await t.db
      .updateTable('users')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute()
    expect(
      (
        await t.request('/v2/auth/login', {
          method: 'POST',
          json: { username: email, password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(200)
    const user = await t.db
      .selectFrom('users')
      .select('failed_login_count')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(user.failed_login_count).toBe(0)
  })

  it('changes the password with the spec rules and ends the other sessions', async () => {
    const other = await t.tokenFor('admin@test.local')
    const current = await t.tokenFor('admin@test.local')
    const weak = await t.request('/v2/auth/password/change', {
      method: 'POST',
      token: current,
      json: { current_password: TEST_PASSWORD, new_password: 'sinmayus1' },
    })
    expect(weak.status).toBe(400)
    expect((await weak.json()).error).toContain(
      'Debe contener al menos una mayúscula, una minúscula y un número',
    )
    const wrongCurrent = await t.request('/v2/auth/password/change', {
      method: 'POST',
      token: current,
      json: { current_password: 'Equivocada1', new_password: 'Nueva12345' },
    })
    expect(wrongCurrent.status).toBe(400)

    const ok = await t.request('/v2/auth/password/change', {
      method: 'POST',
      token: current,
      json: { current_password: TEST_PASSWORD, new_password: 'Nueva12345' },
    })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ message: 'Contraseña modificada exitosamente' })
    expect((await t.request('/v2/auth/me', { token: other })).status).toBe(401)
    expect((await t.request('/v2/auth/me', { token: current })).status).toBe(200)
    await t.tokenFor('admin@test.local', 'Nueva12345')
    // Put it back for the other tests.
    await t.request('/v2/auth/password/change', {
      method: 'POST',
      token: current,
      json: { current_password: 'Nueva12345', new_password: TEST_PASSWORD },
    })
  })

  it('resets a password from the e-mailed link, once, and not after use', async () => {
    const session = await t.tokenFor('member@test.local')
    const response = await t.request('/v2/auth/password/reset/request', {
      method: 'POST',
      json: { email: 'member@test.local' },
    })
    expect(await response.json()).toEqual({
      message: 'Se ha enviado un correo para restablecer su contraseña.',
    })
    const files = readdirSync(path.join(dataDir, 'mail'))
    expect(files).toHaveLength(1)
    const token = linkIn(readFileSync(path.join(dataDir, 'mail', files[0] as string), 'utf8'))

    const confirm = (new_password: string) =>
      t.request('/v2/auth/password/reset/confirm', { method: 'POST', json: { token, new_password } })
    expect((await confirm('Repuesta123')).status).toBe(200)
    expect((await t.request('/v2/auth/me', { token: session })).status).toBe(401)
    await t.tokenFor('member@test.local', 'Repuesta123')
    const again = await confirm('OtraVez123')
    expect(again.status).toBe(400)
    expect((await again.json()).error).toBe(
      'El enlace para restablecer la contraseña no es válido o ya venció.',
    )
    // Only the hash of the reset token is stored.
    const stored = await t.db.selectFrom('password_reset_tokens').select('token_hash').execute()
    expect(stored.map((r) => r.token_hash)).not.toContain(token)
    await t.db
      .updateTable('users')
      .set({
        password_hash: (
          await t.db
            .selectFrom('users')
            .select('password_hash')
            .where('email', '=', 'admin@test.local')
            .executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('email', '=', 'member@test.local')
      .execute()
  })

  it('answers a reset request for an unknown address exactly like a known one, sending nothing', async () => {
    const response = await t.request('/v2/auth/password/reset/request', {
      method: 'POST',
      json: { email: 'nadie@test.local' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      message: 'Se ha enviado un correo para restablecer su contraseña.',
    })
    expect(() => readdirSync(path.join(dataDir, 'mail'))).toThrow()
  })

  it('refuses an expired reset link', async () => {
    await t.request('/v2/auth/password/reset/request', { method: 'POST', json: { email: 'root@test.local' } })
    const file = readdirSync(path.join(dataDir, 'mail'))[0] as string
    const token = linkIn(readFileSync(path.join(dataDir, 'mail', file), 'utf8'))
    await t.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute()
    const response = await t.request('/v2/auth/password/reset/confirm', {
      method: 'POST',
      json: { token, new_password: 'Vencida123' },
    })
    expect(response.status).toBe(400)
  })

  it('rate-limits reset requests per client address', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' }
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const response = await t.request('/v2/auth/password/reset/request', {
        method: 'POST',
        headers,
        json: { email: `x${i}@test.local` },
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
  })
})

describe('reset e-mail through a real SMTP server', () => {
  let t: TestApi
  let smtp: SMTPServer
  const received: string[] = []

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = ''
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8')
        })
        stream.on('end', () => {
          received.push(raw)
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    t = await createTestApi('pglite')
  })
  afterAll(async () => {
    await t.close()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  it('delivers the Spanish reset message with a working link', async () => {
    const { port } = smtp.server.address() as AddressInfo
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
    resetEnvCache()
    resetMailTransport()
    const response = await t.request('/v2/auth/password/reset/request', {
      method: 'POST',
      json: { email: 'admin@test.local' },
    })
    expect(response.status).toBe(200)
    expect(received).toHaveLength(1)
    const raw = received[0] as string
    expect(raw).toMatch(/To: admin@test\.local/)
    expect(raw).toMatch(/Subject: .*Restablecer/)
    const token = linkIn(raw)
    const confirm = await t.request('/v2/auth/password/reset/confirm', {
      method: 'POST',
      json: { token, new_password: 'PorCorreo123' },
    })
    expect(confirm.status).toBe(200)
    await t.tokenFor('admin@test.local', 'PorCorreo123')
  })
})
