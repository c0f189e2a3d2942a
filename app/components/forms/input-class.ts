// The look of the forms' text inputs, alone: a page with one plain input (the fediverse card) takes it without the
// conform fields of field.tsx.
export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm ' +
  'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 ' +
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-600/30'
