// The event form's seats and price: each behind a switch; without JavaScript every field shows, with it only
// what the switches turn on.
import type { FieldMetadata } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CURRENCIES } from '#contract'
import { useHydrated } from '~/components/ui/use-hydrated'
import { Errors, inputClass, labelClass, Section } from './form-kit'

type Meta = FieldMetadata<unknown>
const text = (meta: Meta) => (typeof meta.initialValue === 'string' ? meta.initialValue : '')

/** A limit of seats, when switched on. */
export function LimitFields({ fields }: { fields: Record<'limitEnabled' | 'maxParticipants', Meta> }) {
  const { t } = useTranslation('eventForm')
  const hydrated = useHydrated()
  const [limitOn, setLimitOn] = useState(Boolean(fields.limitEnabled.initialValue))
  const show = (on: boolean) => (!hydrated || on ? '' : 'hidden')
  return (
    <Section legend={t('limit')}>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name={fields.limitEnabled.name} defaultChecked={limitOn} onChange={(e) => setLimitOn(e.currentTarget.checked)} />
        {t('limit')}
      </label>
      <div className={`space-y-1 ${show(limitOn)}`}>
        <label htmlFor={fields.maxParticipants.id} className={labelClass}>
          {t('maxParticipants')}
        </label>
        <input id={fields.maxParticipants.id} name={fields.maxParticipants.name} type="number" min={1} inputMode="numeric" defaultValue={text(fields.maxParticipants)} className={`${inputClass} max-w-40`} aria-invalid={fields.maxParticipants.errors ? true : undefined} aria-describedby={fields.maxParticipants.errorId} />
        <Errors meta={fields.maxParticipants} />
      </div>
    </Section>
  )
}

/** A price (an amount, a currency, exact or from/up to) or a donation, when switched on. */
export function PriceFields({ fields }: { fields: Record<'priceEnabled' | 'donation' | 'amount' | 'currency' | 'range', Meta> }) {
  const { t } = useTranslation('eventForm')
  const hydrated = useHydrated()
  const [priceOn, setPriceOn] = useState(Boolean(fields.priceEnabled.initialValue))
  const [donation, setDonation] = useState(Boolean(fields.donation.initialValue))
  const show = (on: boolean) => (!hydrated || on ? '' : 'hidden')
  return (
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
            <input id={fields.amount.id} name={fields.amount.name} type="number" min={0} step="any" defaultValue={text(fields.amount)} className={inputClass} aria-invalid={fields.amount.errors ? true : undefined} aria-describedby={fields.amount.errorId} />
            <Errors meta={fields.amount} />
          </div>
          <div className="space-y-1">
            <label htmlFor={fields.currency.id} className={labelClass}>
              {t('currency')}
            </label>
            <select id={fields.currency.id} name={fields.currency.name} defaultValue={text(fields.currency)} className={inputClass} aria-describedby={fields.currency.errorId}>
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
            <select id={fields.range.id} name={fields.range.name} defaultValue={text(fields.range)} className={inputClass}>
              <option value="">{t('rangeExact')}</option>
              <option value="FROM">{t('rangeFROM')}</option>
              <option value="UPTO">{t('rangeUPTO')}</option>
            </select>
          </div>
        </div>
      </div>
    </Section>
  )
}
