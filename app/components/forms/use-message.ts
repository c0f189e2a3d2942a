import { useTranslation } from 'react-i18next'

/**
 * Renders a validation message: schema messages are codes of the `validation` namespace (contract/messages.ts),
 * shown in the user's language; API messages arrive already translated and are shown as they are.
 */
export function useMessage() {
  const { t } = useTranslation('validation')
  return (message: string) =>
    t(message, { ns: 'validation', defaultValue: message, keySeparator: false, nsSeparator: false }) as string
}
