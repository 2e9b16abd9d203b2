import { Trans } from '@lingui/react';
import type { ReactNode } from 'react';
import type { MessageKey } from '@/console/lib/i18n';

/**
 * A message whose placeholders hold elements, not only text: a date that shows its UTC instant on
 * hover (D10) inside a sentence whose word order each language decides. Lingui's own `Trans`, typed
 * by the catalogues' ids; here rather than in lib/i18n so that it stays out of the entry chunk.
 */
export function RichMessage({ id, values }: { id: MessageKey; values: Record<string, ReactNode> }) {
  return <Trans id={id} values={values} />;
}
