import type { PatientDto } from '@/shared/types/api';
import {
  formFieldErrors,
  genderFromWire,
  genderToWire,
  isNewPatient,
  newPatient,
  patientFromDto,
  patientToCreateBody,
  patientToUpdateBody,
} from './patientMapping';

const stored: PatientDto = {
  id: 4,
  personalDetails: { firstName: 'Jan', lastName: 'Kowalski', gender: 'male', dateOfBirth: '1980-02-03', email: 'jan@example.com', phone: '+48600100200' },
  address: { country: 'PL', region: '', locality: 'Warsaw', district: '', street: 'Prosta', houseNumber: '1', entranceNumber: '', floorNumber: '2', apartmentNumber: '3', addressNotes: '' },
};

describe('patient mapping', () => {
  it('maps M/F to male/female and back', () => {
    expect(genderToWire('M')).toBe('male');
    expect(genderToWire('F')).toBe('female');
    expect(genderFromWire('male')).toBe('M');
    expect(genderFromWire('female')).toBe('F');
  });

  it('has the new-patient defaults: no sex and no date of birth chosen', () => {
    expect(newPatient()).toMatchObject({ id: 'NEW', gender: '', dateOfBirth: '' });
  });

  it('creates when the id is null or NEW, else updates', () => {
    expect(isNewPatient({ id: null })).toBe(true);
    expect(isNewPatient({ id: 'NEW' })).toBe(true);
    expect(isNewPatient({ id: 4 })).toBe(false);
  });

  it('reads the server shape', () => {
    expect(patientFromDto(stored)).toEqual({ id: 4, firstName: 'Jan', lastName: 'Kowalski', gender: 'M', dateOfBirth: '1980-02-03' });
  });

  it('creates with null e-mail and phone and an empty address', () => {
    const body = patientToCreateBody({ id: 'NEW', firstName: ' Ola ', lastName: 'Nowak', gender: 'F', dateOfBirth: '2015-06-01' });
    expect(body.personalDetails).toEqual({ firstName: 'Ola', lastName: 'Nowak', gender: 'female', dateOfBirth: '2015-06-01', email: null, phone: null });
    expect(Object.values(body.address).every((v) => v === '')).toBe(true);
    expect(Object.keys(body.address).sort()).toEqual(
      ['addressNotes', 'apartmentNumber', 'country', 'district', 'entranceNumber', 'floorNumber', 'houseNumber', 'locality', 'region', 'street'],
    );
  });

  it('updates the personal details and keeps the fields the form does not show', () => {
    const body = patientToUpdateBody({ id: 4, firstName: 'Janek', lastName: 'Kowalski', gender: 'M', dateOfBirth: '1980-02-04' }, stored);
    expect(body).toEqual({
      id: 4,
      personalDetails: { ...stored.personalDetails, firstName: 'Janek', dateOfBirth: '1980-02-04' },
      address: stored.address,
    });
  });

  it('puts server field errors onto the form fields', () => {
    expect(formFieldErrors({ 'personalDetails.firstName': 'Too long', dateOfBirth: 'In the future', 'address.street': 'x' })).toEqual({
      firstName: 'Too long',
      dateOfBirth: 'In the future',
    });
  });
});
