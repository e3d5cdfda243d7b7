import { CheckIcon, CopyIcon, IconButton, Tooltip, toast } from '@wanxiang/ui';
import { useEffect, useRef, useState } from 'react';
import { markdownText } from './text';

/** The copy confirmation shows 1.5 s; the copied icon resets after 2 s. */
export const COPY_TOAST_MS = 1500;
export const COPIED_ICON_MS = 2000;

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A copy button that confirms with a toast and a check mark. */
export function CopyButton({ getText, label }: { getText: () => string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Tooltip content={copied ? markdownText.copied : label}>
      <IconButton
        aria-label={copied ? markdownText.copied : label}
        size="sm"
        onPress={async () => {
          if (await copyText(getText())) {
            setCopied(true);
            toast.success(markdownText.copied, { timeout: COPY_TOAST_MS });
            clearTimeout(timer.current);
            timer.current = setTimeout(() => setCopied(false), COPIED_ICON_MS);
          } else {
            toast.error(markdownText.copyFailed);
          }
        }}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
      </IconButton>
    </Tooltip>
  );
}
