/**
 * `value`, in a task of its own. A component loaded with `next/dynamic` is rendered in the same task
 * that evaluated its chunk; on a phone the two together make one long task (the laboratory selector
 * a first visitor gets at start-up: chunk, first render, commit and focus in ~180 ms at 4x CPU
 * throttling). Resolving the loaded component one task later lets the browser paint and handle input
 * between the two halves. Used where a part opens by itself during start-up; parts opened by the
 * user (dialogs, toasts) render in the task their chunk arrives in.
 */
export function nextTask<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), 0));
}
