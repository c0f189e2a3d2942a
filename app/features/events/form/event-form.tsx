// The event and place form (SPEC §5), one component for /event/new, /place/new and /event/{id}/edit. A
// real multipart form that works without JavaScript (address search → radio candidates, staged photos);
// JavaScript adds the map click, the debounced address autocomplete, photo previews and live validation
// with the same schema the action uses.
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ACCESS_MODES,
  accessModeOf,
  CATEGORIES,
  type Event,
  type EventFields,
  type EventWebFields,
  eventWebFormSchema,
  type EventType,
  imageLimit,
  WEEK_DAYS,
} from '#contract'
import { isoToLocalInput, localInputToIso, todayInZone } from '~/features/events/format'
import { LabelledDateTimeField } from '~/components/forms/date-time-field'
import { FormErrors, FormProvider } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import { toLatLon } from '~/components/map/event-map'
import { useRootData } from '~/components/layout/use-root-data'
import { usePhotoList } from '~/features/photos/photo-picker'
import { usePhotoUpload } from '~/features/photos/upload-progress'
import { usePhotoSubmit } from '~/features/photos/use-photo-submit'
import { AccessibilityFields } from './accessibility-fields'
import { AddressFields } from './address-fields'
import { Errors, inputClass, labelClass, Section } from './form-kit'
import { OnlineFields } from './online-fields'
import { PostAsField } from './post-as-field'
import { PhotoFields } from './photo-fields'
import { LimitFields, PriceFields } from './price-fields'
import { RepeatFields, ScopeFields } from './repeat-fields'
import type { EventFormActionData, EventFormLoaderData } from './types'

function defaultsOf(event: Event | null, timeZone: string): Record<string, unknown> | undefined {
  if (!event) return undefined
  const point = toLatLon(event.coordinates)
  return {
    title: event.title,
    description: event.description ?? '',
    accessType: accessModeOf(event),
    startDate: isoToLocalInput(event.startDate, timeZone),
    endDate: isoToLocalInput(event.endDate, timeZone),
    address: event.address ?? '',
    point: point ? `${point[0]},${point[1]}` : '',
    limitEnabled: event.maxParticipants ? 'on' : undefined,
    maxParticipants: event.maxParticipants ? String(event.maxParticipants) : '',
    priceEnabled: event.price ? 'on' : undefined,
    donation: event.price?.donation ? 'on' : undefined,
    amount: event.price?.amount != null ? String(event.price.amount) : '',
    currency: event.price?.currency ?? '',
    range: event.price?.range ?? '',
    categories: event.categories,
    channelLink: event.channelLink ?? '',
    attendanceMode: event.attendanceMode,
    onlineUrl: event.onlineUrl ?? '',
    onlineUrlPublic: event.onlineUrlPublic ? 'on' : undefined,
    accessibility: event.accessibility,
    accessibilityNote: event.accessibilityNote ?? '',
    hours: Object.fromEntries(event.hours.map((h) => [h.day, { open: h.open, close: h.close }])),
  }
}

