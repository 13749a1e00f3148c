import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT, FREE_FAILURES } from '~/features/auth/auth.server'
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

  it('makes one client wait after repeated failures, briefly, and no other client', async () => {
    const email = 'outsider@test.local'
    const attacker = '203.0.113.40'
    for (let i = 0; i < FREE_FAILURES; i++) {
      const failed = await t.request('/v2/auth/login', {
        method: 'POST',
        address: attacker,
        json: { username: email, password: 'Mala12345' },
      })
      expect(failed.status).toBe(401)
    }
    const blocked = await t.request('/v2/auth/login', {
      method: 'POST',
      address: attacker,
      json: { username: email, password: TEST_PASSWORD },
    })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(30)
    expect((await blocked.json()).error).toMatch(/Demasiados intentos/)
    // Another address is another client: the account is not locked.
    const elsewhere = await t.request('/v2/auth/login', {
      method: 'POST',
      address: '198.51.100.23',
      json: { username: email, password: TEST_PASSWORD },
    })
    expect(elsewhere.status).toBe(200)
    // The wait is short: once it passes, the real password works from there too and the count resets.
    await t.db
      .updateTable('login_throttles')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('key', 'like', 'address:%')
      .execute()
    const after = await t.request('/v2/auth/login', {
      method: 'POST',
      address: attacker,
      json: { username: email, password: TEST_PASSWORD },
    })
    expect(after.status).toBe(200)
    const left = await t.db.selectFrom('login_throttles').select('key').execute()
    expect(left.filter((row) => row.key.includes(attacker))).toEqual([])
  })

  /** Failures from one address, cheaply: FREE_FAILURES wrong passwords, then attempts made to wait. */
  async function failFrom(
    address: string,
    email: string,
    count: number,
    headers?: (i: number) => HeadersInit,
  ) {
    const statuses: number[] = []
    for (let i = 0; i < count; i++) {
      const response = await t.request('/v2/auth/login', {
        method: 'POST',
        address,
        headers: headers?.(i),
        json: { username: email, password: 'Mala12345' },
      })
      statuses.push(response.status)
    }
    return statuses
  }

  it('does not count successful sign-ins against the address', async () => {
    // Issue 15 part 4: an office full of colleagues behind one address, one of them mistyping.
    const address = '192.0.2.77'
    await failFrom(address, 'outsider@test.local', ADDRESS_FAILURE_LIMIT.hits - 1)
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      const response = await t.request('/v2/auth/login', {
        method: 'POST',
        address,
        json: { username: 'member@test.local', password: TEST_PASSWORD },
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([200, 200, 200])
    await t.db.deleteFrom('login_throttles').execute()
  })

  it('limits failures per address whatever X-Forwarded-For the client writes', async () => {
    // Issue 15 part 4: the client writes X-Forwarded-For; a rotating one got 50 of 50 attempts through.
    const address = '192.0.2.88'
    const forged = (i: number) => ({ 'x-forwarded-for': `198.18.0.${i}`, 'x-real-ip': `198.19.0.${i}` })
    const statuses = await failFrom(address, 'outsider@test.local', ADDRESS_FAILURE_LIMIT.hits, forged)
    expect(statuses.slice(0, FREE_FAILURES).every((status) => status === 401)).toBe(true)
    // Now even the right password of another account waits, from this address only.
    const blocked = await t.request('/v2/auth/login', {
      method: 'POST',
      address,
      headers: forged(99),
      json: { username: 'member@test.local', password: TEST_PASSWORD },
    })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    const other = await t.request('/v2/auth/login', {
      method: 'POST',
      address: '192.0.2.89',
      json: { username: 'member@test.local', password: TEST_PASSWORD },
    })
    expect(other.status).toBe(200)
    await t.db.deleteFrom('login_throttles').execute()
  })

  it('keeps the owner signing in from their usual browser while an attacker tries every 15 minutes', async () => {
    // Issue 15 part 5: one wrong password each time the old account lock expired kept the owner out.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      let now = Date.parse('2026-12-01T08:00:00Z')
      vi.setSystemTime(now)
      const email = 'root@test.local'
      const office = '198.51.100.50'
      const first = await t.request('/v2/auth/login', {
        method: 'POST',
        address: office,
        json: { username: email, password: TEST_PASSWORD },
      })
      expect(first.status).toBe(200)
      const device = ((await first.json()) as { device_token?: string }).device_token
      const refused: string[] = []
      const attack = async (address: string, guess: number) => {
        const response = await t.request('/v2/auth/login', {
          method: 'POST',
          address,
          json: { username: email, password: `Adivina${guess}00` },
        })
        expect([401, 429]).toContain(response.status)
      }
      // Five wrong passwords at once, then one every 15 minutes for two hours, by turns from
      // elsewhere and from the owner's own address (a shared office network); the owner signs in
      // half a minute after each.
      for (let i = 0; i < FREE_FAILURES; i++) await attack('203.0.113.99', i)
      for (let i = 0; i < 8; i++) {
        now += 15 * 60_000
        vi.setSystemTime(now)
        await attack(i % 2 ? office : '203.0.113.99', 10 + i)
        vi.setSystemTime(now + 30_000)
        const owner = await t.request('/v2/auth/login', {
          method: 'POST',
          address: office,
          json: { username: email, password: TEST_PASSWORD, device_token: device },
        })
        if (owner.status !== 200) refused.push(`${new Date(now).toISOString()}: ${owner.status}`)
      }
      expect(refused).toEqual([])
      // The attacker did get slowed down: at this rate its address is made to wait.
      const held = await t.db
        .selectFrom('login_throttles')
        .select(['key', 'failures'])
        .where('key', 'like', '%203.0.113.99')
        .executeTakeFirstOrThrow()
      expect(held.failures).toBeGreaterThanOrEqual(FREE_FAILURES)
    } finally {
      vi.useRealTimers()
    }
  }, 180_000)

  it('holds back unknown clients, not known devices, once an account draws many failures', async () => {
    const email = 'admin@test.local'
    const known = await t.request('/v2/auth/login', {
      method: 'POST',
      address: '198.51.100.60',
      json: { username: email, password: TEST_PASSWORD },
    })
    const device = ((await known.json()) as { device_token: string }).device_token
    // A guess from each of many addresses: no single address reaches its own limit.
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT.hits; i++) {
      const guess = await t.request('/v2/auth/login', {
        method: 'POST',
        address: `203.0.113.${100 + i}`,
        json: { username: email, password: `Adivina${i}00` },
      })
      expect(guess.status).toBe(401)
    }
    const unknownClient = await t.request('/v2/auth/login', {
      method: 'POST',
      address: '203.0.113.200',
      json: { username: email, password: TEST_PASSWORD },
    })
    expect(unknownClient.status).toBe(429)
    const owner = await t.request('/v2/auth/login', {
      method: 'POST',
      address: '198.51.100.61',
      json: { username: email, password: TEST_PASSWORD, device_token: device },
    })
    expect(owner.status).toBe(200)
    await t.db.deleteFrom('rate_limits').execute()
  }, 180_000)

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
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const response = await t.request('/v2/auth/password/reset/request', {
        method: 'POST',
        address: '203.0.113.9',
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
