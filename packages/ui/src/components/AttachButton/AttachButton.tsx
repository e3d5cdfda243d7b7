import { FileTrigger } from 'react-aria-components';
import { AttachIcon } from '../../icons';
import { IconButton, type IconButtonSize } from '../IconButton';
import { Tooltip } from '../Tooltip';

export interface AttachButtonProps {
  /** What the button does, e.g. 添加附件: its name for a screen reader and its tooltip. */
  label: string;
  /**
   * The types and name endings the picker offers, as an `<input type=file accept>` takes them
   * (`image/png,.md`). The picker only suggests: check the files you are given.
   */
  accept: string;
  /** Called with the files picked (never with none). */
  onFiles: (files: File[]) => void;
  isDisabled?: boolean;
  /** @default 'sm' */
  size?: IconButtonSize;
}

/**
 * The paper-clip button of a composer: it opens the system's file picker, several files at once. Picking the
 * same file again (after removing it) counts, since the picker is cleared each time it opens.
 */
export function AttachButton({ label, accept, onFiles, isDisabled = false, size = 'sm' }: AttachButtonProps) {
  return (
    <Tooltip content={label}>
      <FileTrigger
        allowsMultiple
        acceptedFileTypes={accept.split(',').map((type) => type.trim())}
        onSelect={(list) => {
          const files = Array.from(list ?? []);
          if (files.length > 0) onFiles(files);
        }}
      >
        <IconButton aria-label={label} size={size} isDisabled={isDisabled}>
          <AttachIcon />
        </IconButton>
      </FileTrigger>
    </Tooltip>
  );
}
