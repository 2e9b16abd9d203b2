import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { registerDoctors, type RegisterDoctorsRequest } from '@/contract/operations/register-doctors';
import { runOperation } from './client.ts';
import { doctorsWithLicensesKeys } from './list-doctors-with-licenses.ts';

// Imported, not loaded on use: the registration's rows (features/doctors/doctor-row.ts) import the
// operation's request schema, so it is loaded with them already (a dynamic import split nothing,
// and the build warned so: INEFFECTIVE_DYNAMIC_IMPORT).
const load = () => Promise.resolve(registerDoctors);

/**
 * 4.2, one request per call: D4 has the console send one doctor per request (at most four in
 * flight), which a single mutation's state cannot follow, so this answers a plain function that
 * gives the service's id for the doctor, or throws the ApiError. `refresh` invalidates the doctor
 * lists of the target (its own key prefix, docs/decisions/0006) once a batch has ended, rather than
 * once per row.
 */
export function useRegisterDoctors() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      register: async (request: RegisterDoctorsRequest): Promise<string> =>
        (await runOperation(load, request)).doctorId,
      refresh: (providerId: number) =>
        queryClient.invalidateQueries({ queryKey: doctorsWithLicensesKeys.centre(providerId) }),
    }),
    [queryClient],
  );
}
