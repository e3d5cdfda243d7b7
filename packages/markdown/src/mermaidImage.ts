import * as styles from './Markdown.css';

/*
 * Why a diagram is drawn this way. The page's Content-Security-Policy refuses inline styles (style-src
 * 'self', no 'unsafe-inline'), which is what keeps injected markup from restyling or probing the page.
 * Mermaid needs inline styles twice:
 *
 * 1. While it draws, it measures its labels in the live page, inside an element it fills through d3:
 *    a <style> element with the diagram's rules and dozens of `style` attributes. Under the policy
 *    each of those is refused (and reported): the boxes are then sized for the wrong font.
 * 2. Its result is an SVG string with the same <style> element and attributes; put into the page as
 *    HTML it is refused again, and the flowchart shows as black boxes without labels.
 *
 * Neither needs the policy loosened. While Mermaid draws (one diagram at a time), inside a hidden host
 * element of ours only, its style attributes are applied through the CSSOM (as React's style prop and
 * d3's .style() are, which the policy does not govern) and its <style> rules through a constructed
 * stylesheet adopted by the document for that time; nothing outside the host is touched, and nothing
 * is parsed from markup. The result is then shown as an image of its own SVG document: an image is a
 * document of its own, where the page's policy does not apply, and where no script runs and nothing
 * outside it loads, so the diagram keeps its styles without any inline style in the page. img-src
 * already allows data: URLs. A nonce would not do: it covers <style> elements, not style attributes,
 * and Mermaid sets no nonce. Allowing style attributes (style-src-attr) for the whole page would be
 * wider than this.
 */

export interface DiagramImage {
  /** A data: URL of the SVG document, with its styles inside. */
  src: string;
  width: number;
  height: number;
  /** The diagram's text (its labels), for the image's alternative text. */
  labels: string[];
}

type Draw = (id: string, code: string, host: HTMLElement) => Promise<{ svg: string }>;

/** Draws with `draw` (Mermaid's render) inside the policy, and makes the image of the result. */
export async function drawDiagramImage(id: string, code: string, draw: Draw): Promise<DiagramImage> {
  const host = document.createElement('div');
  host.className = styles.diagramMeasure;
  document.body.append(host);
  const sheet = new CSSStyleSheet();
  const rules: string[] = [];
  const { setAttribute } = Element.prototype;
  const { insertBefore, appendChild } = Node.prototype;
  const inHost = (node: Node) => host.contains(node);
  const adoptRules = (node: Node) => {
    if (!(node instanceof HTMLStyleElement || node instanceof SVGStyleElement)) return false;
    rules.push(node.textContent ?? '');
    sheet.replaceSync(rules.join('\n'));
    return true;
  };
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    if (name.toLowerCase() === 'style' && inHost(this) && 'style' in this) {
      (this as HTMLElement | SVGElement).style.cssText = value;
      return;
    }
    setAttribute.call(this, name, value);
  };
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    if (inHost(this) && adoptRules(node)) return node;
    return insertBefore.call(this, node, child) as T;
  };
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    if (inHost(this) && adoptRules(node)) return node;
    return appendChild.call(this, node) as T;
  };
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  try {
    const { svg } = await draw(id, code, host);
    return toImage(svg, rules.join('\n'));
  } finally {
    Element.prototype.setAttribute = setAttribute;
    Node.prototype.insertBefore = insertBefore;
    Node.prototype.appendChild = appendChild;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    host.remove();
  }
}

const ROOT_TAG = /^<svg\b[^>]*>/;
const VIEW_BOX = /\bviewBox="[-\d.]+\s+[-\d.]+\s+([\d.]+)\s+([\d.]+)"/;

/**
 * The SVG as a document of its own: its rules back in a <style> element (as CDATA, since an image is
 * parsed as XML), and a fixed size from its viewBox instead of Mermaid's width="100%", which has no size
 * to be a percentage of inside an image.
 */
export function toImage(svg: string, css: string): DiagramImage {
  const root = ROOT_TAG.exec(svg)?.[0] ?? '';
  const [, w = '0', h = '0'] = VIEW_BOX.exec(root) ?? [];
  const width = Math.ceil(Number(w));
  const height = Math.ceil(Number(h));
  const sized = root
    .replace(/\swidth="[^"]*"/, '')
    .replace(/\sheight="[^"]*"/, '')
    .replace(/^<svg\b/, `<svg width="${width}" height="${height}"`);
  const style = css ? `<style><![CDATA[${css.replaceAll(']]>', ']]]]><![CDATA[>')}]]></style>` : '';
  // Links (a diagram's `click … href`) cannot be followed in an image; they are dropped rather than kept
  // inert. References inside the document (#marker) stay.
  const body = svg.slice(root.length).replace(/\s(?:xlink:)?href="(?!#)[^"]*"/g, '');
  const document = `${sized}${style}${body}`;
  return {
    src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(document)}`,
    width,
    height,
    labels: labelsOf(svg),
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of each <text> element, in document order, without its markup. */
function labelsOf(svg: string): string[] {
  const labels: string[] = [];
  for (const [, inner = ''] of svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)) {
    const text = inner
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
        if (entity[0] !== '#') return ENTITIES[entity.toLowerCase()] ?? whole;
        const code = entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
        return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      })
      .replace(/\s+/g, ' ')
      .trim();
    if (text) labels.push(text);
  }
  return labels;
}
