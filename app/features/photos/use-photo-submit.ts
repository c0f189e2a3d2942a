// The submit of a form with photos, with JavaScript (issue 28): pressed while photos are still being shrunk,
// it waits for them; a valid form with new photos sends them first (progress, Cancel) and then itself, naming
// them by their staged tokens instead of carrying the files. Without photos, or without JavaScript, the form
// is sent as it is.
import { useSubmit } from '@remix-run/react'
import type { FormEvent } from 'react'
import type { PhotoList } from './photo-picker'
import type { PhotoUpload } from './upload-progress'

export function usePhotoSubmit({
  list,
  upload,
  filesName,
  stagedName = 'staged',
  action,
  check,
  required = false,
}: {
  list: PhotoList
  upload: PhotoUpload
  /** The file input's name (its files are left out once staged). */
  filesName: string
  /** The field that names a staged photo. */
  stagedName?: string
  action?: string
  /** The form's own check (conform's onSubmit), which prevents the submit when the form is not valid. */
  check?: (event: FormEvent<HTMLFormElement>) => void
  /** The form needs a photo (the picker's input leaves that check to this submit once the app runs). */
  required?: boolean
}) {
  const submit = useSubmit()
  return function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (upload.busy) return event.preventDefault()
    const element = event.currentTarget
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    if (list.isPreparing()) {
      // The photos go into the input once shrunk; then the form is checked and sent with them.
      event.preventDefault()
      void list.files().then(() => element.requestSubmit(submitter ?? undefined))
      return
    }
    if (required && list.count() === 0 && !list.inputRef.current?.files?.length) {
      event.preventDefault()
      list.setError('uploadPhoto')
      return
    }
    check?.(event)
    if (event.defaultPrevented || list.count() === 0 || typeof XMLHttpRequest === 'undefined') return
    event.preventDefault()
    void (async () => {
      const sent = await upload.start(await list.files())
      if ('failure' in sent) {
        if (sent.failure !== 'cancelled') list.setError(sent.failure)
        return
      }
      const body = new FormData(element)
      if (submitter?.name) body.set(submitter.name, submitter.value)
      body.delete(filesName)
      for (const photo of sent.photos) body.append(stagedName, photo.token)
      list.clear()
      submit(body, { method: 'post', action, encType: 'multipart/form-data' })
    })()
  }
}
