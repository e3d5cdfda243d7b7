import type { SecurityApi } from '@wanxiang/api-client';
import { Alert, Button } from '@wanxiang/ui';
import { useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { t } from '../../i18n/zh-CN';
import { AVATAR_FILE_TYPES, AvatarFileError, squareAvatar } from './avatarImage';
import * as styles from './Settings.css';
import { generalMessage } from './settingsErrors';

const s = t.settings;

/** The first letter the badge shows without a picture, as the user menu does. */
function initialOf(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? '?';
}

/**
 * 头像: the picture or the name's first letter; 更换头像 picks a PNG, JPEG or WebP of at most 5 MB, which the
 * browser cuts to its centred square, scales to 256×256 WebP and uploads; the server checks the bytes and
 * its refusal shows here. 移除头像 brings the letter back.
 */
export function AvatarSection({
  security,
  name,
  avatarUrl,
  onChanged,
}: {
  security: Pick<SecurityApi, 'uploadAvatar' | 'removeAvatar'>;
  name: string;
  avatarUrl: string | null;
  onChanged?: ((url: string | null) => void) | undefined;
}) {
  const id = useId();
  const [url, setUrl] = useState(avatarUrl);
  const [pending, setPending] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = async (kind: 'upload' | 'remove', work: () => Promise<string | null>, message: string) => {
    if (pending) return;
    setPending(kind);
    setError(null);
    setDone(null);
    try {
      const next = await work();
      setUrl(next);
      setDone(message);
      onChanged?.(next);
    } catch (failure) {
      setError(
        failure instanceof AvatarFileError
          ? s.avatarProblem[failure.problem]
          : (generalMessage(failure, []) ?? s.requestFailed),
      );
    } finally {
      setPending(null);
    }
  };

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    void run('upload', async () => security.uploadAvatar(await squareAvatar(file)), s.avatarSaved);
  };

  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {s.avatar}
      </h2>
      <p className={styles.intro}>{s.avatarIntro}</p>
      <div className={styles.avatarRow}>
        {url ? (
          <img className={styles.avatarPreview} src={url} alt={s.avatarAlt} width={96} height={96} />
        ) : (
          <span className={styles.avatarInitial} role="img" aria-label={s.avatarNone}>
            {initialOf(name)}
          </span>
        )}
        <div className={styles.actions}>
          <FileTrigger acceptedFileTypes={[...AVATAR_FILE_TYPES]} onSelect={pick}>
            <Button variant="primary" isPending={pending === 'upload'}>
              {pending === 'upload' ? s.avatarUploading : s.avatarChoose}
            </Button>
          </FileTrigger>
          {url ? (
            <Button
              variant="secondary"
              isPending={pending === 'remove'}
              onPress={() =>
                void run(
                  'remove',
                  async () => {
                    await security.removeAvatar();
                    return null;
                  },
                  s.avatarRemoved,
                )
              }
            >
              {s.avatarRemove}
            </Button>
          ) : null}
        </div>
      </div>
      {error ? <Alert tone="danger">{error}</Alert> : done ? <Alert tone="success">{done}</Alert> : null}
    </section>
  );
}
