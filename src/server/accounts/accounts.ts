import { ERROR_CODES } from '@/shared/errorCodes';
import type { Db } from '@/server/db/createDb';
import type { CurrentUserDto } from '@/shared/types/api';
import type { ActivateInput, LoginInput, PasswordUpdateInput, RegisterInput, UserUpdateInput } from '@/shared/validation/account';
import { VALIDATION_MESSAGES as M } from '@/shared/validation/messages';
import { getConfig } from '@/server/config';
import { HttpError, badRequest, conflict, notFound, unauthorized } from '@/server/http/errors';
import { buildAppUrl } from '@/server/mail/mailer';
import { queueMail } from '@/server/mail/queueMail';
import { activationMail } from '@/server/mail/templates/activation';
import { passwordChangedMail } from '@/server/mail/templates/passwordChanged';
import { passwordResetMail } from '@/server/mail/templates/passwordReset';
import { mailLanguage, mailTranslator } from '@/server/mail/i18n';
import type { Language } from '@/shared/i18n';
import { reserveAction, reserveLoginAttempt } from '@/server/http/rateLimit';
import * as devices from '@/server/accounts/repositories/devices';
import { isStrongEnough } from '@/shared/passwordScore';
import { afterResponse } from '@/server/background';
import { dummyPasswordHash, hashPassword, isBreachedPassword, verifyPassword } from '@/server/passwords';
import * as repo from '@/server/accounts/repositories/accounts';
import { laboratoryExists } from '@/server/laboratories/repositories/laboratories';
import * as sessionsRepo from '@/server/accounts/repositories/sessions';
import { openSession, type SessionTokens } from './sessions';
import { consumeCodeFor, issueActivation } from './activationCodes';
import { actorOf, recordAudit, recordSignIn } from '@/server/audit/audit';
import type { AuthUser } from '@/server/http/auth';
import { inWriteTransaction } from '@/server/db/transactions';

/**
 * Accounts (spec §7; the routes in docs/openapi.yaml): registration, login and logout with bearer tokens, password reset
 * and change, the current user and its update, e-mail confirmation. Passwords are argon2id hashes
 * (older bcrypt hashes are replaced at the next login, see ../passwords.ts);
 * tokens are random, stored hashed, expire, and reset/activation tokens are single use.
 */

export const USER_EXISTS = 'Such user exists';
export const INVALID_CREDENTIALS = 'Invalid username or password';
export const EMAIL_ALREADY_CONFIRMED = 'Email is already confirmed';
export const CONFIRMATION_TOKEN_NOT_FOUND = 'Email confirmation token not found';
export const RESET_TOKEN_INVALID = 'The password reset link is invalid or has expired';
export const OLD_PASSWORD_WRONG = 'The current password is not correct';
export const USER_NOT_FOUND = 'User not found';
export const LABORATORY_UNKNOWN = 'Laboratory not found';

/**
 * Refuses a commonly breached password, or one too easy to guess (a zxcvbn score below 3, the
 * account's own e-mail and names counting as guessable words), with a 400 naming the field.
 */
function assertNotBreached(password: string, field: string, userInputs: (string | null | undefined)[] = []): void {
  if (isBreachedPassword(password)) throw badRequest(M.passwordBreached, { [field]: M.passwordBreached });
  if (!isStrongEnough(password, userInputs)) throw badRequest(M.passwordWeak, { [field]: M.passwordWeak });
}

/** User rows become the wire shape here and nowhere else. */
export function toCurrentUserDto(u: repo.UserRecord): CurrentUserDto {
  return {
    id: u.id,
    username: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    emailConfirmed: u.email_confirmed === 1,
    phone: u.phone,
    dateOfBirth: u.date_of_birth,
    role: u.role,
    laboratoryId: u.laboratory_id,
    staffLaboratoryId: u.staff_laboratory_id,
    staffRole: u.role === 'staff' ? (u.staff_role === 'nurse' ? 'nurse' : 'staff') : null,
    locale: u.locale,
  };
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(err?.message ?? '');
}

