import { describe, expect, it } from 'vitest'
import { safeParse } from 'zod/mini'
import { loginFormSchema } from './auth.messages'
import { loginSchema } from './auth.schema'

function messages(input: unknown) {
  const result = loginSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('loginSchema', () => {
  it('acepta un usuario de 2 caracteres y una contraseña de 8', () => {
    expect(loginSchema.parse({ username: 'ab', password: '12345678' })).toEqual({
      username: 'ab',
      password: '12345678',
    })
  })

  it('rechaza un usuario de menos de 2 caracteres', () => {
    expect(messages({ username: 'a', password: '12345678' })).toEqual([
      'El nombre de usuario debe tener al menos 2 caracteres.',
    ])
  })

  it('rechaza una contraseña de menos de 8 caracteres', () => {
    expect(messages({ username: 'ana@campo.com', password: '1234567' })).toEqual([
      'La contraseña debe tener al menos 8 caracteres.',
    ])
  })

  it('informa ambos errores con los campos vacíos', () => {
    expect(messages({ username: '', password: '' })).toEqual([
      'El nombre de usuario debe tener al menos 2 caracteres.',
      'La contraseña debe tener al menos 8 caracteres.',
    ])
  })
})

describe('loginFormSchema (the login page, zod/mini; decision 042)', () => {
  it('agrees with the server schema on every case, messages included', () => {
    const cases = [
      { username: 'ab', password: '12345678' },
      { username: 'a', password: '12345678' },
      { username: 'ana@campo.com', password: '1234567' },
      { username: '', password: '' },
      { username: 5, password: null },
      {},
    ]
    for (const input of cases) {
      const browser = safeParse(loginFormSchema, input)
      const server = loginSchema.safeParse(input)
      expect(browser.success).toBe(server.success)
      expect(browser.data).toEqual(server.data)
      expect(browser.error?.issues.map((issue) => [issue.path, issue.message])).toEqual(
        server.error?.issues.map((issue) => [issue.path, issue.message]),
      )
    }
  })
})
