import type { Db } from '@/server/db/createDb';
import { Hl7Message, Hl7Segment, type Hl7Context } from '@medplum/core';
import type { ResultFlagDto } from '@/shared/types/results';
import { RESULT_ENTRY_STATUSES } from '@/shared/orderLifecycle';
import type { AuthUser } from '@/server/http/auth';
import { HttpError } from '@/server/http/errors';
import * as repo from '@/server/orders/repositories/orders';
import * as resultsRepo from '@/server/results/repositories/results';
import { isStaffOf } from '@/server/orders/orderAccess';
import { writeResults, type ResultInput } from '@/server/results/resultEntry';
import { findPanels, lineOfResult } from '@/server/results/panels';
import { actorOf, recordAudit } from '@/server/audit/audit';
import { isRejectionReason, REJECTION_REASONS, type RejectionReason } from '@/shared/sampleRejection';
import { rejectSamples } from '@/server/orders/rejections';
import { listRejections } from '@/server/orders/repositories/rejections';
import { findNationalIds } from '@/server/accounts/repositories/patients';
import { pid3Mismatch, readPid3, type Pid3 } from './hl7Pid';

/**
 * HL7 v2.5.1 ORU^R01 import (ER7 encoding), parsed with Medplum's HL7 v2 parser:
 * - ORC-2 / OBR-2 (placer order number) name the order; PID-3 the patient (the shop's patient id;
 *   a repetition may carry the patient's PESEL or Belarusian personal number, which must then be the
 *   stored one: hl7Pid.ts);
 * - OBX-3 the analysis by LOINC (coding system `LN`) or by the shop's analysis code; a panel's
 *   component (the blood count's HGB, 718-7) fills the panel's line;
 * - OBX-5 the value (NM numeric; ST, TX, CE/CWE, SN as text), OBX-6 the unit, OBX-7 the
 *   laboratory's range (`3.9-5.6`, `<5`, `>10` or a text), OBX-8 the abnormal flag (used only where
 *   the shop has no interval), OBX-11 the result status (F final or C corrected are accepted);
 *   NTE after an OBX becomes its comment;
 * - SPM-21 (specimen reject reason, HL7 table 0490) on the SPM of a request rejects the sample of the
 *   analysis its OBR-4 names (by LOINC or the shop's code), like `POST staff/orders/{id}/rejections`.
 * Every segment is checked before anything is written: the answer is an ACK with MSA-1 `AA`
 * (written), `AE` (an error in the content, with an ERR segment naming the segment and field; nothing
 * written) or `AR` (not an ORU^R01 or not HL7 v2; nothing written). Writing is the same upsert as the
 * JSON import, so a message sent twice is accepted twice with the same result.
 */

export const HL7_CONTENT_TYPES = ['x-application/hl7-v2+er7', 'application/hl7-v2'] as const;

export function isHl7ContentType(header: string | undefined): string | null {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (HL7_CONTENT_TYPES as readonly string[]).includes(type) ? type : null;
}

export type AckCode = 'AA' | 'AE' | 'AR';

export interface Hl7ImportOutcome {
  ack: AckCode;
  /** The ACK message, ER7 with carriage returns between segments. */
  message: string;
  /** Results written (0 unless AA). */
  saved: number;
  error?: { segment: string; sequence: number; field: number; text: string };
}

class SegmentError extends Error {
  constructor(
    readonly segment: string,
    readonly sequence: number,
    readonly field: number,
    message: string,
    readonly code: '101' | '102' | '103' | '204' | '207' = '207',
  ) {
    super(message);
  }
}

/** HL7 escape sequences of a text value (\F\ | \S\ ^ \T\ & \R\ ~ \E\ \). */
export function unescapeHl7(value: string, ctx: Hl7Context): string {
  return value.replace(/\\([FSTRE])\\/g, (_, c: string) =>
    c === 'F' ? ctx.fieldSeparator : c === 'S' ? ctx.componentSeparator : c === 'T' ? ctx.subcomponentSeparator : c === 'R' ? ctx.repetitionSeparator : ctx.escapeCharacter,
  );
}

