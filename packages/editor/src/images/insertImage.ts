import { toast } from '@wanxiang/ui';
import { $getRoot, $getSelection, $insertNodes, type LexicalEditor } from 'lexical';
import { t } from '../i18n/zh-CN';
import { $createImageNode } from './ImageNode';

export function insertImage(editor: LexicalEditor, src: string, altText: string) {
  editor.update(() => {
    if (!$getSelection()) $getRoot().selectEnd();
    $insertNodes([$createImageNode({ src, altText })]);
  });
}

/**
 * Images (a screenshot, a copied picture, one chosen with the toolbar's button) are inserted as data URLs;
 * any other file is refused. Resolves with how many were inserted.
 */
export function insertImageFiles(editor: LexicalEditor, files: readonly File[]): Promise<number> {
  const images = files.filter((file) => file.type.startsWith('image/'));
  if (images.length < files.length) toast.error(t.image.onlyImages);
  let inserted = 0;
  // One after the other, so several pictures keep their order.
  let chain = Promise.resolve();
  for (const file of images)
    chain = chain.then(
      () =>
        new Promise<void>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => {
            if (typeof reader.result === 'string') {
              insertImage(editor, reader.result, file.name);
              inserted += 1;
            }
            resolve();
          };
          reader.onerror = () => {
            toast.error(t.image.readFailed);
            resolve();
          };
          reader.readAsDataURL(file);
        }),
    );
  return chain.then(() => inserted);
}
