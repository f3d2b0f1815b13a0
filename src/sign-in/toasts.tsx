/** Toasts of the light sign-in entry (docs/product/errors.md sign-in toasts) without antd: top right, gone after 4.5 s. */
import { useCallback, useState } from 'react';
import type { Notify } from '../pages/auth/sign-in-form';

interface Toast { id: number; kind: 'success' | 'error'; message: string; description?: string }

let nextId = 1;

export function useToasts(): { notify: Notify; toasts: Toast[] } {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const notify = useCallback<Notify>((kind, message, description) => {
    const id = nextId++;
    setToasts((t) => [...t, { id, kind, message, description }]);
    setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), 4500);
  }, []);
  return { notify, toasts };
}

export function Toasts({ toasts }: { toasts: Toast[] }) {
  return (
    <div className="signin-toasts">
      {toasts.map((t) => (
        <div key={t.id} className={`signin-toast signin-toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <div className="signin-toast-message">{t.message}</div>
          {t.description && <div className="signin-toast-description">{t.description}</div>}
        </div>
      ))}
    </div>
  );
}
