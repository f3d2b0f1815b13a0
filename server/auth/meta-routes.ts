/**
 * /auth/v1/settings, /health and /.well-known/jwks.json — docs/product/auth-protocol.md §5, §6.
 * /settings names the external providers that are on: Google only when it is configured
 * (docs/auth.md, "Google"), so the app can say so instead of navigating to an error page.
 */
import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from './deps';

/** GoTrue's external providers (GT `api/external.go` Provider); only Google can be turned on here. */
export const PROVIDERS = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google',
  'kakao', 'keycloak', 'linkedin', 'linkedin_oidc', 'notion', 'slack', 'slack_oidc', 'snapchat', 'spotify', 'twitch',
  'twitter', 'workos', 'zoom',
];

export function registerMetaRoutes(scope: FastifyInstance, d: AuthDeps): void {
  scope.get('/settings', async () => ({
    external: { ...Object.fromEntries(PROVIDERS.map((p) => [p, false])), google: Boolean(d.google), email: true, phone: false },
    disable_signup: !d.options.allowSignup,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  scope.get('/health', async () => ({
    version: d.config.version,
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  }));

  // HS256 only: symmetric keys are never published
  scope.get('/.well-known/jwks.json', async (_req, reply) => reply.header('cache-control', 'public, max-age=600').send({ keys: [] }));
}
