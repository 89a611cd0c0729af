import { createAction } from '@reduxjs/toolkit';

/** Dispatched once in the browser when the app has mounted (after restoring token and laboratory). */
export const appStarted = createAction('shell/appStarted');
