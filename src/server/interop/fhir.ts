import crypto from 'node:crypto';
import type { Db } from '@/server/db/createDb';
import { getConfig } from '@/server/config';
import { notFound } from '@/server/http/errors';
import * as repo from '@/server/orders/repositories/orders';
import { findSlotsByIds } from '@/server/visits/repositories/slots';
import { findLaboratoriesByIds } from '@/server/laboratories/repositories/laboratories';
import * as resultsRepo from '@/server/results/repositories/results';
import { findPanels, lineOfResult, lineResultState } from '@/server/results/panels';
import { shownInterpretation, TEST_RESULT_NOT_FOUND } from '@/server/results/results';
import type { ResultInterpretationDto } from '@/shared/types/results';
import { assertReadsPatientResults, patientsWithoutConsent } from '@/server/results/resultAccess';
import { consentRequired } from '@/server/accounts/household';
import { sampleCheckIn } from '@/server/orders/checkIn';
import { findNationalIds } from '@/server/accounts/repositories/patients';

/**
 * FHIR R4 export of one set of results (one order): a `collection` Bundle with the laboratory as
 * an Organization, the Patient(s), a ServiceRequest per ordered analysis, an Observation per result
 * and a DiagnosticReport per patient. Resources are linked by `urn:uuid:` full URLs that are stable
 * for the same order (derived from the shop's ids), so a second export of the same data is equal.
 * Codes: LOINC where the analysis has one plus the shop's own code system; units in UCUM;
 * interpretations from v3-ObservationInterpretation. Server-only (never bundled for the browser).
 */

export const FHIR_CONTENT_TYPE = 'application/fhir+json';
export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const V3_INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const V2_0074 = 'http://terminology.hl7.org/CodeSystem/v2-0074';
/** HL7 v2 table 0916, Relevant clinical information: the specimen's fasting status. */
export const V2_0916 = 'http://terminology.hl7.org/CodeSystem/v2-0916';
/** A fast this long (hours) counts as fasting when no analysis of the order asks a longer one. */
const FASTING_MIN_HOURS = 8;

/** PESEL, the Polish national identification number (OID of the Polish e-health registry, CSIOZ). */
export const PESEL_SYSTEM = 'urn:oid:2.16.840.1.113883.3.4424.1.1.616';
/** HL7 v2 table 0203, identifier type: `NI` national unique individual identifier. */
const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/** The shop's own systems, under the public address of the shop. */
export function shopSystems(appUrl = getConfig().appUrl) {
  const base = appUrl.replace(/\/+$/, '');
  return {
    analysis: `${base}/fhir/CodeSystem/analysis`,
    patient: `${base}/fhir/NamingSystem/patient`,
    order: `${base}/fhir/NamingSystem/order`,
    laboratory: `${base}/fhir/NamingSystem/laboratory`,
    result: `${base}/fhir/NamingSystem/result`,
    /**
     * The Belarusian personal (identification) number: no registry publishes a FHIR system or OID
     * for it, so the shop names it under its own address (docs/backend.md, FHIR export).
     */
    byPersonalNumber: `${base}/fhir/NamingSystem/by-personal-number`,
  };
}

const INTERPRETATION_DISPLAY: Record<ResultInterpretationDto, string> = {
  N: 'Normal',
  L: 'Low',
  H: 'High',
  LL: 'Critical low',
  HH: 'Critical high',
  A: 'Abnormal',
};

