import type { ReactNode } from 'react';

import { httpHref } from '../../../lib/net/http-url';

/**
 * A link to an untrusted URL: a real link (new tab, no opener, no referrer) only for http(s); anything
 * else (javascript:, data:, …) renders as plain text with no href.
 */
export function SafeLink({ url, className, children }: { url: string; className?: string; children: ReactNode }) {
  const href = httpHref(url);
  if (!href) return <span className={className}>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
