/**
 * The MCP server for one signed-in member (docs/mcp.md): `tools/list` is exactly the orchestrator's
 * tools the member's role may use (the same names, descriptions and JSON Schemas as
 * GET /api/orchestrator/tools), `tools/call` runs one through the orchestrator's executeTool — a read
 * answers at once, a write only proposes a PendingAction confirmed in the console, a danger tool
 * while the build's switch is off is refused in words (docs/orchestrator.md "Danger").
 */
import type { FastifyInstance } from 'fastify';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { Db } from '../db';
import type { AuthInfo } from '../api/context';
import { TOOLS, toolNamed } from '../orchestrator/tools';
import { allowedFor, inputSchema, unavailableReason } from '../orchestrator/tool-kit';
import { executeTool, type ExecuteScope } from '../orchestrator/execute';
import { apiCaller } from '../orchestrator/api-caller';
import { createConversation, insertMessage } from '../orchestrator/store';
import { sayCall } from '../orchestrator/wording';
import { MESSAGE_MAX } from '../../contract/orchestrator';
import { toolCallContent } from './render';

export interface McpMember {
  app: FastifyInstance;
  db: Db;
  auth: AuthInfo;
  /** The member's own `Authorization` header: tools call the API as them. */
  authorization: string;
  correlationId?: string;
  dangerOn: boolean;
  version: string;
}

/** The tools as MCP lists them: unavailable ones say why in their description. */
export function mcpTools(role: AuthInfo['role'], dangerOn: boolean): McpTool[] {
  return TOOLS.filter((t) => allowedFor(role, t)).map((t) => {
    const off = unavailableReason(t, dangerOn);
    return {
      name: t.name,
      description: off ? `${t.description} (Unavailable: ${off})` : t.description,
      inputSchema: inputSchema(t) as McpTool['inputSchema'],
      annotations: { readOnlyHint: !t.writes, destructiveHint: t.danger },
    };
  });
}

/**
 * A write is recorded as a conversation of the member's ("From an MCP client: …"), so the proposal
 * shows in the console's /orchestrator with its Confirm and Cancel, like one the console asked for.
 */
async function callWrite(m: McpMember, scope: Omit<ExecuteScope, 'conversationId'>, name: string, input: unknown): Promise<CallToolResult> {
  const txOpts = { tenantId: m.auth.tenantId, userId: m.auth.userId };
  const asked = `From an MCP client: ${name} ${JSON.stringify(input ?? {})}`.slice(0, MESSAGE_MAX);
  const { conversationId, requestId } = await m.db.transaction(async (tx) => {
    const c = await createConversation(tx, m.auth.tenantId, m.auth.userId, '');
    const msg = await insertMessage(tx, m.auth.tenantId, c.id, 'user', asked, []);
    return { conversationId: c.id, requestId: msg!.id };
  }, txOpts);
  const e = await executeTool({ ...scope, conversationId }, name, input);
  await m.db.transaction((tx) => insertMessage(tx, m.auth.tenantId, conversationId, 'assistant', sayCall(e.call), [e.stored], { replyTo: requestId }), txOpts);
  return toolCallContent(e.call, e.call.action ? conversationId : null);
}

export function mcpServerFor(m: McpMember): McpServer {
  const mcp = new McpServer({ name: 'seller-console', version: m.version }, { capabilities: { tools: { listChanged: false } } });
  const scope: Omit<ExecuteScope, 'conversationId'> = {
    db: m.db, tenantId: m.auth.tenantId, userId: m.auth.userId, role: m.auth.role, dangerOn: m.dangerOn,
    tool: { api: apiCaller(m.app, { authorization: m.authorization, tenantId: m.auth.tenantId, correlationId: m.correlationId }), now: new Date() },
    log: m.app.log,
  };
  mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpTools(m.auth.role, m.dangerOn) }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
    const { name, arguments: input } = req.params;
    const tool = toolNamed(name);
    // refusals (unknown tool, role, danger switch) and reads need no record of their own
    if (!tool || !tool.writes || !allowedFor(m.auth.role, tool) || unavailableReason(tool, m.dangerOn)) {
      const e = await executeTool({ ...scope, conversationId: null }, name, input);
      return toolCallContent(e.call, null);
    }
    return callWrite(m, scope, name, input);
  });
  return mcp;
}