/** A stable UUID (version 4 layout) derived from a name, for `urn:uuid:` full URLs. */
function uuidFor(name: string): string {
  const h = crypto.createHash('sha256').update(name).digest();
  h[6] = ((h[6] as number) & 0x0f) | 0x40;
  h[8] = ((h[8] as number) & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

type Resource = Record<string, unknown> & { resourceType: string };
export interface FhirBundle {
  resourceType: 'Bundle';
  type: 'collection';
  timestamp: string;
  identifier: { system: string; value: string };
  entry: { fullUrl: string; resource: Resource }[];
}

function quantity(value: number, displayUnit: string, ucum: string | null): Record<string, unknown> {
  const q: Record<string, unknown> = { value };
  if (displayUnit) q.unit = displayUnit;
  if (ucum) {
    q.system = UCUM;
    q.code = ucum;
  }
  return q;
}

/** The PESEL and the Belarusian personal number as FHIR identifiers (type NI, national). */
function nationalIdentifiers(ids: { pesel: string | null; personalNumber: string | null } | undefined, sys: ReturnType<typeof shopSystems>) {
  const type = { coding: [{ system: V2_0203, code: 'NI', display: 'National unique individual identifier' }] };
  return [
    ...(ids?.pesel ? [{ use: 'official', type, system: PESEL_SYSTEM, value: ids.pesel }] : []),
    ...(ids?.personalNumber ? [{ use: 'official', type, system: sys.byPersonalNumber, value: ids.personalNumber }] : []),
  ];
}

/**
 * The export of the order's results, optionally for one patient. The caller has checked access;
 * `withNationalIds` (the owner's own export only) adds each patient's PESEL / personal number.
 */
export async function buildResultsBundle(db: Db, order: repo.OrderRow, patientId?: number, now = new Date(), hidden: Set<number> = new Set(), withNationalIds = false): Promise<FhirBundle> {
  const [lines, results, slots, labs, collected] = await Promise.all([
    repo.listLines(db, [order.id]),
    resultsRepo.listOrderResults(db, [order.id]),
    findSlotsByIds(db, [order.slot_id]),
    findLaboratoriesByIds(db, [order.laboratory_id]),
    repo.findCollectedAt(db, [order.id]),
  ]);
  const ownLines = lines.filter((l) => (patientId === undefined || l.patient_id === patientId) && !hidden.has(l.patient_id));
  const ownResults = results.filter((r) => (patientId === undefined || r.patient_id === patientId) && !hidden.has(r.patient_id));
  if (!ownLines.length || !ownResults.length) throw notFound(TEST_RESULT_NOT_FOUND);
  // A panel's line (the blood count) has its components' results: their codes and LOINC too.
  const panels = await findPanels(db, ownLines.map((l) => l.analysis_id));
  const componentOf = new Map([...panels.components.values()].flat().map((c) => [c.componentId, c]));
  const science = await resultsRepo.findScience(db, [...ownLines.map((l) => l.analysis_id), ...componentOf.keys()]);
  const sys = shopSystems();
  const lab = labs.get(order.laboratory_id);
  // The collection as recorded (as the results page, the PDF and the trend show it), the booked visit only before one is.
  const sampledAt = collected.get(order.id) ?? slots.get(order.slot_id)?.start_at ?? order.nurse_checkout_date;
  const entry: FhirBundle['entry'] = [];
  const url = (kind: string, id: string | number) => `urn:uuid:${uuidFor(`${sys.analysis}|${order.id}|${kind}|${id}`)}`;

  const orgUrl = url('Organization', order.laboratory_id);
  entry.push({
    fullUrl: orgUrl,
    resource: {
      resourceType: 'Organization',
      identifier: [{ system: sys.laboratory, value: order.laboratory_id }],
      active: true,
      type: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/organization-type', code: 'prov', display: 'Healthcare Provider' }] }],
      name: lab ? `Laboratory ${lab.city_name}` : 'Laboratory',
      telecom: [
        ...(lab?.phone ? [{ system: 'phone', value: lab.phone }] : []),
        ...(lab?.email ? [{ system: 'email', value: lab.email }] : []),
      ],
      address: lab ? [{ text: lab.address, city: lab.city_name, country: lab.country }] : [],
    },
  });

  const patients = new Map<number, (typeof ownLines)[number]>();
  for (const l of ownLines) if (!patients.has(l.patient_id)) patients.set(l.patient_id, l);
  const nationalIds = withNationalIds ? await findNationalIds(db, order.user_id, [...patients.keys()]) : new Map();
  for (const [id, p] of patients) {
    entry.push({
      fullUrl: url('Patient', id),
      resource: {
        resourceType: 'Patient',
        identifier: [{ system: sys.patient, value: String(id) }, ...nationalIdentifiers(nationalIds.get(id), sys)],
        name: [{ use: 'official', family: p.last_name, given: [p.first_name] }],
        gender: p.gender,
        birthDate: p.date_of_birth,
      },
    });
  }

  const codeOf = (l: { code: string; name: string; analysis_id: number }) => {
    const loinc = science.get(l.analysis_id)?.loinc;
    return {
      coding: [...(loinc ? [{ system: LOINC, code: loinc }] : []), { system: sys.analysis, code: l.code, display: l.name }],
      text: l.name,
    };
  };

  const requestUrl = new Map<string, string>();
  for (const l of ownLines) {
    const key = `${l.patient_id}:${l.analysis_id}`;
    if (requestUrl.has(key)) continue;
    const done = lineResultState(l, panels, ownResults).has;
    const fullUrl = url('ServiceRequest', key);
    requestUrl.set(key, fullUrl);
    entry.push({
      fullUrl,
      resource: {
        resourceType: 'ServiceRequest',
        identifier: [{ system: sys.order, value: `${order.number}-${l.patient_id}-${l.code}` }],
        requisition: { system: sys.order, value: order.number },
        status: order.status === 'cancelled' ? 'revoked' : done ? 'completed' : 'active',
        intent: 'order',
        category: [{ coding: [{ system: 'http://snomed.info/sct', code: '108252007', display: 'Laboratory procedure' }] }],
        code: codeOf(l),
        subject: { reference: url('Patient', l.patient_id) },
        authoredOn: order.created_at,
        performer: [{ reference: orgUrl }],
      },
    });
  }

  // The reason of a result's latest correction is kept on the revision it replaced (the newest one).
  const revisions = await resultsRepo.listRevisions(db, ownResults.filter((r) => r.corrected_at).map((r) => r.id));
  const lastReason = new Map(revisions.map((v) => [v.result_id, v.reason]));
  const observationUrls = new Map<number, string[]>();
  // A panel's components, by the panel's line: the panel's own Observation refers to them (hasMember).
  const members = new Map<string, { urls: string[]; issued: string; corrected: boolean; line: (typeof ownLines)[number] }>();
  for (const r of ownResults) {
    const line = lineOfResult(ownLines, panels, r.patient_id, r.analysis_id);
    if (!line) continue;
    const component = line.analysis_id !== r.analysis_id ? componentOf.get(r.analysis_id) : undefined;
    const sci = science.get(r.analysis_id);
    const ucum = sci?.ucum_unit ?? null;
    const interp = shownInterpretation(r);
    const fullUrl = url('Observation', r.id);
    const range: Record<string, unknown> = {};
    if (r.ref_low !== null) range.low = quantity(r.ref_low, r.unit, ucum);
    if (r.ref_high !== null) range.high = quantity(r.ref_high, r.unit, ucum);
    if (r.ref_text) range.text = r.ref_text;
    const notes = [
      ...(r.comment ? [{ text: r.comment }] : []),
      ...(r.corrected_at ? [{ time: r.corrected_at, text: `Corrected on ${r.corrected_at}: ${lastReason.get(r.id) ?? 'no reason given'}` }] : []),
    ];
    const obs: Resource = {
      resourceType: 'Observation',
      identifier: [{ system: sys.result, value: String(r.id) }],
      basedOn: [{ reference: requestUrl.get(`${line.patient_id}:${line.analysis_id}`) as string }],
      status: r.corrected_at ? 'corrected' : 'final',
      category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'laboratory', display: 'Laboratory' }] }],
      code: component ? codeOf({ code: component.code, name: component.name, analysis_id: component.componentId }) : codeOf(line),
      subject: { reference: url('Patient', r.patient_id) },
      effectiveDateTime: sampledAt,
      issued: r.entered_at,
      performer: [{ reference: orgUrl }],
      ...(r.value_num !== null ? { valueQuantity: quantity(r.value_num, r.unit, ucum) } : { valueString: r.value_text ?? '' }),
      // No reference range: no interpretation (neither normal nor abnormal).
      ...(interp !== null ? { interpretation: [{ coding: [{ system: V3_INTERPRETATION, code: interp, display: INTERPRETATION_DISPLAY[interp] }], text: INTERPRETATION_DISPLAY[interp] }] } : {}),
      ...(Object.keys(range).length ? { referenceRange: [range] } : {}),
      ...(notes.length ? { note: notes } : {}),
    };
    entry.push({ fullUrl, resource: obs });
    if (component) {
      const key = `${line.patient_id}:${line.analysis_id}`;
      const m = members.get(key) ?? { urls: [], issued: '', corrected: false, line };
      m.urls.push(fullUrl);
      m.issued = r.entered_at > m.issued ? r.entered_at : m.issued;
      m.corrected ||= Boolean(r.corrected_at);
      members.set(key, m);
    } else observationUrls.set(r.patient_id, [...(observationUrls.get(r.patient_id) ?? []), fullUrl]);
  }
  // Each panel (the blood count) as an Observation of its own, with no value, grouping its components.
  for (const [key, m] of members) {
    const fullUrl = url('Observation', `panel:${key}`);
    entry.push({
      fullUrl,
      resource: {
        resourceType: 'Observation',
        identifier: [{ system: sys.result, value: `panel-${order.id}-${key.replace(':', '-')}` }],
        basedOn: [{ reference: requestUrl.get(key) as string }],
        status: m.corrected ? 'corrected' : 'final',
        category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'laboratory', display: 'Laboratory' }] }],
        code: codeOf(m.line),
        subject: { reference: url('Patient', m.line.patient_id) },
        effectiveDateTime: sampledAt,
        issued: m.issued,
        performer: [{ reference: orgUrl }],
        hasMember: m.urls.map((reference) => ({ reference })),
      },
    });
    observationUrls.set(m.line.patient_id, [...(observationUrls.get(m.line.patient_id) ?? []), fullUrl]);
  }

  // The morning check-in travels with the sample: each patient's Specimen with its fasting status.
  const checkIn = await sampleCheckIn(db, order.id);
  const specimenUrls = new Map<number, string>();
  if (checkIn) {
    const fasting = checkIn.fastingHours !== null && checkIn.fastingHours >= (checkIn.requiredFastingHours ?? FASTING_MIN_HOURS);
    for (const id of patients.keys()) {
      const fullUrl = url('Specimen', id);
      specimenUrls.set(id, fullUrl);
      entry.push({
        fullUrl,
        resource: {
          resourceType: 'Specimen',
          identifier: [{ system: sys.order, value: `${order.number}-${id}-specimen` }],
          status: 'available',
          subject: { reference: url('Patient', id) },
          collection: {
            collectedDateTime: sampledAt,
            fastingStatusCodeableConcept: {
              coding: [fasting ? { system: V2_0916, code: 'F', display: 'Patient was fasting prior to the procedure.' } : { system: V2_0916, code: 'NF', display: 'The patient indicated they did not fast prior to the procedure.' }],
              text: `Last meal ${checkIn.lastMealAt}${checkIn.fastingHours !== null ? ` (${checkIn.fastingHours} h before the visit)` : ''}`,
            },
          },
          ...(checkIn.cycleStart ? { note: [{ text: `First day of the last period: ${checkIn.cycleStart}` }] } : {}),
        },
      });
    }
    for (const e of entry) {
      if (e.resource.resourceType !== 'Observation') continue;
      const subject = (e.resource.subject as { reference: string }).reference;
      const id = [...patients.keys()].find((p) => url('Patient', p) === subject);
      if (id !== undefined && specimenUrls.has(id)) e.resource.specimen = { reference: specimenUrls.get(id) };
    }
  }

  for (const id of patients.keys()) {
    const mine = ownLines.filter((l) => l.patient_id === id);
    const mineResults = ownResults.filter((r) => r.patient_id === id);
    const complete = mine.every((l) => lineResultState(l, panels, mineResults).has);
    const issued = mineResults.reduce((max, r) => (r.entered_at > max ? r.entered_at : max), '');
    entry.push({
      fullUrl: url('DiagnosticReport', id),
      resource: {
        resourceType: 'DiagnosticReport',
        identifier: [{ system: sys.order, value: `${order.number}-${id}` }],
        basedOn: mine.map((l) => ({ reference: requestUrl.get(`${l.patient_id}:${l.analysis_id}`) as string })),
        status: !complete ? 'partial' : mineResults.some((r) => r.corrected_at) ? 'corrected' : 'final',
        category: [{ coding: [{ system: V2_0074, code: 'LAB', display: 'Laboratory' }] }],
        code: { coding: [{ system: LOINC, code: '11502-2', display: 'Laboratory report' }], text: `Laboratory results, order ${order.number}` },
        subject: { reference: url('Patient', id) },
        effectiveDateTime: sampledAt,
        ...(issued ? { issued } : {}),
        performer: [{ reference: orgUrl }],
        ...(specimenUrls.has(id) ? { specimen: [{ reference: specimenUrls.get(id) }] } : {}),
        result: (observationUrls.get(id) ?? []).map((reference) => ({ reference })),
      },
    });
  }

  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: now.toISOString(),
    identifier: { system: sys.order, value: patientId === undefined ? order.number : `${order.number}-${patientId}` },
    entry,
  };
}

/** GET test-results/{id}/fhir: the owner's export; anyone else (staff included) gets 404. */
export async function exportOwnResults(db: Db, userId: number, orderId: number, patientId?: number): Promise<FhirBundle> {
  const order = await repo.getOrder(db, orderId);
  if (!order || order.user_id !== userId) throw notFound(TEST_RESULT_NOT_FOUND);
  // Household consent: one patient's export is refused; the whole order's leaves such patients out.
  if (patientId !== undefined) await assertReadsPatientResults(db, { id: userId }, order, patientId);
  const hidden = patientId === undefined ? await patientsWithoutConsent(db, userId, (await repo.listLines(db, [order.id])).map((l) => l.patient_id)) : new Set<number>();
  if (hidden.size && !(await resultsRepo.listOrderResults(db, [order.id])).some((r) => !hidden.has(r.patient_id))) throw consentRequired();
  return buildResultsBundle(db, order, patientId, new Date(), hidden, true);
}

export function fhirFileName(bundle: FhirBundle): string {
  return `results-${bundle.identifier.value.replace(/[^A-Za-z0-9-]+/g, '')}.fhir.json`;
}
