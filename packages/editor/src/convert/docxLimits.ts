import JSZip from 'jszip';
import { t } from '../i18n/zh-CN';
import { DOCX_LIMITS } from './docxConstants';
import { ConvertError } from './errors';

/** The limits live beside the constants the main entry exports without loading JSZip. */
export { DOCX_LIMITS };

const tooLarge = () => new ConvertError('DOCX_TOO_LARGE', t.convert.docxBomb);

/**
 * Counts the elements and their depth in XML bytes as they stream past, without parsing: `<` followed by
 * a name opens an element, `</` closes one, and `/>` closes the one it ends. Comments and declarations are
 * skipped; a `<` inside an attribute value is not valid XML, so the count is an upper bound.
 */
class XmlCounter {
  private elements = 0;
  private depth = 0;
  private afterLt = false;
  private inOpenTag = false;
  private previous = 0;

  feed(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (this.afterLt) {
        this.afterLt = false;
        if (byte === 0x2f /* / */) this.depth = Math.max(0, this.depth - 1);
        else if (byte !== 0x3f /* ? */ && byte !== 0x21 /* ! */) {
          this.elements += 1;
          this.depth += 1;
          this.inOpenTag = true;
          if (this.elements > DOCX_LIMITS.xmlElements || this.depth > DOCX_LIMITS.xmlDepth) throw tooLarge();
        }
      } else if (byte === 0x3c /* < */) {
        this.afterLt = true;
        this.inOpenTag = false;
      } else if (byte === 0x3e /* > */ && this.inOpenTag) {
        this.inOpenTag = false;
        if (this.previous === 0x2f) this.depth = Math.max(0, this.depth - 1);
      }
      this.previous = byte;
    }
  }
}

/** JSZip's stream of one entry (an internal API of JSZip 3, the same in Node and in browsers). */
interface EntryStream {
  on(event: 'data', listener: (chunk: Uint8Array) => void): EntryStream;
  on(event: 'error', listener: (error: Error) => void): EntryStream;
  on(event: 'end', listener: () => void): EntryStream;
  pause(): EntryStream;
  resume(): EntryStream;
}

/**
 * Refuses (DOCX_TOO_LARGE) a DOCX whose XML parts pass a limit of DOCX_LIMITS, unpacking them as mammoth
 * will (JSZip, which mammoth reads with, so that both see the same entries) one block at a time and
 * stopping at the first limit passed. A file that is no zip is DOCX_INVALID.
 */
export async function checkDocxParts(bytes: Uint8Array): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch (cause) {
    throw new ConvertError('DOCX_INVALID', t.convert.badDocx, { cause });
  }
  let unpacked = 0;
  const counter = new XmlCounter();
  for (const entry of Object.values(zip.files)) {
    if (entry.dir || !/\.(xml|rels)$/i.test(entry.name)) continue;
    const stream = (entry as unknown as { internalStream(type: 'uint8array'): EntryStream }).internalStream(
      'uint8array',
    );
    await new Promise<void>((resolve, reject) => {
      stream
        .on('data', (chunk) => {
          try {
            unpacked += chunk.length;
            if (unpacked > DOCX_LIMITS.xmlBytes) throw tooLarge();
            counter.feed(chunk);
          } catch (error) {
            // Paused for good: nothing more of this entry is inflated.
            stream.pause();
            reject(error);
          }
        })
        .on('error', (cause) => reject(new ConvertError('DOCX_INVALID', t.convert.badDocx, { cause })))
        .on('end', resolve)
        .resume();
    });
  }
}