/** Queues the activation mail in `db` (the transaction that issued its token). */
async function mailActivation(db: Db, user: { id: number; email: string; first_name: string }, language: Language, returnTo?: string): Promise<void> {
  const { token, code } = await issueActivation(db, user.id, getConfig().mailTokenTtl);
  const t = mailTranslator(language);
  const query = new URLSearchParams({ token, ...(returnTo ? { returnTo } : {}) });
  const link = buildAppUrl(`/confirm-email?${query.toString()}`);
  await queueMail(db, { kind: 'activation', to: user.email, ...activationMail({ name: user.first_name, link, code }, t) });
}

/** The documents a registration's consent covers (content/documents/<lang>/<slug>.md). */
export const CONSENT_DOCUMENTS = 'terms-of-service,privacy-policy';

/** `language` is the request's language: kept as the user's locale and used for the activation mail. */
export async function register(
  db: Db,
  input: RegisterInput,
  language?: Language,
  ip = 'unknown',
  userAgent?: string,
): Promise<{ answer: { accessToken: string; expiresIn: number }; session: SessionTokens }> {
  const email = input.email.toLowerCase();
  await reserveAction(db, 'register', { ip, key: email });
  assertNotBreached(input.password, 'password', [email, input.firstName, input.lastName]);
  const passwordHash = await hashPassword(input.password);
  // Spec §5/§8: a known address is 400 'Such user exists'; the limits above bound how many addresses
  // one client can try (docs/security.md M6, docs/spec-decisions.md §11).
  if (await repo.findUserByEmail(db, email)) throw badRequest(USER_EXISTS, { email: USER_EXISTS }, ERROR_CODES.userExists);
  let userId: number;
  let session: SessionTokens;
  try {
    ({ userId, session } = await inWriteTransaction(db, async (trx) => {
      const id = await repo.insertUser(trx, {
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone || null,
        dateOfBirth: input.dateOfBirth || null,
        locale: language ?? null,
        termsAccepted: input.acceptTerms ? { at: new Date().toISOString(), documents: CONSENT_DOCUMENTS } : null,
      });
      await mailActivation(trx, { id, email, first_name: input.firstName }, mailLanguage(language));
      return { userId: id, session: await openSession(trx, { id, role: 'patient' }, userAgent) };
    }));
  } catch (e) {
    // Registered by a parallel request a moment ago: as for any known address.
    if (isUniqueViolation(e)) throw badRequest(USER_EXISTS, { email: USER_EXISTS }, ERROR_CODES.userExists);
    throw e;
  }
  const user = await repo.findUserById(db, userId);
  if (!user) throw new Error('Registered user vanished');
  return { answer: { accessToken: session.accessToken, expiresIn: session.expiresIn }, session };
}

type LoginOutcome = { answer: { access_token: string; expires_in: number }; session: SessionTokens; newDeviceToken: string | null };

/**
 * Checks the password and opens a session: the answer of spec §7 (`access_token`, plus `expires_in`
 * seconds) and the session's refresh token. The outcome goes into the audit trail of the address
 * typed: a success, a wrong password (401) or a lock-out (429).
 */
export async function login(db: Db, input: LoginInput, ip: string, userAgent?: string, deviceToken: string | null = null): Promise<LoginOutcome> {
  try {
    const outcome = await signIn(db, input, ip, userAgent, deviceToken);
    await recordSignIn(db, input.username, ip, 'sign_in');
    return outcome;
  } catch (e) {
    if (e instanceof HttpError && (e.status === 401 || e.status === 429)) await recordSignIn(db, input.username, ip, e.status === 429 ? 'locked_out' : 'sign_in_failed');
    throw e;
  }
}

async function signIn(db: Db, input: LoginInput, ip: string, userAgent: string | undefined, deviceToken: string | null): Promise<LoginOutcome> {
  const email = input.username.trim().toLowerCase();
  const user = await repo.findUserByEmail(db, email);
  // A browser that signed in to this account before is not delayed by other people's wrong passwords.
  const knownDevice = user ? await devices.isKnownDevice(db, user.id, deviceToken) : false;
  const attempt = await reserveLoginAttempt(db, email, ip, new Date(), { knownDevice });
  const { ok, rehash } = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !ok) throw new HttpError(401, INVALID_CREDENTIALS);
  await attempt.succeeded();
  if (rehash) await repo.updateUser(db, user.id, { password_hash: await hashPassword(input.password) });
  const session = await openSession(db, user, userAgent);
  const newDeviceToken = knownDevice ? null : await devices.rememberDevice(db, user.id);
  return { answer: { access_token: session.accessToken, expires_in: session.expiresIn }, session, newDeviceToken };
}

