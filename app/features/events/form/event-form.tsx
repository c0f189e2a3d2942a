// The event and place form (SPEC §5), one component for /event/new, /place/new and /event/{id}/edit. A
// real multipart form that works without JavaScript (address search → radio candidates, staged photos);
// JavaScript adds the map click, the debounced address autocomplete, photo previews and live validation
// with the same schema the action uses.
import { getFormProps, useForm, type FieldMetadata } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ACCESS_MODES,
  accessModeOf,
  CATEGORIES,
  CURRENCIES,
  type Event,
  type EventFields,
  type EventWebFields,
  eventWebFormSchema,
  type EventType,
  type GeoItem,
  imageLimit,
  TIMINGS,
  WEEK_DAYS,
} from '#contract'
import { isoToLocalInput, localInputToIso, todayInZone } from '~/features/events/format'
import { LabelledDateTimeField } from '~/components/forms/date-time-field'
import { ErrorList, FormErrors, FormProvider } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import { EventMap, toLatLon, type LatLon } from '~/components/map/event-map'
import { useRootData } from '~/components/layout/use-root-data'
import { useHydrated } from '~/components/ui/use-hydrated'
import { PhotoPicker, usePhotoList } from '~/features/photos/photo-picker'
import { UploadProgress, usePhotoUpload } from '~/features/photos/upload-progress'
import { usePhotoSubmit } from '~/features/photos/use-photo-submit'
import { RepeatFields, ScopeFields } from './repeat-fields'
import type { EventFormActionData } from './types'

const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 aria-[invalid=true]:border-red-600'
const labelClass = 'block text-sm font-medium text-slate-700'

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
    hours: Object.fromEntries(event.hours.map((h) => [h.day, { open: h.open, close: h.close }])),
  }
}

function parsePoint(value: unknown): LatLon | null {
  if (typeof value !== 'string') return null
  const [lat, lon] = value.split(',').map(Number)
  return Number.isFinite(lat) && Number.isFinite(lon) ? [lat!, lon!] : null
}

