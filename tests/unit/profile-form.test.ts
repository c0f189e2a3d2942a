// The settings profile form (contract profileFormSchema): what a browser posts → the PATCH /profile/my body.
import { describe, expect, it } from 'vitest'
import { profileFormSchema, profileFormToUpdate } from '#contract'

const filled = {
  name: 'Annabel',
  lastname: 'Example',
  username: 'annabel',
  phone: '8 (999) 123-45-67',
  profession: ' Photographer ',
  userBio: 'Jazz',
  facebook: '',
  instagram: 'https://instagram.com/annabel',
  vk: '',
  city: 'Novi Sad',
}

describe('profileFormSchema', () => {
  it('reads the phone as its digits and trims texts', () => {
    const value = profileFormSchema.parse(filled)
    expect(value.phone).toBe('89991234567')
    expect(value.profession).toBe('Photographer')
  })

  it('turns emptied fields into null in the API body, so they are cleared rather than kept', () => {
    // conform leaves empty inputs out of the value; the form always sends them all.
    const { phone: _phone, userBio: _bio, ...rest } = filled
    const body = profileFormToUpdate(profileFormSchema.parse({ ...rest, facebook: undefined }))
    expect(body.phone).toBeNull()
    expect(body.userBio).toBeNull()
    expect(body.socialMediaLinks).toEqual({ facebook: null, instagram: 'https://instagram.com/annabel', vk: null })
    expect(body).not.toHaveProperty('city')
  })

  it('answers message codes for bad input', () => {
    const result = profileFormSchema.safeParse({ ...filled, username: 'ab', phone: '12', instagram: 'instagram.com/x' })
    expect(result.success).toBe(false)
    const errors = result.success ? {} : result.error.flatten().fieldErrors
    expect(errors.username).toEqual(['usernameMin'])
    expect(errors.phone).toEqual(['invalidPhone'])
    expect(errors.instagram).toEqual(['invalidUrl'])
  })
})
