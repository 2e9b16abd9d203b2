import { describe, expect, test } from 'vitest';
import {
  CLIENT_SESSION_PERMISSIONS,
  OPERATION_REQUIREMENTS,
  ROLE_PERMISSIONS,
  ROLES,
  rolesGranting,
  type AnyOperationId,
} from './permissions.ts';

const mayCall = (operation: AnyOperationId) => {
  const requirement = OPERATION_REQUIREMENTS[operation];
  if (requirement === 'never') return 'nobody';
  if (requirement === 'public' || requirement === 'signed-in') return requirement;
  const roles = ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(requirement));
  return [...roles, ...(CLIENT_SESSION_PERMISSIONS.includes(requirement) ? ['client credentials'] : [])].join(
    ', ',
  );
};

describe('who may do what (docs/decisions/0023)', () => {
  test('admin: everything, plus people and connections; operator: centres, credentials, doctors, contract actions; support: reading; client credentials: what they always could', () => {
    const table = Object.fromEntries(
      (Object.keys(OPERATION_REQUIREMENTS) as AnyOperationId[]).map((operation) => [
        operation,
        mayCall(operation),
      ]),
    );
    const everyone = 'admin, operator, support, client credentials';
    const changes = 'admin, operator, client credentials';
    expect(table).toEqual({
      requestToken: 'nobody',
      listChildCenters: everyone,
      listCentres: everyone,
      getCentre: everyone,
      refreshCentres: everyone,
      listWatchedCentres: everyone,
      getCentreTimeline: everyone,
      findCentreConnections: everyone,
      listDoctorsWithLicenses: everyone,
      getLicenses: everyone,
      listReportTemplates: everyone,
      createChildCenter: changes,
      getChildCenterCredentials: changes,
      registerDoctors: changes,
      sendPartnerWebhook: changes,
      listEnvironments: 'public',
      getSignInOptions: 'public',
      signInWithCredentials: 'public',
      signInAsDemo: 'public',
      startOrganisationSignIn: 'public',
      finishOrganisationSignIn: 'public',
      finishOrganisationSignOut: 'public',
      endOrganisationSessions: 'public',
      getClientKeys: 'public',
      addFirstConnection: 'public',
      signOut: 'public',
      getSession: 'signed-in',
      getOwnCentre: 'signed-in',
      switchConnection: 'signed-in',
      listContractEvents: everyone,
      listActivity: everyone,
      exportActivity: everyone,
      listPeople: 'admin, operator, support',
      invitePerson: 'admin',
      changeRole: 'admin',
      removePerson: 'admin',
      listConnections: 'admin',
      addConnection: 'admin',
      replaceConnectionSecret: 'admin',
      removeConnection: 'admin',
      setConnectionWebhook: 'admin',
      listDemoMail: 'signed-in',
      // A person's own alerts (docs/decisions/0026): every role, no client-credential session.
      listAlerts: 'admin, operator, support',
      countUnreadAlerts: 'admin, operator, support',
      markAlertsRead: 'admin, operator, support',
      getAlertPreferences: 'admin, operator, support',
      setAlertPreferences: 'admin, operator, support',
      setAlertTimeZone: 'admin, operator, support',
      listFailedDeliveries: 'admin',
      retryFailedDelivery: 'admin',
    });
  });

  test('a missing action names the least powerful role that has it', () => {
    expect(rolesGranting('centres.create')).toEqual(['operator', 'admin']);
    expect(rolesGranting('people.manage')).toEqual(['admin']);
    expect(rolesGranting('centres.view')).toEqual(['support', 'operator', 'admin']);
  });
});
