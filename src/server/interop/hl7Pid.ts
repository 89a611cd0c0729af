import type { Hl7Segment } from '@medplum/core';

/**
 * PID-3 (patient identifier list, CX repeated) of an incoming ORU^R01. The shop's patient id is the
 * repetition without a national assigning authority (`1234` or `1234^^^LABSHOP^PI`); a repetition
 * may also carry the patient's national identifier, type `NI` (HL7 table 0203), named by its
 * assigning authority (PID-3.4):
 * - PESEL: `44051401359^^^PESEL^NI`, or the OID of the Polish registry
 *   `44051401359^^^&2.16.840.1.113883.3.4424.1.1.616&ISO^NI`;
 * - the Belarusian personal number: `3140583A001PB9^^^BYPN^NI`.
 */
export const PESEL_OID = '2.16.840.1.113883.3.4424.1.1.616';
export const PID3_AUTHORITY = { pesel: 'PESEL', personalNumber: 'BYPN' } as const;

export interface Pid3 {
  /** The shop's patient id as written (checked by the caller). */
  patientId: string;
  pesel: string | null;
  personalNumber: string | null;
}

export function readPid3(seg: Hl7Segment): Pid3 {
  const field = seg.getField(3);
  const out: Pid3 = { patientId: '', pesel: null, personalNumber: null };
  for (let r = 0; r < (field?.components.length ?? 0); r++) {
    const id = (field?.getComponent(1, undefined, r) ?? '').trim();
    // PID-3.4 (HD): namespace id & universal id & its type.
    const [namespace = '', universal = ''] = (field?.getComponent(4, undefined, r) ?? '').split(seg.context.subcomponentSeparator).map((x) => x.trim());
    if (!id) continue;
    if (namespace.toUpperCase() === PID3_AUTHORITY.pesel || universal === PESEL_OID) out.pesel ??= id;
    else if (namespace.toUpperCase() === PID3_AUTHORITY.personalNumber) out.personalNumber ??= id.toUpperCase();
    else if (!out.patientId) out.patientId = id;
  }
  return out;
}

/** Which national identifier of PID-3 differs from the stored one (a patient mix-up), or null. */
export function pid3Mismatch(pid: Pid3, stored: { pesel: string | null; personalNumber: string | null } | undefined): string | null {
  if (pid.pesel && stored?.pesel && pid.pesel !== stored.pesel) return `PID-3 PESEL ${pid.pesel} is not the PESEL of patient ${pid.patientId}`;
  if (pid.personalNumber && stored?.personalNumber && pid.personalNumber !== stored.personalNumber) {
    return `PID-3 personal number ${pid.personalNumber} is not the personal number of patient ${pid.patientId}`;
  }
  return null;
}
