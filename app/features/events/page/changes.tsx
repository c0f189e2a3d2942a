// The organizer's "Cancel event" and "Move" forms: drawers over the event page (pages of their own without
// JavaScript). Checked on the server by the contract's schemas (the API's own rules and messages); the page
// ships no validation code for them, and a refused post comes back with every typed value kept.
import { getFormProps, useForm } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { EVENT_LIMITS } from '#contract'
import { LabelledDateTimeField } from '~/components/forms/date-time-field'
import { FormErrors, FormProvider, TextareaField } from '~/components/forms/field'
import type { FormActionData } from '~/utils/submission.server'
import { SubmitButton } from '~/components/forms/submit-button'
import { UrlModal } from '~/components/ui/url-modal'
import { useTranslation } from 'react-i18next'

type ChangeTarget = {
  title: string
  closeTo: string
  startDate: string
  endDate: string
  minDate: string
  /** The zone the times are in (TIME_ZONE). */
  timeZone: string
  inSeries?: boolean
}

export function CancelEventDrawer({
  target,
  actionData,
}: {
  target: ChangeTarget
  actionData: FormActionData | undefined
}) {
  const { t } = useTranslation('eventPage')
  const [form, fields] = useForm<{ message: string; scope: string }>({ id: 'cancel-event', lastResult: actionData?.result })
  return (
    <UrlModal
      title={t('changes.cancelTitle', { title: target.title })}
      closeTo={target.closeTo}
      closeLabel={t('changes.close')}
      variant="drawer"
      testId="cancel-drawer"
    >
      <p className="mb-4 text-sm text-slate-600">{t('changes.cancelIntro')}</p>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormErrors formId={form.id} />
          <TextareaField
            meta={fields.message}
            label={t('changes.message')}
            textareaProps={{
              rows: 4,
              maxLength: EVENT_LIMITS.cancelMessageMax,
              'aria-description': t('changes.messageHint', { count: EVENT_LIMITS.cancelMessageMax }),
            }}
          />
          {target.inSeries ? (
            <fieldset className="space-y-1" data-testid="cancel-scope">
              <legend className="text-sm font-medium text-slate-700">{t('changes.cancelScope.legend')}</legend>
              {(['this', 'series'] as const).map((scope) => (
                <label key={scope} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="scope" value={scope} defaultChecked={scope === (fields.scope.initialValue === 'series' ? 'series' : 'this')} />
                  {t(`changes.cancelScope.${scope}`)}
                </label>
              ))}
            </fieldset>
          ) : null}
          <div className="flex justify-end">
            <SubmitButton className="bg-red-600 hover:bg-red-700">{t('changes.cancelSubmit')}</SubmitButton>
          </div>
        </Form>
      </FormProvider>
    </UrlModal>
  )
}

export function RescheduleDrawer({
  target,
  actionData,
}: {
  target: ChangeTarget
  actionData: FormActionData | undefined
}) {
  const { t } = useTranslation('eventPage')
  const { t: tf } = useTranslation('eventForm')
  const [form, fields] = useForm<{ startDate: string; endDate: string }>({
    id: 'reschedule-event',
    lastResult: actionData?.result,
    defaultValue: { startDate: target.startDate, endDate: target.endDate },
  })
  return (
    <UrlModal
      title={t('changes.rescheduleTitle', { title: target.title })}
      closeTo={target.closeTo}
      closeLabel={t('changes.close')}
      variant="drawer"
      testId="reschedule-drawer"
    >
      <p className="mb-4 text-sm text-slate-600">{t('changes.rescheduleIntro')}</p>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormErrors formId={form.id} />
          {(
            [
              [fields.startDate, t('changes.start'), tf('startTime')],
              [fields.endDate, t('changes.end'), tf('endTime')],
            ] as const
          ).map(([meta, label, timeLabel]) => (
            <LabelledDateTimeField
              key={meta.name}
              meta={meta}
              label={label}
              timeLabel={timeLabel}
              today={target.minDate.slice(0, 10)}
              zoneId="reschedule-zone"
            />
          ))}
          <p id="reschedule-zone" className="text-xs text-slate-500">
            {tf('timesIn', { zone: target.timeZone })}
          </p>
          <div className="flex justify-end">
            <SubmitButton>{t('changes.rescheduleSubmit')}</SubmitButton>
          </div>
        </Form>
      </FormProvider>
    </UrlModal>
  )
}
