// heic-decode ships no types: https://github.com/catdad-experiments/heic-decode (index.js, lib.js).
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface HeifImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  interface Decode {
    (input: { buffer: Uint8Array }): Promise<DecodedImage>;
    all(input: { buffer: Uint8Array }): Promise<HeifImage[] & { dispose(): void }>;
  }
  const decode: Decode;
  export default decode;
}
