import { useEffect, useRef, useState } from 'react';
import { api } from '../../session/api';
import { CloudOutbox } from './cloudOutbox';
import { documentRepository } from './repository';

/**
 * Runs the queue of documents waiting for the cloud while a document page is shown: drained at once, when
 * the browser comes back online and on retries. `onChange` hears of each pass that saved something.
 */
export function useCloudOutbox(owner: string, onChange?: () => void): CloudOutbox | null {
  const changed = useRef(onChange);
  changed.current = onChange;
  const [outbox, setOutbox] = useState<CloudOutbox | null>(null);
  useEffect(() => {
    if (owner === 'anon') return;
    const queue = new CloudOutbox({
      docs: api.docs,
      local: documentRepository,
      owner,
      onChange: () => changed.current?.(),
    });
    setOutbox(queue);
    queue.start();
    return () => {
      queue.dispose();
      setOutbox((current) => (current === queue ? null : current));
    };
  }, [owner]);
  return outbox;
}
