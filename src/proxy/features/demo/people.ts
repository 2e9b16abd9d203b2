// The demo's people and connections (docs/decisions/0023): `npm start` registers the two D12
// parents as connections and these four people with their roles, and its embedded identity
// provider lets anyone sign in as one of them, so that the whole of organisation sign-in and roles
// can be tried without any setup. A restart brings back a demo person an admin removed.
import type { Role } from '../../../proxy-api/permissions.ts';
import { demoLogins } from '../../core/upstream/environments.ts';
import type { AccessControl, Directory } from '../people/index.ts';

export interface DemoConnection {
  label: string;
  login: keyof typeof demoLogins;
}

export const demoConnections: readonly DemoConnection[] = [
  { label: 'Red Salud Demo', login: 'parent' },
  { label: 'Grupo Procesador Demo', login: 'processor' },
];

export interface DemoPerson {
  /** The embedded provider's subject for them. */
  subject: string;
  email: string;
  name: string;
  /** What the sign-in page says they are. */
  title: string;
  roles: { login: keyof typeof demoLogins; role: Role }[];
}

export const demoPeople: readonly DemoPerson[] = [
  {
    subject: 'demo-ana',
    email: 'ana.martin@redsalud.demo',
    name: 'Ana Martín',
    title: 'Admin of Red Salud Demo',
    roles: [{ login: 'parent', role: 'admin' }],
  },
  {
    subject: 'demo-oscar',
    email: 'oscar.ruiz@redsalud.demo',
    name: 'Óscar Ruiz',
    title: 'Operator of Red Salud Demo',
    roles: [{ login: 'parent', role: 'operator' }],
  },
  {
    subject: 'demo-sofia',
    email: 'sofia.vidal@redsalud.demo',
    name: 'Sofía Vidal',
    title: 'Support of Red Salud Demo',
    roles: [{ login: 'parent', role: 'support' }],
  },
  {
    subject: 'demo-pau',
    email: 'pau.serra@soporte.demo',
    name: 'Pau Serra',
    title: 'Support of both demo parents',
    roles: [
      { login: 'parent', role: 'support' },
      { login: 'processor', role: 'support' },
    ],
  },
];

/**
 * Registers what is missing: each demo parent's connection (its D12 secret sealed like any), and
 * each demo person not in the directory, with their roles. With `issuer`, the demo people are bound
 * to the embedded provider as it runs now (its address changes with the port).
 */
export async function seedDemo(
  directory: Directory,
  access: AccessControl,
  options: { issuer?: string | undefined; people: boolean; at: number },
): Promise<void> {
  const existing = await directory.connections();
  const connection = async ({ label, login }: DemoConnection) => {
    const credentials = demoLogins[login];
    const found = existing.find((c) => c.environment === 'demo' && c.providerId === credentials.providerId);
    if (found) return found;
    const added = await directory.addConnection({
      label,
      environment: 'demo',
      ...credentials,
      providerVerified: true,
      createdBy: null,
      at: options.at,
    });
    if (added === 'exists') throw new Error(`the demo connection ${label} appeared meanwhile`);
    return added;
  };
  const ids = new Map<string, string>();
  for (const demo of demoConnections) {
    // oxlint-disable-next-line no-await-in-loop -- two connections, once per start
    ids.set(demo.login, (await connection(demo)).id);
  }
  const person = async (demo: DemoPerson) => {
    const known = await directory.personByEmail(demo.email);
    const row =
      known ??
      (await directory.ensurePerson({ email: demo.email, name: demo.name, invitedBy: null, at: options.at }));
    const grants = known
      ? []
      : demo.roles.flatMap(({ login, role }) => {
          const connectionId = ids.get(login);
          return connectionId ? [{ connectionId, role }] : [];
        });
    await Promise.all(grants.map((grant) => directory.grant(row.id, grant, null, options.at)));
    if (options.issuer && (!row.subject || row.subject === demo.subject))
      await directory.recordSignIn(row.id, {
        issuer: options.issuer,
        subject: demo.subject,
        name: demo.name,
        at: null,
      });
  };
  if (options.people)
    for (const demo of demoPeople) {
      // oxlint-disable-next-line no-await-in-loop -- four people, once per start
      await person(demo);
    }
  await access.changed('connections');
}