/**
 * Always answers the same, and in the same time, for known and unknown addresses (no account
 * enumeration): both do the same lookup; the reset link is made and mailed after the answer.
 */
export async function requestPasswordReset(db: Db, email: string, language?: Language, ip = 'unknown'): Promise<{ status: 'ok' }> {
  await reserveAction(db, 'reset', { ip, key: email });
  const user = await repo.findUserByEmail(db, email);
  // The token and its mail commit together, after the answer (so both answers take the same time).
  afterResponse('Password reset mail', async () => {
    if (!user) return;
    await inWriteTransaction(db, async (trx) => {
      const token = await repo.issueToken(trx, user.id, 'reset', getConfig().resetTokenTtl);
      const t = mailTranslator(language ?? user.locale);
      const link = buildAppUrl(`/reset-password?${new URLSearchParams({ token }).toString()}`);
      await queueMail(trx, { kind: 'passwordReset', to: user.email, ...passwordResetMail({ name: user.first_name, link }, t) });
    });
  });
  return { status: 'ok' };
}

/** Tells the user their password was changed, with the way back if it was not them. */
async function mailPasswordChanged(db: Db, user: repo.UserRecord, language: Language | undefined, now: Date): Promise<void> {
  const t = mailTranslator(language ?? user.locale);
  const when = now.toISOString().slice(0, 16).replace('T', ' ');
  await queueMail(db, { kind: 'passwordChanged', to: user.email, ...passwordChangedMail({ name: user.first_name, when, loginLink: buildAppUrl('/login') }, t) });
}

/**
 * Stores the new password and ends what the old one opened: every reset link of the user and every
 * session and access token except the caller's own; then mails the user that the password changed.
 */
async function setPassword(db: Db, userId: number, newPassword: string, keepToken: string | null, language: Language | undefined): Promise<void> {
  const now = new Date();
  const passwordHash = await hashPassword(newPassword);
  await inWriteTransaction(db, async (trx) => {
    await repo.updateUser(trx, userId, { password_hash: passwordHash });
    const keepSession = keepToken ? await sessionsRepo.sessionIdOfToken(trx, keepToken) : null;
    await sessionsRepo.revokeUserSessions(trx, userId, 'password_changed', keepSession, now);
    await repo.revokeUserTokens(trx, userId, 'access', keepToken, now);
    await repo.revokeUserTokens(trx, userId, 'reset', null, now);
    await devices.forgetDevices(trx, userId);
    const user = await repo.findUserById(trx, userId);
    if (user) await mailPasswordChanged(trx, user, language, now);
  });
}

/**
 * Sets a new password, either with the reset token from the mail or, for a signed-in user, with the
 * current password (checked under the login limit of the account's address and the client's IP).
 * Audited as `password_changed`: by the signed-in actor, else anonymously by reset link.
 */
export async function changePassword(
  db: Db,
  input: PasswordUpdateInput,
  caller: { userId: number; token: string } | null,
  opts: { ip: string; language?: Language; actor?: AuthUser | null },
): Promise<{ status: 'ok' }> {
  const answer = await updatePassword(db, input, caller, opts);
  const { actor, ip } = opts;
  await recordAudit(db, actor ? { action: 'password_changed', ...actorOf(actor), subjectUserId: actor.id, ip } : { action: 'password_changed', actorKind: 'anonymous', ip, detail: 'reset link' });
  return answer;
}

