import { DocumentEditor } from '@wanxiang/editor';
import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import * as styles from './DocumentPage.css';
import { currentOwner, documentRepository } from './repository';

/** /document/{id}: the word processor on one local document (spec 02). */
export function DocumentPage() {
  const { docId } = useParams();
  const navigate = useNavigate();
  const onNavigate = useCallback(
    (id: string, options?: { replace?: boolean }) =>
      navigate(`/document/${encodeURIComponent(id)}`, { replace: options?.replace ?? false }),
    [navigate],
  );
  return (
    <div className={styles.page}>
      <DocumentEditor
        repository={documentRepository}
        owner={currentOwner()}
        documentId={docId}
        onBack={() => navigate('/document')}
        onNavigate={onNavigate}
        autoFocus
      />
    </div>
  );
}
