import { escapeHtml } from '~/shared/text'

/**
 * One layout for every transactional email: a plain-text body that reads well on its own, and
 * a small inline-styled HTML version (mail clients ignore <style> blocks and external CSS).
 */
export interface ActionEmailContent {
  appName: string
  /** First line of the text version and the HTML heading. */
  heading: string
  /** Paragraphs before the button. Plain text; escaped for HTML here. */
  intro: string[]
  action: { label: string; url: string }
  /** Paragraphs after the button, e.g. how long the link works. */
  outro: string[]
  /** A last small line with its own link, e.g. a notification's unsubscribe link. */
  footer?: { text: string; label: string; url: string }
}

export function renderActionEmail(content: ActionEmailContent): { text: string; html: string } {
  const text = [
    content.heading,
    '',
    ...content.intro.flatMap((paragraph) => [paragraph, '']),
    `${content.action.label}: ${content.action.url}`,
    '',
    ...content.outro.flatMap((paragraph) => [paragraph, '']),
    `The ${content.appName} team`,
    ...(content.footer ? ['', `${content.footer.text} ${content.footer.label}: ${content.footer.url}`] : []),
  ].join('\n')

  const paragraph = (value: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(value)}</p>`
  const url = escapeHtml(content.action.url)
  const html = `<!DOCTYPE html>
<html lang="en">
  <body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#111827">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
      <tr><td style="padding:32px">
        <h1 style="margin:0 0 24px;font-size:20px">${escapeHtml(content.heading)}</h1>
        ${content.intro.map(paragraph).join('\n        ')}
        <p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 20px;background:#111827;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(content.action.label)}</a></p>
        <p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:#6b7280">If the button does not work, paste this address into your browser:<br><a href="${url}" style="color:#374151;word-break:break-all">${url}</a></p>
        ${content.outro.map(paragraph).join('\n        ')}
        <p style="margin:24px 0 0;font-size:13px;color:#6b7280">The ${escapeHtml(content.appName)} team</p>${
          content.footer
            ? `\n        <p style="margin:24px 0 0;font-size:12px;color:#6b7280">${escapeHtml(content.footer.text)} <a href="${escapeHtml(content.footer.url)}" style="color:#6b7280">${escapeHtml(content.footer.label)}</a></p>`
            : ''
        }
      </td></tr>
    </table>
  </body>
</html>`
  return { text, html }
}
