/**
 * The laboratory's local time now lives in src/server/laboratories/laboratoryTime.ts; this name stays
 * for the files that still import it from here until they import it from there.
 */
export * from '@/server/laboratories/laboratoryTime';
