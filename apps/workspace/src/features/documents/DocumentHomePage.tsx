import { ApiError, type CloudDocumentSummary } from '@wanxiang/api-client';
import { DocumentHome } from '@wanxiang/editor';
import { toast } from '@wanxiang/ui';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { api } from '../../session/api';
import { CloudDocumentList } from './CloudDocumentList';
import { cloudLinks } from './cloudLinks';
import { currentOwner, documentRepository } from './repository';

/** /document: the document home, with the signed-in user's cloud documents. */
export function DocumentHomePage() {
  const navigate = useNavigate();
  const open = useCallback((id: string) => navigate(`/document/${encodeURIComponent(id)}`), [navigate]);
  const loadCloud = useCallback(() => api.docs.list(), []);
  // The cloud copy goes; the local copy bound to it (if this browser has one) stays, with all its text, as
  // a local-only document: its link is dropped, so nothing pushes it back to a cloud document that is gone.
  const deleteCloud = useCallback(async (doc: CloudDocumentSummary) => {
    const owner = currentOwner();
    try {
      await api.docs.remove(doc.id);
    } catch (error) {
      // Already deleted (on another device): the same outcome.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    const local = cloudLinks.findLocal(owner, doc.id);
    if (local) cloudLinks.remove(owner, local);
    toast.success(local ? t.cloudDocs.deletedKeptLocal(doc.title) : t.cloudDocs.deleted(doc.title));
  }, []);
  return (
    <DocumentHome
      repository={documentRepository}
      owner={currentOwner()}
      onOpen={open}
      cloudSection={<CloudDocumentList load={loadCloud} onOpen={open} onDelete={deleteCloud} />}
    />
  );
}
