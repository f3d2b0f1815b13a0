/** The /dev/mailbox page: the newest mails with their link one click away. Self-contained (no external assets). */
import type { MailboxEntry } from './mailbox-store';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function card(m: MailboxEntry): string {
  const when = m.created_at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const link = m.link
    ? `<p><a class="open" href="${esc(m.link)}">Open sign-in link</a></p><p class="url">${esc(m.link)}</p>`
    : '';
  return `<article>
  <header><strong>${esc(m.subject)}</strong><span>to ${esc(m.to)}</span><time datetime="${esc(m.created_at)}">${esc(when)}</time></header>
  ${link}
  <details><summary>Message text</summary><pre>${esc(m.text)}</pre></details>
</article>`;
}

export function renderMailboxPage(mails: MailboxEntry[], to?: string): string {
  const list = mails.length
    ? mails.map(card).join('\n')
    : `<p class="empty">No mail yet${to ? ` for ${esc(to)}` : ''}. Ask for a magic link on the sign-in page, then reload.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox — Seller Console</title>
<style>
  body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; background: #f5f5f5; color: #1f1f1f; }
  main { max-width: 760px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  .lead { color: #595959; margin: 0 0 16px; }
  form { display: flex; gap: 8px; margin-bottom: 16px; }
  input { flex: 1; padding: 6px 10px; border: 1px solid #d9d9d9; border-radius: 6px; font: inherit; }
  button, .open { padding: 6px 14px; border-radius: 6px; border: 0; background: #1677ff; color: #fff; font: inherit; text-decoration: none; display: inline-block; }
  article { background: #fff; border: 1px solid #e8e8e8; border-radius: 8px; padding: 12px 16px; margin-bottom: 12px; }
  article header { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: baseline; }
  article header span, time { color: #595959; font-size: 13px; }
  .url { font-size: 12px; color: #595959; word-break: break-all; margin-top: 0; }
  pre { white-space: pre-wrap; word-break: break-word; background: #fafafa; padding: 8px; border-radius: 6px; }
  .empty { color: #595959; }
  a:focus-visible, button:focus-visible, input:focus-visible { outline: 2px solid #0958d9; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>Dev mailbox</h1>
  <p class="lead">Mails the embedded server would have sent (no SMTP_URL configured), newest first. Open a link in the browser where you asked for it.</p>
  <form method="get" action="/dev/mailbox">
    <input id="to" name="to" type="email" placeholder="Filter by recipient" value="${esc(to ?? '')}" aria-label="Filter by recipient">
    <button type="submit">Filter</button>
  </form>
  ${list}
</main>
</body>
</html>`;
}
