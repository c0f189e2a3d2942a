// The organizer's "Message to everyone" (issue 45): a drawer over the event page, a page of its own without
// JavaScript. Checked on the server only (message.server.ts): the page ships no validation code for it.
import { getFormProps, useForm } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { EVENT_MESSAGES } from '#contract'
import { CheckboxField, FormErrors, FormProvider, TextareaField } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import { UrlModal } from '~/components/ui/url-modal'
import type { FormActionData } from '~/utils/submission.server'
import type { messageLoader } from './message.server'

export function MessageDrawer({
  target,
  actionData,
}: {
  target: Awaited<ReturnType<typeof messageLoader>>
  actionData: FormActionData | undefined
}) {
  const { t } = useTranslation('eventPage')
  const [form, fields] = useForm<{ body: string; toWaiting: boolean }>({ id: 'event-message', lastResult: actionData?.result })
  return (
    <UrlModal
      title={t('messages.sendTitle', { title: target.title })}
      closeTo={target.closeTo}
      closeLabel={t('changes.close')}
      variant="drawer"
      testId="message-drawer"
    >
      <p className="mb-4 text-sm text-slate-600">{t('messages.sendIntro', { count: target.participantsCount })}</p>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormErrors formId={form.id} />
          <TextareaField
            meta={fields.body}
            label={t('messages.body')}
            description={t('messages.bodyHint', { count: EVENT_MESSAGES.maxLength, perDay: EVENT_MESSAGES.perDay })}
            textareaProps={{ rows: 4, maxLength: EVENT_MESSAGES.maxLength, required: true }}
          />
          {target.waitlistCount > 0 ? (
            <CheckboxField meta={fields.toWaiting} label={t('messages.toWaiting', { count: target.waitlistCount })} />
          ) : null}
          <div className="flex justify-end">
            <SubmitButton>{t('messages.send')}</SubmitButton>
          </div>
        </Form>
      </FormProvider>
    </UrlModal>
  )
}
