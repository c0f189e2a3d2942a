// The event form's address: typed, searched (a submit that comes back with candidates as radio buttons, without
// JavaScript; live candidates while typing, with it), and the point chosen on the map or from a candidate.
import type { FieldMetadata } from '@conform-to/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type GeoItem, TIMINGS } from '#contract'
import { EventMap, type LatLon } from '~/components/map/event-map'
import { useHydrated } from '~/components/ui/use-hydrated'
import { Errors, inputClass, Section } from './form-kit'

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

export function AddressFields({
  fields,
  candidatesFromServer,
}: {
  fields: Record<'address' | 'point', FieldMetadata<unknown>>
  /** The address search's answer of a form that came back (without JavaScript). */
  candidatesFromServer: GeoItem[] | null
}) {
  const { t } = useTranslation('eventForm')
  const hydrated = useHydrated()
  const initialAddress = typeof fields.address.initialValue === 'string' ? fields.address.initialValue : ''
  const [point, setPoint] = useState<LatLon | null>(() => parsePoint(fields.point.initialValue))
  const [typedAddress, setTypedAddress] = useState<string | null>(null)
  const liveCandidates = useAddressCandidates(typedAddress)
  const candidates = liveCandidates ?? candidatesFromServer
  return (
    <Section legend={t('address')}>
      <label htmlFor={fields.address.id} className="sr-only">
        {t('address')}
      </label>
      <div className="flex gap-2">
        <input
          id={fields.address.id}
          name={fields.address.name}
          defaultValue={initialAddress}
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
  )
}