const FLAG_FROM_HL7: Record<string, ResultFlagDto> = { N: 'normal', L: 'low', H: 'high', LL: 'critical', HH: 'critical', A: 'abnormal', AA: 'abnormal' };

/** OBX-7 as given by the laboratory: `low-high`, `<high`, `<=high`, `>low`, `>=low` or a text. */
export function parseRange(text: string): { refLow?: number | null; refHigh?: number | null; refText?: string } {
  const t = text.trim();
  if (!t) return {};
  const n = '([-+]?\\d+(?:[.,]\\d+)?)';
  const num = (s: string) => Number(s.replace(',', '.'));
  let m = new RegExp(`^${n}\\s*-\\s*${n}$`).exec(t);
  if (m) return { refLow: num(m[1] as string), refHigh: num(m[2] as string) };
  m = new RegExp(`^<=?\\s*${n}$`).exec(t);
  if (m) return { refLow: null, refHigh: num(m[1] as string) };
  m = new RegExp(`^>=?\\s*${n}$`).exec(t);
  if (m) return { refLow: num(m[1] as string), refHigh: null };
  return { refText: t.slice(0, 200) };
}

interface ParsedResult {
  orderNumber: string;
  patientId: number;
  analysisId: number;
  /** The OBX segment's position, to name it when the value is refused. */
  seq: number;
  entry: ResultInput;
}

interface ParsedRejection {
  orderNumber: string;
  patientId: number;
  analysisId: number;
  reason: RejectionReason;
  note: string;
}

