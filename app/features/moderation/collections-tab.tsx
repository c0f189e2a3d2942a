// Console → Collections (issue 43): every collection with a link to change it and to its page, and the form that
// makes one (/moderation/collections); one collection's form with Remove (/moderation/collections/{slug}). The
// form: address, name, description, the rules (categories, organizers, places, words, start days) and the
// hand-picked events, lists as lines of links or usernames. Loaders and action: collections.server.ts.
import { type FieldMetadata, getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { collectionFormSchema } from '#contract'
import { CategoriesFieldset } from '~/components/forms/categories-fieldset'
import { Field, FormErrors, FormProvider, TextareaField } from '~/components/forms/field'
import { SubmitButton } from '~/components/forms/submit-button'
import type { FormActionData } from '~/utils/submission.server'
import type { formValuesOf, loadCollectionEditor, loadCollectionsTab } from './collections.server'

type Values = ReturnType<typeof formValuesOf>

/** The collection's form: empty for a new one, its values for a saved one; what was typed comes back on an error. */
function CollectionForm({ values }: { values?: Values }) {
  const { t } = useTranslation('moderation')
  const actionData = useActionData<FormActionData>()
  const [form, fields] = useForm({
    id: values ? `collection-${values.slug}` : 'new-collection',
    lastResult: actionData?.result,
    defaultValue: values,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: collectionFormSchema }),
  })
  const text = (meta: FieldMetadata<unknown>) => meta as FieldMetadata<string | undefined>
  const lines = { rows: 3, spellCheck: false, autoCapitalize: 'none' } as const
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} noValidate className="max-w-2xl space-y-4">
        <FormErrors formId={form.id} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.name} label={t('collections.name')} inputProps={{ maxLength: 100 }} />
          <Field
            meta={fields.slug}
            label={t('collections.slug')}
            description={t('collections.slugHint')}
            inputProps={{ maxLength: 60, spellCheck: false, autoCapitalize: 'none', autoComplete: 'off' }}
          />
        </div>
        <TextareaField meta={fields.description} label={t('collections.description')} textareaProps={{ rows: 3, maxLength: 2000 }} />
        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">{t('collections.rules')}</legend>
          <CategoriesFieldset meta={fields.categories} legend={t('collections.categories')} />
          <TextareaField meta={text(fields.organizers)} label={t('collections.organizers')} description={t('collections.organizersHint')} textareaProps={lines} />
          <TextareaField meta={text(fields.places)} label={t('collections.places')} description={t('collections.placesHint')} textareaProps={lines} />
          <Field meta={fields.words} label={t('collections.words')} description={t('collections.wordsHint')} inputProps={{ maxLength: 200 }} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field meta={text(fields.startsFrom)} type="date" label={t('collections.startsFrom')} />
            <Field meta={text(fields.startsUntil)} type="date" label={t('collections.startsUntil')} />
          </div>
        </fieldset>
        <TextareaField meta={text(fields.events)} label={t('collections.events')} description={t('collections.eventsHint')} textareaProps={{ ...lines, rows: 4 }} />
        <SubmitButton>{values ? t('collections.save') : t('collections.create')}</SubmitButton>
      </Form>
    </FormProvider>
  )
}

export function CollectionsTab() {
  const { t } = useTranslation('moderation')
  const { collections } = useLoaderData<typeof loadCollectionsTab>()
  return (
    <section aria-labelledby="collections-title" className="space-y-4">
      <h2 id="collections-title" className="text-xl font-semibold">
        {t('collections.title')}
      </h2>
      <p className="max-w-2xl text-sm text-slate-600">{t('collections.intro')}</p>
      {collections.length === 0 ? (
        <p className="text-sm text-slate-600">{t('collections.none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('collections.name')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('collections.address')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t('collections.picked')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {collections.map((collection) => (
                <tr key={collection.slug} data-testid="collection-row">
                  <td className="py-2 pr-4">
                    <Link to={`/moderation/collections/${collection.slug}`} className="font-medium text-brand-700 underline">
                      {collection.name}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">
                    <Link to={`/collections/${collection.slug}`} className="text-slate-600 underline">
                      /collections/{collection.slug}
                    </Link>
                  </td>
                  <td className="py-2">{collection.events.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="pt-4 text-lg font-semibold">{t('collections.newTitle')}</h3>
      <CollectionForm />
    </section>
  )
}

export function CollectionEditor() {
  const { t } = useTranslation('moderation')
  const { collection, values } = useLoaderData<typeof loadCollectionEditor>()
  return (
    <section aria-labelledby="collection-title" className="space-y-4">
      <p className="flex flex-wrap gap-x-4 text-sm">
        <Link to="/moderation/collections" className="text-slate-600 underline">
          {t('collections.back')}
        </Link>
        <Link to={`/collections/${collection.slug}`} className="text-slate-600 underline">
          {t('collections.open')}
        </Link>
      </p>
      <h2 id="collection-title" className="break-words text-xl font-semibold">
        {t('collections.editTitle', { name: collection.name })}
      </h2>
      <CollectionForm values={values} />
      <Form method="post" className="max-w-2xl space-y-2 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-600">{t('collections.removeHint')}</p>
        <SubmitButton name="intent" value="remove" variant="secondary">
          {t('collections.remove')}
        </SubmitButton>
      </Form>
    </section>
  )
}