async function updatePassword(db: Db, input: PasswordUpdateInput, caller: { userId: number; token: string } | null, opts: { ip: string; language?: Language }): Promise<{ status: 'ok' }> {
  assertNotBreached(input.newPassword, 'newPassword');
  if (input.token) {
    const userId = await repo.consumeToken(db, input.token, 'reset');
    if (userId === null) throw badRequest(RESET_TOKEN_INVALID, { token: RESET_TOKEN_INVALID });
    await setPassword(db, userId, input.newPassword, caller?.userId === userId ? caller.token : null, opts.language);
    return { status: 'ok' };
  }
  if (input.oldPassword === undefined) throw badRequest(M.passwordOrTokenRequired, { oldPassword: M.passwordOrTokenRequired });
  if (!caller) throw unauthorized();
  const user = await repo.findUserById(db, caller.userId);
  if (!user) throw unauthorized();
  assertNotBreached(input.newPassword, 'newPassword', [user.email, user.first_name, user.last_name]);
  const attempt = await reserveLoginAttempt(db, user.email, opts.ip);
  if (!(await verifyPassword(input.oldPassword, user.password_hash)).ok) throw badRequest(OLD_PASSWORD_WRONG, { oldPassword: OLD_PASSWORD_WRONG });
  await attempt.succeeded();
  await setPassword(db, user.id, input.newPassword, caller.token, opts.language);
  return { status: 'ok' };
}

export async function getCurrentUser(db: Db, userId: number): Promise<CurrentUserDto> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw unauthorized();
  return toCurrentUserDto(user);
}

/** Updates the caller's own account; any other id is 404. */
export async function updateCurrentUser(db: Db, callerId: number, id: number, input: UserUpdateInput): Promise<CurrentUserDto> {
  if (id !== callerId) throw notFound(USER_NOT_FOUND);
  if (input.laboratoryId && !(await laboratoryExists(db, input.laboratoryId))) {
    throw badRequest(LABORATORY_UNKNOWN, { laboratoryId: LABORATORY_UNKNOWN });
  }
  const changes: Parameters<typeof repo.updateUser>[2] = {};
  if (input.firstName !== undefined) changes.first_name = input.firstName;
  if (input.lastName !== undefined) changes.last_name = input.lastName;
  if (input.phone !== undefined) changes.phone = input.phone || null;
  if (input.dateOfBirth !== undefined) changes.date_of_birth = input.dateOfBirth || null;
  if (input.laboratoryId !== undefined) changes.laboratory_id = input.laboratoryId || null;
  if (input.locale !== undefined) changes.locale = input.locale ?? null;
  if (Object.keys(changes).length) await repo.updateUser(db, id, changes);
  return getCurrentUser(db, id);
}

export async function sendActivationEmail(db: Db, userId: number, returnTo?: string, language?: Language, ip = 'unknown'): Promise<{ status: 'ok' }> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw unauthorized();
  if (user.email_confirmed === 1) throw conflict(EMAIL_ALREADY_CONFIRMED, undefined, ERROR_CODES.emailAlreadyConfirmed);
  await reserveAction(db, 'activation', { ip, key: `user:${user.id}` });
  await inWriteTransaction(db, async (trx) => {
    await mailActivation(trx, user, mailLanguage(language ?? user.locale), returnTo);
  });
  return { status: 'ok' };
}

/**
 * Confirms the e-mail address with the link's token, or with the mail's code for the signed-in user
 * (`caller`) or the account of `input.email` (see ./activationCodes.ts).
 */
export async function activate(db: Db, input: ActivateInput, caller: { id: number } | null = null, ip = 'unknown'): Promise<CurrentUserDto> {
  let userId: number | null;
  if (input.code) {
    const email = input.email ?? (caller ? (await repo.findUserById(db, caller.id))?.email : undefined);
    if (!email) throw badRequest(M.emailOrSignInRequired, { email: M.emailOrSignInRequired });
    userId = await consumeCodeFor(db, email, input.code, ip);
  } else {
    userId = await repo.consumeToken(db, input.token ?? '', 'activation');
  }
  if (userId === null) throw notFound(CONFIRMATION_TOKEN_NOT_FOUND, ERROR_CODES.confirmationTokenNotFound);
  await repo.updateUser(db, userId, { email_confirmed: 1 });
  await repo.revokeUserTokens(db, userId, 'activation');
  return getCurrentUser(db, userId);
}
