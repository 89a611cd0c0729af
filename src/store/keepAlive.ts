import { call, put } from 'redux-saga/effects';
import { errorRecorded } from '@/features/shell/errorsSlice';

export type RootTask = () => Generator;

/**
 * Runs a root task and restarts it when it fails: the error is logged and recorded in the errors
 * slice (spec §4). A task that returns normally is not restarted. The start-up tasks run under it
 * (src/store/startupSaga.ts) and so does every feature saga injected later (configureAppStore).
 */
export function* keepAlive(name: string, task: RootTask): Generator {
  for (;;) {
    try {
      yield call(task);
      return;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      console.error(`Saga task ${name} failed, restarting`, e);
      yield put(errorRecorded({ task: name, message, at: new Date().toISOString() }));
    }
  }
}
