import type { Db } from '@/server/db/createDb';
import type { AnalysisResultDetailDto, AnalysisResultDto, PatientResultsDto, ResultPanelDto, ResultPatientDto, TestResultDto, TestResultPatientDto, ResultExplanationDto, ResultFlagDto, ResultInterpretationDto, TestResultSummaryDto } from '@/shared/types/results';
import { interpretationFromFlag, isCritical } from '@/shared/resultFlag';
import { timeZoneOf } from '@/server/laboratories/laboratoryTime';
import { explanationOf } from './explanations';
import type { AuthUser } from '@/server/http/auth';
import { notFound } from '@/server/http/errors';
import * as repo from '@/server/orders/repositories/orders';
import { findSlotsByIds } from '@/server/visits/repositories/slots';
import { findLaboratoriesByIds } from '@/server/laboratories/repositories/laboratories';
import * as resultsRepo from '@/server/results/repositories/results';
import { findHeaderIdsOf } from '@/server/catalogue/repositories/catalogue';
import { loadReadableOrder } from '@/server/orders/orderLifecycle';
import { visitDto } from '@/server/orders/orders';
import { linesByPatient } from '@/server/orders/linesByPatient';
import { namesI18n } from '@/server/catalogue/catalogueNames';
import { orderLaboratoryDto } from '@/server/laboratories/laboratories';
import { recordHealthReadByOther } from '@/server/audit/audit';
import { assertReadsPatientResults, patientsWithoutConsent, readsAsPatient } from './resultAccess';
import { transferredOrderIdsWithResults, transferredOrderOf } from '@/server/accounts/recordTransfer';
import { heldResultKeys, sensitiveMarks } from './sensitiveResults';
import { consentRequired } from '@/server/accounts/household';
import { findPanels, lineOfResult, lineResultState, type Panels } from './panels';

/**
 * Test results: the patient's four levels (result sets, patients of a set, one patient's results,
 * one result with its history). The writing of results by staff or a laboratory system is in resultEntry.ts.
 */

export const TEST_RESULT_NOT_FOUND = 'Test result not found';

/* ---------- shapes ---------- */

/** The stored interpretation, or for results written before interpretations, one derived from the flag. */
export function interpretationOf(r: { interpretation: ResultInterpretationDto | null; flag: ResultFlagDto; value_num: number | null; value_text: string | null; ref_low: number | null }): ResultInterpretationDto {
  return r.interpretation ?? interpretationFromFlag(r.flag, r.value_num ?? r.value_text ?? '', r.ref_low);
}

/**
 * What the patient is shown: no flag at all for a result without a reference range (no low, high
 * or expected text) that would otherwise read "Normal": there is nothing to judge it by. A flag the
 * laboratory itself sent (abnormal, a critical limit) stays. The page, the PDF and FHIR
 * `interpretation` follow it.
 */
export function shownInterpretation(r: Parameters<typeof interpretationOf>[0] & { ref_high: number | null; ref_text: string | null }): ResultInterpretationDto | null {
  const i = interpretationOf(r);
  if (r.ref_low === null && r.ref_high === null && !r.ref_text && i === 'N') return null;
  return i;
}

export function resultDto(r: resultsRepo.ResultRow): AnalysisResultDto {
  const shown = shownInterpretation(r);
  return {
    id: r.id,
    analysisId: r.analysis_id,
    analysisCode: r.code,
    analysisName: r.name,
    value: r.value_num ?? r.value_text ?? '',
    unit: r.unit,
    refLow: r.ref_low,
    refHigh: r.ref_high,
    refText: r.ref_text,
    flag: shown === null ? null : r.flag,
    interpretation: shown,
    critical: isCritical(shown),
    rangeSource: r.range_source === 'override' ? 'override' : r.range_source === 'catalogue' ? 'catalogue' : 'legacy',
    rangeReason: r.range_reason,
    loinc: r.loinc,
    comment: r.comment,
    enteredAt: r.entered_at,
    correctedAt: r.corrected_at ?? null,
    preliminary: r.preliminary === 1,
  };
}

interface OrderBundle {
  order: repo.OrderRow;
  lines: repo.OrderLineRow[];
  results: resultsRepo.ResultRow[];
  panels: Panels;
  summary: TestResultSummaryDto;
}

