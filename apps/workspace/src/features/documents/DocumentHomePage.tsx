import { DocumentHome } from '@wanxiang/editor';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../session/api';
import { CloudDocumentList } from './CloudDocumentList';
import { currentOwner, documentRepository } from './repository';

/** /document: the document home (spec 01 §2), with the signed-in user's cloud documents. */
export function DocumentHomePage() {
  const navigate = useNavigate();
  const open = useCallback((id: string) => navigate(`/document/${encodeURIComponent(id)}`), [navigate]);
  const loadCloud = useCallback(() => api.docs.list(), []);
  return (
    <DocumentHome
      repository={documentRepository}
      owner={currentOwner()}
      onOpen={open}
      cloudSection={<CloudDocumentList load={loadCloud} onOpen={open} />}
    />
  );
}
