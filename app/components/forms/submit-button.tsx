import { useNavigation } from '@remix-run/react'
import type { ButtonHTMLAttributes } from 'react'

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-slate-500',
  link: 'text-brand-600 underline hover:text-brand-700 px-0 py-0',
} as const

/**
 * A submit button that says it is busy while its own submission is under way (with JavaScript).
 * Without JavaScript it is a plain submit button.
 */
export function SubmitButton({
  variant = 'primary',
  className = '',
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants }) {
  const navigation = useNavigation()
  const pending =
    navigation.state === 'submitting' &&
    (props.name ? navigation.formData?.get(props.name) === props.value : true)
  return (
    <button
      type="submit"
      aria-busy={pending || undefined}
      aria-disabled={pending || undefined}
      {...props}
      onClick={(event) => {
        if (pending) event.preventDefault()
        props.onClick?.(event)
      }}
      className={`inline-flex items-center justify-center rounded-md px-4 py-2 text-sm font-semibold shadow-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60 aria-disabled:opacity-60 ${variants[variant]} ${className}`}
    >
      {children}
    </button>
  )
}
