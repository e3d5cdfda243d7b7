/** Keys in local storage. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  deviceId: 'device_id',
  /** Set by any logout; cleared by the next login. */
  loggedOut: 'logged_out',
  selectedModelId: 'selected_model_id',
} as const;

/** Where older front ends kept their single token; migrated once to {@link STORAGE_KEYS.accessToken}. */
export const LEGACY_TOKEN_KEYS = ['token', 'auth_token'] as const;
