// A browser as far as the proxy and an OpenID provider can tell, for the tests of organisation
// sign-in (docs/decisions/0023): it keeps cookies per host as Set-Cookie says, follows redirects one
// at a time (so that a test sees each step), submits forms, and records every answer's status,
// headers and body for the canary checks.
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();
  /** Every answer received: status, headers and body. */
  readonly seen: string[] = [];
  /** Every URL visited, in order. */
  readonly visited: string[] = [];

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  private cookies(url: URL): string {
    return [...(this.jar.get(url.host) ?? [])].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(url: URL, response: Response): void {
    const jar = this.jar.get(url.host) ?? new Map<string, string>();
    this.jar.set(url.host, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  }

  /** One request, no redirect followed. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookies = this.cookies(target);
    if (cookies) headers.set('cookie', cookies);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.keep(target, response);
    this.visited.push(target.href);
    const text = await response.clone().text();
    this.seen.push(`${response.status} ${target.pathname} ${JSON.stringify([...response.headers])} ${text}`);
    return response;
  }

  /** Follows redirects (and a meta refresh) from `url`; answers the last response and its URL. */
  async navigate(url: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let current = url;
    let response = await this.fetch(current, init);
    for (let hops = 0; hops < 20; hops++) {
      const location = response.headers.get('location');
      const refresh = location
        ? undefined
        : // oxlint-disable-next-line no-await-in-loop -- a redirect chain is followed one step at a time
          /http-equiv="refresh" content="0;url=([^"]+)"/.exec(await response.clone().text());
      const next = location ?? refresh?.[1]?.replaceAll('&amp;', '&');
      if (!next) break;
      current = new URL(next, current).href;
      // oxlint-disable-next-line no-await-in-loop -- as above
      response = await this.fetch(current);
    }
    return { response, url: current };
  }

  /** Posts a form (urlencoded) and follows where it leads. */
  submit(url: string, fields: Record<string, string>) {
    return this.navigate(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}
