// XML 1.0 text and attribute values: the five special characters escaped, and the characters XML 1.0 does not
// allow at all (C0 controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF) dropped.
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g // eslint-disable-line no-control-regex

export function escapeXml(value: string): string {
  return value
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}
