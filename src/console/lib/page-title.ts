import { useDocumentTitle } from '@mantine/hooks';
import { useI18n } from './i18n/index.tsx';

/** Each screen names itself in the tab, in the UI language: "Centres · Provider Console". */
export function usePageTitle(title: string): void {
  const { t } = useI18n();
  useDocumentTitle(`${title} · ${t('app.name')}`);
}
