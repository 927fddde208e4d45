import type { ReactNode } from 'react';

import { httpHref } from '../../../lib/net/http-url';

/**
 * A link to an untrusted URL: a real link (new tab, no opener, no referrer) only for http(s); anything
 * else (javascript:, data:, …) renders as plain text with no href. `dir="auto"` when the words are a page's
 * own (a title), so they keep their own direction whatever the interface's.
 */
export function SafeLink({
  url,
  className,
  dir,
  children,
}: {
  url: string;
  className?: string;
  dir?: 'auto';
  children: ReactNode;
}) {
  const href = httpHref(url);
  if (!href)
    return (
      <span className={className} dir={dir}>
        {children}
      </span>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} dir={dir}>
      {children}
    </a>
  );
}
