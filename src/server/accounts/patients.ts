import { emptyAddress } from '@/shared/emptyShapes';
import { ValidationError } from 'yup';
import type { Db } from '@/server/db/createDb';
import type { PatientAddressDto, PatientDto } from '@/shared/types/api';
import { patientSchema, type PatientInput, type UserPatientInput } from '@/shared/validation/patient';
import { badRequest, conflict, notFound, unauthorized } from '@/server/http/errors';
import * as repo from '@/server/accounts/repositories/patients';
import { findUserById } from '@/server/accounts/repositories/accounts';
import { accessOfRecords } from '@/server/accounts/household';
import { attachNeeds, saveNeeds } from '@/server/accounts/patientNeeds';
import { ERROR_CODES } from '@/shared/errorCodes';
import { CO_DECIDE_AGE, ageOn } from '@/shared/household';
import { peselProblem } from '@/shared/validation/nationalIds';

/**
 * The caller's patients (spec §3 server shape). Every read and write is scoped to the caller:
 * another user's patient is 404, exactly as if it did not exist.
 */

export const PATIENT_NOT_FOUND = 'Patient not found';
export const USER_ALREADY_PATIENT = 'You are already one of your patients';
export const DATE_OF_BIRTH_LOCKED = 'The date of birth of this record can no longer be changed this way';

/**
 * The account holder changes a family member's date of birth only where no age rule of household
 * consent is bypassed (docs/spec-decisions.md, 13): a record whose person agreed (or who owns it) is
 * not changed at all; a record of someone 16 or older is not made younger (which would bring back,
 * or keep, the guardian's access to an adult's results). Making a person older, and any change of
 * a child under 16 or of the holder's own record, is free. 409 `date_of_birth_locked`, naming the field.
 */
async function assertDateOfBirthChange(db: Db, row: repo.PatientRecord, next: string, now = new Date()): Promise<void> {
  if (row.is_user === 1 || next.slice(0, 10) === row.date_of_birth.slice(0, 10)) return;
  const access = (await accessOfRecords(db, [row], now)).get(row.id);
  const younger = next.slice(0, 10) > row.date_of_birth.slice(0, 10);
  const field = 'personalDetails.dateOfBirth';
  if (access === 'consented') {
    throw conflict(DATE_OF_BIRTH_LOCKED, { [field]: 'This person agreed to share their record: only they can change it' }, ERROR_CODES.dateOfBirthLocked);
  }
  if (younger && ageOn(row.date_of_birth, now) >= CO_DECIDE_AGE) {
    throw conflict(DATE_OF_BIRTH_LOCKED, { [field]: `A person of ${CO_DECIDE_AGE} or older cannot be made younger` }, ERROR_CODES.dateOfBirthLocked);
  }
}

/** Patient rows become the wire shape here and nowhere else. */
export function toPatientDto(p: repo.PatientRecord): PatientDto {
  return {
    id: p.id,
    personalDetails: {
      firstName: p.first_name,
      lastName: p.last_name,
      gender: p.gender,
      dateOfBirth: p.date_of_birth,
      email: p.email,
      phone: p.phone,
      // Only where stored, so answers of patients without them keep the spec's shape.
      ...(p.pesel ? { pesel: p.pesel } : {}),
      ...(p.personal_number ? { personalNumber: p.personal_number } : {}),
    },
    address: {
      country: p.country,
      region: p.region,
      locality: p.locality,
      district: p.district,
      street: p.street,
      houseNumber: p.house_number,
      entranceNumber: p.entrance_number,
      floorNumber: p.floor_number,
      apartmentNumber: p.apartment_number,
      addressNotes: p.address_notes,
    },
  };
}

type AddressColumns = Pick<
  repo.PatientFields,
  'country' | 'region' | 'locality' | 'district' | 'street' | 'house_number' | 'entrance_number' | 'floor_number' | 'apartment_number' | 'address_notes'
>;

function addressFields(a: PatientAddressDto): AddressColumns {
  return {
    country: a.country,
    region: a.region,
    locality: a.locality,
    district: a.district,
    street: a.street,
    house_number: a.houseNumber,
    entrance_number: a.entranceNumber,
    floor_number: a.floorNumber,
    apartment_number: a.apartmentNumber,
    address_notes: a.addressNotes,
  };
}

type PersonalColumns = Pick<repo.PatientFields, 'first_name' | 'last_name' | 'gender' | 'date_of_birth' | 'email' | 'phone' | 'pesel' | 'personal_number'>;

