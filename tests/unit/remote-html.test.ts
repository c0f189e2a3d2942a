// Remote HTML (a fediverse event's content) is kept as a safe subset before it is shown (decision 040).
import { describe, expect, it } from 'vitest'
import { remoteHtmlToText, sanitizeRemoteHtml } from '../../api/federation/sanitize'

describe('sanitizeRemoteHtml', () => {
  it('keeps paragraphs, line breaks, emphasis, lists and quotes', () => {
    const html = '<p>Live <strong>jazz</strong><br>and <em>more</em></p><ul><li>one</li></ul><blockquote>q</blockquote>'
    expect(sanitizeRemoteHtml(html)).toBe(html.replace('<br>', '<br />'))
  })

  it('drops scripts, styles, frames, forms, images and event handlers, with what they held', () => {
    const out = sanitizeRemoteHtml(
      '<p onclick="steal()" style="x" class="h-card">Hi</p><script>alert(1)</script><style>p{}</style>' +
        '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><img src="https://t.example/p.gif" onerror="x()">',
    )
    expect(out).toBe('<p>Hi</p>')
  })

  it('keeps http(s) links only, opening in a new tab without referrer or ranking', () => {
    expect(sanitizeRemoteHtml('<a href="https://gancio.example/e/1" class="u-url" onmouseover="x()">page</a>')).toBe(
      '<a href="https://gancio.example/e/1" rel="nofollow noopener noreferrer ugc" target="_blank">page</a>',
    )
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>x</script>', '//evil.example/x', 'vbscript:x'])
      expect(sanitizeRemoteHtml(`<a href="${href}">x</a>`), href).not.toContain('href')
  })

  it('turns headings and divisions into paragraphs', () => {
    expect(sanitizeRemoteHtml('<h1>Big</h1><div>Box</div>')).toBe('<p>Big</p><p>Box</p>')
  })
})

describe('remoteHtmlToText', () => {
  it('keeps paragraphs as blank lines and line breaks as new lines, and decodes entities', () => {
    expect(remoteHtmlToText('<p>Tom &amp; Jerry &lt;3</p><p>Line<br/>break</p><script>x()</script>')).toBe(
      'Tom & Jerry <3\n\nLine\nbreak',
    )
  })
})
