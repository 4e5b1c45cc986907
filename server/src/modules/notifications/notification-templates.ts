/** The words of a notification on each channel: the mail's text and HTML parts, the SMS, the in-app line. */
import type { NotificationCategory } from '@strand/domain';

export interface RenderedNotice {
  title: string;
  body: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The mail: a plain-text part and an HTML part with the same words; the unsubscribe line on every non-security mail. */
export function mailParts(
  notice: RenderedNotice,
  options: { providerName: string; category: NotificationCategory; unsubscribeUrl: string | null; portalUrl: string },
): { subject: string; text: string; html: string } {
  const lines = [notice.body, '', `Sign in to see more: ${options.portalUrl}`];
  if (options.unsubscribeUrl) {
    lines.push('', `To stop ${options.category} e-mail from ${options.providerName}: ${options.unsubscribeUrl}`);
  }
  const unsubscribe = options.unsubscribeUrl
    ? `<p style="color:#555;font-size:13px">To stop ${escapeHtml(options.category)} e-mail from ${escapeHtml(
        options.providerName,
      )}, <a href="${escapeHtml(options.unsubscribeUrl)}">unsubscribe</a>.</p>`
    : '';
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(notice.title)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1b1b1b">',
    `<h1 style="font-size:20px">${escapeHtml(notice.title)}</h1>`,
    `<p>${escapeHtml(notice.body)}</p>`,
    `<p><a href="${escapeHtml(options.portalUrl)}">Sign in to see more</a></p>`,
    unsubscribe,
    '</body></html>',
  ].join('');
  return { subject: notice.title, text: `${lines.join('\n')}\n`, html };
}

/** An SMS: the provider's name, the title and the sentence, cut to 320 characters (two segments). */
export function smsText(notice: RenderedNotice, providerName: string): string {
  const text = `${providerName}: ${notice.title}. ${notice.body}`;
  return text.length <= 320 ? text : `${text.slice(0, 319)}…`;
}
