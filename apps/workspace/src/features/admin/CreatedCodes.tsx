import { Button } from '@wanxiang/ui';
import { useState } from 'react';
import * as account from '../account/Account.css';
import { adminText as t } from './messages';

/**
 * Codes made just now, which the server shows this once: what to do with them, the codes a line each (easy
 * to select by hand), and a button that copies them all. Whether the copy worked is said aloud.
 */
export function CreatedCodes({
  codes,
  message,
  testId,
}: {
  codes: readonly string[];
  /** How many were made and that they will not be shown again. */
  message: string;
  testId: string;
}) {
  const [copy, setCopy] = useState<'done' | 'failed' | null>(null);
  const copyAll = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopy('done');
    } catch {
      // No clipboard (an insecure page, a refused permission): the codes stay on screen to copy by hand.
      setCopy('failed');
    }
  };
  return (
    <>
      <p className={account.muted}>{message}</p>
      <pre className={account.codes} data-testid={testId}>
        {codes.join('\n')}
      </pre>
      <div className={account.rowActions}>
        <Button size="sm" onPress={() => void copyAll()}>
          {t.copyCodes}
        </Button>
        <span role="status" className={account.muted}>
          {copy === 'done' ? t.copied : copy === 'failed' ? t.copyFailed : ''}
        </span>
      </div>
    </>
  );
}