async function parseOru(db: Db, staff: AuthUser, msg: Hl7Message): Promise<{ orders: Map<string, repo.OrderRow>; results: ParsedResult[]; rejections: ParsedRejection[] }> {
  const ctx = msg.context;
  const counters = new Map<string, number>();
  let patientId: number | null = null;
  let orderNumber: string | null = null;
  let orcNumber: string | null = null;
  const results: ParsedResult[] = [];
  const pending: { seg: Hl7Segment; seq: number; orderNumber: string; patientId: number; comment: string[]; preliminary: boolean }[] = [];
  // OBR-25 (result status) of the current request: P = preliminary, F / C = final (empty: final).
  let obrPreliminary = false;
  // OBR-4 of the current request: the analysis an SPM-21 rejection is about.
  let obrService = '';
  const spms: { seq: number; orderNumber: string; patientId: number; service: string; reason: RejectionReason; note: string }[] = [];
  const pids: (Pid3 & { seq: number; id: number })[] = [];

  for (const seg of msg.segments) {
    const seq = (counters.get(seg.name) ?? 0) + 1;
    counters.set(seg.name, seq);
    if (seg.name === 'PID') {
      const pid = readPid3(seg);
      const raw = pid.patientId;
      if (!raw) throw new SegmentError('PID', seq, 3, 'PID-3 (patient id) is missing', '101');
      if (!/^[1-9][0-9]{0,9}$/.test(raw)) throw new SegmentError('PID', seq, 3, `PID-3 (patient id) "${raw}" is not a patient id of this shop`, '102');
      patientId = Number(raw);
      pids.push({ ...pid, seq, id: patientId });
      orderNumber = null;
      orcNumber = null;
      obrPreliminary = false;
    } else if (seg.name === 'ORC') {
      orcNumber = seg.getComponent(2, 1).trim() || null;
      if (orcNumber) orderNumber = orcNumber;
    } else if (seg.name === 'OBR') {
      const obr = seg.getComponent(2, 1).trim() || null;
      if (obr && orcNumber && obr !== orcNumber) throw new SegmentError('OBR', seq, 2, `OBR-2 "${obr}" differs from ORC-2 "${orcNumber}"`, '103');
      orderNumber = obr ?? orcNumber;
      if (!orderNumber) throw new SegmentError('OBR', seq, 2, 'OBR-2 / ORC-2 (placer order number) is missing', '101');
      const obrStatus = (seg.getField(25)?.toString() ?? '').trim().toUpperCase();
      if (obrStatus && !['P', 'F', 'C'].includes(obrStatus)) throw new SegmentError('OBR', seq, 25, `OBR-25 result status "${obrStatus}" is not accepted (P, F or C)`, '103');
      obrPreliminary = obrStatus === 'P';
      obrService = seg.getComponent(4, 1).trim();
    } else if (seg.name === 'SPM') {
      const reason = seg.getComponent(21, 1).trim().toUpperCase();
      if (reason) {
        if (!isRejectionReason(reason)) throw new SegmentError('SPM', seq, 21, `SPM-21 reject reason "${reason}" is not in HL7 table 0490 (${REJECTION_REASONS.join(', ')})`, '103');
        if (patientId === null || !orderNumber) throw new SegmentError('SPM', seq, 0, 'SPM before any PID and OBR with an order number', '101');
        if (!obrService) throw new SegmentError('OBR', seq, 4, 'OBR-4 (the analysis of the rejected specimen) is missing', '101');
        spms.push({ seq, orderNumber, patientId, service: obrService, reason, note: unescapeHl7(seg.getComponent(21, 2), ctx).trim().slice(0, 200) });
      }
    } else if (seg.name === 'OBX') {
      if (patientId === null) throw new SegmentError('OBX', seq, 0, 'OBX before any PID segment', '101');
      if (!orderNumber) throw new SegmentError('OBX', seq, 0, 'OBX before any OBR or ORC with an order number', '101');
      pending.push({ seg, seq, orderNumber, patientId, comment: [], preliminary: obrPreliminary });
    } else if (seg.name === 'NTE') {
      const last = pending.at(-1);
      const text = unescapeHl7(seg.getField(3)?.toString() ?? '', ctx).trim();
      if (last && text) last.comment.push(text);
    }
  }
  if (!pending.length && !spms.length) throw new SegmentError('OBX', 1, 0, 'The message has no OBX segment', '101');

  const numbers = [...new Set([...pending, ...spms].map((p) => p.orderNumber))];
  const orders = new Map<string, repo.OrderRow>();
  for (const number of numbers) {
    const order = await repo.getOrderByNumber(db, number);
    const at = pending.find((p) => p.orderNumber === number);
    if (!order || !isStaffOf(staff, order.laboratory_id)) throw new SegmentError('OBR', 1, 2, `Unknown order number ${number}`, '204');
    if (!RESULT_ENTRY_STATUSES.includes(order.status)) throw new SegmentError('OBR', 1, 2, `Order ${number} cannot take results in status ${order.status}`, '207');
    orders.set(number, order);
    void at;
  }
  await checkNationalIds(db, pids, [...pending, ...spms], orders);
  const lines = await repo.listLines(db, [...orders.values()].map((o) => o.id));
  const codes = pending.map((p) => ({ id: p.seg.getComponent(3, 1).trim(), system: p.seg.getComponent(3, 3).trim().toUpperCase() }));
  const lookup = [...codes.map((c) => c.id), ...spms.map((r) => r.service)].filter(Boolean);
  const [byLoinc, byCode, panels] = await Promise.all([resultsRepo.findAnalysesByLoinc(db, lookup), resultsRepo.findAnalysesByCode(db, lookup), findPanels(db, lines.map((l) => l.analysis_id))]);
  const science = await resultsRepo.findScience(db, [...byLoinc.values(), ...byCode.values()].map((a) => a.id));
  const rejections: ParsedRejection[] = spms.map((r) => {
    const analysis = byCode.get(r.service) ?? byLoinc.get(r.service);
    const order = orders.get(r.orderNumber) as repo.OrderRow;
    const line = analysis && lines.find((l) => l.order_id === order.id && l.patient_id === r.patientId && l.analysis_id === analysis.id);
    if (!analysis || !line) throw new SegmentError('SPM', r.seq, 21, `OBR-4 "${r.service}" of the rejected specimen is not an analysis of patient ${r.patientId} in order ${r.orderNumber}`, '204');
    return { orderNumber: r.orderNumber, patientId: r.patientId, analysisId: analysis.id, reason: r.reason, note: r.note };
  });

  pending.forEach((p, i) => {
    const { seg, seq } = p;
    const order = orders.get(p.orderNumber) as repo.OrderRow;
    const code = codes[i] as { id: string; system: string };
    if (!code.id) throw new SegmentError('OBX', seq, 3, 'OBX-3 (observation identifier) is missing', '101');
    const analysis = code.system === 'LN' ? (byLoinc.get(code.id) ?? byCode.get(code.id)) : (byCode.get(code.id) ?? byLoinc.get(code.id));
    if (!analysis) throw new SegmentError('OBX', seq, 3, `OBX-3 "${code.id}" is neither a known LOINC code nor an analysis code of the shop`, '103');
    // The analysis's own line, or (a component such as the blood count's HGB, 718-7) its panel's line.
    const line = lineOfResult(lines.filter((l) => l.order_id === order.id), panels, p.patientId, analysis.id);
    if (!line) throw new SegmentError('OBX', seq, 3, `Patient ${p.patientId} has no analysis ${code.id} in order ${p.orderNumber}`, '204');
    const catalogueUnits = [science.get(analysis.id)?.result_unit, science.get(analysis.id)?.ucum_unit, line.analysis_id === analysis.id ? line.result_unit : null];
    const status = seg.getField(11)?.toString().trim().toUpperCase() || 'F';
    if (status !== 'F' && status !== 'C' && status !== 'P') throw new SegmentError('OBX', seq, 11, `OBX-11 result status "${status}" is not accepted (P, F or C)`, '103');
    const type = seg.getField(2)?.toString().trim().toUpperCase() ?? '';
    const rawValue = seg.getField(5)?.toString() ?? '';
    let value: number | string;
    if (type === 'NM') {
      const t = rawValue.trim().replace(',', '.');
      if (!/^[-+]?\d+(\.\d+)?$/.test(t)) throw new SegmentError('OBX', seq, 5, `OBX-5 "${rawValue}" is not a number (OBX-2 is NM)`, '102');
      value = Number(t);
    } else if (type === 'CE' || type === 'CWE') {
      value = unescapeHl7(seg.getComponent(5, 2) || seg.getComponent(5, 1), msg.context).trim();
    } else if (type === 'SN') {
      value = [1, 2, 3, 4].map((c) => seg.getComponent(5, c)).join('').trim();
    } else {
      value = unescapeHl7(rawValue, msg.context).trim();
    }
    if (value === '' || (typeof value === 'string' && value.length > 200)) throw new SegmentError('OBX', seq, 5, 'OBX-5 (value) is empty or longer than 200 characters', '101');
    const unitCode = seg.getComponent(6, 1).trim();
    const unitText = seg.getComponent(6, 2).trim();
    const range = parseRange(unescapeHl7(seg.getField(7)?.toString() ?? '', msg.context));
    const flag = FLAG_FROM_HL7[(seg.getField(8)?.toString() ?? '').trim().toUpperCase()] ?? null;
    results.push({
      orderNumber: p.orderNumber,
      patientId: p.patientId,
      analysisId: analysis.id,
      seq,
      entry: {
        patientId: p.patientId,
        analysisId: analysis.id,
        value,
        // The catalogue's display unit when the laboratory sends the same UCUM code.
        unit: typeof value === 'number' ? (unitCode && !catalogueUnits.includes(unitCode) ? (unitText || unitCode).slice(0, 40) : undefined) : undefined,
        ...range,
        flag,
        comment: p.comment.join('\n').slice(0, 1000) || undefined,
        preliminary: p.preliminary || status === 'P',
      },
    });
  });
  return { orders, results, rejections };
}

