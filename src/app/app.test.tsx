import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { render } from '@/testing/render';
import { App } from './app';

it('renders the shell with the product name', async () => {
  render(<App />);
  expect(await screen.findByRole('heading', { name: 'Provider Console' })).toBeInTheDocument();
});
