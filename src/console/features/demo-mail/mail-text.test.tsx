import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '@/console/testing/render';
import { withConsoleLinks } from '@/console/features/demo-mail/mail-text';

// The demo's caught e-mail shows an alert's links as links to follow (issue 47 item 4), as a mail
// client would; whatever origin a text names, its link stays on this one.
const text = [
  'Hospital Castellana has been suspended.',
  'Open Hospital Castellana: http://127.0.0.1:8080/centres/201?via=conn-processor',
  '3 more alerts. Overview: http://127.0.0.1:8080/overview?show=suspended&via=conn-processor',
  'Clínica https://evil.example/centres/1 is named by the service.',
].join('\n');

describe('a caught e-mail’s text', () => {
  it('links the console’s pages, on this origin, with the connection the alert came from', () => {
    render(<pre>{withConsoleLinks(text)}</pre>);
    expect(
      screen.getByRole('link', { name: 'http://127.0.0.1:8080/centres/201?via=conn-processor' }),
    ).toHaveAttribute('href', '/centres/201?via=conn-processor');
    expect(
      screen.getByRole('link', { name: 'http://127.0.0.1:8080/overview?show=suspended&via=conn-processor' }),
    ).toHaveAttribute('href', '/overview?show=suspended&via=conn-processor');
    expect(screen.getByRole('link', { name: 'https://evil.example/centres/1' })).toHaveAttribute(
      'href',
      '/centres/1',
    );
  });

  it('keeps every word of the text, in order', () => {
    const { container } = render(<pre>{withConsoleLinks(text)}</pre>);
    expect(container.querySelector('pre')?.textContent).toBe(text);
  });
});