/** The PESEL / personal number a PID-3 carries must be the one stored for its patient (AE naming PID-3 otherwise). */
async function checkNationalIds(db: Db, pids: (Pid3 & { seq: number; id: number })[], items: { orderNumber: string; patientId: number }[], orders: Map<string, repo.OrderRow>): Promise<void> {
  for (const pid of pids.filter((p) => p.pesel || p.personalNumber)) {
    const order = orders.get(items.find((i) => i.patientId === pid.id)?.orderNumber ?? '');
    if (!order) continue;
    const problem = pid3Mismatch(pid, (await findNationalIds(db, order.user_id, [pid.id])).get(pid.id));
    if (problem) throw new SegmentError('PID', pid.seq, 3, problem, '204');
  }
}

function errSegment(ctx: Hl7Context, e: SegmentError): Hl7Segment {
  // ERR-2 error location (segment^sequence^field), ERR-3 HL7 error code (table 0357), ERR-4 severity, ERR-8 user message.
  const location = e.field ? `${e.segment}^${e.sequence}^${e.field}` : `${e.segment}^${e.sequence}`;
  const text = e.message.replace(/[|^~\\&\r\n]/g, ' ');
  return new Hl7Segment(['ERR', '', location, `${e.code}^${text}^HL70357`, 'E', '', '', '', text], ctx);
}

