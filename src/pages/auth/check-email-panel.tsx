/** The "Check your email" panel of docs/product/shell.md: names the address; "Send to a different email" returns to the form. */
export function CheckEmailPanel({ email, onDifferentEmail }: { email: string; onDifferentEmail: () => void }) {
  return (
    <div className="signin-sent">
      <svg className="signin-sent-icon" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 2v.51l-8 5.33-8-5.33V6h16ZM4 18V8.9l7.45 4.97a1 1 0 0 0 1.1 0L20 8.9V18H4Z"
        />
      </svg>
      <h1 className="signin-title">Check your email</h1>
      <p className="signin-muted">
        We sent a sign-in link to <strong data-testid="sent-to">{email}</strong>. Open it in this browser to sign in.
      </p>
      <button type="button" className="signin-button" onClick={onDifferentEmail}>
        Send to a different email
      </button>
    </div>
  );
}
