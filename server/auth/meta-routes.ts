/**
 * /auth/v1/settings, /health, /.well-known/jwks.json and /authorize — docs/product/auth-protocol.md §5, §6.
 * No OAuth provider is enabled in embedded mode: /authorize answers GoTrue's 400, and /settings
 * says so, so the app can grey out "Sign in with Google" instead of navigating to an error page.
 */
import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';

/** GoTrue's external providers (GT `api/external.go` Provider); all disabled here. */
const PROVIDERS = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google',
  'kakao', 'keycloak', 'linkedin', 'linkedin_oidc', 'notion', 'slack', 'slack_oidc', 'snapchat', 'spotify', 'twitch',
  'twitter', 'workos', 'zoom',
];

export function registerMetaRoutes(scope: FastifyInstance, d: AuthDeps): void {
  scope.get('/settings', async () => ({
    external: { ...Object.fromEntries(PROVIDERS.map((p) => [p, false])), email: true, phone: false },
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

  scope.get('/authorize', async (req) => {
    const provider = (req.query as Record<string, unknown>).provider;
    const name = typeof provider === 'string' ? provider.toLowerCase() : '';
    if (PROVIDERS.includes(name) && name !== 'anonymous_users') {
      throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
    }
    throw new AuthError(400, 'validation_failed', `Unsupported provider: Provider ${name} could not be found`);
  });
}
