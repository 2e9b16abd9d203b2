import type { BrowserContext, Page } from '@playwright/test';
import { apiDemoLogin, consoleRunning, HEADERS } from './console-journeys.ts';
import { expect } from './fixtures.ts';
import { countryName, type MessageKey, uiText } from './ui-text.ts';
import { type Combo, settle, type Visit } from './walk-setup.ts';

// One walk through every screen and dialog of the console, shared by the visual-integrity test
// (which measures each state) and `npm run screenshots` (which photographs it).

/**
 * Login, overview (all, then needing attention), centres, palette, create, credentials, centre
 * page, reveal, a centre's licences with banners, a doctor's licences drawer, a centre's Contract
 * tab with a preview and the cancel confirmation, the activity log (and filtered to nothing) and a
 * centre's recent activity, re-login, 404 and offline, in that order, calling `visit` on each once
 * it has settled. The palette opens before any dialog (the order in which its overlay went
 * missing). A state the walk cannot reach as it should (no in-app 404, no offline panel) is named
 * in `problems`, and the walk goes on.
 */
export async function walkScreens(page: Page, context: BrowserContext, combo: Combo, visit: Visit) {
  const text = (key: MessageKey, params?: Record<string, string>) => uiText(combo.language, key, params);
  let step = 0;
  const at = async (name: string, problems: string[] = []) => {
    step += 1;
    await settle(page);
    await visit({ slug: `${String(step).padStart(2, '0')}-${name}`, problems });
  };
  const main = page.getByRole('main');

  await page.goto('/login');
  await expect(page.getByRole('button', { name: text('login.demo.parent') })).toBeVisible();
  await at('login');

  await page.getByRole('button', { name: text('login.demo.parent') }).click();
  // A parent's home: the overview, once every centre's licences have loaded.
  await expect(page.getByRole('heading', { name: text('overview.title'), level: 1 })).toBeVisible();
  await expect(main.getByRole('table')).toBeVisible();
  await expect(main.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
  await at('overview');
  // D12's four problem centres, filtered.
  await page.getByRole('button', { name: text('overview.show.attention', { count: '4' }) }).click();
  await expect(main.getByRole('table').locator('tbody tr')).toHaveCount(4);
  await at('overview-attention');

  await page.goto('/centres');
  await expect(page.getByRole('heading', { name: text('centres.title'), level: 1 })).toBeVisible();
  await expect(main.locator('a[href*="/centres/"]').first()).toBeVisible();
  await at('centres');

  await page.keyboard.press('ControlOrMeta+K');
  const search = page.getByRole('textbox', { name: text('spotlight.placeholder') });
  await expect(search).toBeFocused();
  await expect(page.getByRole('button', { name: /#\d+$/ }).first()).toBeVisible();
  await at('palette');
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();

  await page
    .getByRole('button', { name: text('centres.create') })
    .first()
    .click();
  const create = page.getByRole('dialog', { name: text('create.title') });
  await expect(create).toBeVisible();
  await at('create-dialog');

  const centre = 'Clínica Visual del Maresme';
  await create.getByLabel(text('create.name')).fill(centre);
  await create
    .getByRole('combobox', { name: text('create.country') })
    .fill(countryName(combo.language, 'ES'));
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(countryName(combo.language, 'ES')) })
    .click();
  await create.getByLabel(text('create.city')).fill('Mataró');
  await create.getByRole('button', { name: text('create.submit'), exact: true }).click();
  const credentials = page.getByRole('dialog', { name: text('credentials.title', { name: centre }) });
  await expect(credentials).toBeVisible();
  await at('credentials-dialog');
  await credentials.getByLabel(text('credentials.stored')).check();
  await credentials.getByRole('button', { name: text('credentials.done') }).click();
  await expect(credentials).toBeHidden();

  // Client-side, as a user goes there: the page's code and styles arrive after the dialogs'. The
  // list scrolls to the centre just created and highlights it, so that is the row to follow (a row
  // read before the scroll may leave the virtualised window).
  const row = main.getByRole('link', { name: centre });
  await expect(row).toBeVisible();
  const id = /\/centres\/(\d+)$/.exec((await row.getAttribute('href')) ?? '')?.[1] ?? '';
  expect(id, 'the created centre links to its page').not.toBe('');
  await row.click();
  const reveal = page.getByRole('button', { name: text('reveal.button') });
  await expect(reveal).toBeVisible();
  await at('centre-page');

  await reveal.click();
  const revealDialog = page.getByRole('dialog', { name: text('credentials.title', { name: centre }) });
  await revealDialog.getByRole('button', { name: text('reveal.showSecret') }).click();
  await expect(revealDialog.getByRole('button', { name: text('reveal.hideSecret') })).toBeVisible();
  await at('reveal-dialog');
  await page.keyboard.press('Escape');
  await expect(revealDialog).toBeHidden();

  // A centre with banners (D12: TRIALs ending and expired), then a doctor's licences in the drawer.
  await page.goto('/centres/104/licences');
  await expect(main.getByRole('alert').first()).toBeVisible();
  await at('licences-tab');
  await page.goto('/centres/101/licences?doctor=101-doc-001');
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(text('licences.drawer.atLimit'))).toBeVisible();
  await at('licence-drawer');

  // The same centre's doctors (each licence's expiry, days counted on the service's clock) and its
  // templates (the three views as toggle buttons).
  await page.goto('/centres/104/doctors');
  await expect(main.getByRole('table', { name: text('doctors.table') })).toBeVisible();
  await at('doctors-tab');
  await page.goto('/centres/101/templates');
  await expect(main.getByRole('group', { name: text('templates.views') })).toBeVisible();
  await expect(main.getByRole('table')).toBeVisible();
  await at('templates-tab');

  // A self-billed centre's Contract tab (D12: seats, ACTIVE), a change's preview, the cancel
  // confirmation, then the parent's contract-event log holding the change once applied.
  await page.goto('/centres/101/contract');
  const basicSeats = main.getByRole('spinbutton', { name: text('contract.field.seats', { plan: 'BASIC' }) });
  await expect(basicSeats).toBeVisible();
  await at('contract-tab');
  await basicSeats.fill('12');
  const contractPreview = main.getByRole('region', { name: text('contract.preview.title') });
  await expect(contractPreview).toContainText('10 → 12');
  await at('contract-preview');
  await main.getByRole('button', { name: text('contract.submit.changeSeats') }).click();
  await expect(main.getByRole('status', { name: text('contract.answer.applied.title') })).toBeVisible();
  await main
    .getByRole('radiogroup', { name: text('contract.change.choose') })
    .getByText(text('contract.action.cancel'), { exact: true })
    .click();
  await main.getByRole('button', { name: text('contract.cancel.open') }).click();
  const cancelDialog = page.getByRole('dialog', {
    name: text('contract.cancel.title', { name: 'Clínica Diagonal' }),
  });
  await expect(cancelDialog).toBeVisible();
  await at('contract-cancel-dialog');
  await page.keyboard.press('Escape');
  await expect(cancelDialog).toBeHidden();
  // The parent's activity (the change just applied among it, in words), then one centre's own.
  await page.goto('/activity');
  await expect(page.getByRole('heading', { name: text('activity.title'), level: 1 })).toBeVisible();
  await expect(main.getByRole('list', { name: text('activity.list') })).toBeVisible();
  await at('activity');
  // Every filter chosen, the action select among them, so that axe and the clipping checks read
  // it filled (the longest names fit since issue 47: e2e/activity-filters-fit.spec.ts).
  await page.goto('/activity?outcome=refused&action=auth.sign_out&centre=999');
  await expect(main.getByText(text('activity.noResults'))).toBeVisible();
  await expect(main.getByLabel(text('activity.filter.action'), { exact: true })).toHaveValue('auth.sign_out');
  await at('activity-no-results');
  await page.goto('/centres/101/activity');
  await expect(main.getByRole('region', { name: text('activity.recent.title') })).toBeVisible();
  await at('centre-activity');

  // Registering doctors: rows typed in, then a clinic's file with a row that breaks a rule.
  await page.goto('/doctors/register');
  await expect(main.getByRole('group', { name: text('row.legend', { n: '1' }) })).toBeVisible();
  await at('register-form');
  // The target picker searched (its centres become options at its first opening, issue 48). Not
  // unnarrowed: axe counts that list's scroll as a region without a tab stop, arrow keys aside.
  const picker = main.getByRole('combobox', { name: text('register.target') });
  await picker.click();
  await picker.fill('Badalona');
  const targets = page.getByRole('listbox');
  await expect(targets.getByRole('option', { name: /Badalona \(105\)/ })).toBeVisible();
  await at('register-target-search');
  await picker.press('Escape');
  await expect(targets).toBeHidden();
  // A segmented control's radio is hidden under its label, which takes the click.
  await main.locator('label', { hasText: text('register.mode.file') }).click();
  await main.locator('input[type="file"]').setInputFiles({
    name: 'clinica.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Nombre;Apellidos;Correo electrónico;ID médico;Especialidad;Idioma\r\n' +
        'Ana;García;ana@example.org;V-1;12;Español\r\nPau;Puig;not-an-email;V-2;12;Català\r\n',
    ),
  });
  await expect(main.getByRole('table', { name: text('preview.table') })).toBeVisible();
  await at('register-import');
  await page.goto(`/centres/${id}`);
  await expect(reveal).toBeVisible();
  // The tab's own requests (its licences by type) have answered first: one still on its way would
  // meet the 401 itself and open the re-login dialog before the click below.
  await page.waitForLoadState('networkidle');

  // The session ends on the server (as after the idle timeout); the next request meets a 401.
  const logout = await page.request.post('/auth/logout', { headers: HEADERS });
  expect(logout.status()).toBe(204);
  // A request of the page's own may still meet the 401 first and open the dialog over the button:
  // the click is dispatched to the button whatever covers it, and either way the dialog opens.
  await reveal.dispatchEvent('click');
  await expect(page.getByRole('dialog', { name: text('relogin.title') })).toBeVisible();
  await at('relogin-dialog');

  // Signed in again (through the API: the dialog's own journey is tested elsewhere), then lost.
  await apiDemoLogin(page.request);
  await page.goto('/no-such-page');
  await page.waitForLoadState('networkidle');
  // In the app, with a way back: a link in <main> to the start or to the centres list.
  const wayBack = main.locator('a[href="/"], a[href="/centres"], a[href^="/centres?"]').first();
  const inApp = await wayBack.waitFor({ timeout: 3_000 }).then(
    () => true,
    () => false,
  );
  const shows = (await page.locator('body').innerText()).trim().slice(0, 80);
  const notFound = inApp
    ? []
    : [`not an in-app page: no link back to the centres in <main> (it shows "${shows}")`];
  await at('not-found', notFound);

  // Offline, follow a link to a screen whose code is not loaded yet: the app must say so itself.
  await page.goto(`/centres/${id}`);
  await expect(reveal).toBeVisible();
  await consoleRunning(page);
  // The HTTP cache would still hold the list's code from the start of the walk: a user who opened
  // this page directly has never fetched it.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await context.setOffline(true);
  await page.getByRole('link', { name: text('centre.back') }).click();
  // Whichever comes first: the console's own panel, or the browser's error page in its place.
  const retry = page.getByRole('button', { name: text('common.retry') });
  const landed = await Promise.race([
    retry.waitFor({ timeout: 7_000 }).then(
      () => 'panel',
      () => `no such panel within 7 s (at ${page.url()})`,
    ),
    page
      .waitForURL((url) => !url.protocol.startsWith('http'), { timeout: 7_000 })
      .then(
        () => `the browser's own error page replaced the app (${page.url()})`,
        () => `no such panel within 7 s (at ${page.url()})`,
      ),
  ]);
  const offline = landed === 'panel' ? [] : [`no in-app offline panel with a Retry button: ${landed}`];
  await at('offline', offline);
  await context.setOffline(false);
}
