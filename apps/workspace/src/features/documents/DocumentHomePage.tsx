import { ApiError, type CloudDocumentSummary } from '@wanxiang/api-client';
import { DocumentHome, type DocumentRecord, type DocumentRepository } from '@wanxiang/editor';
import { toast } from '@wanxiang/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { api } from '../../session/api';
import { CloudDocumentList } from './CloudDocumentList';
import { CloudMoveBanner, moveOffer } from './CloudMoveBanner';
import { cloudLinks } from './cloudLinks';
import { queueMoveToCloud } from './cloudOutbox';
import { DocumentPlaceNote } from './DocumentPlaceNote';
import { mergeListing } from './documentListing';
import {
  createLocalOnlyDocument,
  currentOwner,
  documentRepository,
  newDocumentRepository,
} from './repository';
import { useCloudOutbox } from './useCloudOutbox';

const m = t.cloudDocs;

/**
 * /document: the document home. Every document once: the cards are the documents on this device, each
 * saying where it is kept (云端, 待同步, 仅本机); under them the cloud documents this device has no copy
 * of. Local documents in no cloud yet are offered a one-time move there; the queue of changes waiting for
 * the cloud runs while the page is shown.
 */
export function DocumentHomePage() {
  const navigate = useNavigate();
  const owner = currentOwner();
  const open = useCallback((id: string) => navigate(`/document/${encodeURIComponent(id)}`), [navigate]);
  const [records, setRecords] = useState<DocumentRecord[]>([]);
  const [links, setLinks] = useState(() => cloudLinks.all(owner));
  // Bumped when the cloud list must be asked again (a move, a pass of the queue, a deletion).
  const [round, setRound] = useState(0);
  const [offerDismissed, setOfferDismissed] = useState(() => moveOffer.dismissed(owner));

  const refresh = useCallback(() => {
    setLinks(cloudLinks.all(owner));
    documentRepository.listRecent(owner).then(setRecords, () => setRecords([]));
    setRound((n) => n + 1);
  }, [owner]);
  useEffect(refresh, [refresh]);
  const outbox = useCloudOutbox(owner, refresh);

  const places = useMemo(() => mergeListing(records, [], links).places, [records, links]);
  const movable = useMemo(
    () => records.filter((r) => places.get(r.id) === 'local' && !cloudLinks.isLocalOnly(owner, r.id)),
    [owner, records, places],
  );

  // The cards' repository: new blank documents are cloud documents; a card's deletion refreshes the rows.
  const repository = useMemo<DocumentRepository>(
    () => ({
      ...newDocumentRepository,
      async remove(id, who) {
        await newDocumentRepository.remove(id, who);
        refresh();
      },
    }),
    [refresh],
  );

  const loadCloud = useCallback(async () => {
    const [here, cloud] = await Promise.all([documentRepository.listRecent(owner), api.docs.list()]);
    return mergeListing(here, cloud, cloudLinks.all(owner)).cloudOnly;
  }, [owner]);

  // The cloud copy goes; the local copy bound to it (if this browser has one) stays, with all its text, as
  // a local-only document: its link is dropped, so nothing pushes it back to a cloud document that is gone.
  const deleteCloud = useCallback(
    async (doc: CloudDocumentSummary) => {
      try {
        await api.docs.remove(doc.id);
      } catch (error) {
        // Already deleted (on another device): the same outcome.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      const local = cloudLinks.findLocal(owner, doc.id);
      if (local) {
        cloudLinks.remove(owner, local);
        cloudLinks.setLocalOnly(owner, local, true);
      }
      toast.success(local ? m.deletedKeptLocal(doc.title) : m.deleted(doc.title));
    },
    [owner],
  );

  const moveAll = useCallback(async () => {
    const queued = await queueMoveToCloud(owner, await documentRepository.listRecent(owner));
    refresh();
    const result = outbox ? await outbox.drain() : null;
    refresh();
    const saved = result?.saved.length ?? 0;
    if (result?.unreachable) toast.info(m.movedWaiting(queued - saved));
    else if (queued > 0) toast.success(m.moved(queued));
  }, [owner, outbox, refresh]);

  const answer = (choice: 'later' | 'never') => {
    moveOffer.answer(owner, choice);
    setOfferDismissed(true);
  };

  return (
    <DocumentHome
      repository={repository}
      owner={owner}
      onOpen={open}
      onCreateLocal={async () => open(await createLocalOnlyDocument(owner))}
      sectionTitles={{ local: m.sectionMine, cloud: m.sectionCloudOnly }}
      cardNote={(doc) => {
        const place = places.get(doc.id) ?? (cloudLinks.get(owner, doc.id) ? 'cloud' : 'local');
        return <DocumentPlaceNote place={place} />;
      }}
      banner={
        movable.length > 0 && !offerDismissed ? (
          <CloudMoveBanner
            count={movable.length}
            onMoveAll={moveAll}
            onLater={() => answer('later')}
            onNever={() => answer('never')}
          />
        ) : null
      }
      cloudSection={<CloudDocumentList key={round} load={loadCloud} onOpen={open} onDelete={deleteCloud} />}
    />
  );
}