function ackWithText(msg: Hl7Message, code: AckCode, text: string, err?: Hl7Segment): string {
  const ack = msg.buildAck({ ackCode: code, ...(err ? { errSegment: err } : {}) });
  const msa = ack.getSegment('MSA');
  msa?.setField(3, text.replace(/[|^~\\&\r\n]/g, ' ').slice(0, 80));
  return ack.toString();
}

/** A minimal ACK for text that is not HL7 v2 at all (no MSH to answer). */
function rejectUnparsable(text: string): string {
  const now = new Date();
  const stamp = now.toISOString().replace(/[-:T]/g, '').replace(/\.\d+Z$/, '');
  return [`MSH|^~\\&|SHOP|SHOP|||${stamp}||ACK|${now.getTime()}|P|2.5.1`, `MSA|AR||${text}`, `ERR||MSH^1|200^${text}^HL70357|E||||${text}`].join('\r');
}

export async function importHl7(db: Db, staff: AuthUser, text: string): Promise<Hl7ImportOutcome> {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n|\n/g, '\r').replace(/^[\s\x0b]+|[\s\x1c]+$/g, '');
  let msg: Hl7Message;
  try {
    msg = Hl7Message.parse(normalised);
  } catch {
    return { ack: 'AR', saved: 0, message: rejectUnparsable('Not an HL7 v2 message (no MSH segment)'), error: { segment: 'MSH', sequence: 1, field: 0, text: 'Not an HL7 v2 message' } };
  }
  // A message the parser takes but whose MSH lacks its separators, MSH-9 or MSH-12 (a bare `MSH`) is not HL7 v2 either.
  let type: string;
  let version: string;
  try {
    // MSH-1, the field separator, is a printable mark (not a segment end, a space or a letter).
    if (!/^MSH[!-/:-@[-`{-~]/.test(normalised)) throw new Error('no field separator');
    const msh = msg.getSegment('MSH') as Hl7Segment;
    type = `${msh.getComponent(9, 1) ?? ''}^${msh.getComponent(9, 2) ?? ''}`.toUpperCase();
    version = msh.getField(12)?.toString() ?? '';
    msg.buildAck({ ackCode: 'AR' });
  } catch {
    return { ack: 'AR', saved: 0, message: rejectUnparsable('Not an HL7 v2 message (MSH incomplete)'), error: { segment: 'MSH', sequence: 1, field: 0, text: 'MSH incomplete' } };
  }
  if (type !== 'ORU^R01') {
    const e = new SegmentError('MSH', 1, 9, `Message type ${type} is not supported; send ORU^R01`);
    return { ack: 'AR', saved: 0, message: ackWithText(msg, 'AR', e.message, errSegment(msg.context, e)), error: { segment: 'MSH', sequence: 1, field: 9, text: e.message } };
  }
  if (!/^2\.[3-9](\.\d+)?$/.test(version)) {
    const e = new SegmentError('MSH', 1, 12, `HL7 version ${version || '(none)'} is not supported; send 2.5.1`);
    return { ack: 'AR', saved: 0, message: ackWithText(msg, 'AR', e.message, errSegment(msg.context, e)), error: { segment: 'MSH', sequence: 1, field: 12, text: e.message } };
  }
  let parsed: Awaited<ReturnType<typeof parseOru>>;
  try {
    parsed = await parseOru(db, staff, msg);
  } catch (e) {
    if (e instanceof HttpError || e instanceof SegmentError) return rejected(msg, e);
    // Anything else the parser trips on (a segment without the fields it must have) is not a well-formed message.
    return { ack: 'AR', saved: 0, message: rejectUnparsable('Not a well-formed HL7 v2 message'), error: { segment: 'MSH', sequence: 1, field: 0, text: 'Not well formed' } };
  }
  try {
    const { orders, results, rejections } = parsed;
    let saved = 0;
    for (const [number, order] of orders) {
      const mine = results.filter((r) => r.orderNumber === number);
      try {
        if (mine.length) saved += (await writeResults(db, order.id, mine.map((r) => r.entry), staff.id, new Date(), 'import')).saved;
      } catch (e) {
        // A value the analysis does not take (text for a numeric analysis, an unknown finding) names its OBX-5.
        const refused = e instanceof HttpError ? Object.entries(e.fields ?? {}).find(([k]) => /^entries\[\d+\]\.value$/.test(k)) : undefined;
        const at = refused ? mine[Number(/\d+/.exec(refused[0])?.[0])] : undefined;
        if (refused && at) throw new SegmentError('OBX', at.seq, 5, `OBX-5 "${at.entry.value}": ${refused[1]}`, '102');
        throw e;
      }
      await importRejections(db, staff, order.id, rejections.filter((r) => r.orderNumber === number));
      const control = (msg.getSegment('MSH')?.getField(10)?.toString() ?? '').slice(0, 40);
      await recordAudit(db, { action: 'health_write', ...actorOf(staff), orderId: order.id, detail: `HL7 import ${control} (${mine.length})` });
    }
    return { ack: 'AA', saved, message: ackWithText(msg, 'AA', `Accepted ${saved} results`) };
  } catch (e) {
    if ((e instanceof HttpError && e.status < 500) || e instanceof SegmentError) return rejected(msg, e);
    throw e;
  }
}

/** SPM-21 rejections of one order, per patient and reason; a sample rejected already (the message sent again) is left as it is. */
async function importRejections(db: Db, staff: AuthUser, orderId: number, rows: ParsedRejection[]): Promise<void> {
  if (!rows.length) return;
  const done = new Set((await listRejections(db, [orderId])).map((r) => `${r.patient_id}:${r.analysis_id}`));
  const groups = new Map<string, ParsedRejection[]>();
  for (const r of rows.filter((x) => !done.has(`${x.patientId}:${x.analysisId}`))) groups.set(`${r.patientId}:${r.reason}`, [...(groups.get(`${r.patientId}:${r.reason}`) ?? []), r]);
  for (const group of groups.values()) {
    const first = group[0] as ParsedRejection;
    await rejectSamples(db, staff, orderId, { analysisIds: group.map((r) => r.analysisId), reason: first.reason, patientId: first.patientId, note: first.note }, 'import');
  }
}

/** The AE answer to a message whose content is wrong (nothing written). */
function rejected(msg: Hl7Message, e: HttpError | SegmentError): Hl7ImportOutcome {
  if (e instanceof SegmentError) {
    return { ack: 'AE', saved: 0, message: ackWithText(msg, 'AE', `${e.segment}: ${e.message}`, errSegment(msg.context, e)), error: { segment: e.segment, sequence: e.sequence, field: e.field, text: e.message } };
  }
  if (e.status >= 500) throw e;
  const err = new SegmentError('OBX', 1, 0, e.message);
  return { ack: 'AE', saved: 0, message: ackWithText(msg, 'AE', e.message, errSegment(msg.context, err)), error: { segment: 'OBX', sequence: 1, field: 0, text: e.message } };
}
