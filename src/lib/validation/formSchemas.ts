import { lazySchema } from './lazySchema';

/**
 * The forms' schemas, each loaded when its form mounts (see lazySchema.ts). The schemas themselves
 * live in forms.ts, order.ts and support.ts, shared with the server's validation.
 */
export const loginFormSchema = lazySchema(() => import('./forms').then((m) => m.loginFormSchema));
export const registerFormSchema = lazySchema(() => import('./forms').then((m) => m.registerFormSchema));
export const resetRequestSchema = lazySchema(() => import('./forms').then((m) => m.resetRequestSchema));
export const newPasswordSchema = lazySchema(() => import('./forms').then((m) => m.newPasswordSchema));
export const changePasswordSchema = lazySchema(() => import('./forms').then((m) => m.changePasswordSchema));
export const profileSchema = lazySchema(() => import('./forms').then((m) => m.profileSchema));
export const patientFormSchema = lazySchema(() => import('./forms').then((m) => m.patientFormSchema));
export const emailTokenSchema = lazySchema(() => import('./forms').then((m) => m.emailTokenSchema));
export const confirmCodeSchema = lazySchema(() => import('./forms').then((m) => m.confirmCodeSchema));
export const confirmCodeVisitorSchema = lazySchema(() => import('./forms').then((m) => m.confirmCodeVisitorSchema));
export const orderAddressSchema = lazySchema(() => import('@/shared/validation/order').then((m) => m.orderAddressSchema));
export const feedbackDetailsSchema = lazySchema(() => import('@/shared/validation/order').then((m) => m.feedbackDetailsSchema));
/** The support form sends the active laboratory itself; the form validates the rest. */
export const supportFormSchema = lazySchema(() => import('@/shared/validation/support').then((m) => m.supportContactSchema.omit(['laboratoryId'])));
