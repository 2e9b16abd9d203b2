import { expect, test, vi } from 'vitest';
import { siteRoutes, type StaticSite } from './routes.ts';
import type { ScreenRenderer } from './screen-render.ts';

// Issue 47 item 4: an alert's link that names its connection (`?via=`) is the console's to open, as
// it may switch the session to that connection first: the proxy renders neither the screen nor the
// overview for this session's connection, which is not the one the page is going to show.
const site: StaticSite = {
  file: () => undefined,
  document: (nonce) => `<!doctype html><html><body data-nonce="${nonce}"></body></html>`,
  overviewFrame: () => '<main>overview frame</main>',
  screenFrame: () => '<main>screen frame</main>',
};

function documents() {
  const renderScreen = vi.fn<ScreenRenderer>(async () => ({ markup: 'rendered', state: '{}' }));
  const firstScreen = vi.fn<() => Promise<string | undefined>>(async () => 'the overview, rendered');
  const app = siteRoutes({
    site,
    environmentIds: ['demo'],
    hasSession: () => true,
    renderScreen,
    firstScreen,
  });
  const open = async (target: string) => (await app.request(`http://console.test${target}`)).text();
  return { open, renderScreen, firstScreen };
}

test('a centre’s link naming its connection is left to the console', async () => {
  const { open, renderScreen } = documents();
  expect(await open('/centres/201?via=conn-processor')).not.toContain('screen frame');
  expect(renderScreen).not.toHaveBeenCalled();
  expect(await open('/centres/201')).toContain('screen frame');
  expect(renderScreen).toHaveBeenCalledTimes(1);
});

test('so is the overview’s', async () => {
  const { open, firstScreen, renderScreen } = documents();
  expect(await open('/overview?show=suspended&via=conn-processor')).not.toContain('overview frame');
  expect(firstScreen).not.toHaveBeenCalled();
  expect(renderScreen).not.toHaveBeenCalled();
  expect(await open('/overview?show=suspended')).toContain('overview frame');
  expect(firstScreen).toHaveBeenCalledTimes(1);
});
