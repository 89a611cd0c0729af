/**
 * The KSeF number (faktury/numer-ksef.md): `NNNNNNNNNN-YYYYMMDD-XXXXXXXXXXXX-CC`, 35 characters:
 * the seller's NIP, the day KSeF took the invoice, 12 upper-case hex digits, and the CRC-8
 * (polynomial 0x07, initial 0x00) of the first 32 characters in two upper-case hex digits.
 */
export function crc8(text: string): number {
  let crc = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

export function ksefNumber(nip: string, day: string, technical: string): string {
  const data = `${nip}-${day.replace(/-/g, '')}-${technical.toUpperCase()}`;
  return `${data}-${crc8(data).toString(16).toUpperCase().padStart(2, '0')}`;
}

const SHAPE = /^([1-9](\d[1-9]|[1-9]\d)\d{7})-(20[2-9][0-9]|2[1-9]\d{2}|[3-9]\d{3})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])-([0-9A-F]{12})-([0-9A-F]{2})$/;

export function isValidKsefNumber(value: string): boolean {
  if (value.length !== 35 || !SHAPE.test(value)) return false;
  return crc8(value.slice(0, 32)).toString(16).toUpperCase().padStart(2, '0') === value.slice(33);
}