/** `hidden`: patients whose results the reader may not see (household consent); their results are left out. */
async function bundles(db: Db, orders: repo.OrderRow[], hidden: Set<number> = new Set()): Promise<OrderBundle[]> {
  const ids = orders.map((o) => o.id);
  const [slots, labs, lines, results, collected] = await Promise.all([
    findSlotsByIds(db, orders.map((o) => o.slot_id)),
    findLaboratoriesByIds(db, orders.map((o) => o.laboratory_id)),
    repo.listLines(db, ids),
    resultsRepo.listOrderResults(db, ids),
    repo.findCollectedAt(db, ids),
  ]);
  // Held sensitive results are awaited, for the patient, until released (sensitiveResults.ts).
  const held = await heldResultKeys(db, ids);
  const panels = await findPanels(db, lines.map((l) => l.analysis_id));
  return orders.map((order) => {
    const ownLines = lines.filter((l) => l.order_id === order.id);
    const ownResults = results.filter((r) => r.order_id === order.id && !hidden.has(r.patient_id) && !held.has(`${r.order_id}:${r.patient_id}:${r.analysis_id}`));
    const updatedAt = ownResults.reduce((max, r) => (r.entered_at > max ? r.entered_at : max), '');
    return {
      order,
      lines: ownLines,
      results: ownResults,
      panels,
      summary: {
        id: order.id,
        orderNumber: order.number,
        status: order.status,
        createdAt: order.created_at,
        visit: visitDto(order, slots.get(order.slot_id), timeZoneOf(labs.get(order.laboratory_id)?.country ?? '')),
        laboratory: orderLaboratoryDto(order.laboratory_id, labs.get(order.laboratory_id)),
        patientCount: new Set(ownLines.map((l) => l.patient_id)).size,
        patientNames: [...new Map(ownLines.map((l) => [l.patient_id, `${l.first_name} ${l.last_name}`])).values()],
        sampledAt: collected.get(order.id) ?? null,
        analysisCount: ownLines.length,
        // Lines with their result in (a panel's when every component's is).
        resultCount: ownLines.filter((l) => lineResultState(l, panels, ownResults).has).length,
        flaggedCount: ownResults.filter((r) => r.flag !== 'normal').length,
        criticalCount: ownResults.filter((r) => isCritical(interpretationOf(r))).length,
        updatedAt: updatedAt || order.updated_at,
      },
    };
  });
}

function patientOf(b: OrderBundle, patientId: number): ResultPatientDto {
  const line = b.lines.find((l) => l.patient_id === patientId);
  if (!line) throw notFound(TEST_RESULT_NOT_FOUND);
  return { id: patientId, firstName: line.first_name, lastName: line.last_name, dateOfBirth: line.date_of_birth, gender: line.gender };
}

/** An order that has results and that the caller may read; otherwise 404. */
async function loadResultSet(db: Db, user: AuthUser, orderId: number): Promise<OrderBundle> {
  // The owner, the laboratory's staff, or the account a record of the order moved to at 18.
  const order = await loadReadableOrder(db, user, orderId, null).catch(async () => {
    const moved = await transferredOrderOf(db, user.id, orderId);
    if (!moved) throw notFound(TEST_RESULT_NOT_FOUND);
    return moved;
  });
  const [bundle] = await bundles(db, [order]);
  if (!bundle || !bundle.results.length) throw notFound(TEST_RESULT_NOT_FOUND);
  return bundle;
}

/** Explanations of the analyses of `rows`, keyed by analysis id. */
async function explanationsFor(db: Db, analysisIds: number[], rows: { analysis_id: number; code: string }[]): Promise<Map<number, ResultExplanationDto>> {
  const ids = [...new Set(analysisIds)];
  if (!ids.length) return new Map();
  const headers = await findHeaderIdsOf(db, ids);
  const out = new Map<number, ResultExplanationDto>();
  for (const r of rows) {
    if (out.has(r.analysis_id)) continue;
    out.set(r.analysis_id, explanationOf(r.code, headers.filter((h) => h.analysis_id === r.analysis_id).map((h) => h.header_id)));
  }
  return out;
}

/* ---------- patient API ---------- */

