// /event/{id}/checkin: the door (issue 45). The organizer types the code a participant shows (or opens this page by
// scanning its QR code with the phone's camera: the code comes filled in), or ticks a name; who came is marked, and a
// mistake is undone. Plain forms, one column on a 360 px phone, a small page for a slow line.
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ActionToast } from '~/components/forms/action-toast'
import { ErrorList, FormErrors, FormProvider } from '~/components/forms/field'
import { inputClass } from '~/components/forms/input-class'
import { SubmitButton } from '~/components/forms/submit-button'
import { useRootData } from '~/components/layout/use-root-data'
import { formatTimeOfDay } from '#contract'
import { personName } from '~/features/events/page/meta'
import type { FormActionData } from '~/utils/submission.server'
import { CameraScan } from './camera-scan'
import type { loadDoor } from './roster.server'

export function DoorScreen() {
  const { t } = useTranslation('eventDay')
  const { roster, code } = useLoaderData<typeof loadDoor>()
  const actionData = useActionData<FormActionData>()
  const timeZone = useRootData()?.ENV.TIME_ZONE ?? 'UTC'
  const [form, fields] = useForm({
    id: 'checkin-code',
    lastResult: actionData?.result?.initialValue?.intent === 'code' ? actionData.result : undefined,
    defaultValue: { code },
    // Checked on the server only (roster.server.ts, the contract's checkinIntentSchema): a code is right only if the API
    // knows it, and the door page stays small without zod.
    shouldValidate: 'onSubmit',
  })
  // The union's `code` (of the code intent), as a text box.
  const codeField = fields.code as unknown as Parameters<typeof getInputProps>[0]
  const { key: codeKey, ...codeProps } = getInputProps(codeField, { type: 'text' })
  const came = roster.participants.filter((p) => p.checkedInAt).length
  return (
    <section aria-labelledby="door-title" className="mx-auto max-w-2xl py-2">
      <ActionToast toast={actionData?.toast} />
      <p className="mb-2 text-sm">
        <Link to={`/event/${roster.postId}`} className="text-slate-600 underline hover:text-slate-900">
          {t('back')}
        </Link>
      </p>
      <h1 id="door-title" className="break-words text-xl font-semibold text-slate-900">
        {t('door')}: {roster.title}
      </h1>
      <p className="text-sm text-slate-700" data-testid="door-count">
        {t('cameCount', { came, count: roster.participants.length })}
      </p>
      <FormProvider context={form.context}>
        <Form
          method="post"
          {...getFormProps(form)}
          noValidate
          className="mt-4 rounded-lg border border-slate-200 bg-white p-3"
        >
          <FormErrors formId={form.id} />
          <input type="hidden" name="intent" value="code" />
          <label htmlFor={codeField.id} className="block text-sm font-medium text-slate-700">
            {t('code')}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              key={codeKey}
              {...codeProps}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              className={`${inputClass} min-w-0 flex-1 font-mono text-lg uppercase tracking-widest`}
            />
            <SubmitButton>{t('checkIn')}</SubmitButton>
          </div>
          <ErrorList id={codeField.errorId} errors={codeField.errors} />
          <p className="mt-1 text-xs text-slate-500">{t('codeHint')}</p>
          <CameraScan formId={form.id} inputId={codeField.id} />
        </Form>
      </FormProvider>
      <ul
        className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
        data-testid="door-list"
      >
        {roster.participants.map((entry) => (
          <li key={entry.user._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
            <span className="min-w-0 flex-1">
              <span className="block break-words font-medium text-slate-900">{personName(entry.user)}</span>
              <span className="block break-all text-xs text-slate-500">@{entry.user.username}</span>
            </span>
            {entry.checkedInAt ? (
              <>
                <span className="text-sm text-emerald-800">
                  ✓{' '}
                  {t('came_at', {
                    time: formatTimeOfDay(entry.checkedInAt, timeZone),
                  })}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="undo" />
                  <input type="hidden" name="userId" value={entry.user._id} />
                  <SubmitButton variant="secondary" aria-label={`${t('undo')}: ${personName(entry.user)}`}>
                    {t('undo')}
                  </SubmitButton>
                </Form>
              </>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="tick" />
                <input type="hidden" name="userId" value={entry.user._id} />
                <SubmitButton aria-label={`${t('checkIn')}: ${personName(entry.user)}`}>
                  {t('checkIn')}
                </SubmitButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
