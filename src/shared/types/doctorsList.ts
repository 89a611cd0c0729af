import type { Currency } from '@/shared/money';

/** A catalogue item a line of a doctor's list names (`POST cart/parse`). */
export interface ParsedListItemDto {
  type: 'analysis' | 'profile';
  id: number;
  /** In the language asked for (English without a translation). */
  name: string;
  /** 0..1: 1 when the line is one of the item's names, codes or synonyms. */
  confidence: number;
  /** In the laboratory, major units of `currency`. */
  price: number;
}

/** One non-empty line of the list, in order; no `match` when nothing fits well enough. */
export interface ParsedListLineDto {
  text: string;
  match?: ParsedListItemDto;
  alternatives: ParsedListItemDto[];
}

export interface ParsedListDto {
  currency: Currency;
  lines: ParsedListLineDto[];
}
