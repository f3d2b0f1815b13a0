-- The AI orchestrator (docs/orchestrator.md): a member's conversations, their messages with the tool
-- calls and results stored with them, and the writes the orchestrator proposed that wait for the
-- member's confirmation (docs/orchestrator.md "Confirmed writes"). Each row names its tenant and its
-- member; the API reads only the caller's own rows.
create table orchestrator_conversations (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  user_id text not null,
  title text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index orchestrator_conversations_user on orchestrator_conversations (tenant_id, user_id, updated_at desc, id);
alter table orchestrator_conversations enable row level security;
alter table orchestrator_conversations force row level security;
create policy tenant_isolation on orchestrator_conversations
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

create table orchestrator_messages (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  conversation_id uuid not null references orchestrator_conversations(id) on delete cascade,
  role text not null check (role in ('user', 'assistant')),
  text text not null,
  -- ToolCall[] of contract/orchestrator.ts (tool, input, status, result, action id, error)
  tool_calls jsonb not null default '[]'::jsonb,
  -- a request's Idempotency-Key (its user message), and the answer's request: a retried request is
  -- answered with the stored answer instead of asking again
  idempotency_key text,
  reply_to uuid,
  created_at timestamptz not null default clock_timestamp()
);
create index orchestrator_messages_conversation on orchestrator_messages (tenant_id, conversation_id, created_at, id);
create unique index orchestrator_messages_key on orchestrator_messages (tenant_id, conversation_id, idempotency_key) where idempotency_key is not null;
create index orchestrator_messages_reply on orchestrator_messages (tenant_id, reply_to) where reply_to is not null;
alter table orchestrator_messages enable row level security;
alter table orchestrator_messages force row level security;
create policy tenant_isolation on orchestrator_messages
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

-- A write the orchestrator proposed: it runs only when the same member confirms it, once, before
-- expires_at (pending → confirmed is a conditional update).
create table orchestrator_actions (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  user_id text not null,
  conversation_id uuid references orchestrator_conversations(id) on delete set null,
  tool text not null,
  -- the tool's input as the member asked, and the resolved arguments the write will send
  input jsonb not null,
  plan jsonb not null,
  summary text not null,
  count integer not null,
  preview jsonb not null default '[]'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'cancelled', 'expired', 'failed')),
  result jsonb,
  error text,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  decided_at timestamptz
);
create index orchestrator_actions_user on orchestrator_actions (tenant_id, user_id, created_at desc);
alter table orchestrator_actions enable row level security;
alter table orchestrator_actions force row level security;
create policy tenant_isolation on orchestrator_actions
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));
