import { DocumentEditor } from '@wanxiang/editor';
import { useCallback, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { useDocumentAssistant } from '../assistant/DocumentAssistant';
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
  // The tab says which document is open ({title} · 万象); 文档 · 万象 while none is.
  const onTitleChange = useCallback((title: string | null) => {
    document.title = `${title ?? t.nav.documents} · ${t.brand.name}`;
  }, []);
  useEffect(() => () => onTitleChange(null), [onTitleChange]);
  const assistant = useDocumentAssistant(docId);
  return (
    <div className={styles.page}>
      <DocumentEditor
        repository={documentRepository}
        owner={currentOwner()}
        documentId={docId}
        onBack={() => navigate('/document')}
        onNavigate={onNavigate}
        onTitleChange={onTitleChange}
        rightPanel={assistant.panel}
        dock={assistant.dock}
        autoFocus
      />
    </div>
  );
}
