import { Button, Stack, Text } from '@mantine/core';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import type { DemoLoginName } from '@/proxy-api/console';

// D12: the two fixed demo logins, offered as one-click buttons when a demo environment exists.
// They name the login only (`POST /auth/demo-login`): the proxy holds the secrets, so that no built
// console carries one (`npm run test:budget` greps dist/ for them).
export const DEMO_LOGINS = [
  { label: 'login.demo.parent', as: 'parent' },
  { label: 'login.demo.processor', as: 'processor' },
] as const satisfies readonly { label: MessageKey; as: DemoLoginName }[];

/** The demo's logins, each a button; one sign-in at a time, with the one on its way shown. */
export function DemoLogins({
  sending,
  disabled,
  onSignIn,
}: {
  /** The login being signed in now. */
  sending: DemoLoginName | undefined;
  disabled: boolean;
  onSignIn: (as: DemoLoginName) => void;
}) {
  const { t } = useI18n();
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('login.demo.title')}
      </Text>
      {DEMO_LOGINS.map((account) => (
        <Button
          key={account.as}
          variant="default"
          fullWidth
          loading={sending === account.as}
          disabled={disabled}
          onClick={() => {
            if (!disabled) onSignIn(account.as);
          }}
        >
          {t(account.label)}
        </Button>
      ))}
    </Stack>
  );
}
