import { backendClient } from '@/lib/apiClient';
import type { CurrentUserDto } from '@/shared/types/api';

/** What the register form sends (docs/openapi.yaml: `username` is the e-mail address). */
export interface RegisterRequest {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string;
  dateOfBirth?: string;
  /** The consent to the terms of service and the privacy notice (the form sends it; the spec's payload has none). */
  acceptTerms?: true;
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface NewPasswordRequest {
  token: string;
  newPassword: string;
}

/** Account calls of the backend API (spec §7; docs/openapi.yaml). */
export const authApi = {
  async register(body: RegisterRequest): Promise<string> {
    return (await backendClient.post<{ accessToken: string }>('register', body)).data.accessToken;
  },
  async login(body: LoginRequest): Promise<string> {
    return (await backendClient.post<{ access_token: string }>('login', body)).data.access_token;
  },
  /** Revokes the given bearer token on the server (the token is already gone from the browser storage). */
  async logout(token: string): Promise<void> {
    await backendClient.post('logout', {}, { headers: { Authorization: `Bearer ${token}` }, skipRefresh: true });
  },
  async currentUser(): Promise<CurrentUserDto> {
    return (await backendClient.get<CurrentUserDto>('users/current')).data;
  },
  /** Asks for a reset mail; the server answers 200 whether or not the address is known. */
  async requestPasswordReset(email: string): Promise<void> {
    await backendClient.post('users/password', { email });
  },
  /** Sets a new password with the token of the reset mail. */
  async setNewPassword(body: NewPasswordRequest): Promise<void> {
    await backendClient.put('users/password', body);
  },
};
