import { CLIENT_VERSION, COPYRIGHT_YEAR } from '@strand/domain';
import type { FrameConfig } from '../../lib/frame-config';

/** Provider links, the report-an-issue mail link, the client version and the copyright line (SPEC §1). */
export function AppFooter({ config }: { config: FrameConfig | undefined }) {
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        {config && (
          <nav aria-label="Provider">
            <ul className="app-footer__links">
              {config.providerLinks.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
              <li>
                <a href={`mailto:${config.reportIssueEmail}?subject=${encodeURIComponent('Portal issue')}`}>
                  Report an issue
                </a>
              </li>
            </ul>
          </nav>
        )}
        <p className="app-footer__meta">
          <span>Version {CLIENT_VERSION}</span>
          <span>
            © {COPYRIGHT_YEAR} {config?.providerName ?? ''}
          </span>
        </p>
      </div>
    </footer>
  );
}
