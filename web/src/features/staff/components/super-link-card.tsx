import type { SuperLinkResponse } from '@strand/domain';
import { useState } from 'react';
import { Button, ButtonAnchor } from '../../../lib/ui/button';

export interface SuperLinkCardProps {
  link: SuperLinkResponse;
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

/** An issued super-user link: open it here, or copy it to open elsewhere. */
export function SuperLinkCard({ link }: SuperLinkCardProps) {
  const url = new URL(link.path, window.location.origin).href;
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  return (
    <section className="card link-card" aria-labelledby="super-link-heading">
      <h2 id="super-link-heading">
        Super-user link for {link.vcCustomerName} ({link.vcCustomerID})
      </h2>
      <p className="link-card__url">
        <a href={link.path}>{url}</a>
      </p>
      <p className="muted">
        Works once, until {formatTime(link.expiresAt)}. Opening it in this browser signs you out of your staff session.
      </p>
      <p className="actions">
        <ButtonAnchor href={link.path}>Open account as super user</ButtonAnchor>
        <Button type="button" variant="secondary" onClick={copy}>
          Copy link
        </Button>
      </p>
      <p role="status" className="muted">
        {copied === 'yes'
          ? 'Link copied.'
          : copied === 'no'
            ? 'Copying is not allowed here: select the link and copy it.'
            : ''}
      </p>
    </section>
  );
}
