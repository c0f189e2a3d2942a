// The check-in code's QR code as a PNG for the reminder mail (issue 45): mail clients do not show SVG, and a picture
// sent with the mail (cid) shows without loading anything from the web.
import { qrSvg } from '#contract/qr'
import sharp from 'sharp'
import type { MailAttachment } from './index'

export const CHECKIN_QR_CID = 'checkin-qr@nearby'
/** Shown at this size in the mail; drawn at twice it for sharp phone screens. */
export const CHECKIN_QR_PX = 200

export async function checkinQrAttachment(url: string): Promise<MailAttachment> {
  const content = await sharp(Buffer.from(qrSvg(url, CHECKIN_QR_PX * 2)))
    .png({ palette: true, colours: 2 })
    .toBuffer()
  return { filename: 'check-in-code.png', content, contentType: 'image/png', cid: CHECKIN_QR_CID }
}
