import { describe, expect, it } from 'vitest';
import {
  doctorRowSchema,
  duplicateIds,
  emptyRow,
  invalidFields,
  registrationFormSchema,
  requestOf,
  type DoctorRowInput,
} from './doctor-row.ts';
import { registerDoctorsRequestSchema } from '@/contract/operations/register-doctors';

const valid: DoctorRowInput = {
  name: ' Ana ',
  lastname: 'García',
  email: '',
  doctorId: 'D-001',
  doctorSpeciality: '12',
  lang: 'ES',
  keywords: ['cardiología', ' eco ', ''],
};

describe('a doctor row', () => {
  it('becomes the request’s doctor: trimmed, speciality a number, keywords comma-separated, no empty e-mail', () => {
    expect(doctorRowSchema.parse(valid)).toEqual({
      name: 'Ana',
      lastname: 'García',
      doctorId: 'D-001',
      doctorSpeciality: 12,
      lang: 'ES',
      doctorDictionary: 'cardiología, eco',
    });
    expect(doctorRowSchema.parse({ ...valid, keywords: [], email: 'ana@example.es' })).toEqual({
      name: 'Ana',
      lastname: 'García',
      email: 'ana@example.es',
      doctorId: 'D-001',
      doctorSpeciality: 12,
      lang: 'ES',
    });
  });

  it('names every field that breaks its rule, in the form’s order', () => {
    expect(invalidFields(valid)).toEqual([]);
    expect(invalidFields(emptyRow())).toEqual(['name', 'lastname', 'doctorId', 'doctorSpeciality', 'lang']);
    expect(
      invalidFields({ ...valid, email: 'ana@', doctorSpeciality: '0', lang: 'es', name: 'x'.repeat(101) }),
    ).toEqual(['name', 'email', 'doctorSpeciality', 'lang']);
    expect(invalidFields({ ...valid, doctorSpeciality: '3.5' })).toEqual(['doctorSpeciality']);
    expect(invalidFields({ ...valid, doctorSpeciality: 'abc' })).toEqual(['doctorSpeciality']);
    expect(invalidFields({ ...valid, lang: 'XX' })).toEqual(['lang']);
  });

  it('makes one request per doctor that the contract accepts (D4)', () => {
    const request = requestOf(101, doctorRowSchema.parse(valid));
    expect(request.doctors).toHaveLength(1);
    expect(registerDoctorsRequestSchema.safeParse(request).success).toBe(true);
    expect(request.doctors[0]?.healthProviderId).toBe(101);
  });
});

describe('duplicate doctor ids', () => {
  it('flags every row of a repeated id with another row holding it, ignoring blanks and spaces', () => {
    const duplicates = duplicateIds(['a', 'b', ' a', '', '', 'c', 'a']);
    expect([...duplicates.keys()].sort()).toEqual([0, 2, 6]);
    expect(duplicates.get(0)).toBe(2);
    expect(duplicates.get(6)).toBe(0);
  });

  it('stop the form with an error on each repeated doctor id', () => {
    const result = registrationFormSchema.safeParse({
      healthProviderId: 101,
      doctors: [valid, { ...valid, name: 'Otra' }, { ...valid, doctorId: 'D-002' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'doctors.0.doctorId',
      'doctors.1.doctorId',
    ]);
  });
});
