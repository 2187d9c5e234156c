import { Puck, type Data } from '@puckeditor/core';
// Puck's styles without its @import of a web font from rsms.me (refused by our CSP, and a
// failed stylesheet makes the route's CSS preload fail): the editor uses the system font.
import '@puckeditor/core/no-external.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useParams, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { AUTOSAVE_DELAY_MS } from '@/config/constants';
import { pathFor } from '@/config/paths';
import { fundKeys, fundsApi } from '@/features/funds/api';
import { PageStatusBadge } from '@/features/landing/LandingPagesPage';
import {
  pageKeys,
  pagesApi,
  postImage,
  type PageDetail,
  type PreviewData,
} from '@/features/landing/api';
import { ApiError } from '@/lib/api-client';
import { renderPage } from '@/public/pages/render/renderPage';
import type { PageData, PageGiving, RenderContext } from '@/public/pages/render/types';
import { BuilderRenderContext, buildConfig } from './config';
import { SaveStatus } from './SaveStatus';
import { SettingsDialog } from './SettingsDialog';
import { pageDataOf } from './page-data';
import { useAutosave } from './useAutosave';
import { VersionsPanel } from './VersionsPanel';
import './page-builder.css';

function renderContext(page: PageDetail, preview: PreviewData | undefined): RenderContext {
  return {
    locale: page.locale,
    pageId: page.id,
    charity: { name: '', registration_number: null },
    images: preview?.images ?? {},
    funds: preview?.funds ?? {},
    giving: (preview?.giving as PageGiving | null | undefined) ?? null,
    preview: true,
  };
}

/** /page-builder/{id}: the page in Puck (or, with ?preview=1, as the public will see it). */
export default function PageBuilderPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const page = useQuery({
    queryKey: pageKeys.one(id),
    queryFn: () => pagesApi.show(id),
    staleTime: Infinity,
  });
  const preview = useQuery({
    queryKey: pageKeys.preview(id),
    queryFn: () => pagesApi.previewData(id),
  });
  if (page.isPending) return <Spinner />;
  if (!page.data) return <p role="alert">{t('errors.default')}</p>;
  if (params.get('preview') === '1') {
    return (
      <div data-testid="page-preview">
        <div className="page-builder__bar">
          <ButtonLink to={pathFor('page-builder', { id })}>
            {t('page_builder.back_to_editor')}
          </ButtonLink>
        </div>
        {renderPage(preview.data?.data ?? page.data.data, renderContext(page.data, preview.data))}
      </div>
    );
  }
  return <Builder initial={page.data} preview={preview.data} />;
}

