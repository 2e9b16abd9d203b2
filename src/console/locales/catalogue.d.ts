// The Lingui Vite plugin compiles a catalogue imported with `?lingui` into its messages.
declare module '*?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
