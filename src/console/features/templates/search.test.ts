import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { TEMPLATES_SEARCH_DEFAULTS, templatesSearchSchema, type TemplatesSearch } from './rules.ts';

// The Templates tab's URL (docs/decisions/0006): the view, the doctor, the page and its size, and
// the template in the drawer, read back after a reload or a step back/forward through the router's
// own query-string format. A link opening the drawer is e2e/templates.spec.ts's journey.
const reloaded = (search: Partial<TemplatesSearch>) =>
  templatesSearchSchema.parse(defaultParseSearch(defaultStringifySearch(search)));

describe('the Templates tab’s search', () => {
  it('reads back the view, doctor, page, page size and drawer it wrote', () => {
    const search: TemplatesSearch = {
      view: 'own',
      doctor: '101-doc-002',
      page: 2,
      pageSize: 50,
      template: 46,
    };
    expect(reloaded(search)).toEqual(search);
    // A doctor id made of digits is still the id typed.
    expect(reloaded({ view: 'doctor', doctor: '1234' })).toEqual({
      ...TEMPLATES_SEARCH_DEFAULTS,
      view: 'doctor',
      doctor: '1234',
    });
  });

  it('opens on the centre’s own view, first page, no drawer, for a plain link', () => {
    expect(reloaded({})).toEqual(TEMPLATES_SEARCH_DEFAULTS);
    expect(TEMPLATES_SEARCH_DEFAULTS).toEqual({
      view: 'centre',
      doctor: '',
      page: 1,
      pageSize: 25,
      template: undefined,
    });
  });

  it('closes the drawer for a broken template id and falls back for a view it does not have', () => {
    expect(templatesSearchSchema.parse({ view: 'all', template: -1, page: 2 })).toEqual({
      ...TEMPLATES_SEARCH_DEFAULTS,
      page: 2,
    });
    expect(templatesSearchSchema.parse({ template: 'forty' })).toEqual(TEMPLATES_SEARCH_DEFAULTS);
  });
});
