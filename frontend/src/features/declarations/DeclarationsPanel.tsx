import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeColour } from '@/components/Badge';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { showToast } from '@/components/toasts/store';
import { formatDate } from '@/lib/format';
import { declarationKeys, declarationsApi, type Declaration, type DeclarationStatus } from './api';
import { CancelDeclarationDialog, ConfirmOralDialog } from './DeclarationActions';
import { EvidenceDownload } from './EvidenceDownload';
import { DeclarationForm } from './DeclarationForm';

const STATUS_COLOURS: Record<DeclarationStatus, BadgeColour> = {
  active: 'green',
  awaiting_confirmation: 'amber',
  cancelled: 'gray',
  void: 'red',
};

/** The donor's Gift Aid declarations: the whole history, newest first, never edited in place. */
export function DeclarationsPanel({ donorId }: { donorId: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<Declaration | null>(null);
  const [confirming, setConfirming] = useState<Declaration | null>(null);
  const { data } = useQuery({
    queryKey: declarationKeys.list(donorId),
    queryFn: () => declarationsApi.list(donorId),
    staleTime: 0,
  });
  const declarations = data?.data ?? [];

  const changed = (message: string) => {
    showToast({ type: 'success', title: t('common.success'), message });
    void client.invalidateQueries({ queryKey: declarationKeys.list(donorId) });
    // Eligibility is recomputed on the server: donation lists show the new Gift Aid states.
    void client.invalidateQueries({ queryKey: ['table'] });
    void client.invalidateQueries({ queryKey: ['donations'] });
  };

  return (
    <Card
      as="div"
      id="declarations"
      testId="declarations"
      title={t('declarations.title')}
      actions={
        !adding && (
          <Button variant="primary" onClick={() => setAdding(true)}>
            {t('declarations.add')}
          </Button>
        )
      }
    >
      {adding && (
        <DeclarationForm
          donorId={donorId}
          onCancel={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            changed(t('declarations.saved'));
          }}
        />
      )}
      {data && declarations.length === 0 && <p className="muted">{t('declarations.none')}</p>}
      {declarations.length > 0 && (
        <ul className="declaration-list">
          {declarations.map((declaration) => (
            <li key={declaration.id} data-testid="declaration">
              <div>
                <Badge colour={STATUS_COLOURS[declaration.status]}>
                  {t(`declarations.statuses.${declaration.status}`)}
                </Badge>{' '}
                <strong>{t(`declarations.methods.${declaration.method}`)}</strong>
                {' · '}
                {declaration.scope.map((scope) => t(`declarations.scopes.${scope}`)).join(', ')}
              </div>
              <dl className="details">
                <dt>{t('declarations.fields.date_given')}</dt>
                <dd>{formatDate(declaration.date_given, locale)}</dd>
                <dt>{t('declarations.fields.statement_version')}</dt>
                <dd>{declaration.statement_version}</dd>
                {declaration.source?.startsWith('import:') && (
                  <>
                    <dt>{t('declarations.fields.source')}</dt>
                    <dd>{t('declarations.source_import')}</dd>
                  </>
                )}
                {declaration.method === 'oral' && (
                  <>
                    <dt>{t('declarations.fields.confirmation_sent_on')}</dt>
                    <dd>
                      {declaration.confirmation_sent_on
                        ? formatDate(declaration.confirmation_sent_on, locale)
                        : t('declarations.not_sent')}
                      {declaration.oral_window_ends &&
                        ` · ${t('declarations.window_ends', {
                          date: formatDate(declaration.oral_window_ends, locale),
                        })}`}
                    </dd>
                  </>
                )}
                {declaration.cancelled_on && (
                  <>
                    <dt>{t('declarations.fields.cancelled_on')}</dt>
                    <dd>
                      {formatDate(declaration.cancelled_on, locale)}
                      {declaration.cancellation_reason && ` · ${declaration.cancellation_reason}`}
                    </dd>
                  </>
                )}
                <dt>{t('declarations.fields.evidence')}</dt>
                <dd>
                  {declaration.evidence_key ? (
                    <>
                      {t('declarations.evidence_on_file')}
                      {' · '}
                      <EvidenceDownload donorId={donorId} declarationId={declaration.id} />
                    </>
                  ) : (
                    t('common.none')
                  )}
                </dd>
                <dt>{t('declarations.fields.recorded_at')}</dt>
                <dd>{formatDate(declaration.created_at, locale)}</dd>
              </dl>
              <div className="row-actions">
                {declaration.status === 'awaiting_confirmation' && (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setConfirming(declaration)}
                  >
                    {t('declarations.confirm_action')}
                  </button>
                )}
                {(declaration.status === 'active' ||
                  declaration.status === 'awaiting_confirmation') && (
                  <button
                    type="button"
                    className="link-button link-button--danger"
                    onClick={() => setCancelling(declaration)}
                  >
                    {t('declarations.cancel_action')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {cancelling && (
        <CancelDeclarationDialog
          declaration={cancelling}
          onClose={() => setCancelling(null)}
          onDone={() => {
            setCancelling(null);
            changed(t('declarations.cancelled'));
          }}
        />
      )}
      {confirming && (
        <ConfirmOralDialog
          declaration={confirming}
          onClose={() => setConfirming(null)}
          onDone={() => {
            setConfirming(null);
            changed(t('declarations.confirmed'));
          }}
        />
      )}
    </Card>
  );
}