/** With JavaScript: address candidates while typing, debounced 2000 ms (SPEC §5). */
function useAddressCandidates(typed: string | null) {
  const [candidates, setCandidates] = useState<GeoItem[] | null>(null)
  useEffect(() => {
    const q = typed?.trim()
    if (!q) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      fetch(`/resources/geocode?q=${encodeURIComponent(q)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<GeoItem[]>) : []))
        .then(setCandidates)
        .catch(() => undefined)
    }, TIMINGS.addressSearchDebounceMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [typed])
  return candidates
}

function Errors({ meta }: { meta: FieldMetadata<unknown> }) {
  return <ErrorList id={meta.errorId} errors={meta.errors} />
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {children}
    </fieldset>
  )
}

export function EventForm({
  eventType,
  isAdmin,
  event,
  timeZone,
  actionData,
  action,
  extraFields,
}: {
  eventType: EventType
  isAdmin: boolean
  event: Event | null
  timeZone: string
  actionData: EventFormActionData | undefined
  /** The route that handles the post (the modal posts to the page's route). */
  action?: string
  /** Fields of the form's other users, before the submit button (the console's status selects). */
  extraFields?: ReactNode
}) {
  const { t } = useTranslation('eventForm')
  const { t: te } = useTranslation('events')
  const hydrated = useHydrated()
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
  const [point, setPoint] = useState<LatLon | null>(() => parsePoint(initial?.point))
  const [typedAddress, setTypedAddress] = useState<string | null>(null)
  const liveCandidates = useAddressCandidates(typedAddress)
  const candidates = liveCandidates ?? actionData?.candidates ?? null
  const [limitOn, setLimitOn] = useState(Boolean(initial?.limitEnabled))
  const [priceOn, setPriceOn] = useState(Boolean(initial?.priceEnabled))
  const [donation, setDonation] = useState(Boolean(initial?.donation))
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
  const show = (on: boolean) => (!hydrated || on ? '' : 'hidden')
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

        <Section legend={t('address')}>
          <label htmlFor={fields.address.id} className="sr-only">
            {t('address')}
          </label>
          <div className="flex gap-2">
            <input
              id={fields.address.id}
              name={fields.address.name}
              defaultValue={value('address')}
              onChange={(e) => setTypedAddress(e.currentTarget.value)}
              className={inputClass}
              aria-invalid={fields.address.errors ? true : undefined}
              aria-describedby={fields.address.errorId}
              maxLength={500}
              autoComplete="street-address"
            />
            <button type="submit" name="intent" value="searchAddress" formNoValidate className="shrink-0 rounded-md border border-slate-300 px-3 text-sm hover:bg-slate-50">
              {t('searchAddress')}
            </button>
          </div>
          <Errors meta={fields.address} />
          {candidates ? (
            candidates.length ? (
              <fieldset className="space-y-1">
                <legend className="text-sm font-medium text-slate-700">{t('candidates')}</legend>
                {candidates.slice(0, 8).map((candidate) => {
                  const candidatePoint = `${Number(candidate.lat)},${Number(candidate.lon)}`
                  return (
                    <label key={candidatePoint + candidate.display_name} className="flex items-start gap-2 text-sm">
                      <input
                        type="radio"
                        name="candidate"
                        value={candidatePoint}
                        checked={hydrated ? point?.join(',') === candidatePoint : undefined}
                        onChange={() => setPoint(parsePoint(candidatePoint))}
                        className="mt-1"
                      />
                      <span>{candidate.display_name}</span>
                    </label>
                  )
                })}
              </fieldset>
            ) : (
              <p className="text-sm text-slate-600">{t('noCandidates')}</p>
            )
          ) : null}
          <input type="hidden" name={fields.point.name} value={point ? point.join(',') : ''} />
          <EventMap
            label={t('point')}
            center={point ?? [44.80401, 20.46513]}
            picked={point}
            onPick={setPoint}
            fallback={t('mapNeedsJs')}
          />
          <p className="text-xs text-slate-500" aria-live="polite">
            {point ? t('pointChosen', { lat: point[0].toFixed(5), lon: point[1].toFixed(5) }) : t('pointNone')}
            {hydrated ? ` ${t('mapHint')}` : null}
          </p>
          <Errors meta={fields.point} />
        </Section>

        {isPlace ? null : (
          <Section legend={t('limit')}>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={fields.limitEnabled.name} defaultChecked={limitOn} onChange={(e) => setLimitOn(e.currentTarget.checked)} />
              {t('limit')}
            </label>
            <div className={`space-y-1 ${show(limitOn)}`}>
              <label htmlFor={fields.maxParticipants.id} className={labelClass}>
                {t('maxParticipants')}
              </label>
              <input id={fields.maxParticipants.id} name={fields.maxParticipants.name} type="number" min={1} inputMode="numeric" defaultValue={value('maxParticipants')} className={`${inputClass} max-w-40`} aria-invalid={fields.maxParticipants.errors ? true : undefined} aria-describedby={fields.maxParticipants.errorId} />
              <Errors meta={fields.maxParticipants} />
            </div>
          </Section>
        )}

        <Section legend={t('price')}>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={fields.priceEnabled.name} defaultChecked={priceOn} onChange={(e) => setPriceOn(e.currentTarget.checked)} />
            {t('price')}
          </label>
          <div className={`space-y-2 ${show(priceOn)}`}>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={fields.donation.name} defaultChecked={donation} onChange={(e) => setDonation(e.currentTarget.checked)} />
              {t('donation')}
            </label>
            <div className={`grid gap-2 sm:grid-cols-3 ${show(!donation)}`}>
              <div className="space-y-1">
                <label htmlFor={fields.amount.id} className={labelClass}>
                  {t('amount')}
                </label>
                <input id={fields.amount.id} name={fields.amount.name} type="number" min={0} step="any" defaultValue={value('amount')} className={inputClass} aria-invalid={fields.amount.errors ? true : undefined} aria-describedby={fields.amount.errorId} />
                <Errors meta={fields.amount} />
              </div>
              <div className="space-y-1">
                <label htmlFor={fields.currency.id} className={labelClass}>
                  {t('currency')}
                </label>
                <select id={fields.currency.id} name={fields.currency.name} defaultValue={value('currency')} className={inputClass} aria-describedby={fields.currency.errorId}>
                  <option value="">—</option>
                  {CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
                <Errors meta={fields.currency} />
              </div>
              <div className="space-y-1">
                <label htmlFor={fields.range.id} className={labelClass}>
                  {t('range')}
                </label>
                <select id={fields.range.id} name={fields.range.name} defaultValue={value('range')} className={inputClass}>
                  <option value="">{t('rangeExact')}</option>
                  <option value="FROM">{t('rangeFROM')}</option>
                  <option value="UPTO">{t('rangeUPTO')}</option>
                </select>
              </div>
            </div>
          </div>
        </Section>

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

        <Section legend={t('photos')}>
          {event?.images.length ? (
            <div>
              <p className="mb-1 text-sm font-medium text-slate-700">{t('currentPhotos')}</p>
              <ul className="flex flex-wrap gap-2">
                {event.images.map((image) => (
                  <li key={image._id} className="w-28 space-y-1 text-center">
                    <img src={image.thumbnailUrl} alt="" width={112} height={80} className="h-20 w-28 rounded object-cover" />
                    <button type="submit" name="intent" value={`removePhoto:${image.name}`} formNoValidate className="text-xs text-red-700 underline">
                      {t('removePhoto')}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {staged.length ? (
            <div>
              <p className="mb-1 text-sm font-medium text-slate-700">{t('attached')}</p>
              <ul className="space-y-1 text-sm">
                {staged.map((photo) => (
                  <li key={photo.token} className="flex items-center gap-2" data-testid="staged-photo">
                    <span>{photo.name}</span>
                    <label className="flex items-center gap-1 text-xs text-slate-600">
                      <input type="checkbox" name="unstage" value={photo.token} />
                      {t('removeAttached', { name: photo.name })}
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <PhotoPicker
            list={photoList}
            id={`${form.id}-files`}
            name={fields.files.name}
            label={t('photos')}
            hint={t('photosHint', { count: limit })}
            limit={limit}
            errorId={fields.files.errorId}
            serverErrors={fields.files.errors}
          >
            <UploadProgress upload={upload} />
          </PhotoPicker>
        </Section>

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
  data: { eventType: EventType; isAdmin: boolean; event: Event | null }
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
