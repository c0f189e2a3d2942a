// The report form (a side drawer over the event page, profile or group page; a page of its own without JavaScript):
// the reasons as radio buttons and the details field, checked by the contract's schema on both sides.
import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { REPORT_LIMITS, REPORT_REASONS, reportSchema, type ReportTargetType } from '#contract'
import { ErrorList, FormErrors, FormProvider } from '~/components/forms/field'
import type { FormActionData } from '~/utils/submission.server'
import { SubmitButton } from '~/components/forms/submit-button'
import { UrlModal } from '~/components/ui/url-modal'

export function ReportDrawer({
  target,
  name,
  closeTo,
  actionData,
}: {
  target: { type: ReportTargetType; id: string }
  name: string
  closeTo: string
  actionData: FormActionData | undefined
}) {
  const { t } = useTranslation('report')
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { targetType: target.type, targetId: target.id },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportSchema }),
  })
  const title = t(target.type === 'POST' ? 'titlePost' : target.type === 'GROUP' ? 'titleGroup' : 'titleUser', { name })
  const chosen = fields.reason.initialValue
  return (
    <UrlModal title={title} closeTo={closeTo} closeLabel={t('close')} variant="drawer" testId="report-drawer">
      <p className="mb-4 text-sm text-slate-600">{t('intro')}</p>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
          <FormErrors formId={form.id} />
          <input type="hidden" name={fields.targetType.name} value={target.type} />
          <input type="hidden" name={fields.targetId.name} value={target.id} />
          <fieldset aria-describedby={fields.reason.errorId} className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">{t('reason')}</legend>
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name={fields.reason.name} value={reason} defaultChecked={chosen === reason} className="h-4 w-4" />
                {t(`reasons.${reason}`)}
              </label>
            ))}
            <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
          </fieldset>
          <div className="space-y-1">
            <label htmlFor={fields.details.id} className="block text-sm font-medium text-slate-700">
              {t('details')}
            </label>
            <textarea
              {...getTextareaProps(fields.details, { ariaDescribedBy: `${fields.details.id}-hint` })}
              key={fields.details.key}
              rows={4}
              maxLength={REPORT_LIMITS.detailsMax}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
            <p id={`${fields.details.id}-hint`} className="text-xs text-slate-500">
              {t('detailsHint')}
            </p>
            <ErrorList id={fields.details.errorId} errors={fields.details.errors} />
          </div>
          <div className="flex justify-end">
            <SubmitButton>{t('submit')}</SubmitButton>
          </div>
        </Form>
      </FormProvider>
    </UrlModal>
  )
}
