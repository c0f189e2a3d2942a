// The avatar's upload form of Settings → Profile and of the console's user editor: a plain multipart form
// without JavaScript; with it, the photo is shrunk in the browser, previewed, and sent with progress and
// Cancel before the form names it (issue 28). The actions read either (staging.server.ts `avatarBody`).
import { Form } from '@remix-run/react'
import { type ReactNode, useId } from 'react'
import { SubmitButton } from '~/components/forms/submit-button'
import { PhotoPicker, usePhotoList } from './photo-picker'
import { UploadProgress, usePhotoUpload } from './upload-progress'
import { usePhotoSubmit } from './use-photo-submit'

export function AvatarUploadForm({ label, submitLabel }: { label: string; submitLabel: string }) {
  const id = useId()
  const list = usePhotoList(1)
  const upload = usePhotoUpload()
  const onSubmit = usePhotoSubmit({ list, upload, filesName: 'file', required: true })
  return (
    <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} className="space-y-2">
      <PhotoPicker
        list={list}
        id={`${id}-file`}
        name="file"
        label={label}
        limit={1}
        errorId={`${id}-errors`}
        required
        action={
          <SubmitButton name="intent" value="uploadAvatar">
            {submitLabel}
          </SubmitButton>
        }
      />
      <UploadProgress upload={upload} />
    </Form>
  )
}

/** The upload form and, when there is an avatar, its Remove button (intent removeAvatar), one below the other. */
export function AvatarForms({
  label,
  submitLabel,
  removeLabel,
  hasAvatar,
  children,
}: {
  label: string
  submitLabel: string
  removeLabel: string
  hasAvatar: boolean
  children?: ReactNode
}) {
  return (
    <div className="space-y-2">
      <AvatarUploadForm label={label} submitLabel={submitLabel} />
      {hasAvatar ? (
        <Form method="post">
          <SubmitButton variant="secondary" name="intent" value="removeAvatar">
            {removeLabel}
          </SubmitButton>
        </Form>
      ) : null}
      {children}
    </div>
  )
}
