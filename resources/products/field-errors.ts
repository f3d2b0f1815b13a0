/**
 * Server field errors for antd forms — docs/api-conventions.md "Errors": a 400/409 about fields carries
 * `errors` (field path → message) and `details` [{field, message}]. Forms show them under the field
 * (`form.setFields`), not as a toast; Refine's useForm does the same from `errors`.
 */
import type { FormInstance } from 'antd';

export type FieldErrors = Record<string, string>;

/** The field path → message map of an error, or null when the error is not about fields. */
export function fieldErrorsOf(err: unknown): FieldErrors | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { errors?: unknown; details?: unknown };
  if (e.errors && typeof e.errors === 'object' && !Array.isArray(e.errors)) {
    const out: FieldErrors = {};
    for (const [k, v] of Object.entries(e.errors as Record<string, unknown>)) {
      const msg = Array.isArray(v) ? v[0] : v;
      if (typeof msg === 'string') out[k] = msg;
    }
    if (Object.keys(out).length) return out;
  }
  if (Array.isArray(e.details)) {
    const out: FieldErrors = {};
    for (const d of e.details as { field?: unknown; message?: unknown }[]) {
      if (typeof d?.field === 'string' && typeof d.message === 'string') out[d.field] ??= d.message;
    }
    if (Object.keys(out).length) return out;
  }
  return null;
}

/** "variants.2.sku" → ['variants', 2, 'sku'] (antd name paths use numbers for list rows). */
export function namePath(field: string): (string | number)[] {
  return field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/**
 * Puts the error's field messages under the form's fields that exist. Returns true when at least one
 * message found its field (the caller then needs no toast).
 */
export function showFieldErrors(form: FormInstance, err: unknown, known?: readonly string[]): boolean {
  const errors = fieldErrorsOf(err);
  if (!errors) return false;
  const fields = Object.entries(errors).filter(([f]) => !known || known.includes(f.split('.')[0]));
  if (!fields.length) return false;
  form.setFields(fields.map(([f, message]) => ({ name: namePath(f), errors: [message] })));
  return true;
}
