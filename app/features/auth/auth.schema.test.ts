import { describe, expect, it } from 'vitest'
import { loginFormErrors } from './auth.messages'
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

describe('loginFormErrors (the login page, without zod; decisions 042, 046)', () => {
  it('agrees with the server schema on every case, messages included', () => {
    // The form holds text only: what else reaches the server is the server's to refuse.
    const cases = [
      { username: 'ab', password: '12345678' },
      { username: 'a', password: '12345678' },
      { username: 'ana@campo.com', password: '1234567' },
      { username: '', password: '' },
      { username: ' ', password: '        ' },
      { username: 'ñ', password: 'contraseñ' },
    ]
    for (const input of cases) {
      const server = loginSchema.safeParse(input)
      const serverErrors = Object.fromEntries(
        (server.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
      )
      expect(loginFormErrors(input)).toEqual(serverErrors)
    }
  })
})
