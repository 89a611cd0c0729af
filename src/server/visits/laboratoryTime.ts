/**
 * The laboratory's local time lives in src/server/laboratories/laboratoryTime.ts; this name stays for
 * the end-to-end setup that still imports it from here (import it from there instead).
 */
export * from '@/server/laboratories/laboratoryTime';