/** GET test-results: the caller's orders that have results, newest first. */
export async function listTestResults(db: Db, userId: number): Promise<TestResultSummaryDto[]> {
  const own = await resultsRepo.listUserOrderIdsWithResults(db, userId);
  // With the earlier orders of a record taken over at 18 (only that record's results show).
  const ids = [...new Set([...own, ...(await transferredOrderIdsWithResults(db, userId))])];
  const orders = await repo.listOrdersByIds(db, ids);
  const lines = await repo.listLines(db, orders.map((o) => o.id));
  const hidden = await patientsWithoutConsent(db, userId, lines.map((l) => l.patient_id));
  return (await bundles(db, orders, hidden)).map((b) => b.summary);
}

/** GET test-results/{id}: the set with its patients and their result counts. */
export async function getTestResult(db: Db, user: AuthUser, orderId: number): Promise<TestResultDto> {
  const b = await loadResultSet(db, user, orderId);
  const hidden = (await readsAsPatient(db, user, b.order)) ? await patientsWithoutConsent(db, user.id, b.lines.map((l) => l.patient_id)) : new Set<number>();
  if (hidden.size && b.results.every((r) => hidden.has(r.patient_id))) throw consentRequired();
  await recordHealthReadByOther(db, user, b.order, 'results');
  const patients = linesByPatient(
    b.lines,
    (l): TestResultPatientDto => ({ id: l.patient_id, firstName: l.first_name, lastName: l.last_name, analysisCount: 0, resultCount: 0, flaggedCount: 0, criticalCount: 0 }),
    (p) => {
      p.analysisCount += 1;
    },
  );
  for (const id of hidden) {
    const p = patients.get(id);
    if (p) p.consentRequired = true;
  }
  for (const l of b.lines) {
    const p = patients.get(l.patient_id);
    if (p && !hidden.has(l.patient_id) && lineResultState(l, b.panels, b.results).has) p.resultCount += 1;
  }
  for (const r of b.results) {
    const p = patients.get(r.patient_id);
    if (!p || hidden.has(r.patient_id)) continue;
    if (r.flag !== 'normal') p.flaggedCount += 1;
    if (isCritical(interpretationOf(r))) p.criticalCount += 1;
  }
  return { ...b.summary, patients: [...patients.values()] };
}

/** GET test-results/{id}/patients/{patientId}: every result of that patient in the set. */
export async function getPatientResults(db: Db, user: AuthUser, orderId: number, patientId: number, detail: 'results' | 'pdf' = 'results'): Promise<PatientResultsDto> {
  const b = await loadResultSet(db, user, orderId);
  await assertReadsPatientResults(db, user, b.order, patientId);
  const dto = await patientResultsOf(db, b, patientId);
  await recordHealthReadByOther(db, user, b.order, detail, patientId);
  return dto;
}

/** One patient's results of an order whoever asks (access is the caller's business: a share link). */
export async function getPatientResultsOfOrder(db: Db, order: repo.OrderRow, patientId: number): Promise<PatientResultsDto> {
  const [b] = await bundles(db, [order]);
  if (!b || !b.results.length) throw notFound(TEST_RESULT_NOT_FOUND);
  return patientResultsOf(db, b, patientId);
}

async function patientResultsOf(db: Db, b: OrderBundle, patientId: number): Promise<PatientResultsDto> {
  const patient = patientOf(b, patientId);
  const ownLines = b.lines.filter((l) => l.patient_id === patientId);
  // A panel's components follow one another, in the panel's order, where the panel's first result stands.
  const panelOf = (r: resultsRepo.ResultRow) => panelOfResult(ownLines, b.panels, r);
  const results = inPanelOrder(b.results.filter((r) => r.patient_id === patientId), panelOf);
  const pending = ownLines
    .filter((l) => !lineResultState(l, b.panels, results).has)
    .map((l) => ({ analysisId: l.analysis_id, code: l.code, name: l.name }));
  const panelIds = ownLines.filter((l) => b.panels.components.has(l.analysis_id)).map((l) => l.analysis_id);
  const [explain, names, marks] = await Promise.all([
    explanationsFor(db, results.map((r) => r.analysis_id), results),
    namesI18n(db, 'analysis', [...results.map((r) => r.analysis_id), ...panelIds]),
    sensitiveMarks(db, b.order, results, () => patient.dateOfBirth),
  ]);
  return {
    testResult: b.summary,
    patient,
    results: results.map((r) => {
      const panel = panelOf(r);
      return {
        ...resultDto(r),
        explanation: explain.get(r.analysis_id),
        ...(names.has(r.analysis_id) ? { analysisI18n: names.get(r.analysis_id) } : {}),
        ...marks.get(`${r.patient_id}:${r.analysis_id}`),
        ...(panel ? { panel: { ...panel, ...(names.has(panel.analysisId) ? { i18n: names.get(panel.analysisId) } : {}) } } : {}),
      };
    }),
    pending,
  };
}

