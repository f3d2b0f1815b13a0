/** Roles and their hierarchy — docs/product/data.md (Role) and docs/product/routes-and-roles.md "Roles". */
export const ROLES = ['user', 'agent', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LEVEL: Record<Role, number> = { user: 1, agent: 2, admin: 3 };

export const ROLE_LABEL: Record<Role, string> = { user: 'User', agent: 'Agent', admin: 'Administrator' };

export const ROLE_DESCRIPTION: Record<Role, string> = {
  user: 'Seller: manages products, orders and suppliers, and can request capital.',
  agent: 'Operator: helps sellers, runs the automation platform (DLQ, streams, agents).',
  admin: 'Administrator: full access, including settings, integrations and governance.',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Role from a user's metadata: defaults to "user" when absent (docs/product/data.md User). */
export function roleOf(value: unknown): Role {
  return isRole(value) ? value : 'user';
}

/** A guard passes when the user's level is at least that of one of the required roles (docs/product/routes-and-roles.md). */
export function meetsRole(role: Role, required: readonly Role[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((r) => ROLE_LEVEL[role] >= ROLE_LEVEL[r]);
}

export function hasRole(role: Role, target: Role): boolean {
  return ROLE_LEVEL[role] >= ROLE_LEVEL[target];
}
