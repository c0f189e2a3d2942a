// Placeholder home page: the events list and map come with the events issue.
import { useTranslation } from 'react-i18next'

export default function Index() {
  const { t } = useTranslation()
  return (
    <section className="py-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('home.title')}</h1>
      <p className="mt-2 text-slate-600">{t('home.intro')}</p>
    </section>
  )
}
