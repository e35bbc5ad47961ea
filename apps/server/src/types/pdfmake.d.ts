/** The little of pdfmake 0.3's server build (js/index.js, a singleton) that the reports use; it ships no types. */
declare module 'pdfmake' {
  type Fonts = Record<string, { normal: string; bold?: string; italics?: string; bolditalics?: string }>;
  type OutputDocument = { getBuffer(): Promise<Buffer> };
  const pdfmake: {
    virtualfs: { writeFileSync(name: string, content: Buffer): void; existsSync(name: string): boolean };
    addFonts(fonts: Fonts): void;
    setUrlAccessPolicy(callback: (url: string) => boolean): void;
    setLocalAccessPolicy(callback: (path: string) => boolean): void;
    createPdf(definition: object, options?: object): OutputDocument;
  };
  export default pdfmake;
}
