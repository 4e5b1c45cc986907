/**
 * The sales order's stored HTML is never trusted: it is reduced to plain document markup before it leaves the
 * server (no scripts, no event handlers, no styles, no frames or forms; links only to http(s) and mail, opened safely).
 */
import type sanitizeHtml from 'sanitize-html';
import { lazyModule } from '../../lib/lazy-module.js';

const sanitizer = lazyModule<typeof sanitizeHtml>('sanitize-html');

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'small',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'a',
    'blockquote',
    'pre',
    'code',
  ],
  allowedAttributes: {
    // target and rel are always the transform's values (new tab, no opener), whatever the stored HTML said.
    a: ['href', 'title', 'target', 'rel'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    '*': ['class'],
  },
  allowedClasses: { '*': ['amount', 'total', 'muted'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
  allowedSchemesAppliedToAttributes: ['href'],
};

export function sanitizeSalesOrderHtml(html: string): string {
  return sanitizer()(html, OPTIONS);
}
