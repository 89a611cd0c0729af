/**
 * The deepest nesting of arrays and objects a request body may have. Deeper bodies are refused before
 * they are parsed: the code that walks a parsed value (validation, the prototype-key check) recurses,
 * and a body a few kilobytes long can nest deep enough to overflow the stack.
 */
export const MAX_JSON_DEPTH = 32;

/** The greatest nesting depth of `[`/`{` in a JSON text, brackets inside strings not counted (stops early past `limit`). */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return max;
}
