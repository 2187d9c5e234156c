import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/Button';
import { PageHeader } from '@/components/PageHeader';
import { routeTitleKey } from '@/config/paths';
import { importKeys, type Import } from './api';
import { IMPORT_PARAM } from './constants';
import { ImportHistory } from './ImportHistory';
import { ImportWizard } from './ImportWizard';
import { StepIndicator } from './StepIndicator';
import { UploadStep } from './UploadStep';
import './imports.css';

/**
 * /donations/import-data: upload a file, map its columns, preview and check every row, import,
 * then review, read the errors or undo; below, every past import. `?import=<id>` opens one.
 */
export default function ImportsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const importId = params.get(IMPORT_PARAM);
  // Once another import (or a new upload) has been opened on this page, by a button, a link of
  // the history or the browser's Back, what opens takes the focus: the control used is gone, or
  // far below.
  const [shownId, setShownId] = useState(importId);
  const [moved, setMoved] = useState(false);
  if (shownId !== importId) {
    setShownId(importId);
    setMoved(true);
  }
  const open = (id: string | null) => {
    setParams(id ? { [IMPORT_PARAM]: id } : {});
    window.scrollTo({ top: 0 });
  };
  const created = (item: Import) => {
    client.setQueryData(importKeys.one(item.id), item);
    void client.invalidateQueries({ queryKey: ['table', 'imports'] });
    open(item.id);
  };
  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('donations.import'))}
        actions={
          importId ? (
            <Button variant="primary" onClick={() => open(null)}>
              {t('imports.new')}
            </Button>
          ) : undefined
        }
      />
      {importId ? (
        <ImportWizard
          key={importId}
          importId={importId}
          autoFocus={moved}
          onRestart={() => open(null)}
        />
      ) : (
        <>
          <StepIndicator current="upload" focusKey={moved ? 'upload' : null} />
          <UploadStep onCreated={created} />
        </>
      )}
      <ImportHistory onOpen={open} />
    </section>
  );
}
