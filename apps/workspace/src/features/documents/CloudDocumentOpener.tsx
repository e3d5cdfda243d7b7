import { ApiError } from '@wanxiang/api-client';
import { type DocumentContent, DocumentMissing } from '@wanxiang/editor';
import { Alert, Button, Spinner } from '@wanxiang/ui';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../i18n/zh-CN';
import { api } from '../../session/api';
import * as cloudCss from './CloudDocuments.css';
import { cloudLinks, documentHash } from './cloudLinks';
import { currentOwner, documentRepository, newDocumentRepository } from './repository';

const m = t.cloudDocs;

type Navigate = (id: string, options?: { replace?: boolean }) => void;

/** /document/{uuid}: the local copy bound to that cloud document, fetched into this browser if need be. */
export function CloudDocumentOpener({
  cloudId,
  onNavigate,
  onBack,
}: {
  cloudId: string;
  onNavigate: Navigate;
  onBack(): void;
}) {
  const [state, setState] = useState<'loading' | 'missing' | 'failed'>('loading');
  const open = useCallback(async () => {
    setState('loading');
    const owner = currentOwner();
    try {
      const bound = cloudLinks.findLocal(owner, cloudId);
      if (bound && (await documentRepository.load(bound, owner))) {
        onNavigate(bound, { replace: true });
        return;
      }
      // The local copy was deleted here: forget its link, fetch the document afresh.
      if (bound) cloudLinks.remove(owner, bound);
      const cloud = await api.docs.get(cloudId);
      const content = cloud.content as unknown as DocumentContent;
      const record = await documentRepository.create(owner, { title: cloud.title, content });
      cloudLinks.set(owner, record.id, {
        cloudId,
        version: cloud.version,
        savedHash: documentHash(cloud.title, cloud.content),
        dirty: false,
      });
      onNavigate(record.id, { replace: true });
    } catch (error) {
      setState(error instanceof ApiError && error.status === 404 ? 'missing' : 'failed');
    }
  }, [cloudId, onNavigate]);
  useEffect(() => {
    void open();
  }, [open]);

  if (state === 'loading')
    return (
      <div className={cloudCss.opening}>
        <Spinner size="sm" label={t.pages.loading} showLabel />
      </div>
    );
  // Not there (404: deleted, another account's, never made): nothing to retry, a new document instead.
  if (state === 'missing') {
    return (
      <DocumentMissing
        hint={m.notFoundHint}
        onBack={onBack}
        onCreate={async () => {
          const record = await newDocumentRepository.create(currentOwner());
          onNavigate(record.id, { replace: true });
        }}
      />
    );
  }
  return (
    <div className={cloudCss.opening}>
      <Alert tone="danger" actionLabel={m.retry} onAction={() => void open()}>
        {m.openFailed}
      </Alert>
      <Button variant="secondary" onPress={onBack}>
        {t.nav.documents}
      </Button>
    </div>
  );
}
