// The two halves of the message texts (decision 044): a browser loads only the half its own code can show, so
// every code the web's code or a form's schema writes out must be in that half, and the halves must not overlap.
// (Codes that arrive as data, e.g. an API refusal's code on the error page, come with their text: api-refusals.)
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import apiEn from '../../contract/api-messages-en'
import apiRu from '../../contract/api-messages-ru'
import { messages, webMessages } from '../../contract/messages'
import { resources } from '../../app/locales/resources.server'

const root = join(import.meta.dirname, '../..')

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(root, path)).isDirectory()) return path === 'app/locales' ? [] : sources(path)
    return /\.tsx?$/.test(name) && !/messages-(en|ru)\.ts$/.test(name) ? [path] : []
  })
}

describe('message texts in two halves', () => {
  it('no code is in both halves, and together they are every text, in both languages', () => {
    for (const language of ['en', 'ru'] as const) {
      const web = Object.keys(webMessages[language])
      const api = Object.keys(language === 'en' ? apiEn : apiRu)
      expect(web.filter((code) => api.includes(code)), language).toEqual([])
      expect([...web, ...api].sort()).toEqual(Object.keys(messages[language]).sort())
    }
  })

  it('every code the web or the contract’s schemas name is in the half the browser loads', () => {
    const onlyTheApi = Object.keys(apiEn)
    const named: string[] = []
    for (const file of [...sources('app'), ...sources('contract')]) {
      const text = readFileSync(join(root, file), 'utf8')
      for (const code of onlyTheApi)
        if (new RegExp(`['"\`](validation:)?${code}['"\`]`).test(text)) named.push(`${file}: ${code}`)
    }
    expect(named).toEqual([])
  })

  it('the API’s half has every text in Russian too, none empty, with the placeholders of English', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
    for (const [code, text] of Object.entries(apiEn)) {
      const ru = (apiRu as Record<string, string>)[code]
      expect(text.trim(), code).not.toBe('')
      expect(ru?.trim(), code).toBeTruthy()
      expect(placeholders(ru!), code).toEqual(placeholders(text))
    }
  })

  it('the web’s validation namespace is that half, on the server as in the browser', () => {
    expect(resources.en.validation).toBe(webMessages.en)
    expect(resources.ru.validation).toBe(webMessages.ru)
    expect(Object.keys(webMessages.en)).toContain('required')
    expect(Object.keys(webMessages.en)).not.toContain('notifyFollow')
  })
})
