// What the fediverse hears of an event online and of its accessibility (issue 43): that it is online, in words, and
// never the link to take part; its accessibility features and note, in words (no vocabulary has properties for them).
import { describe, expect, it } from 'vitest'
import { eventContent, eventSummary, type FederatedEventRow } from '../../api/federation/objects'

const row = (attendance_mode: string): FederatedEventRow => ({
  id: 'e1',
  title: 'River talk',
  description: 'A talk about the river.',
  event_type: 'EVENT',
  access_type: 'COMMON',
  start_date: '2030-05-01T17:00:00.000Z',
  end_date: null,
  address: 'Knez Mihailova 1, Belgrade',
  lat: 44.8,
  lon: 20.46,
  price_donation: 0,
  price_amount: null,
  price_currency: null,
  price_range: null,
  posted_by: 'u1',
  group_id: null,
  group_active: false,
  moderation_status: 'APPROVED',
  post_status: 'ACTIVE',
  cancelled_at: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  attendance_mode,
  accessibility: 'stepFree,hearingLoop',
  accessibility_note: 'The lift is at the back.',
  categories: [],
  images: [],
  language: 'en',
})

describe('an event online on the fediverse', () => {
  it('says "Online" where an event in person says its address', () => {
    expect(eventSummary(row('ONLINE'), 'en', 'UTC')).toContain('Where: Online')
    expect(eventSummary(row('ONLINE'), 'en', 'UTC')).not.toContain('Knez Mihailova')
    expect(eventSummary(row('HYBRID'), 'ru', 'UTC')).toContain('Где: Knez Mihailova 1, Belgrade · Очно и онлайн')
    expect(eventSummary(row('IN_PERSON'), 'en', 'UTC')).toContain('Where: Knez Mihailova 1, Belgrade')
    // Accessibility (no fediverse vocabulary has it): in words, in the organizer's language.
    expect(eventSummary(row('IN_PERSON'), 'en', 'UTC')).toContain('Accessibility: step-free entrance, hearing loop. The lift is at the back.')
    expect(eventSummary(row('IN_PERSON'), 'ru', 'UTC')).toContain('Доступность: вход без ступенек, индукционная петля.')
    expect(eventContent(row('ONLINE'), 'https://web.test/event/e1', 'en', 'UTC')).toContain('<p>Where: Online</p>')
  })
})
