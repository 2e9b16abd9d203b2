import { describe, expect, it } from 'vitest';
import { routePathOf, routePreloads, type Manifest } from './route-preloads.ts';

const R = 'src/console/routes/';

// A small build: the entry (with the router and a shared chunk), a pathless layout, a centre's
// layout and its Licences tab, and the login page.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared.js'],
    // A part a route's own module (in the entry) loads lazily, as the registration's workspace.
    dynamicImports: ['src/console/features/workspace.tsx', `${R}login.tsx?tsr-split=component`],
    css: ['assets/index.css'],
  },
  'src/console/features/workspace.tsx': { file: 'assets/workspace.js', css: ['assets/workspace.css'] },
  '_shared.js': { file: 'assets/shared.js' },
  '_table.js': { file: 'assets/table.js', imports: ['_shared.js'], css: ['assets/table.css'] },
  [`${R}_auth.tsx?tsr-split=component`]: { file: 'assets/auth.js', imports: ['_shared.js'] },
  [`${R}_auth.tsx?tsr-split=errorComponent`]: { file: 'assets/auth-error.js' },
  [`${R}_auth/centres/$centreId.tsx?tsr-split=component`]: {
    file: 'assets/centre.js',
    imports: ['_table.js'],
  },
  [`${R}_auth/centres/$centreId/licences.tsx?tsr-split=component`]: {
    file: 'assets/licences.js',
    imports: ['_table.js'],
    // A drawer it loads lazily (with a part of its own), and a link's preload of another screen.
    dynamicImports: ['src/console/features/drawer.tsx', `${R}login.tsx?tsr-split=component`],
  },
  'src/console/features/drawer.tsx': {
    file: 'assets/drawer.js',
    imports: ['_shared.js'],
    dynamicImports: ['src/console/features/drawer-part.tsx'],
    css: ['assets/drawer.css'],
  },
  'src/console/features/drawer-part.tsx': { file: 'assets/drawer-part.js', css: ['assets/drawer-part.css'] },
  [`${R}_auth/centres/$centreId/licences.tsx?tsr-split=loader`]: { file: 'assets/licences-loader.js' },
  [`${R}login.tsx?tsr-split=component`]: { file: 'assets/login.js', css: ['assets/login.css'] },
};

describe('route preloads', () => {
  it('lists what a screen loads beyond the entry, its layouts first, without error screens', () => {
    const licences = routePreloads(manifest).find((route) => route.path === '/centres/$centreId/licences');
    expect(licences?.modules).toEqual([
      '/assets/auth.js',
      '/assets/centre.js',
      '/assets/table.js',
      '/assets/licences.js',
      '/assets/licences-loader.js',
    ]);
    expect(licences?.styles).toEqual([
      '/assets/table.css',
      '/assets/drawer.css',
      '/assets/drawer-part.css',
      '/assets/workspace.css',
    ]);
  });

  it("lists the styles of a screen's lazy parts, which it may render at once, but not their code", () => {
    const licences = routePreloads(manifest).find((route) => route.path === '/centres/$centreId/licences');
    expect(licences?.modules).not.toContain('/assets/drawer.js');
    expect(licences?.styles).toContain('/assets/drawer-part.css');
    // Another screen's chunk, imported to preload it, is that screen's.
    expect(licences?.styles).not.toContain('/assets/login.css');
    // The signed-out login shows no signed-in screen's part.
    const login = routePreloads(manifest).find((route) => route.path === '/login');
    expect(login?.styles).toEqual(['/assets/login.css']);
  });

  it("matches a screen's own address, any centre's, and no other", () => {
    const routes = routePreloads(manifest);
    const match = (url: string) => routes.find((route) => new RegExp(route.pattern).test(url))?.path;
    expect(match('/centres/42/licences')).toBe('/centres/$centreId/licences');
    expect(match('/centres/42/licences/')).toBe('/centres/$centreId/licences');
    expect(match('/login')).toBe('/login');
    expect(match('/centres/42/licences/x')).toBeUndefined();
    // A layout is no page of its own.
    expect(routes.map((route) => route.path)).not.toContain('/');
  });

  it('names routes as the router does: pathless layouts and index out, params kept', () => {
    expect(routePathOf('_auth/_screens/centres/$centreId/doctors.tsx')).toBe('/centres/$centreId/doctors');
    expect(routePathOf('_auth/_screens/centres/index.tsx')).toBe('/centres');
    expect(routePathOf('_auth/$.tsx')).toBeUndefined();
    expect(routePathOf('__root.tsx')).toBeUndefined();
  });
});