export function EventForm({
  eventType,
  isAdmin,
  event,
  timeZone,
  actionData,
  action,
  extraFields,
  groups,
  group,
}: {
  eventType: EventType
  isAdmin: boolean
  event: Event | null
  /** A new event: the groups it may be posted as, and the one preselected (issue 45). */
  groups?: { handle: string; name: string }[]
  group?: string
  timeZone: string
  actionData: EventFormActionData | undefined
  /** The route that handles the post (the modal posts to the page's route). */
  action?: string
  /** Fields of the form's other users, before the submit button (the console's status selects). */
  extraFields?: ReactNode
}) {
  const { t } = useTranslation('eventForm')
  const { t: te } = useTranslation('events')
  const isPlace = eventType === 'PLACE'
  const schema = useMemo(
    () =>
      eventWebFormSchema({
        eventType,
        isAdmin,
        existingStartDate: event?.startDate ?? null,
        existingEndDate: event?.endDate ?? null,
        existingPhotos: event?.images.length ?? 0,
        lockedAccessType: event?.accessType,
        toIso: (local) => localInputToIso(local, timeZone),
      }),
    [eventType, isAdmin, event, timeZone],
  )
  const [form, fields] = useForm<EventWebFields, EventFields>({
    lastResult: actionData?.result,
    defaultValue: defaultsOf(event, timeZone) as EventWebFields | undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })

  const initial = form.initialValue as Record<string, unknown> | undefined
  const staged = actionData?.staged ?? []
  const limit = imageLimit(eventType)
  // With JavaScript: photos shrunk and checked as they are chosen, then sent ahead of the form with progress.
  const photoList = usePhotoList(limit - (event?.images.length ?? 0) - staged.length)
  const upload = usePhotoUpload()
  const formProps = getFormProps(form)
  const onSubmit = usePhotoSubmit({ list: photoList, upload, filesName: fields.files.name, stagedName: fields.staged.name, action, check: formProps.onSubmit })
  const today = todayInZone(timeZone)
  const selectedCategories = new Set(
    Array.isArray(initial?.categories) ? (initial.categories as string[]) : initial?.categories ? [String(initial.categories)] : [],
  )
  const hours = (initial?.hours ?? {}) as Record<string, { open?: string; close?: string } | undefined>
  const value = (name: string) => (typeof initial?.[name] === 'string' ? (initial[name] as string) : '')

  return (
    <FormProvider context={form.context}>
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        {...formProps}
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
        data-testid="event-form"
      >
        <FormErrors formId={form.id} />
        {staged.map((photo) => (
          <input key={photo.token} type="hidden" name={fields.staged.name} value={photo.token} />
        ))}

        {!event && groups?.length ? <PostAsField meta={fields.group} groups={groups} initial={value('group') || group || ''} /> : null}
        <div className="space-y-1">
          <label htmlFor={fields.title.id} className={labelClass}>
            {t('title')}
          </label>
          <input id={fields.title.id} name={fields.title.name} defaultValue={value('title')} className={inputClass} aria-invalid={fields.title.errors ? true : undefined} aria-describedby={fields.title.errorId} maxLength={200} />
          <Errors meta={fields.title} />
        </div>
        <div className="space-y-1">
          <label htmlFor={fields.description.id} className={labelClass}>
            {t('description')}
          </label>
          <textarea id={fields.description.id} name={fields.description.name} defaultValue={value('description')} rows={4} className={inputClass} aria-invalid={fields.description.errors ? true : undefined} aria-describedby={fields.description.errorId} maxLength={5000} />
          <Errors meta={fields.description} />
        </div>

        {isPlace ? null : (
          <div className="space-y-1">
            <label htmlFor={fields.accessType.id} className={labelClass}>
              {t('accessType')}
            </label>
            <select
              id={fields.accessType.id}
              name={event ? undefined : fields.accessType.name}
              defaultValue={value('accessType') || 'COMMON'}
              disabled={Boolean(event)}
              className={inputClass}
              aria-describedby={`${fields.accessType.errorId} access-info`}
            >
              {ACCESS_MODES.map((type) => (
                <option key={type} value={type}>
                  {te(`accessType.${type}`)} — {te(`accessInfo.${type}`)}
                </option>
              ))}
            </select>
            {event ? <p id="access-info" className="text-xs text-slate-500">{t('accessLocked')}</p> : null}
            <Errors meta={fields.accessType} />
          </div>
        )}

        {isPlace ? null : (
          <div className="grid gap-3 sm:grid-cols-2">
            <LabelledDateTimeField
              meta={fields.startDate}
              label={isAdmin ? t('startOptional') : t('startDate')}
              timeLabel={t('startTime')}
              today={today}
              zoneId={`${form.id}-zone`}
            />
            <LabelledDateTimeField meta={fields.endDate} label={t('endDate')} timeLabel={t('endTime')} today={today} zoneId={`${form.id}-zone`} />
            <p id={`${form.id}-zone`} className="text-xs text-slate-500 sm:col-span-2">
              {t('timesIn', { zone: timeZone })}
            </p>
          </div>
        )}
        {/* A new event may repeat; a date of a series is edited alone or with the following ones (decision 041). */}
        {!isPlace && !event ? <RepeatFields fields={fields} /> : null}
        {event?.series ? <ScopeFields name={fields.scope.name} initial={fields.scope.initialValue} /> : null}

        {isPlace ? null : <OnlineFields fields={fields} />}

        <AddressFields fields={fields} candidatesFromServer={actionData?.candidates ?? null} />

        {isPlace ? null : <LimitFields fields={fields} />}

        <PriceFields fields={fields} />

        <AccessibilityFields fields={fields} />

        <Section legend={t('categories')}>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {CATEGORIES.map((category) => (
              <label key={category} className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" name={fields.categories.name} value={category} defaultChecked={selectedCategories.has(category)} />
                {te(`categories.${category}`)}
              </label>
            ))}
          </div>
          <Errors meta={fields.categories} />
        </Section>

        {isPlace || isAdmin ? (
          <div className="space-y-1">
            <label htmlFor={fields.channelLink.id} className={labelClass}>
              {t('channelLink')}
            </label>
            <input id={fields.channelLink.id} name={fields.channelLink.name} type="url" defaultValue={value('channelLink')} placeholder="https://t.me/…" className={inputClass} aria-invalid={fields.channelLink.errors ? true : undefined} aria-describedby={fields.channelLink.errorId} />
            <Errors meta={fields.channelLink} />
          </div>
        ) : null}

        {isPlace ? (
          <Section legend={t('hours')}>
            <p className="text-xs text-slate-500">{t('hoursHint')}</p>
            <div className="grid gap-2">
              {WEEK_DAYS.map((day) => (
                <div key={day} className="grid grid-cols-[7rem_1fr_1fr] items-center gap-2 text-sm">
                  <span>{t(`days.${day}`)}</span>
                  <input type="time" name={`hours.${day}.open`} aria-label={`${t(`days.${day}`)}: ${t('open')}`} defaultValue={hours[day]?.open ?? ''} className={inputClass} />
                  <input type="time" name={`hours.${day}.close`} aria-label={`${t(`days.${day}`)}: ${t('close')}`} defaultValue={hours[day]?.close ?? ''} className={inputClass} />
                </div>
              ))}
            </div>
            <Errors meta={fields.hours} />
          </Section>
        ) : null}

        <PhotoFields
          existing={event?.images ?? []}
          staged={staged}
          list={photoList}
          upload={upload}
          id={`${form.id}-files`}
          meta={fields.files}
          limit={limit}
        />

        {extraFields}
        <div className="flex justify-end gap-2">
          <SubmitButton name="intent" value="submit">
            {event ? t('save') : t('create')}
          </SubmitButton>
        </div>
      </Form>
    </FormProvider>
  )
}

/** The page around the form: heading and the form with the route's loader and action data. */
export function EventFormPage({
  heading,
  data,
  actionData,
}: {
  heading: string
  data: EventFormLoaderData
  actionData: EventFormActionData | undefined
}) {
  const root = useRootData()
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold tracking-tight">{heading}</h1>
      <EventForm {...data} timeZone={root?.ENV.TIME_ZONE ?? 'UTC'} actionData={actionData} />
    </section>
  )
}
