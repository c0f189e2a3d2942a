// Types of http_ece (RFC 8188 encrypted content-encoding), used by the test push service to decrypt.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'

  export interface EceParams {
    version?: 'aes128gcm' | 'aesgcm'
    /** The receiver's key pair (Web Push: the browser's P-256 key). */
    privateKey?: ECDH
    /** The sender's public key (aesgcm only; aes128gcm carries it in the header). */
    dh?: string | Buffer
    /** The 16-byte authentication secret of the subscription (base64url or bytes). */
    authSecret?: string | Buffer
    key?: string | Buffer
    salt?: string | Buffer
    keyid?: string | Buffer
    rs?: number
  }

  export function decrypt(buffer: Buffer, params: EceParams, keyLookupCallback?: (keyid: Buffer) => ECDH): Buffer
  export function encrypt(buffer: Buffer, params: EceParams, keyLookupCallback?: (keyid: Buffer) => ECDH): Buffer
  const ece: { decrypt: typeof decrypt; encrypt: typeof encrypt }
  export default ece
}
