import { useEffect } from 'react';
import { putTimeZone } from '@/proxy-api/alerts-console';
import { proxyClient } from '@/console/api/client';

// Alert e-mails give times where the person is (issue 47 item 14): the console tells the proxy this
// browser's time zone once a person with an inbox is signed in, once per page load (a zone changes
// with a journey, not within a session). A failure changes nothing: the e-mails keep the zone
// stored before, or UTC and say so.
let reported = false;

/** The browser's IANA time zone, when it has one. */
export const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

export function useReportTimeZone() {
  useEffect(() => {
    const zone = browserTimeZone();
    if (reported || !zone) return;
    reported = true;
    void putTimeZone(proxyClient, zone).catch(() => undefined);
  }, []);
}

/** Tests only: a fresh page load. */
export const forgetReportedTimeZone = () => {
  reported = false;
};