/** The identifiers are left out when absent from the input (an update keeps the stored ones). */
function personalFields(p: PatientInput['personalDetails']): PersonalColumns {
  return {
    first_name: p.firstName,
    last_name: p.lastName,
    gender: p.gender,
    date_of_birth: p.dateOfBirth,
    email: p.email || null,
    phone: p.phone || null,
    ...(p.pesel !== undefined ? { pesel: p.pesel || null } : {}),
    ...(p.personalNumber !== undefined ? { personal_number: p.personalNumber || null } : {}),
  };
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(err?.message ?? '');
}

async function validatePatient(value: unknown): Promise<PatientInput> {
  try {
    return await patientSchema.validate(value, { abortEarly: false, stripUnknown: true });
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const fields: Record<string, string> = {};
    for (const err of e.inner.length ? e.inner : [e]) fields[err.path || '_'] ??= err.errors[0] ?? err.message;
    throw badRequest(Object.values(fields)[0] ?? e.message, fields);
  }
}

/** Every answer of the patient calls carries each record's `access` (household consent). */
export async function listPatients(db: Db, userId: number, now = new Date()): Promise<PatientDto[]> {
  const rows = await repo.findPatients(db, userId);
  const access = await accessOfRecords(db, rows, now);
  return attachNeeds(db, rows.map((r) => ({ ...toPatientDto(r), access: access.get(r.id) ?? 'pending' })));
}

export async function getPatient(db: Db, userId: number, id: number): Promise<PatientDto> {
  const row = await repo.findPatient(db, userId, id);
  if (!row) throw notFound(PATIENT_NOT_FOUND);
  const access = await accessOfRecords(db, [row]);
  const [dto] = await attachNeeds(db, [{ ...toPatientDto(row), access: access.get(row.id) ?? 'pending' }]);
  return dto!;
}

/**
 * Creates a patient of the caller. With `userAsPatient` the patient is the user themself (at most
 * one), and missing names and date of birth are taken from the account.
 */
export async function createPatient(db: Db, userId: number, body: UserPatientInput, userAsPatient: boolean): Promise<PatientDto> {
  let input: PatientInput;
  if (userAsPatient) {
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized();
    if (await repo.findSelfPatient(db, userId)) throw conflict(USER_ALREADY_PATIENT);
    const p = body.personalDetails;
    input = await validatePatient({
      personalDetails: {
        ...p,
        firstName: p.firstName ?? user.first_name,
        lastName: p.lastName ?? user.last_name,
        dateOfBirth: p.dateOfBirth ?? user.date_of_birth ?? undefined,
        email: p.email === undefined ? user.email : p.email,
        phone: p.phone === undefined ? user.phone : p.phone,
      },
      address: body.address,
      needs: body.needs,
    });
  } else {
    input = await validatePatient(body);
  }
  try {
    const id = await repo.insertPatient(db, userId, userAsPatient, {
      ...personalFields(input.personalDetails),
      ...addressFields(input.address ?? emptyAddress()),
    });
    await saveNeeds(db, id, input.needs);
    return getPatient(db, userId, id);
  } catch (e) {
    if (userAsPatient && isUniqueViolation(e)) throw conflict(USER_ALREADY_PATIENT);
    throw e;
  }
}

/** Replaces the personal details (and the address when given) of the caller's patient. */
export async function updatePatient(db: Db, userId: number, id: number, input: PatientInput): Promise<PatientDto> {
  const changes = { ...personalFields(input.personalDetails), ...(input.address ? addressFields(input.address) : {}) };
  const row = await repo.findPatient(db, userId, id);
  if (!row) throw notFound(PATIENT_NOT_FOUND);
  await assertDateOfBirthChange(db, row, changes.date_of_birth);
  // A kept PESEL must still fit a changed date of birth or sex.
  const keptPesel = changes.pesel === undefined ? row.pesel : null;
  const problem = keptPesel ? peselProblem(keptPesel, { gender: changes.gender, dateOfBirth: changes.date_of_birth }) : null;
  if (problem) throw badRequest(problem, { 'personalDetails.pesel': problem });
  if (!(await repo.updatePatient(db, userId, id, changes))) throw notFound(PATIENT_NOT_FOUND);
  await saveNeeds(db, id, input.needs);
  return getPatient(db, userId, id);
}
