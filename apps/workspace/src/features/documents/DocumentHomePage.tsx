import { DocumentHome } from '@wanxiang/editor';
import { useNavigate } from 'react-router-dom';
import { currentOwner, documentRepository } from './repository';

/** /document: the document home (spec 01 §2). */
export function DocumentHomePage() {
  const navigate = useNavigate();
  return (
    <DocumentHome
      repository={documentRepository}
      owner={currentOwner()}
      onOpen={(id) => navigate(`/document/${encodeURIComponent(id)}`)}
    />
  );
}
