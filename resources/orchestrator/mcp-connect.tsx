/**
 * How to connect an MCP client to this store (docs/mcp.md "Connecting a client"): a button on
 * /orchestrator opening the address, the header the client sends and the configuration of the
 * common clients. MCP access is a beta feature (docs/decisions.md "MCP access is a beta feature"):
 * the page renders this inside `<BetaPart>`, so it shows (tagged "Beta") only while the store's beta
 * features are on — while they are off, `/mcp` refuses every client.
 */
import { useState } from 'react';
import { Button, Flex, Modal, Typography } from 'antd';
import { BetaTag } from '../../src/shell/beta';

/** Reads the console session's access token in this browser's developer console. */
const TOKEN_SNIPPET = "JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k)))).access_token";

function Snippet({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <Typography.Text strong>{label}</Typography.Text>
      <Typography.Paragraph copyable={{ text, tooltips: ['Copy', 'Copied'] }} style={{ marginBottom: 0 }}>
        <pre style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>{text}</pre>
      </Typography.Paragraph>
    </div>
  );
}

export function McpConnect() {
  const [open, setOpen] = useState(false);
  const url = `${window.location.origin}/mcp`;
  const ide = JSON.stringify({ servers: { 'seller-console': { type: 'http', url, headers: { Authorization: 'Bearer <access token>' } } } }, null, 2);
  const desktop = JSON.stringify(
    { mcpServers: { 'seller-console': { command: 'npx', args: ['-y', 'mcp-remote', url, '--header', 'Authorization:${AUTH_HEADER}'], env: { AUTH_HEADER: 'Bearer <access token>' } } } },
    null,
    2,
  );
  return (
    <>
      {/* no icon: the first page's icons used here split into chunks of their own (docs/performance.md "Delivery") */}
      <Button onClick={() => setOpen(true)}>
        <Flex gap={8} align="center">
          Connect an MCP client <BetaTag />
        </Flex>
      </Button>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>Close</Button>}
        width={720}
        title={
          <Flex gap={8} align="center">
            Connect an MCP client <BetaTag />
          </Flex>
        }
      >
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>
            Claude Desktop, an IDE or another agent can use this assistant&apos;s tools through the Model Context Protocol, acting as you: it sees and
            does only what your role may, and a change it asks for is only proposed — you confirm it here, in its conversation, within 10 minutes.
          </Typography.Paragraph>
          <Snippet label="Address" text={url} />
          <Typography.Paragraph style={{ margin: 0 }}>
            Every request carries your access token as <Typography.Text code>Authorization: Bearer &lt;access token&gt;</Typography.Text>. It is this
            console session&apos;s token: in this browser&apos;s developer console, run the line below. It lasts an hour and stops working when you sign
            out; then copy a new one.
          </Typography.Paragraph>
          <Snippet label="Your access token (developer console)" text={TOKEN_SNIPPET} />
          <Snippet label="VS Code, Cursor and other IDEs (remote HTTP server)" text={ide} />
          <Snippet label="Claude Code" text={`claude mcp add --transport http seller-console ${url} --header "Authorization: Bearer <access token>"`} />
          <Snippet label="Claude Desktop (claude_desktop_config.json, through mcp-remote)" text={desktop} />
          <Typography.Text type="secondary">
            MCP access is a beta feature of your store: an administrator turned beta features on under Feature Flags, and turning them off there
            closes it for every client at once.
          </Typography.Text>
        </Flex>
      </Modal>
    </>
  );
}
