// linebreak (UAX #14, by the PDFKit authors) ships no types; only what the PDF export uses.
declare module 'linebreak' {
  export interface Break {
    position: number;
    required: boolean;
  }
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
