import { describe, expect, it } from 'vitest'
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
