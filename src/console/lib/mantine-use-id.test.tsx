import { MantineProvider, TextInput } from '@mantine/core';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';

// docs/decisions/0030: Mantine's inputs take their ids from React's useId (tools/build/
// stable-mantine-ids.ts). Mantine's own hook swapped each for a random one after mounting, a second
// render of every field; on a screen the proxy rendered it also changed the ids the HTML came with.

// React's act() outside Testing Library's render: said to React, as Testing Library does.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const field = (
  <MantineProvider>
    <TextInput label="Centre name" />
  </MantineProvider>
);

test('a field hydrated from the server’s HTML keeps the id it came with, and its label still names it', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(field);
  document.body.append(container);
  const served = container.querySelector('input')?.id;
  expect(served).toMatch(/^mantine-/);

  const root = await act(async () => hydrateRoot(container, field));
  const input = container.querySelector('input');
  expect(input?.id).toBe(served);
  expect(container.querySelector('label')?.htmlFor).toBe(served);
  act(() => root.unmount());
  container.remove();
});
