import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '~/features/auth/password.server'
import type { DatabaseHandle } from '../database.server'
import { createTestDatabase, testEngines } from '../testing.server'
import { createSuperAdmin, InvalidUserInput, validateSuperAdmin } from './superadmin.server'

describe('validateSuperAdmin', () => {
  it('applies the password rules of the spec with its messages', () => {
    const base = { email: 'ana@campo.com.ar', name: 'Ana', surname: 'Pérez' }
    expect(validateSuperAdmin({ ...base, password: 'Campo2026' }).ok).toBe(true)
    expect(validateSuperAdmin({ ...base, password: 'Ca1' })).toMatchObject({
      ok: false,
      errors: ['La nueva contraseña debe tener al menos 8 caracteres'],
    })
    expect(validateSuperAdmin({ ...base, password: 'campo2026' })).toMatchObject({
      ok: false,
      errors: ['Debe contener al menos una mayúscula, una minúscula y un número'],
    })
    expect(validateSuperAdmin({ ...base, email: 'ana', password: 'Campo2026' })).toMatchObject({
      ok: false,
      errors: ['Ingrese un correo electrónico válido'],
    })
    expect(validateSuperAdmin({ ...base, name: ' ', password: 'Campo2026' })).toMatchObject({
      ok: false,
      errors: ['El nombre es obligatorio.'],
    })
  })
})

describe.each(testEngines())('createSuperAdmin on %s', (engine) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await createTestDatabase(engine)
  })
  afterAll(() => handle?.close())

  it('creates a superadmin whose password verifies', async () => {
    const user = await createSuperAdmin(handle.db, {
      email: 'Graciela@Campo.com.ar',
      name: 'Graciela',
      surname: 'Ortiz',
      password: 'Campo2026',
    })
    const row = await handle.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      name: 'Graciela',
      surname: 'Ortiz',
      is_super_admin: true,
      must_change_password: false,
    })
    expect(await verifyPassword('Campo2026', row.password_hash)).toBe(true)
  })

  it('refuses an e-mail already taken, whatever its case', async () => {
    const attempt = createSuperAdmin(handle.db, {
      email: 'graciela@campo.com.ar',
      name: 'Otra',
      surname: '',
      password: 'Campo2026',
    })
    await expect(attempt).rejects.toBeInstanceOf(InvalidUserInput)
    await expect(attempt).rejects.toThrow('Ya existe un usuario con el correo graciela@campo.com.ar.')
  })

  it('refuses a weak password', async () => {
    await expect(
      createSuperAdmin(handle.db, { email: 'b@campo.com.ar', name: 'B', surname: '', password: 'debil' }),
    ).rejects.toThrow('al menos 8 caracteres')
  })
})
