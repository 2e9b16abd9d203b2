import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

// The console's own links in a caught e-mail's text (an alert's centre or overview, issue 47 item
// 4) are links on the demo's mail page, as a mail client shows them: a person follows one as they
// would from their inbox. Only the console's paths become links, and as paths on this origin, so
// the text cannot send anyone elsewhere, and the server's render and the browser's agree.
const consoleLink = /https?:\/\/[^\s/]+(\/(?:centres|overview)\b[^\s<>"]*)/g;

/** `text` with each link to a console page as an anchor to that page. */
export function withConsoleLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(consoleLink)) {
    const [url, path] = match;
    if (path === undefined) continue;
    parts.push(
      text.slice(last, match.index),
      <Anchor key={match.index} href={path} inherit>
        {url}
      </Anchor>,
    );
    last = match.index + url.length;
  }
  parts.push(text.slice(last));
  return parts;
}
