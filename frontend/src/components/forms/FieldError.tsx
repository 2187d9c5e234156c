import { sanitizeHtml } from '@/lib/sanitize';

/** Server messages may contain HTML: rendered only after DOMPurify with a small allow-list. */
export function FieldError({ id, messages }: { id?: string; messages?: string[] }) {
  if (!messages || messages.length === 0) return null;
  return (
    <p
      id={id}
      className="field-error"
      role="alert"
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(messages.join(' ')) }}
    />
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      {message}
    </div>
  );
}
