/**
 * Google sign-in in the browser suite (docs/auth.md, "Google"): the e2e server is started with these
 * GOOGLE_* settings (playwright.config.ts), and the spec that clicks "Continue with Google" runs the
 * local OpenID provider of the server tests (tests/server/support/oidc-stub.ts) on this port.
 */
const serverPort = Number(process.env.E2E_PORT ?? 3199);

export const E2E_GOOGLE = {
  port: Number(process.env.E2E_OIDC_PORT ?? serverPort + 1),
  clientId: 'e2e-google-client',
  clientSecret: 'e2e-google-secret',
};

/** The environment the e2e server needs for Google sign-in against that provider. */
export const E2E_GOOGLE_ENV = {
  GOOGLE_CLIENT_ID: E2E_GOOGLE.clientId,
  GOOGLE_CLIENT_SECRET: E2E_GOOGLE.clientSecret,
  GOOGLE_ISSUER: `http://127.0.0.1:${E2E_GOOGLE.port}`,
};
