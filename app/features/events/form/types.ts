import type { SubmissionResult } from '@conform-to/react'
import type { Event, EventType, GeoItem } from '#contract'

export type EventFormLoaderData = {
  eventType: EventType
  isAdmin: boolean
  event: Event | null
  /** A new event: the groups the person may post as (issue 45), and the one asked for (?group=). */
  groups?: { handle: string; name: string }[]
  group?: string
}

export type EventFormActionData = {
  result: SubmissionResult<string[]>
  /** Photos kept from earlier posts of this form (no JavaScript). */
  staged: { token: string; name: string; type: string }[]
  /** Addresses found for "Search address"; null when no search was made. */
  candidates: GeoItem[] | null
}

/** A form dialog's heading (form-dialog-link.tsx): a text of the eventForm namespace, which comes with the dialog. */
export type FormDialogTitle = 'newEvent' | 'newPlace' | 'editEvent' | 'editPlace'