/** The panel a result is reported under (a component's), or undefined for a result of its own line. */
function panelOfResult(lines: repo.OrderLineRow[], panels: Panels, r: resultsRepo.ResultRow): Omit<ResultPanelDto, 'i18n'> | undefined {
  const line = lineOfResult(lines, panels, r.patient_id, r.analysis_id);
  if (!line || line.analysis_id === r.analysis_id) return undefined;
  const component = panels.components.get(line.analysis_id)?.find((c) => c.componentId === r.analysis_id);
  return component ? { analysisId: line.analysis_id, code: line.code, name: line.name, position: component.position } : undefined;
}

/** Results in their order, except that a panel's components are gathered, by position, where its first one stands. */
function inPanelOrder<R>(results: R[], panelOf: (r: R) => { analysisId: number; position: number } | undefined): R[] {
  const out: R[] = [];
  const placed = new Set<number>();
  for (const r of results) {
    const panel = panelOf(r);
    if (!panel) out.push(r);
    else if (!placed.has(panel.analysisId)) {
      placed.add(panel.analysisId);
      out.push(...results.filter((x) => panelOf(x)?.analysisId === panel.analysisId).sort((a, c) => (panelOf(a)?.position ?? 0) - (panelOf(c)?.position ?? 0)));
    }
  }
  return out;
}

/** GET .../analysis-results/{id}: one result, its description and the patient's history of that analysis. */
export async function getAnalysisResult(db: Db, user: AuthUser, orderId: number, patientId: number, resultId: number): Promise<AnalysisResultDetailDto> {
  const b = await loadResultSet(db, user, orderId);
  await assertReadsPatientResults(db, user, b.order, patientId);
  const patient = patientOf(b, patientId);
  const row = b.results.find((r) => r.id === resultId && r.patient_id === patientId);
  if (!row) throw notFound(TEST_RESULT_NOT_FOUND);
  await recordHealthReadByOther(db, user, b.order, `result ${row.code}`, patientId);
  // History over the orders of the user who ordered this set (the patient record belongs to them).
  // Staff see only their laboratory's orders: values measured by another laboratory stay out.
  const labScope = b.order.user_id === user.id ? null : b.order.laboratory_id;
  const [history, revisions] = await Promise.all([resultsRepo.listHistory(db, b.order.user_id, patientId, row.analysis_id, labScope), resultsRepo.listRevisions(db, [row.id])]);
  // Each point at its collection as recorded (the results page and the PDF say the same), the booked visit before one is.
  const collected = await repo.findCollectedAt(db, [...new Set(history.map((h) => h.order_id))]);
  const sampled = (h: resultsRepo.HistoryRow) => collected.get(h.order_id) ?? h.start_at;
  return {
    testResult: b.summary,
    patient,
    result: {
      ...resultDto(row),
      explanation: (await explanationsFor(db, [row.analysis_id], [row])).get(row.analysis_id),
      analysisI18n: (await namesI18n(db, 'analysis', [row.analysis_id])).get(row.analysis_id),
      ...(await sensitiveMarks(db, b.order, [row], () => patient.dateOfBirth)).get(`${row.patient_id}:${row.analysis_id}`),
    },
    description: row.description,
    history: [...history].sort((a, c) => sampled(a).localeCompare(sampled(c)) || a.id - c.id).map((h) => ({
      resultId: h.id,
      orderId: h.order_id,
      orderNumber: h.number,
      at: sampled(h),
      value: h.value_num ?? h.value_text ?? '',
      unit: h.unit,
      flag: h.flag,
      interpretation: interpretationOf(h),
      refLow: h.ref_low,
      refHigh: h.ref_high,
    })),
    revisions: revisions.map((v) => ({
      value: v.value_num ?? v.value_text ?? '',
      unit: v.unit,
      flag: v.flag,
      interpretation: interpretationOf(v),
      enteredAt: v.entered_at,
      replacedAt: v.replaced_at,
      reason: v.reason,
    })),
  };
}