function Builder({ initial, preview }: { initial: PageDetail; preview: PreviewData | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(initial);
  const [data, setData] = useState<PageData>(initial.data);
  // A restore replaces the whole draft: Puck starts again from it.
  const [generation, setGeneration] = useState(0);
  const [panel, setPanel] = useState<'settings' | 'versions' | null>(null);
  const [publishing, setPublishing] = useState(false);
  const funds = useQuery({ queryKey: fundKeys.options, queryFn: fundsApi.options });
  const autosave = useAutosave<PageData>({
    version: initial.version,
    delay: AUTOSAVE_DELAY_MS,
    save: async (draft, version) => {
      const saved = await pagesApi.saveDraft(page.id, draft, version);
      setPage((current) => ({ ...current, ...saved, data: current.data }));
      return saved;
    },
  });

  const upload = async (file: File) => {
    const answer = await pagesApi.imageUpload(page.id, file);
    await postImage(answer.upload, file);
    void client.invalidateQueries({ queryKey: pageKeys.preview(page.id) });
    return answer.key;
  };
  const fundOptions = funds.data?.data;
  const config = useMemo(
    () => buildConfig({ t, pageType: page.type, funds: fundOptions ?? [], upload }),
    // `upload` only closes over the page id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, page.type, fundOptions],
  );
  const context = useMemo(() => renderContext(page, preview), [page, preview]);

  // Leaving with unsaved changes: the browser's own warning, and ours inside the app.
  const dirty = autosave.dirty;
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(dirty);

  const onChange = (next: Data) => {
    const saved = pageDataOf(next);
    setData(saved);
    autosave.schedule(saved);
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError)
      showToast({ type: 'error', title: t('errors.title'), message: error.message });
  };

  const publish = async () => {
    setPublishing(true);
    try {
      const version = await autosave.flush();
      const published = await pagesApi.publish(page.id, version);
      autosave.setVersion(published.version);
      setPage(published);
      showToast({
        type: 'success',
        title: t('page_builder.publish.done_title'),
        message: t('page_builder.publish.done', { number: published.published_version ?? '' }),
      });
      void client.invalidateQueries({ queryKey: pageKeys.versions(page.id) });
    } catch (error) {
      failed(error);
    } finally {
      setPublishing(false);
    }
  };

  const restore = async (number: number) => {
    try {
      const restored = await pagesApi.restore(page.id, number, autosave.version());
      autosave.reset(restored.version);
      setPage(restored);
      setData(restored.data);
      setGeneration((count) => count + 1);
      setPanel(null);
      showToast({ type: 'success', title: t('page_builder.versions.restored', { number }) });
    } catch (error) {
      failed(error);
    }
  };

  const blocked = autosave.state === 'conflict' || autosave.state === 'invalid';
  return (
    <div className="page-builder" data-testid="page-builder">
      <div className="page-builder__bar">
        <PageHeader
          title={
            <>
              {page.title} <PageStatusBadge status={page.status} />
            </>
          }
          actions={
            <>
              <ButtonLink to={pathFor('landing')}>{t('page_builder.back')}</ButtonLink>
              <Button onClick={() => setPanel('settings')}>
                {t('page_builder.settings.button')}
              </Button>
              <Button onClick={() => setPanel('versions')}>
                {t('page_builder.versions.button')}
              </Button>
              <ButtonLink
                to={`${pathFor('page-builder', { id: page.id })}?preview=1`}
                target="_blank"
              >
                {t('landing.actions.preview')}
              </ButtonLink>
              <Button
                variant="primary"
                loading={publishing}
                disabled={blocked}
                onClick={() => void publish()}
              >
                {t('page_builder.publish.button')}
              </Button>
            </>
          }
        />
        <SaveStatus
          state={autosave.state}
          message={autosave.message}
          errors={autosave.errors}
          data={data}
        />
      </div>
      <BuilderRenderContext.Provider value={context}>
        <Puck
          key={generation}
          config={config}
          data={data as unknown as Data}
          onChange={onChange}
          headerTitle={page.title}
          overrides={{ headerActions: () => <></> }}
          viewports={[
            {
              width: 1280,
              height: 'auto',
              label: t('page_builder.viewport.desktop'),
              icon: 'Monitor',
            },
            {
              width: 768,
              height: 'auto',
              label: t('page_builder.viewport.tablet'),
              icon: 'Tablet',
            },
            {
              width: 375,
              height: 'auto',
              label: t('page_builder.viewport.mobile'),
              icon: 'Smartphone',
            },
          ]}
        />
      </BuilderRenderContext.Provider>
      {panel === 'settings' && (
        <SettingsDialog
          page={page}
          version={autosave.version()}
          onCancel={() => setPanel(null)}
          onSaved={(saved) => {
            autosave.setVersion(saved.version);
            setPage((current) => ({ ...saved, data: current.data }));
            setPanel(null);
            showToast({ type: 'success', title: t('common.saved') });
          }}
        />
      )}
      {panel === 'versions' && (
        <VersionsPanel pageId={page.id} onRestore={restore} onClose={() => setPanel(null)} />
      )}
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          title={t('page_builder.leave.title')}
          confirmLabel={t('page_builder.leave.leave')}
          danger
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        >
          <p>{t('page_builder.leave.body')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
