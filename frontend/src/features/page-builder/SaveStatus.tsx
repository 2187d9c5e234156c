import { useTranslation } from 'react-i18next';
import type { PageData } from '@/public/pages/render/types';
import type { SaveState } from './useAutosave';

/** "data.content.2.props.href" → "Block 3 (Call to action) · href". */
export function describePath(
  path: string,
  data: PageData,
  blockName: (type: string) => string,
): string {
  const match = /^data\.content\.(\d+)(?:\.props\.(.+))?$/.exec(path);
  if (!match) return path.replace(/^data\.?/, '');
  const index = Number(match[1]);
  const block = data.content[index];
  const where = block ? `${index + 1} (${blockName(block.type)})` : String(index + 1);
  return match[2] ? `${where} · ${match[2]}` : where;
}

export function SaveStatus({
  state,
  message,
  errors,
  data,
}: {
  state: SaveState;
  message: string | null;
  errors: Record<string, string[]>;
  data: PageData;
}) {
  const { t } = useTranslation();
  const blockName = (type: string) => t(`page_builder.blocks.${type}`, { defaultValue: type });
  const label =
    state === 'saving'
      ? t('page_builder.save.saving')
      : state === 'saved' || state === 'idle'
        ? t('page_builder.save.saved')
        : state === 'pending'
          ? t('page_builder.save.unsaved')
          : state === 'conflict'
            ? t('page_builder.save.conflict')
            : state === 'invalid'
              ? t('page_builder.save.invalid')
              : t('page_builder.save.failed');
  const problem = state === 'conflict' || state === 'invalid' || state === 'failed';
  return (
    <div className="page-builder__status" data-testid="save-state">
      <span role="status" className={problem ? 'text-danger' : 'muted'}>
        {label}
      </span>
      {problem && (
        <div role="alert" className="form-error">
          {message && <p>{message}</p>}
          {Object.keys(errors).length > 0 && (
            <ul data-testid="save-errors">
              {Object.entries(errors).map(([path, messages]) => (
                <li key={path}>
                  <strong>{describePath(path, data, blockName)}</strong>: {messages.join(' ')}
                </li>
              ))}
            </ul>
          )}
          {state === 'conflict' && (
            <button type="button" className="link-button" onClick={() => window.location.reload()}>
              {t('page_builder.save.reload')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
