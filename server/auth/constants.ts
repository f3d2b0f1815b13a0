/**
 * Embedded auth numbers — auth-protocol checklist (hosted/CLI defaults of Supabase Auth).
 * The per-email interval, the per-IP budget and the access-token lifetime come from Config.
 */
/** A magic link is valid this long after it was sent (CLI/hosted `otp_expiry`). */
export const OTP_EXPIRY_S = 3600;
/** An auth code may be exchanged this long after the link was clicked (FLOW_STATE_EXPIRY_DURATION). */
export const FLOW_STATE_TTL_S = 300;
/**
 * An OAuth state (Google sign-in) must come back within this long after /authorize. GoTrue's state
 * lasts 5 minutes; choosing an account with a second factor on a new device can take longer.
 */
export const OAUTH_STATE_TTL_S = 600;
/** A revoked refresh token reused later than this revokes its session (REFRESH_TOKEN_REUSE_INTERVAL). */
export const REFRESH_REUSE_INTERVAL_S = 10;
/** Window of the per-client-address budget on /otp (RATE_LIMIT_OTP is "per 5 minutes"). */
export const OTP_IP_WINDOW_S = 300;
/** Rate events older than this are swept; must exceed every window above. */
export const RATE_EVENT_RETENTION_S = 24 * 3600;
/** What /verify and /token accept as the link type; the embedded server always sends magiclink. */
export const LINK_TYPES = ['magiclink', 'signup'] as const;
/** The GoTrue API version supabase-js sends; a caller at or above it gets the new error body. */
export const API_VERSION_2024 = '2024-01-01';
/**
 * Every /otp answer past validation takes at least this long, whether a link was sent or not, so
 * the time does not tell known addresses from unknown ones (docs/auth.md, "No account enumeration").
 */
export const OTP_MIN_ANSWER_MS = 250;
