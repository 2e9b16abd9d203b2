import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readDraft, saveDraftsForSignIn, useRestoredDraft, useSignInDraft } from './sign-in-drafts.ts';

// Issue 47, item 1: what a screen holds unsent outlives the organisation's round trip, given back once.

const asText = (value: unknown) => (typeof value === 'string' ? value : undefined);

describe('sign-in drafts', () => {
  it('keeps each mounted screen’s draft when the tab leaves, and nothing of an unmounted one', () => {
    sessionStorage.clear();
    const mounted = renderHook(() => useSignInDraft('register.rows:105', () => 'Rosa'));
    const gone = renderHook(() => useSignInDraft('centres.create:100', () => 'Clínica'));
    gone.unmount();
    saveDraftsForSignIn();
    expect(readDraft('register.rows:105', asText)).toBe('Rosa');
    expect(readDraft('centres.create:100', asText)).toBeUndefined();
    mounted.unmount();
  });

  it('gives a draft back once: the screen that mounts next starts afresh', () => {
    sessionStorage.clear();
    const saver = renderHook(() => useSignInDraft('register.rows:105', () => 'Rosa'));
    saveDraftsForSignIn();
    saver.unmount();
    expect(renderHook(() => useRestoredDraft('register.rows:105', asText)).result.current).toBe('Rosa');
    expect(renderHook(() => useRestoredDraft('register.rows:105', asText)).result.current).toBeUndefined();
  });

  it('forgets what it cannot read back', () => {
    sessionStorage.clear();
    sessionStorage.setItem('provider-console.draft:register.rows:105', '{not json');
    expect(readDraft('register.rows:105', asText)).toBeUndefined();
  });
});
