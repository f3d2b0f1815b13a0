/** Numbers that are contract — docs/product/constants.md, docs/product/architecture.md §7. Tested in tests/unit/constants.test.ts. */
export const RETRY = { maxRetries: 3, baseDelayMs: 1000, factor: 2, jitter: 0.125, capMs: 30_000 } as const;
export const CSRF_TTL_MS = 24 * 60 * 60 * 1000;
export const REQUEST_LOG = { size: 100, statsWindowMs: 60_000, statsRefreshMs: 5_000, correlationMapSize: 100 } as const;
export const HEALTH = { pollMs: 30_000, timeoutMs: 5_000, degradedAtMs: 500, errorRateRedAbove: 0.05 } as const;
export const PALETTE = { debounceMs: 300, perType: 5, recent: 5 } as const;
export const CACHE = {
  productsStaleMs: 5 * 60_000,
  ordersStaleMs: 30_000,
  realtimeMs: 10_000,
  semiRealtimeMs: 30_000,
  referenceMs: 5 * 60_000,
  defaultStaleMs: 5 * 60_000,
  queryRetries: 2,
  mutationRetries: 0,
} as const;
export const REFRESH = {
  opsSummaryMs: 10_000,
  capitalMs: 30_000,
  agentHealthMs: 10_000,
  needsAttentionMs: 60_000,
  needsAttentionStaleMs: 30_000,
  /** the dashboard's Pipeline Backlog and Recent Actions between live events (docs/dashboard.md) */
  dashboardCardsMs: 30_000,
} as const;
export const ERROR_BOUNDARY = { maxAutoRetries: 2, baseDelayMs: 2000 } as const;
export const STREAMS = {
  backoffBaseMs: 1000,
  backoffFactor: 2,
  backoffJitter: 0.25,
  backoffCapMs: 30_000,
  heartbeatTimeoutMs: 30_000,
  dashboardHeartbeatTimeoutMs: 60_000,
  floodPerSecond: 100,
  alertsFloodPerSecond: 200,
  buffer: { default: 1000, alerts: 1000, agents: 500, dashboardShown: 20, dashboardKept: 40 },
  serverHeartbeatMs: 15_000,
  /**
   * Live refetches (providers/live/coalescer.ts, docs/events.md "Live routing"): a burst of events
   * waits `windowMs` and costs one refetch; while events keep coming, refetches are `floorMs` apart.
   */
  liveRefresh: { windowMs: 400, floorMs: 2_500 },
} as const;
export const NEEDS_ATTENTION = {
  maxItems: 7,
  dlqCritical: 50,
  dlqWarning: 10,
  consumerLag: 1000,
} as const;
export const ALERTS = { recentDefault: 50, dashboard: 10 } as const;
export const TOASTS = { autoCloseMs: 4000, maxVisible: 3 } as const;
export const DEFAULT_FLAGS = {
  enableOrchestrator: true,
  enableListingPoster: true,
  enableAdvancedAnalytics: false,
  enableBetaFeatures: false,
} as const;
export type FlagName = keyof typeof DEFAULT_FLAGS;
/** The flag every feature marked beta needs on (docs/settings.md "Beta features"). */
export const BETA_FLAG = 'enableBetaFeatures' satisfies FlagName;
export const BUILD_FEATURES = {
  realtime: true,
  analytics: true,
  capitalFinance: false,
  orchestratorDanger: false,
  debugBanner: true,
} as const;
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const CLIENT_NAME = 'seller-console';
export const TENANT_REQUIRED_MESSAGE = 'Tenant isolation required: No tenant_id available';
export const MESSAGES = {
  auth: 'Authentication failed. Please sign in again.',
  /** A 403 from the API: signed in, but the role may not do this (docs/decisions.md). */
  forbidden: 'You do not have permission to perform this action',
  retryable: 'Service temporarily unavailable. Retrying...',
  network: 'Network connection lost. Please check your internet connection.',
  unknown: 'An unexpected error occurred.',
  requestFailed: 'Request failed with unknown error',
  authUrlFallback: 'Authentication failed. Please try again.',
} as const;
/**
 * List pages: the one default page size of the API and of every table in the console, the sizes a
 * table offers, and the most rows one page may ask for (docs/api-conventions.md).
 */
export const PAGE = { defaultSize: 20, sizes: [10, 20, 50, 100], maxSize: 500 } as const;
/**
 * Event consumers: deliveries before a message is dead-lettered, the delay before each retry (the
 * last step repeats), and how long a claimed message may stay unacknowledged (docs/events.md).
 */
export const CONSUMER_DEFAULTS = { maxDeliver: 5, backoffMs: [1_000, 5_000, 30_000, 120_000], ackWaitMs: 30_000 } as const;
