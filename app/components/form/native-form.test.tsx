import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LoginForm } from '~/features/auth/components/login-form'
import { ChangePasswordCard } from '~/features/users/components/change-password-card'
import { useAppForm } from './app-form'

/** A form as the server renders it: what a browser submits before (or without) the page's scripts. */
function serverHtml(element: React.ReactElement) {
  const html = renderToString(element)
  const form = /<form\b[^>]*>/.exec(html)?.[0] ?? ''
  const submit = /<button\b[^>]*type="submit"[^>]*>/.exec(html)?.[0] ?? ''
  return { form, submit }
}

function PlainForm() {
  const form = useAppForm({ defaultValues: { note: '' } })
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="note">{(field) => <field.TextField label="Nota" />}</form.AppField>
        <form.SubmitButton>Guardar</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  )
}

describe('a form submitted by the browser itself', () => {
  it('posts the login to its page, never in the address, and can be sent before hydration', () => {
    const { form, submit } = serverHtml(<LoginForm action="/management/login" />)
    expect(form).toContain('method="post"')
    expect(form).toContain('action="/management/login"')
    expect(submit).not.toContain('disabled')
  })

  it('keeps the password change enabled until the page can tell whether it changed', () => {
    const { form, submit } = serverHtml(
      <ChangePasswordCard onSubmit={async () => {}} action="/management/configuration/user-profile" />,
    )
    expect(form).toContain('method="post"')
    expect(submit).not.toContain('disabled')
  })

  it('posts any other form too, whose unchanged submit stays disabled', () => {
    const { form, submit } = serverHtml(<PlainForm />)
    expect(form).toContain('method="post"')
    expect(form).not.toContain('action=')
    expect(submit).toContain('disabled')
  })
})
