// The web's own translate function (app/utils/translate.ts) and the reader's language (app/language.server.ts).
import { describe, expect, it } from 'vitest'
import { preferredLanguage } from '../../app/language.server'
import { addTexts, translate } from '../../app/utils/translate'

addTexts('en', 'common', { nav: { home: 'Home' }, hello: 'Hello, {{name}}!', spaced: '{{ a }}+{{b}}' })
addTexts('en', 'events', { title: 'Events', nav: { home: 'Events home' }, group: { a: 'A', b: 'B' } })
addTexts('en', 'validation', { 'Sentence with a dot. And: colon': 'A whole message as its key' })
addTexts('ru', 'common', { item_one: '{{count}} событие', item_few: '{{count}} события', item_many: '{{count}} событий', item: 'событий: {{count}}' })

describe('translate', () => {
  it('finds dotted keys, in the namespaces in order', () => {
    expect(translate('en', ['common'], 'nav.home')).toBe('Home')
    expect(translate('en', ['events', 'common'], 'nav.home')).toBe('Events home')
    expect(translate('en', ['events', 'common'], 'hello', { name: 'Ann' })).toBe('Hello, Ann!')
  })

  it('a `namespace:` prefix or the `ns` option looks there first', () => {
    expect(translate('en', ['common'], 'events:title')).toBe('Events')
    expect(translate('en', ['common'], 'title', { ns: 'events' })).toBe('Events')
    expect(translate('en', ['events'], 'nav.home', { ns: 'common' })).toBe('Home')
  })

  it('fills placeholders, with or without spaces, and leaves one without a value as it is', () => {
    expect(translate('en', ['common'], 'spaced', { a: 1, b: 0 })).toBe('1+0')
    expect(translate('en', ['common'], 'hello')).toBe('Hello, {{name}}!')
  })

  it('a missing text is the default value (interpolated), else the key without its namespace', () => {
    expect(translate('en', ['common'], 'nope', { defaultValue: 'Fallback {{n}}', n: 2 })).toBe('Fallback 2')
    expect(translate('en', ['common'], 'events:nope.deeper')).toBe('nope.deeper')
    expect(translate('ru', ['events'], 'title')).toBe('title')
  })

  it('returns a group of texts only when asked to', () => {
    expect(translate('en', ['events'], 'group', { returnObjects: true })).toEqual({ a: 'A', b: 'B' })
    expect(translate('en', ['events'], 'group')).toBe('group')
  })

  it('takes a whole message as the key when separators are off', () => {
    const key = 'Sentence with a dot. And: colon'
    expect(translate('en', ['validation'], key, { keySeparator: false, nsSeparator: false })).toBe('A whole message as its key')
    expect(translate('en', ['validation'], 'Not a code. Said as is', { keySeparator: false, nsSeparator: false, defaultValue: 'Not a code. Said as is' })).toBe(
      'Not a code. Said as is',
    )
  })

  it('with a count, uses the language’s plural form when the texts have one', () => {
    expect(translate('ru', ['common'], 'item', { count: 1 })).toBe('1 событие')
    expect(translate('ru', ['common'], 'item', { count: 3 })).toBe('3 события')
    expect(translate('ru', ['common'], 'item', { count: 11 })).toBe('11 событий')
    expect(translate('en', ['common'], 'hello', { count: 2, name: 'Bo' })).toBe('Hello, Bo!')
  })
})

describe('the reader’s language from Accept-Language', () => {
  it('takes the best supported language by quality, then by order, matching regional tags', () => {
    expect(preferredLanguage('ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('ru')
    expect(preferredLanguage('de-DE, en;q=0.5, ru;q=0.4')).toBe('en')
    expect(preferredLanguage('en;q=0.1, ru;q=0.9')).toBe('ru')
    expect(preferredLanguage('EN-gb')).toBe('en')
  })

  it('chooses nothing for unsupported, refused or malformed headers', () => {
    expect(preferredLanguage(null)).toBeNull()
    expect(preferredLanguage('*')).toBeNull()
    expect(preferredLanguage('de, fr;q=0.8')).toBeNull()
    expect(preferredLanguage('ru;q=0, de')).toBeNull()
    expect(preferredLanguage(';;;,,q=abc')).toBeNull()
  })
})
