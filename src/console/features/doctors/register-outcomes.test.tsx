import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';
import { csvFile, doctorsOf, openImport, REGISTER, signedInParent, upload } from './register-testing.ts';

// A run's outcome in the import (D4): a row not sent because it breaks a rule, or refused by the
// service, needs fixing; a row whose send failed in passing may pass sent again. Retry offers only
// the second kind, and the results file tells them apart.
const api = setupSimulatorConsole();

beforeAll(async () => {
  await Promise.all([import('./register-workspace.tsx'), import('./csv-import.tsx')]);
});

/** The text of the next results file the page downloads. */
function captureDownloads() {
  const blobs: Blob[] = [];
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    if (blob instanceof Blob) blobs.push(blob);
    return 'blob:results';
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return async () => {
    await waitFor(() => expect(blobs.length).toBeGreaterThan(0));
    const text = new TextDecoder().decode(await blobs.at(-1)?.arrayBuffer());
    return text.replace(/^\uFEFF/, '').split('\r\n');
  };
}

describe('the outcome of an import', () => {
  it('tells a row not sent for its fixes from one that failed, and retries only the failed one', async () => {
    const { centre } = await signedInParent(api);
    const user = userEvent.setup();
    const download = captureDownloads();
    await openImport(user, `/doctors/register?target=${centre.providerId}`);
    await upload(
      user,
      csvFile(['name;lastname;doctorId;speciality;lang', 'Ana;García;D-1;12;ES', 'Pau;;D-2;12;EN']),
    );
    // The one request sent finds the service unreachable for a moment.
    api.fault({ match: `POST ${REGISTER}`, status: 503 });
    await user.click(await screen.findByRole('button', { name: 'Register 1 doctor' }));
    const summary = await screen.findByText('Done: 2 rows');
    const alert = summary.closest<HTMLElement>('[role="alert"]') ?? document.body;
    expect(
      within(alert).getByText(/0 registered, 1 failed\. 1 row needs fixing: it was not sent\./),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Download results' }));
    expect((await download()).slice(1, 3)).toEqual([
      'Ana;García;D-1;12;ES;failed;;The service is not answering right now. Try again in a moment. The service answered 503.',
      'Pau;;D-2;12;EN;not sent, needs fixing;;Not sent: fix the fields marked in red.',
    ]);
    // Retry offers the failed row alone: the row to fix would only fail again.
    await user.click(screen.getByRole('button', { name: 'Retry the failed row' }));
    expect(await screen.findByText(/1 registered, 0 failed\. 1 row needs fixing/)).toBeVisible();
    expect(api.sent('/register/healthProviderDoctor')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(doctorsOf(api, centre.providerId).map((doctor) => doctor.doctorId)).toEqual(['D-1']);
  });

  it('offers no retry for a row the service refused until it is fixed, and says it was refused', async () => {
    const { centre } = await signedInParent(api);
    const user = userEvent.setup();
    const download = captureDownloads();
    await openImport(user, `/doctors/register?target=${centre.providerId}`);
    await upload(
      user,
      csvFile(['name;lastname;email;doctorId;speciality;lang', 'Ana;García;ana@x.es;D-1;12;ES']),
    );
    api.fault({
      match: `POST ${REGISTER}`,
      status: 400,
      body: {
        success: false,
        code: 400,
        message: 'Invalid request',
        errors: [{ field: 'doctors[0].email', message: 'This e-mail is already used by another doctor' }],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Register 1 doctor' }));
    expect(
      await screen.findByText(/0 registered, 0 failed\. 1 row needs fixing: the service refused it\./),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    // Sent again as it is, it would be refused again: nothing to register until it changes.
    expect(screen.getByRole('button', { name: 'Nothing to register' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Download results' }));
    expect((await download())[1]).toBe(
      'Ana;García;ana@x.es;D-1;12;ES;refused, needs fixing;;The service refused the request as invalid. Invalid request',
    );
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    await user.click(within(table).getByRole('button', { name: 'Edit row 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Row 1' });
    await user.clear(within(dialog).getByLabelText(/E-mail/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Register 1 doctor' }));
    expect(await screen.findByText(/1 registered, 0 failed\./)).toBeVisible();
    expect(api.sent('/register/healthProviderDoctor')).toHaveLength(2);
  });
});

describe('a value past its limit', () => {
  it('says the limit and what was given, in the form and in the import', async () => {
    const { centre } = await signedInParent(api);
    const user = userEvent.setup();
    renderApp(`/doctors/register?target=${centre.providerId}`);
    const form = within(await screen.findByRole('group', { name: 'Doctor 1' }));
    await user.click(form.getByLabelText(/First name/));
    await user.paste('A'.repeat(5000));
    await user.type(form.getByLabelText(/Last name/), 'García');
    await user.type(form.getByLabelText(/Doctor id/), 'D-1');
    await user.type(form.getByLabelText(/Speciality/), '99999999999999');
    await user.click(screen.getByRole('button', { name: 'Register 1 doctor' }));
    expect(await form.findByText('Too long: at most 100 characters, and this has 5,000.')).toBeVisible();
    expect(form.getByText('Too large: the largest number accepted is 2,147,483,647.')).toBeVisible();
    expect(api.sent('/register/healthProviderDoctor')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Import a file' }));
    await upload(
      user,
      csvFile(['name;lastname;doctorId;speciality;lang', `${'B'.repeat(5000)};Puig;D-2;99999999999999;CA`]),
    );
    const table = await screen.findByRole('table', { name: 'Rows of the file' });
    expect(within(table).getByText('Too long: at most 100 characters, and this has 5,000.')).toBeVisible();
    expect(within(table).getByText('Too large: the largest number accepted is 2,147,483,647.')).toBeVisible();
  });
});
