import { useServerMessage } from '@/lib/sanitize';

/** Server messages may contain HTML: rendered only after DOMPurify with a small allow-list. */
export function FieldError({ id, messages }: { id?: string; messages?: string[] }) {
  const shown = useServerMessage(messages?.join(' ') ?? '');
  if (!messages || messages.length === 0) return null;
  if ('text' in shown) {
    return (
      <p id={id} className="field-error" role="alert">
        {shown.text}
      </p>
    );
  }
  return (
    <p
      id={id}
      className="field-error"
      role="alert"
      dangerouslySetInnerHTML={{ __html: shown.html }}
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
