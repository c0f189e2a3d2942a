import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { changePasswordSchema, loginSchema, registrationSchema } from '#contract'
import { errorBody, parseForErrors, zodIssuesToFieldErrors } from '../../api/lib/errors'
import { pickLanguage } from '../../api/lib/i18n'

const fieldErrors = (schema: z.ZodType, value: unknown) => {
  const r = parseForErrors(schema, value)
  return r.success ? {} : zodIssuesToFieldErrors(r.error.issues)
}

describe('validation errors → message codes', () => {
  it('missing, null and blank fields are required (only)', () => {
    expect(fieldErrors(loginSchema, {})).toEqual({ email: ['required'], password: ['required'] })
    expect(fieldErrors(loginSchema, { email: null, password: null })).toEqual({
      email: ['required'],
      password: ['required'],
    })
    expect(
      fieldErrors(registrationSchema, {
        name: '  ',
        lastname: 'x',
        username: 'abcd',
        email: '',
        password: '',
      }),
    ).toEqual({
      name: ['required'],
      email: ['required'],
      password: ['required'],
    })
  })

  it('schema codes stay, zod defaults become invalidValue', () => {
    expect(
      fieldErrors(registrationSchema, {
        name: 'a!',
        lastname: 'x',
        username: 'ab',
        email: 'nope',
        password: '123',
      }),
    ).toEqual({
      name: ['nameMin', 'noSpecialCharacters'],
      username: ['usernameMin'],
      email: ['invalidEmail'],
      password: ['passwordMin'],
    })
    expect(fieldErrors(changePasswordSchema, { oldPassword: 5, password: 'abcdef' })).toEqual({
      oldPassword: ['invalidValue'],
    })
    expect(fieldErrors(loginSchema, 'string')).toEqual({ body: ['invalidValue'] })
  })

  it('errorBody translates codes into en and ru and carries the code beside the text; free text stays', () => {
    expect(errorBody('validationFailed', { name: ['nameMin'] }, 'en')).toEqual({
      message: 'Please check the highlighted fields.',
      errors: { name: ['Must be at least 3 characters!'] },
      code: 'validationFailed',
    })
    expect(errorBody('required', { x: ['required'] }, 'ru')).toEqual({
      message: 'Это поле обязательно!',
      errors: { x: ['Это поле обязательно!'] },
      code: 'required',
    })
    expect(errorBody('Some text', {}, 'ru').message).toBe('Some text')
  })
})

describe('pickLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ru', 'ru'],
    ['ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7', 'ru'],
    ['en-US,en;q=0.9,ru;q=0.8', 'en'],
    ['de-DE,ru;q=0.5', 'ru'],
    ['de, fr', 'en'],
    ['en;q=0.2, ru;q=0.8', 'ru'],
    ['ru;q=0', 'en'],
    [';;;,,q=x', 'en'],
  ])('%j → %s', (header, lang) => {
    expect(pickLanguage(header)).toBe(lang)
  })
})
